package dev.drivecat.scraping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.pricing.Condition;
import dev.drivecat.scraping.StructuredData.Offer;
import dev.drivecat.scraping.StructuredData.Source;
import java.util.List;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/** What schema.org JSON-LD, microdata and product meta tags state, read and nothing more. */
class StructuredDataTest {

    private static List<Offer> offers(String html) {
        return StructuredData.offers(Jsoup.parse(html, "https://www.example.com/"));
    }

    private static String jsonLd(String json) {
        return "<html><head><script type=\"application/ld+json\">" + json + "</script></head><body></body></html>";
    }

    @Test
    void readsAJsonLdProductsOfferWithItsStockConditionAndSeller() {
        List<Offer> offers = offers(jsonLd("""
                {"@context": "https://schema.org", "@type": "Product", "sku": "N82E16820167506",
                 "offers": {"@type": "Offer", "price": "59.99", "priceCurrency": "usd",
                            "availability": "https://schema.org/InStock", "itemCondition": "https://schema.org/UsedCondition",
                            "seller": {"@type": "Organization", "name": "Newegg"}, "url": "https://www.newegg.com/p/N82E16820167506"}}"""));

        assertThat(offers).singleElement().satisfies(o -> {
            assertThat(o.source()).isEqualTo(Source.JSON_LD);
            assertThat(o.price()).isEqualByComparingTo("59.99");
            assertThat(o.currency()).isEqualTo("USD");
            assertThat(o.inStock()).isTrue();
            assertThat(o.condition()).isEqualTo(Condition.USED);
            assertThat(o.sellerName()).isEqualTo("Newegg");
            assertThat(o.namesAnotherItemThan("N82E16820167506")).isFalse();
            assertThat(o.namesAnotherItemThan("N82E16820167999")).isTrue();
        });
    }

    @Test
    void aDamagedConditionIsNoConditionAndSaysTheItemIsDamaged() {
        List<Offer> offers = offers(jsonLd("""
                {"@type": "Product", "offers": [
                   {"@type": "Offer", "price": "24.99", "priceCurrency": "USD", "itemCondition": "https://schema.org/DamagedCondition"},
                   {"@type": "Offer", "price": "39.99", "priceCurrency": "USD", "itemCondition": "http://schema.org/UsedCondition"}]}"""));

        assertThat(offers).extracting(Offer::condition).containsExactly(null, Condition.USED);
        assertThat(offers).extracting(Offer::damaged).containsExactly(true, false);
    }

    @Test
    void findsProductsInAGraphAndInArraysAndReadsEveryOfferListed() {
        List<Offer> offers = offers(jsonLd("""
                [{"@type": "WebPage"},
                 {"@context": "https://schema.org", "@graph": [
                   {"@type": "BreadcrumbList"},
                   {"@type": ["Product", "Thing"], "offers": [
                      {"@type": "Offer", "price": 29.99, "priceCurrency": "USD", "url": "https://www.ebay.com/itm/298293090902"},
                      {"@type": "Offer", "price": 69.95, "priceCurrency": "USD", "url": "https://www.ebay.com/itm/235095222313"}]}]}]"""));

        assertThat(offers).extracting(Offer::price).containsExactly(new java.math.BigDecimal("29.99"),
                new java.math.BigDecimal("69.95"));
        assertThat(offers).filteredOn(o -> !o.namesAnotherItemThan("298293090902")).singleElement()
                .extracting(Offer::price).isEqualTo(new java.math.BigDecimal("29.99"));
    }

    @Test
    void aPriceRangeAListPriceAndAUnitPriceAreNoOfferPrice() {
        List<Offer> offers = offers(jsonLd("""
                {"@type": "Product", "offers": [
                  {"@type": "AggregateOffer", "lowPrice": "99.00", "highPrice": "129.00", "priceCurrency": "USD"},
                  {"@type": "Offer", "priceSpecification": [
                     {"@type": "UnitPriceSpecification", "price": "0.52", "priceCurrency": "USD", "referenceQuantity": {"value": 1, "unitCode": "GB"}},
                     {"@type": "UnitPriceSpecification", "priceType": "https://schema.org/ListPrice", "price": "149.00", "priceCurrency": "USD"},
                     {"@type": "UnitPriceSpecification", "price": "119.00", "priceCurrency": "USD"}]}]}"""));

        assertThat(offers).as("the aggregate offer is no offer; the one offer's price is its plain price specification")
                .singleElement().extracting(Offer::price).isEqualTo(new java.math.BigDecimal("119.00"));
    }

    @Test
    void aPriceWithoutACurrencyOrInAnotherFormIsNoPrice() {
        assertThat(offers(jsonLd("{\"@type\": \"Product\", \"offers\": {\"@type\": \"Offer\", \"price\": \"59.99\"}}")))
                .singleElement().satisfies(o -> assertThat(o.hasPrice()).isFalse());
        assertThat(offers(jsonLd("{\"@type\": \"Product\", \"offers\": {\"@type\": \"Offer\", \"price\": \"$59.99\", \"priceCurrency\": \"USD\"}}")))
                .singleElement().satisfies(o -> assertThat(o.price()).isNull());
        for (String code : dev.drivecat.common.CurrenciesTest.NO_PRICES_CURRENCY) {
            assertThat(offers(jsonLd("{\"@type\": \"Product\", \"offers\": {\"@type\": \"Offer\", \"price\": \"59.99\", \"priceCurrency\": \""
                    + code + "\"}}"))).as(code).singleElement().satisfies(o -> assertThat(o.hasPrice()).isFalse());
        }
    }

    @Test
    void brokenJsonLdIsNoStatementAtAll() {
        assertThat(offers(jsonLd("{\"@type\": \"Product\", \"offers\": {"))).isEmpty();
    }

    @Test
    void readsMicrodataOffersAndLeavesOutThoseOfNestedItems() {
        List<Offer> offers = offers("""
                <div itemscope itemtype="https://schema.org/Product">
                 <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
                  <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
                   <span itemprop="price" content="52.0">£52.00</span>
                  </div>
                  <span itemprop="price" content="64.5">£64.50</span>
                  <span itemprop="priceCurrency" content="GBP"></span>
                  <link itemprop="availability" href="https://schema.org/OutOfStock">
                  <span itemprop="itemCondition">Used</span>
                 </div>
                </div>""");

        assertThat(offers).as("the bid inside belongs to its own offer, not the product's").singleElement().satisfies(o -> {
            assertThat(o.source()).isEqualTo(Source.MICRODATA);
            assertThat(o.price()).isEqualByComparingTo("64.5");
            assertThat(o.currency()).isEqualTo("GBP");
            assertThat(o.inStock()).isFalse();
            assertThat(o.condition()).isEqualTo(Condition.USED);
        });
    }

    @Test
    void twoDifferentPricesInOneMicrodataOfferSayNothingForSure() {
        List<Offer> offers = offers("""
                <div itemscope itemtype="http://schema.org/Product"><div itemprop="offers" itemscope itemtype="http://schema.org/Offer">
                 <span itemprop="price" content="580.0">US $580.00</span> <span itemprop="price" content="1000.0">US $1,000.00</span>
                 <span itemprop="priceCurrency" content="USD"></span></div></div>""");

        assertThat(offers).singleElement().satisfies(o -> assertThat(o.hasPrice()).isFalse());
    }

    @Test
    void readsProductMetaTags() {
        List<Offer> offers = offers("""
                <html><head><meta property="og:url" content="https://www.amazon.com/dp/B0TESTSDD1">
                <meta property="product:price:amount" content="119.00"><meta property="product:price:currency" content="EUR">
                <meta property="product:availability" content="out of stock"><meta property="product:condition" content="refurbished">
                </head></html>""");

        assertThat(offers).singleElement().satisfies(o -> {
            assertThat(o.source()).isEqualTo(Source.META);
            assertThat(o.price()).isEqualByComparingTo("119.00");
            assertThat(o.currency()).isEqualTo("EUR");
            assertThat(o.inStock()).isFalse();
            assertThat(o.condition()).isEqualTo(Condition.RENEWED);
            assertThat(o.namesAnotherItemThan("B0TESTSDD1")).isFalse();
        });
    }

    @Test
    void aPageWithoutStructuredDataStatesNothing() {
        assertThat(offers("<html><body><span class=\"price\">$10.00</span></body></html>")).isEmpty();
    }
}
