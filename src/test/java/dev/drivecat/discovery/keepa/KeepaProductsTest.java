package dev.drivecat.discovery.keepa;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.discovery.keepa.KeepaProducts.Product;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.PastPrices;
import dev.drivecat.pricing.SellerType;
import dev.drivecat.scraping.ParsedOffer;
import dev.drivecat.scraping.SearchResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class KeepaProductsTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final Instant NOW = Instant.parse("2026-12-05T12:00:00Z");
    static final KeepaTarget US = new KeepaTarget(KeepaDomain.COM, "amazon-us", "USD");

    private static JsonNode product(String fixture) throws Exception {
        return JSON.readTree(KeepaFixtures.answer(fixture, NOW)).path("products").get(0);
    }

    private static Product p4800x() throws Exception {
        return KeepaProducts.read(product("product-p4800x.json"), 2, NOW, Duration.ofHours(24)).orElseThrow();
    }

    @Test
    void keepaMinutesCountFromTheStartOf2011() {
        assertThat(KeepaProducts.time(0)).isEqualTo(Instant.parse("2011-01-01T00:00:00Z"));
        assertThat(KeepaProducts.time(KeepaFixtures.keepaMinute(NOW))).isEqualTo(NOW);
    }

    @Test
    void theCheapestLiveOfferOfEachKindWithItsSellerKind() throws Exception {
        Product p = p4800x();
        assertThat(p.cheapest()).containsOnlyKeys(OfferKind.AMAZON, OfferKind.NEW_FBA, OfferKind.NEW_FBM, OfferKind.USED);
        KeepaProducts.Offer amazon = p.cheapest().get(OfferKind.AMAZON);
        assertThat(amazon.price()).isEqualByComparingTo("1149.99");
        assertThat(amazon.shipping()).isEqualByComparingTo("0");
        assertThat(amazon.sellerType()).isEqualTo(SellerType.MARKETPLACE);
        KeepaProducts.Offer fba = p.cheapest().get(OfferKind.NEW_FBA);
        assertThat(fba.price()).as("the cheaper of two FBA offers").isEqualByComparingTo("999.00");
        assertThat(fba.sellerId()).isEqualTo("A1TESTFBA0001");
        assertThat(fba.sellerType()).isEqualTo(SellerType.THIRD_PARTY);
        assertThat(fba.fulfilledByMarketplace()).isTrue();
        KeepaProducts.Offer fbm = p.cheapest().get(OfferKind.NEW_FBM);
        assertThat(fbm.price()).isEqualByComparingTo("899.00");
        assertThat(fbm.shipping()).isEqualByComparingTo("12.99");
        assertThat(fbm.fulfilledByMarketplace()).isFalse();
        KeepaProducts.Offer used = p.cheapest().get(OfferKind.USED);
        assertThat(used.price()).as("the Warehouse Deal, not the for-parts offer at 99.00").isEqualByComparingTo("649.00");
        assertThat(used.sellerType()).as("Amazon's Warehouse Deals are not Amazon itself").isEqualTo(SellerType.THIRD_PARTY);
        assertThat(used.conditionWording()).isEqualTo("Used - Very Good: Item will come in original packaging, box damaged");
    }

    @Test
    void anOfferKeepaLastSawTooLongAgoIsNotLive() throws Exception {
        Product fresh = KeepaProducts.read(product("product-p4800x.json"), 2, NOW, Duration.ofHours(24)).orElseThrow();
        Product strict = KeepaProducts.read(product("product-p4800x.json"), 2, NOW, Duration.ofMinutes(45)).orElseThrow();
        assertThat(fresh.cheapest()).containsKey(OfferKind.NEW_FBM);
        assertThat(strict.cheapest()).as("seen 60 minutes ago").doesNotContainKey(OfferKind.NEW_FBM);
        assertThat(strict.cheapest().get(OfferKind.NEW_FBA).price()).as("only the offer seen 45 minutes ago").isEqualByComparingTo("1049.00");
    }

    @Test
    void historyIsEachKindsSeriesWithNoOfferAsAPointWithoutAPrice() throws Exception {
        Map<OfferKind, List<PastPrices.Point>> history = p4800x().history();
        assertThat(history).containsOnlyKeys(OfferKind.AMAZON, OfferKind.NEW_FBA, OfferKind.NEW_FBM, OfferKind.USED);
        List<PastPrices.Point> amazon = history.get(OfferKind.AMAZON);
        assertThat(amazon).hasSize(5);
        assertThat(amazon.get(0).at()).isEqualTo(NOW.minus(Duration.ofMinutes(260_000)).truncatedTo(java.time.temporal.ChronoUnit.MINUTES));
        assertThat(amazon.get(0).price()).isEqualByComparingTo("1599.00");
        assertThat(amazon.get(2).price()).as("-1: no offer then").isNull();
        List<PastPrices.Point> fbm = history.get(OfferKind.NEW_FBM);
        assertThat(fbm.get(0).price()).as("the series' price includes shipping").isEqualByComparingTo("1089.01");
        assertThat(fbm.get(0).shipping()).isEqualByComparingTo("9.99");
    }

    @Test
    void aSeriesLeavesOutUnknownAndUnreadablePoints() throws Exception {
        JsonNode series = JSON.readTree("[100, 5000, 200, -2, \"x\", 7000, 300, 0, 400, -1, 99999999999, 100]");
        List<PastPrices.Point> points = KeepaProducts.series(series, false, 2, NOW);
        assertThat(points).extracting(PastPrices.Point::price).containsExactly(new java.math.BigDecimal("50.00"), null);
        assertThat(KeepaProducts.series(JSON.readTree("\"not a series\""), false, 2, NOW)).isEmpty();
    }

    @Test
    void pricesAreScaledByTheCurrencysMinorDigits() {
        assertThat(KeepaProducts.amount(114999, 2)).isEqualByComparingTo("1149.99");
        assertThat(KeepaProducts.amount(114999, 0)).as("yen have no minor unit").isEqualByComparingTo("114999");
        assertThat(new KeepaTarget(KeepaDomain.CO_JP, "amazon-co-jp", "JPY").minorDigits()).isZero();
    }

    @Test
    void aProductWithoutAnAsinOrATitleIsMalformed() throws Exception {
        assertThat(KeepaProducts.read(JSON.readTree("{\"title\": \"x\"}"), 2, NOW, Duration.ofHours(1))).isEmpty();
        assertThat(KeepaProducts.read(JSON.readTree("{\"asin\": \"B0TESTP480\"}"), 2, NOW, Duration.ofHours(1))).isEmpty();
        assertThat(KeepaProducts.read(JSON.readTree("{\"asin\": \"not an asin\", \"title\": \"x\"}"), 2, NOW, Duration.ofHours(1))).isEmpty();
        assertThat(KeepaProducts.read(JSON.readTree("[]"), 2, NOW, Duration.ofHours(1))).isEmpty();
        Product odd = KeepaProducts.read(JSON.readTree("{\"asin\": \"B0TESTP480\", \"title\": \"Intel Optane\", \"offers\": [1, {\"condition\": 1}],"
                + " \"csv\": \"none\"}"), 2, NOW, Duration.ofHours(1)).orElseThrow();
        assertThat(odd.cheapest()).as("malformed offers are left out, alone").isEmpty();
        assertThat(odd.history()).isEmpty();
    }

    @Test
    void theIdentityTextAddsThePartNumberTheTitleLeavesOut() throws Exception {
        assertThat(p4800x().identityText()).isEqualTo("Intel Optane SSD DC P4800X Series 375GB, 2.5in PCIe x4, 3D XPoint SSDPE21K375GA01"
                + " SSDPE21K375GAT");
    }

    @Test
    void eachKindIsOneResultWithItsOfferAndHistory() throws Exception {
        Map<String, SearchResult> results = KeepaOffers.results(p4800x(), US).stream()
                .collect(Collectors.toMap(SearchResult::externalId, Function.identity()));
        assertThat(results).containsOnlyKeys("B0TESTP480/keepa-amazon", "B0TESTP480/keepa-new-fba", "B0TESTP480/keepa-new-fbm",
                "B0TESTP480/keepa-used");
        SearchResult fbm = results.get("B0TESTP480/keepa-new-fbm");
        assertThat(fbm.url()).isEqualTo("https://www.amazon.com/dp/B0TESTP480");
        assertThat(fbm.condition()).isEqualTo(Condition.NEW);
        assertThat(fbm.sellerType()).isEqualTo(SellerType.THIRD_PARTY);
        assertThat(fbm.fulfilledByMarketplace()).isFalse();
        assertThat(fbm.priceWording()).isEqualTo("899.00 USD + 12.99 shipping (Keepa: seller A1TESTFBM0001)");
        assertThat(fbm.history().source()).isEqualTo("keepa-history:amazon-us");
        assertThat(fbm.history().points()).hasSize(2);
        assertThat(results.get("B0TESTP480/keepa-used").history().sellerType()).as("the used series says nothing of the seller").isNull();
    }

    @Test
    void aWatchedPagesOffersAreTheKindsAndAKindWithoutALiveOfferIsNotInStock() throws Exception {
        Product noOffers = KeepaProducts.read(product("product-p4800x.json"), 2, NOW.plus(Duration.ofDays(3)), Duration.ofHours(24))
                .orElseThrow();
        List<ParsedOffer> offers = KeepaOffers.pageOffers(noOffers, US);
        assertThat(offers).extracting(ParsedOffer::offerKey).containsExactly("keepa-amazon", "keepa-new-fba", "keepa-new-fbm", "keepa-used");
        assertThat(offers).allSatisfy(o -> {
            assertThat(o.inStock()).isFalse();
            assertThat(o.price()).isNull();
            assertThat(o.history()).isNotNull();
        });
    }
}
