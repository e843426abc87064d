package dev.drivecat.scraping;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasItem;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.drivecat.database.EmbeddedDatabase.Login;
import dev.drivecat.testing.LocalMarketplaces;
import dev.drivecat.testing.Sql;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Watch list → scrape run → real HTTP on loopback → parser → price history → catalog API. */
@QuarkusTest
@TestProfile(LocalMarketplaces.class)
class ScrapePipelineTest {

    static WireMockServer marketplace;

    @BeforeAll
    static void startMarketplace() throws Exception {
        marketplace = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        marketplace.start();
        marketplace.stubFor(get(urlEqualTo("/robots.txt")).willReturn(aResponse().withStatus(404)));
        marketplace.stubFor(get(urlEqualTo("/dp/B0E2ETEST1")).atPriority(5).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/html; charset=utf-8").withHeader("ETag", "\"v1\"")
                .withBody(page("p4800x-third-party.html"))));
        marketplace.stubFor(get(urlEqualTo("/dp/B0E2ETEST1")).atPriority(1)
                .withHeader("If-None-Match", equalTo("\"v1\"")).willReturn(aResponse().withStatus(304)));
        marketplace.stubFor(get(urlEqualTo("/dp/B0E2ELAYOU")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/html").withBody(page("layout-changed.html"))));
        marketplace.stubFor(get(urlEqualTo("/dp/B0E2EROBOT")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/html").withBody(page("robot-check.html"))));
        marketplace.stubFor(get(urlEqualTo("/dp/B0E2E20270")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/html").withBody(page("buy-box-2027.html"))));
    }

    @AfterAll
    static void stopMarketplace() {
        marketplace.stop();
    }

    static String page(String name) throws Exception {
        return Files.readString(Path.of("src/test/resources/fixtures/scrape", name), StandardCharsets.UTF_8);
    }

    static String url(String path) {
        return "http://www.amazon.com:" + marketplace.port() + path;
    }

    static void watch(String path, String drive) {
        admin().contentType(ContentType.JSON).body(Map.of("url", url(path), "drive", drive))
                .when().post("/admin/listings").then().statusCode(org.hamcrest.Matchers.oneOf(200, 201));
    }

    /** Starts a run and waits for it to finish (polling; no timing is asserted). */
    static JsonPath runScrape() throws InterruptedException {
        long id = admin().when().post("/admin/scrapes").then().statusCode(202).extract().jsonPath().getLong("id");
        for (int i = 0; i < 300; i++) {
            JsonPath run = admin().when().get("/admin/scrapes/" + id).then().statusCode(200).extract().jsonPath();
            if (!"RUNNING".equals(run.getString("status"))) {
                return run;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("scrape run " + id + " did not finish");
    }

    static Map<String, Object> attemptFor(JsonPath run, String path) {
        return attemptAt(run, url(path));
    }

    static Map<String, Object> attemptAt(JsonPath run, String url) {
        List<Map<String, Object>> attempts = run.getList("attempts");
        return attempts.stream().filter(a -> a.get("url").equals(url)).findFirst()
                .orElseThrow(() -> new AssertionError("no attempt for " + url + " in " + attempts));
    }

    @Test
    void fetchesParsesStoresAndShowsTheNewBestOfferThenA304AddsNothing() throws Exception {
        watch("/dp/B0E2ETEST1", "intel-optane-p4800x-375gb-u2");

        JsonPath first = runScrape();
        Map<String, Object> attempt = attemptFor(first, "/dp/B0E2ETEST1");
        assertThat(attempt).containsEntry("outcome", "PARSED").containsEntry("offersParsed", 1).containsEntry("observationsAdded", 1);

        given().when().get("/drives/intel-optane-p4800x-375gb-u2").then().statusCode(200)
                .body("bestOffer.price", org.hamcrest.Matchers.equalTo(399.00f))
                .body("bestOffer.externalId", org.hamcrest.Matchers.equalTo("B0E2ETEST1"))
                .body("bestOffer.seller", org.hamcrest.Matchers.equalTo("Kestrel Components"))
                .body("bestOffer.sellerType", org.hamcrest.Matchers.equalTo("THIRD_PARTY"))
                .body("bestOffer.fulfilledByMarketplace", org.hamcrest.Matchers.equalTo(true))
                // a discontinued drive sold new by a third party is new old stock
                .body("bestOffer.condition", org.hamcrest.Matchers.equalTo("NEW_OLD_STOCK"))
                .body("bestOffer.observedAt", org.hamcrest.Matchers.notNullValue());

        JsonPath second = runScrape();
        assertThat(attemptFor(second, "/dp/B0E2ETEST1")).containsEntry("outcome", "NOT_MODIFIED").containsEntry("observationsAdded", 0);
        marketplace.verify(getRequestedFor(urlEqualTo("/dp/B0E2ETEST1")).withHeader("If-None-Match", equalTo("\"v1\"")));
        List<Map<String, Object>> history = given().when().get("/drives/intel-optane-p4800x-375gb-u2/prices")
                .then().statusCode(200).extract().jsonPath().getList("observations");
        assertThat(history).filteredOn(o -> "B0E2ETEST1".equals(o.get("externalId"))).hasSize(1);
        marketplace.verify(getRequestedFor(urlEqualTo("/dp/B0E2ETEST1"))
                .withHeader("User-Agent", com.github.tomakehurst.wiremock.client.WireMock.containing("drivecat")));
    }

    @Test
    void aPageThatCannotBeReadNeverWritesAPriceAndTheLastGoodOneStays() throws Exception {
        watch("/dp/B0E2ELAYOU", "intel-optane-p5800x-400gb-u2");
        watch("/dp/B0E2EROBOT", "intel-optane-p5800x-400gb-u2");

        JsonPath run = runScrape();
        assertThat(attemptFor(run, "/dp/B0E2ELAYOU").get("outcome")).isEqualTo("PARSE_FAILED");
        assertThat((String) attemptFor(run, "/dp/B0E2ELAYOU").get("reason")).isNotBlank();
        assertThat(attemptFor(run, "/dp/B0E2EROBOT").get("outcome")).isEqualTo("BLOCKED");
        assertThat(run.getInt("failures")).isGreaterThanOrEqualTo(2);

        // the $12.00 on the unreadable page was not taken; the guide's price is still the best offer
        given().when().get("/drives/intel-optane-p5800x-400gb-u2").then().statusCode(200)
                .body("bestOffer.price", org.hamcrest.Matchers.equalTo(740.00f))
                .body("listings.externalId", org.hamcrest.Matchers.not(hasItem("B0E2ELAYOU")));
        admin().queryParam("drive", "intel-optane-p5800x-400gb-u2").when().get("/admin/listings").then().statusCode(200)
                .body("find { it.externalId == 'B0E2ELAYOU' }.lastOutcome", org.hamcrest.Matchers.equalTo("PARSE_FAILED"))
                .body("find { it.externalId == 'B0E2ELAYOU' }.stale", org.hamcrest.Matchers.equalTo(true))
                .body("find { it.externalId == 'B0E2EROBOT' }.lastOutcome", org.hamcrest.Matchers.equalTo("BLOCKED"));
    }

    @Test
    void aLayoutChangeShowsInTheReasonTheRunReportAndTheMetricsPerSiteAndLayout() throws Exception {
        serve("/dp/B0E2ELAYO1", "B0E2ELAYO1");
        watch("/dp/B0E2ELAYO1", "intel-optane-900p-280gb-aic");
        watch("/dp/B0E2E20270", "intel-optane-900p-280gb-aic");

        JsonPath run = runScrape();

        Map<String, Object> read = attemptFor(run, "/dp/B0E2ELAYO1");
        assertThat(read).containsEntry("outcome", "PARSED").containsEntry("site", "amazon")
                .containsEntry("layout", "classic-priceblock");
        Map<String, Object> unread = attemptFor(run, "/dp/B0E2E20270");
        assertThat(unread).containsEntry("outcome", "PARSE_FAILED").containsEntry("layout", "none");
        assertThat((String) unread.get("reason")).contains("no layout of scrapers/amazon.yaml found an offer")
                .contains("core-price: the featured offer (qualifiedBuybox) shows no price; looked in [")
                .contains("tabular-buybox: not tried").contains("classic-priceblock: not tried");
        // the run also fetched the pages other tests watch: counts are at least these pages'
        List<Map<String, Object>> parses = run.getList("parses");
        assertThat(parses).filteredOn(p -> "amazon".equals(p.get("site")) && "classic-priceblock".equals(p.get("layout")))
                .singleElement().satisfies(p -> assertThat((Integer) p.get("parsed")).isPositive());
        assertThat(parses).filteredOn(p -> "amazon".equals(p.get("site")) && "none".equals(p.get("layout")))
                .singleElement().satisfies(p -> {
                    assertThat((Integer) p.get("failed")).isPositive();
                    assertThat(p).containsEntry("parsed", 0);
                });

        String metrics = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
        assertThat(metrics).containsPattern("drivecat_scrape_parses_total\\{[^}]*layout=\"classic-priceblock\",result=\"parsed\","
                + "site=\"amazon\",source=\"scrape\"[^}]*} [1-9]")
                .containsPattern("drivecat_scrape_parses_total\\{[^}]*layout=\"none\",result=\"failed\",site=\"amazon\","
                        + "source=\"scrape\"[^}]*} [1-9]");
        // the $11.00 of the unknown layout was never taken
        given().when().get("/drives/intel-optane-900p-280gb-aic/prices").then().statusCode(200)
                .body("observations.externalId", org.hamcrest.Matchers.not(hasItem("B0E2E20270")));
    }

    @Test
    void aWatchedPageWhoseListingSellsAnotherDriveFailsToStoreAndSaysWhichDrive() throws Exception {
        String html = page("p4800x-third-party.html").replace("B0E2ETEST1", "B0E2ECONF2");
        // the listing came first, from a saved page, for another drive
        admin().contentType("text/html").body(html)
                .queryParam("url", "https://www.amazon.com/dp/B0E2ECONF2")
                .queryParam("drive", "samsung-pm893-240gb-sata")
                .when().post("/admin/imports/pages").then().statusCode(200);
        marketplace.stubFor(get(urlEqualTo("/dp/B0E2ECONF2")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/html; charset=utf-8").withBody(html)));
        watch("/dp/B0E2ECONF2", "samsung-pm893-480gb-sata");

        Map<String, Object> attempt = attemptFor(runScrape(), "/dp/B0E2ECONF2");
        assertThat(attempt).containsEntry("outcome", "STORE_FAILED").containsEntry("observationsAdded", 0);
        assertThat((String) attempt.get("reason")).contains("sells drive 'samsung-pm893-240gb-sata'");
        given().when().get("/drives/samsung-pm893-480gb-sata/prices").then().statusCode(200)
                .body("observations.findAll { it.externalId == 'B0E2ECONF2' }", org.hamcrest.Matchers.hasSize(0));
    }

    @Test
    void anItemThatTurnsOutToBeForPartsLosesItsOfferAndLeavesTheWatchList() throws Exception {
        String forParts = Files.readString(Path.of("src/test/resources/fixtures/marketplaces/ebay/item-for-parts.html"), StandardCharsets.UTF_8);
        String item = "http://www.ebay.com:" + marketplace.port() + "/itm/256000000911";
        String drive = "intel-dc-p3700-800gb-u2";
        marketplace.stubFor(get(urlEqualTo("/itm/256000000911")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/html; charset=utf-8").withBody(forParts.replace("For parts or not working", "Used"))));
        admin().contentType(ContentType.JSON).body(Map.of("url", item, "drive", drive))
                .when().post("/admin/listings").then().statusCode(org.hamcrest.Matchers.oneOf(200, 201));

        assertThat(attemptAt(runScrape(), item)).containsEntry("outcome", "PARSED").containsEntry("observationsAdded", 1);
        given().when().get("/drives/" + drive).then().statusCode(200)
                .body("listings.find { it.externalId == '256000000911' }.current.price", org.hamcrest.Matchers.equalTo(24.99f))
                .body("listings.find { it.externalId == '256000000911' }.current.condition", org.hamcrest.Matchers.equalTo("USED"));
        given().queryParam("drive", drive).when().get("/offers").then().statusCode(200)
                .body("items.externalId", hasItem("256000000911"));

        // the seller now says the item is for parts or not working
        marketplace.stubFor(get(urlEqualTo("/itm/256000000911")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/html; charset=utf-8").withBody(forParts)));
        Map<String, Object> attempt = attemptAt(runScrape(), item);

        assertThat(attempt).containsEntry("outcome", "NO_OFFER").containsEntry("observationsAdded", 0).containsEntry("layout", "x-price");
        assertThat((String) attempt.get("reason")).isEqualTo("FOR_PARTS: the item is for parts or not working (the condition says "
                + "\"For parts or not working\"): no drive to buy and use, so it is never priced; its listing ended, and the page left "
                + "the watch list");
        given().when().get("/drives/" + drive).then().statusCode(200)
                .body("listings.find { it.externalId == '256000000911' }.current", org.hamcrest.Matchers.nullValue())
                .body("bestOffer.externalId", org.hamcrest.Matchers.not(org.hamcrest.Matchers.equalTo("256000000911")));
        given().queryParam("drive", drive).when().get("/offers").then().statusCode(200)
                .body("items.externalId", org.hamcrest.Matchers.not(hasItem("256000000911")));
        admin().queryParam("drive", drive).when().get("/admin/listings").then().statusCode(200)
                .body("find { it.externalId == '256000000911' }.active", org.hamcrest.Matchers.equalTo(false))
                .body("find { it.externalId == '256000000911' }.lastOutcome", org.hamcrest.Matchers.equalTo("NO_OFFER"));
        // its history stays: the one observation made while it said "Used"
        given().when().get("/drives/" + drive + "/prices").then().statusCode(200)
                .body("observations.findAll { it.externalId == '256000000911' }", org.hamcrest.Matchers.hasSize(1));
    }

    @Test
    void aParsedPageWhoseTitleNamesAnotherDrivesPartNumberIsStoredAndFlagged() throws Exception {
        admin().contentType(ContentType.JSON).body("""
                {"format": "drivecat-import/1",
                 "sources": {"v": {"url": "https://acme.example/t9", "kind": "VENDOR_PAGE", "retrievedAt": "2026-12-01"}},
                 "drives": [{"slug": "acme-t9-400gb-sata", "vendor": "Acme", "model": "T9", "capacityGb": 400, "interface": "sata",
                             "formFactor": "2.5in", "partNumbers": ["ACT9-400G"]}]}
                """).when().post("/admin/imports/specs").then().statusCode(200);
        marketplace.stubFor(get(urlEqualTo("/dp/B0E2EPARTN")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/html; charset=utf-8")
                .withBody(page("p4800x-third-party.html").replace("B0E2ETEST1", "B0E2EPARTN")
                        .replace("Intel Optane SSD DC P4800X Series 375GB", "Acme T9 400GB ACT9-400G"))));
        watch("/dp/B0E2EPARTN", "intel-optane-p1600x-118gb-m2");

        Map<String, Object> attempt = attemptFor(runScrape(), "/dp/B0E2EPARTN");
        assertThat(attempt).containsEntry("outcome", "PARSED").containsEntry("observationsAdded", 1);
        assertThat((String) attempt.get("reason")).contains("ACT9-400G").contains("acme-t9-400gb-sata")
                .contains("check that the page sells \"intel-optane-p1600x-118gb-m2\"");
    }

    static Login jdbcUrl() {
        return Sql.quarkusDatasource();
    }

    static void serve(String path, String externalId) throws Exception {
        marketplace.stubFor(get(urlEqualTo(path)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/html; charset=utf-8")
                .withBody(page("p4800x-third-party.html").replace("B0E2ETEST1", externalId))));
    }

    @Test
    void aStoredValidatorThatCannotBeSentFailsOnlyItsPageOnceAndTheRunGoesOn() throws Exception {
        serve("/dp/B0E2EETAG1", "B0E2EETAG1");
        serve("/dp/B0E2EAFTER", "B0E2EAFTER");
        watch("/dp/B0E2EETAG1", "intel-optane-p1600x-58gb-m2");
        watch("/dp/B0E2EAFTER", "intel-optane-p1600x-58gb-m2");
        // an ETag stored before validators were checked: "é" cannot go into a request header
        Sql.execute(jdbcUrl(), "UPDATE watched_page SET etag = '\"v\u00e9\"', last_attempt_at = NULL"
                + " WHERE external_id = 'B0E2EETAG1'");

        JsonPath run = runScrape();
        assertThat(run.getString("status")).isEqualTo("SUCCEEDED");
        Map<String, Object> failed = attemptFor(run, "/dp/B0E2EETAG1");
        assertThat(failed).containsEntry("outcome", "FETCH_FAILED");
        assertThat((String) failed.get("reason")).contains("not allowed in an HTTP header");
        assertThat(attemptFor(run, "/dp/B0E2EAFTER")).containsEntry("outcome", "PARSED");

        // the unusable validator was forgotten: the next run fetches the page in full
        assertThat(attemptFor(runScrape(), "/dp/B0E2EETAG1")).containsEntry("outcome", "PARSED");
    }

    @Test
    void aValidatorThatCouldNotBeSentBackIsNotStored() throws Exception {
        marketplace.stubFor(get(urlEqualTo("/dp/B0E2EETAG2")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/html; charset=utf-8").withHeader("ETag", "\"v\u00e9\"")
                .withBody(page("p4800x-third-party.html").replace("B0E2ETEST1", "B0E2EETAG2"))));
        watch("/dp/B0E2EETAG2", "intel-optane-p1600x-118gb-m2");

        assertThat(attemptFor(runScrape(), "/dp/B0E2EETAG2")).containsEntry("outcome", "PARSED");
        assertThat(Sql.value(jdbcUrl(), "SELECT etag FROM watched_page WHERE external_id = 'B0E2EETAG2'")).isNull();

        assertThat(attemptFor(runScrape(), "/dp/B0E2EETAG2")).containsEntry("outcome", "PARSED");
        marketplace.verify(0, getRequestedFor(urlEqualTo("/dp/B0E2EETAG2")).withHeader("If-None-Match",
                com.github.tomakehurst.wiremock.client.WireMock.matching(".*")));
    }

    @Test
    void aPageThatIsAnotherItemThanTheWatchedOneStoresNothingAndSaysWhichItemItIs() throws Exception {
        // the site answers the watched URL with another item (a variation it chose, a relisting)
        serve("/dp/B0E2ESWAP1", "B0E2ESWAP2");
        watch("/dp/B0E2ESWAP1", "intel-optane-p1600x-58gb-m2");

        Map<String, Object> attempt = attemptFor(runScrape(), "/dp/B0E2ESWAP1");
        assertThat(attempt).containsEntry("outcome", "PARSE_FAILED").containsEntry("observationsAdded", 0);
        assertThat((String) attempt.get("reason"))
                .contains("the page is item B0E2ESWAP2 on marketplace amazon-us, the watched page is item B0E2ESWAP1 on amazon-us");
        given().when().get("/drives/intel-optane-p1600x-58gb-m2/prices").then().statusCode(200)
                .body("observations.externalId", org.hamcrest.Matchers.not(hasItem("B0E2ESWAP2")))
                .body("observations.externalId", org.hamcrest.Matchers.not(hasItem("B0E2ESWAP1")));
    }

    @Test
    void aRedirectToAnotherMarketplacesSiteStoresNothingForTheWatchedOne() throws Exception {
        marketplace.stubFor(get(urlEqualTo("/dp/B0E2EMKTDE")).atPriority(1)
                .withHeader("Host", com.github.tomakehurst.wiremock.client.WireMock.containing("www.amazon.com"))
                .willReturn(aResponse().withStatus(301).withHeader("Location",
                        "http://www.amazon.de:" + marketplace.port() + "/dp/B0E2EMKTDE")));
        marketplace.stubFor(get(urlEqualTo("/dp/B0E2EMKTDE")).atPriority(2)
                .withHeader("Host", com.github.tomakehurst.wiremock.client.WireMock.containing("www.amazon.de"))
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "text/html; charset=utf-8")
                        .withBody(page("p4800x-third-party.html").replace("B0E2ETEST1", "B0E2EMKTDE").replace("$399.00", "379,00 €"))));
        watch("/dp/B0E2EMKTDE", "intel-optane-p1600x-118gb-m2");

        Map<String, Object> attempt = attemptFor(runScrape(), "/dp/B0E2EMKTDE");
        assertThat(attempt).containsEntry("outcome", "PARSE_FAILED").containsEntry("observationsAdded", 0);
        assertThat((String) attempt.get("reason"))
                .contains("the page is item B0E2EMKTDE on marketplace amazon-de, the watched page is item B0E2EMKTDE on amazon-us");
        given().when().get("/drives/intel-optane-p1600x-118gb-m2/prices").then().statusCode(200)
                .body("observations.externalId", org.hamcrest.Matchers.not(hasItem("B0E2EMKTDE")));
    }

    @Test
    void refusesToWatchAPageOnAHostNotInScrapers() {
        admin().contentType(ContentType.JSON)
                .body(Map.of("url", "http://localhost:" + marketplace.port() + "/dp/B0E2ETEST1", "drive", "intel-optane-p4800x-375gb-u2"))
                .when().post("/admin/listings")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("not one of them"))
                .body("allowed", hasItem("www.amazon.com"));
    }

    @Test
    void refusesToWatchAUrlWithUserInfoAsTheFetcherWouldRefuseItOnEveryRun() {
        admin().contentType(ContentType.JSON)
                .body(Map.of("url", "http://user:secret@www.amazon.com:" + marketplace.port() + "/dp/B0E2EUSER1",
                        "drive", "intel-optane-p4800x-375gb-u2"))
                .when().post("/admin/listings")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("reason", org.hamcrest.Matchers.equalTo("USERINFO_NOT_ALLOWED"))
                .body("detail", containsString("user info"))
                .body("detail", org.hamcrest.Matchers.not(containsString("secret")));
        admin().when().get("/admin/listings").then().statusCode(200)
                .body("externalId", org.hamcrest.Matchers.not(hasItem("B0E2EUSER1")));
    }

    @Test
    void runsOnlyOnceInTheClusterAtATime() throws Exception {
        try (Connection other = Sql.quarkusDatasource().connect(); Statement s = other.createStatement()) {
            s.execute("SELECT pg_advisory_lock(" + ScrapeService.CLUSTER_LOCK + ")");
            admin().when().post("/admin/scrapes").then().statusCode(409)
                    .contentType("application/problem+json")
                    .body("detail", containsString("already going on"));
            s.execute("SELECT pg_advisory_unlock(" + ScrapeService.CLUSTER_LOCK + ")");
        }
        admin().when().get("/admin/scrapes/999999").then().statusCode(404);
    }
}
