package dev.drivecat.discovery.keepa;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import dev.drivecat.database.ApiCalls;
import dev.drivecat.testing.LocalApis;
import dev.drivecat.testing.MarketplaceServer;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Amazon through Keepa, end to end, against a local server answering in Keepa's documented shapes: a discovery run of
 * {@code keepa:amazon-us} records Amazon's own, FBA and FBM offers with their conditions and months of history, never
 * prices an accessory, waits a 429 out, ends on 402 and 400 with the reason; a watched Amazon page is read through
 * Keepa, not fetched; and the key appears in no log line, metric, health answer, run reason or error.
 */
@QuarkusTest
@TestProfile(LocalApis.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KeepaDiscoveryTest {

    static final String SOURCE = "keepa:amazon-us";
    static final String DRIVE = "intel-optane-p4800x-375gb-u2";
    static final String ASIN = "B0TESTP480";
    static final String KEY = LocalApis.KEEPA_KEY;

    @Inject
    AgroalDataSource dataSource;

    @Inject
    ApiCalls calls;

    final List<String> logged = new CopyOnWriteArrayList<>();
    final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            logged.add(String.valueOf(record.getMessage()) + " " + java.util.Arrays.toString(record.getParameters())
                    + (record.getThrown() == null ? "" : " " + record.getThrown()));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    static WireMockServer keepa() {
        return MarketplaceServer.server();
    }

    @BeforeEach
    void stubs() {
        Logger.getLogger("").addHandler(capture);
        keepa().resetAll();
        Instant now = Instant.now();
        keepa().stubFor(get(urlPathEqualTo("/search")).atPriority(9).willReturn(json(200, KeepaFixtures.answer("search-empty.json", now))));
        keepa().stubFor(get(urlPathEqualTo("/search")).atPriority(1).withQueryParam("term", containing("P4800X 375GB"))
                .willReturn(json(200, KeepaFixtures.answer("search-p4800x.json", now))));
        keepa().stubFor(get(urlPathEqualTo("/product")).withQueryParam("asin", equalTo(ASIN))
                .willReturn(json(200, KeepaFixtures.answer("product-p4800x.json", now))));
    }

    @AfterEach
    void keyNowhere() {
        Logger.getLogger("").removeHandler(capture);
        assertThat(String.join("\n", logged)).as("the log").doesNotContain(KEY);
    }

    static ResponseDefinitionBuilder json(int status, String body) {
        return aResponse().withStatus(status).withHeader("Content-Type", "application/json").withBody(body);
    }

    static JsonPath run() throws InterruptedException {
        long id = admin().queryParam("source", SOURCE).when().post("/admin/discoveries").then().statusCode(202).extract().jsonPath()
                .getLong("run.id");
        for (int i = 0; i < 900; i++) {
            JsonPath run = admin().when().get("/admin/discoveries/" + id).then().statusCode(200).extract().jsonPath();
            if (!"RUNNING".equals(run.getString("run.status"))) {
                return run;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("discovery run " + id + " did not finish");
    }

    long count(String sql) {
        return ((Number) rows(sql).get(0).get(0)).longValue();
    }

    List<List<Object>> rows(String sql) {
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement(); ResultSet r = st.executeQuery(sql)) {
            List<List<Object>> out = new ArrayList<>();
            while (r.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= r.getMetaData().getColumnCount(); i++) {
                    row.add(r.getObject(i));
                }
                out.add(row);
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    @Test
    @Order(1)
    void aRunRecordsAmazonsOwnFbaAndFbmOffersWithTheirConditionsAndNeverPricesTheAccessory() throws Exception {
        JsonPath run = run();
        assertThat(run.getString("run.status")).as(run.prettify()).isEqualTo("SUCCEEDED");

        List<List<Object>> listings = rows("""
                SELECT l.external_id, l.seller_type, l.fulfilled_by_marketplace, o.condition, o.price, o.shipping, o.seller_type
                  FROM listing l JOIN marketplace m ON m.id = l.marketplace_id JOIN current_offer o ON o.listing_id = l.id
                 WHERE m.code = 'amazon-us' AND l.external_id LIKE 'B0TESTP480/%' ORDER BY l.external_id""");
        assertThat(listings).extracting(r -> r.get(0)).containsExactly("B0TESTP480/keepa-amazon", "B0TESTP480/keepa-new-fba",
                "B0TESTP480/keepa-new-fbm", "B0TESTP480/keepa-used");
        assertThat(listings.get(0)).as("Amazon itself, new").containsSubsequence("MARKETPLACE", true, "NEW");
        assertThat(listings.get(0).get(4).toString()).isEqualTo("1149.99");
        assertThat(listings.get(1)).as("a third party, FBA: a discontinued drive sold new is new old stock")
                .containsSubsequence("THIRD_PARTY", true, "NEW_OLD_STOCK");
        assertThat(listings.get(1).get(4).toString()).isEqualTo("999.00");
        assertThat(listings.get(2)).as("a third party shipping itself").containsSubsequence("THIRD_PARTY", false, "NEW_OLD_STOCK");
        assertThat(listings.get(2).get(5).toString()).isEqualTo("12.99");
        assertThat(listings.get(3)).as("Amazon's Warehouse Deal: used, a third party").containsSubsequence("USED");
        assertThat(listings.get(3).get(6)).isEqualTo("THIRD_PARTY");

        assertThat(count("""
                SELECT count(*) FROM discovery_result r WHERE r.external_id = 'B0TESTCAB1' AND r.decision <> 'MATCH'
                   AND r.observation_id IS NULL AND r.listing_id IS NULL""")).as("the adapter card: kept for review, never priced").isEqualTo(1);
        assertThat(count("SELECT count(*) FROM listing WHERE external_id LIKE 'B0TESTCAB1%'")).isZero();
        assertThat(keepa().findAll(getRequestedFor(urlPathEqualTo("/product")))).as("offers asked only for the matched product")
                .allSatisfy(r -> assertThat(r.queryParameter("asin").firstValue()).isEqualTo(ASIN));
        assertThat(keepa().findAll(getRequestedFor(urlPathEqualTo("/product"))).get(0).queryParameter("offers").firstValue()).isEqualTo("20");
        assertThat(keepa().findAll(getRequestedFor(urlPathEqualTo("/product"))).get(0).queryParameter("only-live-offers").firstValue())
                .isEqualTo("1");
        assertThat(run.getInt("run.apiCalls")).as("tokens: one search page per query, 6 for the product").isGreaterThan(6);
        assertThat(count("SELECT count(*) FROM watched_page WHERE external_id = 'B0TESTP480' AND active")).isEqualTo(1);
    }

    @Test
    @Order(2)
    void historyIsStoredOnceAndCharted() throws Exception {
        long history = count("SELECT count(*) FROM price_observation WHERE source = 'keepa-history:amazon-us'");
        assertThat(history).as("5 Amazon, 2 FBA, 2 FBM and 2 used points").isEqualTo(11);
        JsonPath prices = given().queryParam("from", Instant.now().minus(java.time.Duration.ofDays(400)).toString())
                .when().get("/drives/" + DRIVE + "/prices").then().statusCode(200).extract().jsonPath();
        List<Map<String, Object>> observations = prices.getList("observations");
        assertThat(observations).filteredOn(o -> "keepa-history:amazon-us".equals(o.get("source")))
                .anySatisfy(o -> assertThat(Instant.parse((String) o.get("observedAt"))).isBefore(Instant.now().minus(java.time.Duration.ofDays(150))));
        given().when().get("/drives/" + DRIVE + "/prices.svg").then().statusCode(200);

        JsonPath again = run();
        assertThat(again.getString("run.status")).isEqualTo("SUCCEEDED");
        assertThat(count("SELECT count(*) FROM price_observation WHERE source = 'keepa-history:amazon-us'")).as("not stored twice")
                .isEqualTo(history);
        assertThat(keepa().findAll(getRequestedFor(urlPathEqualTo("/search")).withQueryParam("term", containing("P4800X 375GB"))))
                .as("the known ASIN is refreshed, not searched again").isEmpty();
    }

    @Test
    @Order(3)
    void aWatchedAmazonPageIsReadThroughKeepaNotFetched() throws Exception {
        long id = admin().when().post("/admin/scrapes").then().statusCode(202).extract().jsonPath().getLong("id");
        JsonPath scrape = null;
        for (int i = 0; i < 300; i++) {
            scrape = admin().when().get("/admin/scrapes/" + id).then().statusCode(200).extract().jsonPath();
            if (!"RUNNING".equals(scrape.getString("status"))) {
                break;
            }
            Thread.sleep(200);
        }
        List<Map<String, Object>> attempts = scrape.getList("attempts");
        assertThat(attempts).filteredOn(a -> String.valueOf(a.get("url")).contains("/dp/" + ASIN))
                .singleElement().satisfies(a -> assertThat(a.get("outcome")).isEqualTo("PARSED"));
        assertThat(keepa().findAll(getRequestedFor(urlPathEqualTo("/dp/" + ASIN)))).as("Amazon's page is never fetched").isEmpty();
    }

    @Test
    @Order(4)
    void aGzippedAnswerIsRead() throws Exception {
        keepa().stubFor(get(urlPathEqualTo("/product")).withQueryParam("asin", equalTo(ASIN)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withHeader("Content-Encoding", "gzip")
                .withBody(gzip(KeepaFixtures.answer("product-p4800x.json", Instant.now())))));
        JsonPath run = run();
        assertThat(run.getString("run.status")).as(run.prettify()).isEqualTo("SUCCEEDED");
        assertThat(keepa().findAll(getRequestedFor(urlPathEqualTo("/product"))).get(0).getHeader("Accept-Encoding")).contains("gzip");
    }

    @Test
    @Order(5)
    void a429IsWaitedOutForItsRefill() throws Exception {
        keepa().stubFor(get(urlPathEqualTo("/product")).inScenario("tokens").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(json(429, KeepaFixtures.answer("error-429.json", Instant.now()))).willSetStateTo("refilled"));
        keepa().stubFor(get(urlPathEqualTo("/product")).inScenario("tokens").whenScenarioStateIs("refilled")
                .willReturn(json(200, KeepaFixtures.answer("product-p4800x.json", Instant.now()))));
        JsonPath run = run();
        assertThat(run.getString("run.status")).as(run.prettify()).isEqualTo("SUCCEEDED");
        assertThat(keepa().findAll(getRequestedFor(urlPathEqualTo("/product")))).hasSize(2);
    }

    @Test
    @Order(6)
    void emptyResultsAndMalformedProductsAreNoFailure() throws Exception {
        JsonPath run = run();
        List<Map<String, Object>> queries = run.getList("queries");
        assertThat(queries).anySatisfy(q -> assertThat(q.get("outcome")).isEqualTo("NO_RESULTS"));
    }

    @Test
    @Order(7)
    void a402EndsTheRunWithTheReasonAndStoresNothing() throws Exception {
        long observations = count("SELECT count(*) FROM price_observation");
        long results = count("SELECT count(*) FROM discovery_result");
        keepa().stubFor(get(urlPathEqualTo("/search")).atPriority(0).willReturn(json(402, KeepaFixtures.answer("error-402.json", Instant.now()))));
        keepa().stubFor(get(urlPathEqualTo("/product")).atPriority(0).willReturn(json(402, KeepaFixtures.answer("error-402.json", Instant.now()))));
        JsonPath run = run();
        assertThat(run.getString("run.status")).isEqualTo("FAILED");
        assertThat(run.getString("run.reason")).startsWith("Keepa refused the key: no or an expired API subscription (402 PAYMENT_REQUIRED:"
                + " PAYMENT_REQUIRED — No active API subscription.)");
        assertThat(run.getInt("run.queries")).isEqualTo(1);
        assertThat(count("SELECT count(*) FROM price_observation")).isEqualTo(observations);
        assertThat(count("SELECT count(*) FROM discovery_result")).isEqualTo(results);
    }

    @Test
    @Order(8)
    void a400EndsTheRunWithTheReason() throws Exception {
        keepa().stubFor(get(urlPathEqualTo("/search")).atPriority(0).willReturn(json(400, KeepaFixtures.answer("error-400.json", Instant.now()))));
        keepa().stubFor(get(urlPathEqualTo("/product")).atPriority(0).willReturn(json(400, KeepaFixtures.answer("error-400.json", Instant.now()))));
        JsonPath run = run();
        assertThat(run.getString("run.status")).isEqualTo("FAILED");
        assertThat(run.getString("run.reason")).contains("400 REQUEST_REJECTED: REQUEST_REJECTED — Invalid domain.");
    }

    @Test
    @Order(9)
    void theKeyIsInNoReasonMetricOrHealthAnswerWhateverTheFailure() throws Exception {
        keepa().stubFor(get(urlPathEqualTo("/search")).atPriority(0).willReturn(json(400,
                "{\"tokensLeft\": 5, \"error\": {\"type\": \"REQUEST_REJECTED\", \"message\": \"bad key " + KEY + " for /search?key=" + KEY + "\"}}")));
        keepa().stubFor(get(urlPathEqualTo("/product")).atPriority(0).willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
        JsonPath run = run();
        assertThat(run.getString("run.reason")).contains("bad key [redacted]").doesNotContain(KEY);
        assertThat(admin().when().get("/admin/discoveries?source=" + SOURCE).then().extract().asString()).doesNotContain(KEY);
        assertThat(given().when().get("/q/metrics").then().extract().asString()).doesNotContain(KEY)
                .contains("drivecat_discovery_api_calls_total{marketplace=\"amazon-us\",outcome=\"auth\",source=\"keepa\"}");
        assertThat(given().when().get("/q/health").then().extract().asString()).doesNotContain(KEY);
        assertThat(rows("SELECT coalesce(string_agg(reason, ' '), '') FROM discovery_query").get(0).get(0).toString()).doesNotContain(KEY);
    }

    @Test
    @Order(10)
    void aSpentDailyBudgetEndsTheRunWithoutAskingKeepa() throws Exception {
        calls.add(KeepaClient.BUDGET, 10_000_000);
        keepa().resetRequests();
        JsonPath run = run();
        assertThat(run.getString("run.status")).isEqualTo("FAILED");
        assertThat(run.getString("run.reason")).startsWith("Keepa's daily token budget is spent:");
        assertThat(keepa().findAll(getRequestedFor(urlPathEqualTo("/search")))).isEmpty();
        assertThat(given().when().get("/q/metrics").then().extract().asString())
                .contains("drivecat_discovery_api_budget_remaining{source=\"keepa\"} 0.0");
    }

    static byte[] gzip(String text) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }
}
