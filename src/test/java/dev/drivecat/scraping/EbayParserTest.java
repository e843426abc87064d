package dev.drivecat.scraping;

import static dev.drivecat.scraping.Pages.featured;
import static dev.drivecat.scraping.Pages.fixture;
import static dev.drivecat.scraping.Pages.product;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    static final String FOR_PARTS = "ebay/item-for-parts.html";
    static final String FOR_PARTS_URL = "https://www.ebay.com/itm/256000000911";

    @Test
    void anItemForPartsOrNotWorkingHasNoOfferAndSaysWhy() {
        PageParse parse = fixture(FOR_PARTS, FOR_PARTS_URL);

        assertThat(parse).isInstanceOf(PageParse.NoOffer.class);
        PageParse.NoOffer none = (PageParse.NoOffer) parse;
        assertThat(none.kind()).isEqualTo(PageParse.NoOfferKind.FOR_PARTS);
        assertThat(none.externalId()).isEqualTo("256000000911");
        assertThat(none.layout()).isEqualTo("x-price");
        assertThat(none.reason()).isEqualTo("the item is for parts or not working (the condition says \"For parts or not working\"): "
                + "no drive to buy and use, so it is never priced");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Als Ersatzteil / defekt", "For parts or not working", "Used - not working", "Per parti di ricambio o non funzionante"})
    void everyWordingOfForPartsHasNoOffer(String wording) {
        String html = Pages.fixtureText(FOR_PARTS).replace("For parts or not working", wording);

        assertThat(Pages.html(html, FOR_PARTS_URL)).isInstanceOfSatisfying(PageParse.NoOffer.class,
                none -> assertThat(none.kind()).isEqualTo(PageParse.NoOfferKind.FOR_PARTS));
        assertThat(Pages.html(html.replace("www.ebay.com", "www.ebay.de").replace("US $24.99", "EUR 24,99")
                .replace("US $6.50", "EUR 6,50"), "https://www.ebay.de/itm/256000000911")).isInstanceOf(PageParse.NoOffer.class);
    }

    @Test
    void newWithDefectsIsNewNotForParts() {
        // eBay's condition 1750 "New with defects": "The item may have cosmetic defects"
        ParsedOffer offer = featured(Pages.html(Pages.fixtureText(FOR_PARTS).replace("For parts or not working", "New with defects"),
                FOR_PARTS_URL));

        assertThat(offer.condition()).isEqualTo(Condition.NEW);
    }

    @Test
    void structuredDataThatStatesTheItemDamagedIsNeverPricedThoughThePageSaysUsed() {
        String html = Pages.fixtureText(FOR_PARTS).replace("For parts or not working", "Used").replace("</head>",
                "<script type=\"application/ld+json\">{\"@type\": \"Product\", \"name\": \"Intel DC P3700 800GB\", \"offers\": "
                        + "{\"@type\": \"Offer\", \"url\": \"https://www.ebay.com/itm/256000000911\", \"price\": \"24.99\", "
                        + "\"priceCurrency\": \"USD\", \"itemCondition\": \"https://schema.org/DamagedCondition\"}}</script></head>");

        PageParse parse = Pages.html(html, FOR_PARTS_URL);

        assertThat(parse).isInstanceOfSatisfying(PageParse.NoOffer.class, none -> {
            assertThat(none.kind()).isEqualTo(PageParse.NoOfferKind.FOR_PARTS);
            assertThat(none.reason()).contains("its JSON-LD states DamagedCondition");
        });
        // the same item said Used everywhere is priced
        assertThat(featured(Pages.html(html.replace("DamagedCondition", "UsedCondition"), FOR_PARTS_URL)).condition())
                .isEqualTo(Condition.USED);
    }

    @Test
    void aSearchResultForPartsHasNoCondition() {
        SiteRules rules = ((SiteParser) Pages.SITES.parserFor("www.ebay.com").orElseThrow()).rules();

        assertThat(rules.condition("For parts or not working")).isEmpty();
        assertThat(rules.forParts("For parts or not working")).contains("for parts");
        assertThat(rules.forParts("Als Ersatzteil / defekt")).contains("ersatzteil");
        assertThat(rules.condition("Pre-owned")).contains(Condition.USED);
        assertThat(rules.forParts("Pre-owned")).isEmpty();
    }

    @Test
    void challengePageIsBlocked() {
        PageParse parse = fixture("ebay/challenge.html", "https://www.ebay.com/itm/123456789012");

        assertThat(parse).isInstanceOf(PageParse.Blocked.class);
    }
}
