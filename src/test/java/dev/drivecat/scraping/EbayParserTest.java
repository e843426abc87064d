package dev.drivecat.scraping;

import static dev.drivecat.scraping.Pages.featured;
import static dev.drivecat.scraping.Pages.fixture;
import static dev.drivecat.scraping.Pages.product;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import org.junit.jupiter.api.Test;

class EbayParserTest {

    @Test
    void takesTheListedCurrencyNotTheApproximateConversionOrJsonLd() {
        ParsedOffer offer = featured(fixture("ebay/item-bin-foreign-currency.html", "https://www.ebay.com/itm/123456789012"));

        assertThat(offer.price()).isEqualByComparingTo("1250.00");
        assertThat(offer.currency()).isEqualTo("EUR");
        assertThat(offer.priceWording()).isEqualTo("EUR 1,250.00");
        assertThat(offer.shipping()).isEqualByComparingTo("150.00");
    }

    @Test
    void sellerNameDropsTheFeedbackCount() {
        ParsedOffer offer = featured(fixture("ebay/item-bin-foreign-currency.html", "https://www.ebay.com/itm/123456789012"));

        assertThat(offer.sellerName()).isEqualTo("kestrelbyte");
        assertThat(offer.sellerType()).isEqualTo(SellerType.THIRD_PARTY);
        assertThat(offer.fulfilledByMarketplace()).isNull();
    }

    @Test
    void buyItNowWithoutBestOfferDoesNotAcceptOffers() {
        ParsedOffer offer = featured(fixture("ebay/item-bin-foreign-currency.html", "https://www.ebay.com/itm/123456789012"));

        assertThat(offer.bestOfferAccepted()).isFalse();
        assertThat(offer.condition()).isEqualTo(Condition.NEW);
        assertThat(offer.conditionWording()).isEqualTo("New");
        assertThat(offer.inStock()).isTrue();
    }

    @Test
    void itemTitleLeavesOutTrailingDecoration() {
        PageParse.Product page = product(fixture("ebay/item-bin-foreign-currency.html", "https://www.ebay.com/itm/123456789012"));

        assertThat(page.title()).isEqualTo("Intel Optane P5800X 400GB U.2 SSDPF21Q400GB01");
        assertThat(page.externalId()).isEqualTo("123456789012");
    }

    @Test
    void productPageTakesTheFeaturedListingsItemIdNotAnotherListings() {
        PageParse parse = fixture("ebay/product-page-featured-listing.html", "https://www.ebay.com/p/2233445566");

        assertThat(product(parse).externalId()).isEqualTo("210000000001");
        ParsedOffer offer = featured(parse);
        assertThat(offer.price()).isEqualByComparingTo("89.99");
        assertThat(offer.currency()).isEqualTo("USD");
        assertThat(offer.sellerName()).isEqualTo("MILLBROOK-SURPLUS");
        assertThat(offer.condition()).isEqualTo(Condition.USED);
    }

    @Test
    void orBestOfferIsAcceptedAndGebrauchtIsUsed() {
        ParsedOffer offer = featured(fixture("ebay/item-de-best-offer-private-used.html", "https://www.ebay.de/itm/334455667788"));

        assertThat(offer.price()).isEqualByComparingTo("89.00");
        assertThat(offer.currency()).isEqualTo("EUR");
        assertThat(offer.bestOfferAccepted()).isTrue();
        assertThat(offer.conditionWording()).isEqualTo("Gebraucht");
        assertThat(offer.condition()).isEqualTo(Condition.USED);
        assertThat(offer.shipping()).isEqualByComparingTo("6.19");
    }

    @Test
    void privateSellerIsFlagged() {
        ParsedOffer offer = featured(fixture("ebay/item-de-best-offer-private-used.html", "https://www.ebay.de/itm/334455667788"));

        assertThat(offer.sellerName()).isEqualTo("speicherfuchs");
        assertThat(offer.privateSeller()).isTrue();
    }

    @Test
    void businessSellerIsNotPrivateAndUnmarkedSellerIsUnknown() {
        ParsedOffer business = featured(fixture("ebay/item-new-old-stock.html", "https://www.ebay.com/itm/667788990011"));
        ParsedOffer unmarked = featured(fixture("ebay/item-bin-foreign-currency.html", "https://www.ebay.com/itm/123456789012"));

        assertThat(business.privateSeller()).isFalse();
        assertThat(unmarked.privateSeller()).isNull();
    }

    @Test
    void refurbishedWordingIsRenewedAndFreeShippingIsZero() {
        ParsedOffer offer = featured(fixture("ebay/item-refurbished-and-nos.html", "https://www.ebay.com/itm/556677889900"));

        assertThat(offer.condition()).isEqualTo(Condition.RENEWED);
        assertThat(offer.conditionWording()).isEqualTo("Excellent - Refurbished");
        assertThat(offer.price()).isEqualByComparingTo("149.00");
        assertThat(offer.shipping()).isEqualByComparingTo("0");
        assertThat(offer.availability()).isEqualTo("More than 10 available");
        assertThat(offer.sellerName()).isEqualTo("renewtek-outlet");
    }

    @Test
    void listingThatSaysNosIsNewOldStock() {
        ParsedOffer offer = featured(fixture("ebay/item-new-old-stock.html", "https://www.ebay.com/itm/667788990011"));

        assertThat(offer.condition()).isEqualTo(Condition.NEW_OLD_STOCK);
        assertThat(offer.conditionWording()).isEqualTo("New");
    }

    @Test
    void challengePageIsBlocked() {
        PageParse parse = fixture("ebay/challenge.html", "https://www.ebay.com/itm/123456789012");

        assertThat(parse).isInstanceOf(PageParse.Blocked.class);
    }
}
