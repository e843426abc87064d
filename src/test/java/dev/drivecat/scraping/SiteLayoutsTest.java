package dev.drivecat.scraping;

import static dev.drivecat.scraping.Pages.featured;
import static dev.drivecat.scraping.Pages.fixture;
import static dev.drivecat.scraping.Pages.product;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import dev.drivecat.scraping.PageParse.Disagreement;
import org.junit.jupiter.api.Test;

/**
 * Each layout of scrapers/*.yaml on a small page of its generation: the layouts are tried in the
 * order the file lists them, the parse names the one that read the page, and a page no layout
 * reads fails naming each layout and what it missed.
 */
class SiteLayoutsTest {

    private static final String AMAZON = "https://www.amazon.com/dp/";

    @Test
    void layoutsAreTriedInTheOrderTheSiteDefinitionListsThem() {
        assertThat(((SiteReader) Pages.SITES.parserFor("www.amazon.com").orElseThrow()).layoutNames())
                .containsExactly("core-price", "tabular-buybox", "classic-priceblock");
        assertThat(((SiteReader) Pages.SITES.parserFor("www.ebay.de").orElseThrow()).layoutNames())
                .containsExactly("x-price", "vi-classic");
        assertThat(((SiteReader) Pages.SITES.parserFor("www.newegg.com").orElseThrow()).layoutNames())
                .containsExactly("product-buy-box");
    }

    // ---- Amazon ----

    @Test
    void amazonCorePriceReadsTheOffersOwnPriceBlock() {
        PageParse parse = fixture("amazon/sold-by-amazon.html", AMAZON + "B0TESTP160");

        assertThat(parse.layout()).isEqualTo("core-price");
        assertThat(featured(parse).price()).isEqualByComparingTo("74.99");
    }

    @Test
    void amazonTabularBuyBoxReadsTheApexPriceAndTheShipsFromSoldByTable() {
        PageParse parse = fixture("amazon/layout-tabular-buybox.html", AMAZON + "B0TESTTAB1");
        ParsedOffer offer = featured(parse);

        assertThat(parse.layout()).isEqualTo("tabular-buybox");
        assertThat(offer.price()).as("not the list price, not the price per GB").isEqualByComparingTo("164.50");
        assertThat(offer.sellerName()).isEqualTo("Amazon.com");
        assertThat(offer.sellerType()).isEqualTo(SellerType.MARKETPLACE);
        assertThat(offer.fulfilledByMarketplace()).isTrue();
        assertThat(offer.inStock()).isTrue();
    }

    @Test
    void amazonTabularBuyBoxWithAThirdPartySellerShippedByAmazon() {
        String html = Pages.fixtureText("amazon/layout-tabular-buybox.html").replace(
                "<div id=\"tabular-buybox-truncate-1\"><span class=\"a-size-small tabular-buybox-text\">Amazon.com</span>",
                "<div id=\"tabular-buybox-truncate-1\"><span class=\"a-size-small tabular-buybox-text\"><a id=\"sellerProfileTriggerId\">Nordwind Parts</a></span>")
                .replace("<div id=\"tabular-buybox-truncate-0\"><span class=\"a-size-small tabular-buybox-text\">Amazon.com",
                        "<div id=\"tabular-buybox-truncate-0\"><span class=\"a-size-small tabular-buybox-text\">Amazon");
        ParsedOffer offer = featured(Pages.html(html, AMAZON + "B0TESTTAB1"));

        assertThat(offer.sellerName()).isEqualTo("Nordwind Parts");
        assertThat(offer.sellerType()).isEqualTo(SellerType.THIRD_PARTY);
        assertThat(offer.fulfilledByMarketplace()).isTrue();
    }

    @Test
    void amazonClassicPriceblockReadsTheCentreColumnAndNeverTheUsedOfferBesideIt() {
        PageParse parse = fixture("amazon/layout-classic-priceblock.html", AMAZON + "B0TESTCLS1");
        ParsedOffer offer = featured(parse);

        assertThat(parse.layout()).isEqualTo("classic-priceblock");
        assertThat(product(parse).offers()).hasSize(1);
        assertThat(offer.price()).as("not the list price, the unit price or the used price").isEqualByComparingTo("249.00");
        assertThat(offer.condition()).as("the used box's \"Used: Very Good\" is not this offer's").isEqualTo(Condition.NEW);
        assertThat(offer.sellerName()).as("the sentence ends at its full stop").isEqualTo("Amazon.com");
        assertThat(offer.sellerType()).isEqualTo(SellerType.MARKETPLACE);
        assertThat(offer.fulfilledByMarketplace()).isTrue();
        assertThat(offer.availability()).isEqualTo("In Stock.");
    }

    @Test
    void amazonClassicPriceblockReadsThePriceBesideTheCartButton() {
        PageParse parse = fixture("amazon/third-party-fba-legacy.html", AMAZON + "B0TEST905P");

        assertThat(parse.layout()).isEqualTo("classic-priceblock");
        assertThat(featured(parse).price()).isEqualByComparingTo("389.00");
    }

    @Test
    void aPageNoLayoutReadsFailsNamingEveryLayoutAndWhatItMissed() {
        PageParse parse = fixture("amazon/unknown-layout.html", AMAZON + "B0TESTUNK1");

        assertThat(parse).isInstanceOf(PageParse.Failed.class);
        assertThat(parse.layout()).isEqualTo(PageParse.NO_LAYOUT);
        String reason = ((PageParse.Failed) parse).reason();
        assertThat(reason).contains("no layout of scrapers/amazon.yaml found an offer")
                .contains("structured data states none for item B0TESTUNK1")
                .contains("core-price: the featured offer (qualifiedBuybox) shows no price; looked in [#corePrice_feature_div")
                .contains("tabular-buybox: not tried, none of [#tabular-buybox] is on the page")
                .contains("classic-priceblock: not tried, none of [#priceblock_ourprice");
    }

    @Test
    void aPageOnlyItsStructuredDataDescribesIsReadFromItNamingThatLayout() {
        PageParse parse = fixture("amazon/structured-data-only.html", AMAZON + "B0TESTUNK2");
        ParsedOffer offer = featured(parse);

        assertThat(parse.layout()).isEqualTo(SiteReader.STRUCTURED_DATA_LAYOUT);
        assertThat(offer.price()).isEqualByComparingTo("229.00");
        assertThat(offer.priceWording()).isEqualTo("229.00 USD (JSON-LD)");
        assertThat(offer.inStock()).isTrue();
        assertThat(offer.condition()).isEqualTo(Condition.NEW);
        assertThat(offer.sellerType()).isEqualTo(SellerType.MARKETPLACE);
    }

    @Test
    void amazonKeepsItsBuyBoxWhereStructuredDataDisagreesAndRecordsTheDisagreement() {
        PageParse.Product parse = product(fixture("amazon/structured-data-disagrees.html", AMAZON + "B0TESTSDD1"));

        assertThat(featured(parse).price()).isEqualByComparingTo("104.99");
        assertThat(featured(parse).inStock()).isTrue();
        assertThat(parse.disagreements()).extracting(Disagreement::field, Disagreement::page, Disagreement::kept)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("price", "104.99 USD", Disagreement.PAGE),
                        org.assertj.core.groups.Tuple.tuple("inStock", "true", Disagreement.PAGE));
        assertThat(parse.disagreements().get(0).structuredData()).isEqualTo("meta tags states 119.00 USD");
    }

    // ---- eBay ----

    @Test
    void ebayXPriceReadsTheBuyItNowPriceAndRecordsJsonLdsConversionAsADisagreement() {
        PageParse.Product parse = product(fixture("ebay/item-bin-foreign-currency.html", "https://www.ebay.com/itm/123456789012"));

        assertThat(parse.layout()).isEqualTo("x-price");
        assertThat(featured(parse).price()).isEqualByComparingTo("1250.00");
        assertThat(featured(parse).currency()).isEqualTo("EUR");
        assertThat(parse.disagreements()).singleElement().satisfies(d -> {
            assertThat(d.field()).isEqualTo("currency");
            assertThat(d.page()).isEqualTo("1250.00 EUR");
            assertThat(d.structuredData()).startsWith("JSON-LD states 1402.10 USD").contains("converted for the viewer");
            assertThat(d.kept()).isEqualTo(Disagreement.PAGE);
        });
    }

    @Test
    void ebayViClassicReadsPoundsNotTheApproximateDollarsOrTheBid() {
        PageParse parse = fixture("ebay/vi-classic-bin-gbp.html", "https://www.ebay.com/itm/334455667788");
        ParsedOffer offer = featured(parse);

        assertThat(parse.layout()).isEqualTo("vi-classic");
        assertThat(product(parse).title()).isEqualTo("Samsung PM883 480GB SATA SSD MZ7LH480HAHQ");
        assertThat(offer.price()).isEqualByComparingTo("64.50");
        assertThat(offer.currency()).isEqualTo("GBP");
        assertThat(offer.shipping()).isEqualByComparingTo("6.99");
        assertThat(offer.condition()).isEqualTo(Condition.USED);
        assertThat(offer.sellerName()).isEqualTo("northern-disks");
        assertThat(offer.sellerType()).isEqualTo(SellerType.THIRD_PARTY);
        assertThat(offer.privateSeller()).isFalse();
        assertThat(offer.inStock()).isTrue();
        assertThat(product(parse).disagreements()).as("the microdata states the same Buy It Now price").isEmpty();
    }

    @Test
    void ebayVolumePricingTakesThePriceOfOneNeverATier() {
        ParsedOffer offer = featured(fixture("ebay/x-price-volume-pricing.html", "https://www.ebay.com/itm/445566778899"));

        assertThat(offer.price()).isEqualByComparingTo("39.99");
        assertThat(offer.priceWording()).isEqualTo("US $39.99");
        assertThat(offer.inStock()).isTrue();
    }

    // ---- Newegg ----

    @Test
    void neweggProductBuyBoxReadsOnlyTheProductsOwnOffer() {
        PageParse parse = fixture("newegg/sold-and-shipped-by-marketplace-seller.html",
                "https://www.newegg.com/samsung-pm9a3/p/N82E16820147799");
        ParsedOffer offer = featured(parse);

        assertThat(parse.layout()).isEqualTo("product-buy-box");
        assertThat(offer.price()).as("not Newegg's own offer beside the buy box").isEqualByComparingTo("219.99");
        assertThat(offer.sellerName()).isEqualTo("DIWIN");
        assertThat(offer.fulfilledByMarketplace()).as("sold and shipped by the seller").isFalse();
        assertThat(offer.availability()).isEqualTo("In stock. Limit 1 per customer.");
    }

    @Test
    void neweggKeepsItsStructuredDataWhereTheBuyBoxDisagreesAndRecordsIt() {
        PageParse.Product parse = product(fixture("newegg/ships-from-and-sold-by-newegg-text.html",
                "https://www.newegg.com/micron-5400-pro/p/N82E16820363114"));

        assertThat(featured(parse).price()).isEqualByComparingTo("139.99");
        assertThat(featured(parse).priceWording()).isEqualTo("139.99 USD (JSON-LD)");
        assertThat(parse.disagreements()).singleElement().satisfies(d -> {
            assertThat(d.field()).isEqualTo("price");
            assertThat(d.page()).isEqualTo("149.99 USD");
            assertThat(d.structuredData()).isEqualTo("JSON-LD states 139.99 USD");
            assertThat(d.kept()).isEqualTo(Disagreement.STRUCTURED_DATA);
        });
    }

    @Test
    void aPromotionFlagIsNoAvailability() {
        ParsedOffer offer = featured(fixture("newegg/sold-by-newegg-bold.html", "https://www.newegg.com/intel-optane-p5800x/p/N82E16820167601"));

        assertThat(offer.availability()).as("\"FREE SHIPPING\" says nothing of stock; the cart button does")
                .isEqualTo("Add to cart");
        assertThat(offer.inStock()).isTrue();
    }
}
