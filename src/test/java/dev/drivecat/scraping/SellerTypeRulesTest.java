package dev.drivecat.scraping;

import static dev.drivecat.scraping.Pages.featured;
import static dev.drivecat.scraping.Pages.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.pricing.SellerType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each seller-type rule of scrapers/*.yaml, by name: the sellers it decides, and what it decides. */
class SellerTypeRulesTest {

    private static SiteRules rules(String host) {
        return ((SiteParser) Pages.SITES.parserFor(host).orElseThrow()).rules();
    }

    @ParameterizedTest(name = "{0} → {1} ({2})")
    @CsvSource({
        "Amazon.com, MARKETPLACE, amazon",
        "Amazon, MARKETPLACE, amazon",
        "Amazon.com.br, MARKETPLACE, amazon",
        "Amazon EU S.à r.l., MARKETPLACE, amazon",
        "Amazon Resale, MARKETPLACE, amazon-used-and-renewed",
        "Amazon Renewed, MARKETPLACE, amazon-used-and-renewed",
        "Amazon Warehouse, MARKETPLACE, amazon-used-and-renewed",
        "Amazon Segunda mano, MARKETPLACE, amazon-used-and-renewed",
        "Coda Music Tech, THIRD_PARTY, third-party",
        "Amazon Basics Reseller GmbH, THIRD_PARTY, third-party"})
    void amazonSellsItselfAndThroughItsUsedAndRenewedStores(String seller, SellerType type, String rule) {
        assertThat(rules("www.amazon.com").sellerType(seller)).contains(type);
        assertThat(rules("www.amazon.com").sellerTypeRule(seller)).contains(rule);
    }

    @Test
    void amazonWithNoSellerNamedHasNoSellerType() {
        assertThat(rules("www.amazon.com").sellerType(null)).isEmpty();
    }

    @Test
    void amazonsShipsFromAndSoldBySentenceIsTheMarketplace() {
        ParsedOffer offer = featured(fixture("amazon/layout-classic-priceblock.html", "https://www.amazon.com/dp/B0TESTCLS1"));

        assertThat(offer.sellerName()).isEqualTo("Amazon.com");
        assertThat(offer.sellerType()).isEqualTo(SellerType.MARKETPLACE);
    }

    @Test
    void amazonsTabularShipsFromAmazonSoldByAmazonComIsTheMarketplace() {
        ParsedOffer offer = featured(fixture("amazon/layout-tabular-buybox.html", "https://www.amazon.com/dp/B0TESTTAB1"));

        assertThat(offer.sellerType()).isEqualTo(SellerType.MARKETPLACE);
    }

    @Test
    void everyEbayListingIsAThirdPartysNamedOrNot() {
        assertThat(rules("www.ebay.com").sellerTypeRule("salomon0651")).contains("every-ebay-seller");
        assertThat(rules("www.ebay.de").sellerType(null)).contains(SellerType.THIRD_PARTY);

        ParsedOffer unnamed = featured(fixture("ebay/x-price-volume-pricing.html", "https://www.ebay.com/itm/445566778899"));
        assertThat(unnamed.sellerName()).as("this page names no seller").isNull();
        assertThat(unnamed.sellerType()).isEqualTo(SellerType.THIRD_PARTY);
    }

    @ParameterizedTest(name = "{0} → {1} ({2})")
    @CsvSource({
        "Newegg, MARKETPLACE, newegg",
        "Newegg.com, MARKETPLACE, newegg",
        "DIWIN, THIRD_PARTY, marketplace-seller",
        "Newegg Business Outlet Partner, THIRD_PARTY, marketplace-seller"})
    void neweggSellsItselfOrAMarketplaceSellerDoes(String seller, SellerType type, String rule) {
        assertThat(rules("www.newegg.com").sellerType(seller)).contains(type);
        assertThat(rules("www.newegg.com").sellerTypeRule(seller)).contains(rule);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "newegg/sold-by-newegg.html, Newegg, MARKETPLACE",
        "newegg/sold-by-newegg-bold.html, Newegg, MARKETPLACE",
        "newegg/ships-from-and-sold-by-newegg-text.html, Newegg, MARKETPLACE",
        "newegg/sold-and-shipped-by-marketplace-seller.html, DIWIN, THIRD_PARTY"})
    void neweggsSellerLinesInEveryWording(String page, String seller, SellerType type) {
        ParsedOffer offer = featured(fixture(page, "https://www.newegg.com/p/N82E16820167506"));

        assertThat(offer.sellerName()).isEqualTo(seller);
        assertThat(offer.sellerType()).isEqualTo(type);
    }
}
