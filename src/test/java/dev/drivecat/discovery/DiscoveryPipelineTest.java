package dev.drivecat.discovery;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.matching;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.client.MappingBuilder;
import dev.drivecat.testing.LocalMarketplaces;
import dev.drivecat.testing.MarketplaceServer;
import dev.drivecat.testing.TestResources;
import io.agroal.api.AgroalDataSource;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Discovery end to end, on the marketplace server on loopback: a saved eBay search page imported,
 * fetched search runs of Newegg (its pages allowed) and eBay (its robots.txt forbids /sch/, as the
 * real one does), broken and hostile result pages, listings that end when runs stop showing them,
 * and an operator's review. Only a MATCH is ever priced; a failed run stores no listing and no price.
 */
@QuarkusTest
@TestProfile(LocalMarketplaces.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DiscoveryPipelineTest {

    static final String EBAY_SEARCH = "https://www.ebay.com/sch/i.html?_nkw=intel+s3700";

    static String fixture(String name) {
        return TestResources.text("fixtures/discovery/" + name);
    }

    static void serve(String host, MappingBuilder request, String page) {
        MarketplaceServer.server().stubFor(request.withHeader("Host", equalTo(host + ":" + MarketplaceServer.server().port()))
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "text/html; charset=utf-8").withBody(fixture(page))));
    }

    @BeforeEach
    void robots() {
        // as eBay's: search pages are closed to robots; Newegg's does not mention its search
        MarketplaceServer.server().stubFor(get(urlEqualTo("/robots.txt"))
                .withHeader("Host", equalTo("www.ebay.com:" + MarketplaceServer.server().port()))
                .willReturn(aResponse().withStatus(200).withBody("User-agent: *\nDisallow: /sch/\nAllow: /itm/\n")));
        MarketplaceServer.server().stubFor(get(urlEqualTo("/robots.txt"))
                .withHeader("Host", equalTo("www.newegg.com:" + MarketplaceServer.server().port()))
                .willReturn(aResponse().withStatus(404)));
    }

    static JsonPath run(String source) throws InterruptedException {
        io.restassured.response.Response started = admin().queryParam("source", source).when().post("/admin/discoveries").then()
                .statusCode(202).extract().response();
        long id = started.jsonPath().getLong("run.id");
        // relative: an absolute Location would be built from the Host header a client chooses
        org.assertj.core.api.Assertions.assertThat(started.header("Location")).isEqualTo("/admin/discoveries/" + id);
        for (int i = 0; i < 600; i++) {
            JsonPath run = admin().when().get("/admin/discoveries/" + id).then().statusCode(200).extract().jsonPath();
            if (!"RUNNING".equals(run.getString("run.status"))) {
                return run;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("discovery run " + id + " did not finish");
    }

    @Inject
    AgroalDataSource dataSource;

    long rows(String sql) {
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement(); ResultSet r = st.executeQuery(sql)) {
            return r.next() ? r.getLong(1) : 0;
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    @Test
    @Order(1)
    void aSavedEbaySearchPagePricesOnlyTheResultsIdentityMatches() {
        given().when().get("/drives/intel-dc-s3700-200gb-sata").then().statusCode(200)
                .body("bestOffer", org.hamcrest.Matchers.nullValue());
        JsonPath imported = admin().contentType("text/html").body(fixture("ebay-search-drives.html")).queryParam("url", EBAY_SEARCH)
                // within the 6 hours eBay's terms let an offer be shown as current (scrapers/ebay.yaml, terms)
                .queryParam("observedAt", java.time.Instant.now().minus(java.time.Duration.ofHours(1)).toString())
                .when().post("/admin/imports/pages").then().statusCode(200).extract().jsonPath();
        assertThat(imported.getString("outcome")).isEqualTo("SEARCH_RESULTS");
        assertThat(imported.getString("layout")).isEqualTo("s-card");
        Map<String, Map<String, Object>> items = new java.util.HashMap<>();
        for (Map<String, Object> item : imported.<Map<String, Object>>getList("search.items")) {
            items.put((String) item.get("externalId"), item);
        }
        assertThat(items).hasSize(8);
        assertThat(items.get("256000000001")).containsEntry("decision", "MATCH").containsEntry("drive", "intel-dc-s3700-200gb-sata")
                .containsEntry("priced", true);
        assertThat(items.get("256000000002")).containsEntry("decision", "MATCH").containsEntry("drive", "intel-dc-s3610-200gb-sata")
                .containsEntry("priced", true);
        assertThat(items.get("256000000003")).containsEntry("decision", "AMBIGUOUS").containsEntry("priced", false);
        assertThat(items.get("256000000004")).containsEntry("decision", "NOT_A_DRIVE").containsEntry("priced", false);
        assertThat(items.get("256000000005")).containsEntry("decision", "NOT_A_DRIVE");
        assertThat(items.get("256000000006")).containsEntry("decision", "NOT_A_DRIVE");
        // a MATCH that only takes bids has a listing but no price
        assertThat(items.get("256000000007")).containsEntry("decision", "MATCH").containsEntry("priced", false);
        assertThat((String) items.get("256000000007").get("notPriced")).contains("bid");
        assertThat(items.get("256000000008")).containsEntry("decision", "NOT_A_DRIVE");
        assertThat(imported.getInt("search.priced")).isEqualTo(2);

        // the drive had no offer; now it has the eBay one, linked to the item page
        given().when().get("/drives/intel-dc-s3700-200gb-sata").then().statusCode(200)
                .body("bestOffer.price", org.hamcrest.Matchers.equalTo(29.99f))
                .body("bestOffer.url", org.hamcrest.Matchers.equalTo("https://www.ebay.com/itm/256000000001"))
                .body("bestOffer.condition", org.hamcrest.Matchers.equalTo("USED"))
                .body("bestOffer.sellerType", org.hamcrest.Matchers.equalTo("THIRD_PARTY"));
        JsonPath slog = given().queryParam("role", "slog").queryParam("interface", "sata").queryParam("plp", "any").queryParam("limit", "50")
                .queryParam("condition", "used").when().get("/recommend").then().statusCode(200).extract().jsonPath();
        assertThat(slog.getList("results.drive.slug", String.class)).contains("intel-dc-s3700-200gb-sata");
        assertThat(slog.getString("results.find { it.drive.slug == 'intel-dc-s3700-200gb-sata' }.bestOffer.url"))
                .isEqualTo("https://www.ebay.com/itm/256000000001");
        // nothing but the two matches was priced, and no listing sells what identity did not name
        assertThat(rows("SELECT count(*) FROM price_observation o JOIN listing l ON l.id = o.listing_id WHERE o.source LIKE 'discovery:%' "
                + "AND l.external_id LIKE '25600000000_'")).isEqualTo(2);
        assertThat(rows("SELECT count(*) FROM listing WHERE external_id IN ('256000000003', '256000000004', '256000000005', "
                + "'256000000006', '256000000008')")).isZero();
        // the import is a discovery run of its own
        JsonPath runs = admin().queryParam("source", "import:ebay").when().get("/admin/discoveries").then().statusCode(200).extract().jsonPath();
        assertThat(runs.getString("items[0].status")).isEqualTo("SUCCEEDED");
        assertThat(runs.getInt("items[0].matched")).isEqualTo(3);
    }

    @Test
    @Order(2)
    void anOperatorAcceptsAnAmbiguousResultWithItsDriveButNotAsTheAliasOfOneOfTheDrivesItFits() {
        long resultId = rows("SELECT id FROM discovery_result WHERE external_id = '256000000003' ORDER BY id DESC LIMIT 1");
        admin().contentType("application/json").body(Map.of()).when().post("/admin/discoveries/results/" + resultId + "/accept")
                .then().statusCode(400).contentType("application/problem+json").body("parameter", org.hamcrest.Matchers.equalTo("drive"));
        // the title fits the 750GB U.2 drive as well: as an alias of the add-in card it would price every such title as the card
        admin().contentType("application/json").body(Map.of("drive", "intel-optane-p4800x-750gb-aic", "alias", true))
                .when().post("/admin/discoveries/results/" + resultId + "/accept").then().statusCode(400)
                .contentType("application/problem+json").body("parameter", org.hamcrest.Matchers.equalTo("alias"))
                .body("detail", org.hamcrest.Matchers.containsString("intel-optane-p4800x-750gb-u2"));
        assertThat(rows("SELECT count(*) FROM discovery_result WHERE id = " + resultId + " AND review = 'PENDING'")).isEqualTo(1);
        assertThat(rows("SELECT count(*) FROM drive_alias")).isZero();
        JsonPath accepted = admin().contentType("application/json").body(Map.of("drive", "intel-optane-p4800x-750gb-aic"))
                .when().post("/admin/discoveries/results/" + resultId + "/accept").then().statusCode(200).extract().jsonPath();
        assertThat(accepted.getString("review")).isEqualTo("ACCEPTED");
        assertThat(accepted.getBoolean("priced")).isTrue();
        given().when().get("/drives/intel-optane-p4800x-750gb-aic").then().statusCode(200)
                .body("listings.externalId", org.hamcrest.Matchers.hasItem("256000000003"));
        given().queryParam("text", "Intel Optane P4800X 750GB 3D XPoint").when().get("/identify").then().statusCode(200)
                .body("decision", org.hamcrest.Matchers.equalTo("AMBIGUOUS"));
        admin().contentType("application/json").body(Map.of()).when().post("/admin/discoveries/results/" + resultId + "/accept")
                .then().statusCode(409);

        long caddy = rows("SELECT id FROM discovery_result WHERE external_id = '256000000005' ORDER BY id DESC LIMIT 1");
        admin().contentType("application/json").body(Map.of("reason", "a caddy, not a drive")).when()
                .post("/admin/discoveries/results/" + caddy + "/reject").then().statusCode(200)
                .body("review", org.hamcrest.Matchers.equalTo("REJECTED"));
        assertThat(admin().when().get("/admin/discoveries/results").then().statusCode(200).extract().jsonPath()
                .getList("items.externalId", String.class)).doesNotContain("256000000005", "256000000003").contains("256000000004");
    }

    @Test
    @Order(3)
    void aNeweggSearchRunMakesListingsWatchesTheirPagesAndEndsThemWhenRunsStopShowingThem() throws Exception {
        serve("www.newegg.com", get(urlPathEqualTo("/p/pl")), "newegg-search-optane.html");
        JsonPath first = run("search-page:newegg");
        assertThat(first.getString("run.status")).isEqualTo("SUCCEEDED");
        assertThat(first.getInt("run.queries")).isGreaterThan(10);
        // after the catalog's searches, the run sweeps the market with scrapers/sweeps.yaml's words for search pages
        assertThat(first.getList("queries.findAll { it.sweep }.query", String.class)).contains("enterprise SSD", "U.2 NVMe SSD");
        assertThat(first.getInt("run.matched")).isPositive();
        assertThat(first.getList("queries.layout", String.class)).containsOnly("item-cell");
        // Newegg's results show no condition: a listing and a watched page, no price from the snippet
        assertThat(rows("SELECT count(*) FROM listing WHERE external_id = 'N82E16820167480' AND found_by = 'search-page:newegg'")).isEqualTo(1);
        assertThat(rows("SELECT count(*) FROM watched_page WHERE external_id = 'N82E16820167480' AND active")).isEqualTo(1);
        assertThat(rows("SELECT count(*) FROM price_observation o JOIN listing l ON l.id = o.listing_id WHERE l.external_id = 'N82E16820167480'"))
                .isZero();
        assertThat(rows("SELECT count(*) FROM listing WHERE external_id = 'N82E16823201109'")).isZero();

        serve("www.newegg.com", get(urlPathEqualTo("/p/pl")), "newegg-search-keyboard-only.html");
        assertThat(run("search-page:newegg").getString("run.status")).isEqualTo("SUCCEEDED");
        assertThat(rows("SELECT count(*) FROM listing WHERE external_id = 'N82E16820167480' AND ended_at IS NULL AND missed_runs = 1"))
                .isEqualTo(1);
        JsonPath third = run("search-page:newegg");
        assertThat(third.getInt("run.listingsEnded")).isEqualTo(1);
        assertThat(rows("SELECT count(*) FROM listing WHERE external_id = 'N82E16820167480' AND ended_at IS NOT NULL")).isEqualTo(1);
        assertThat(rows("SELECT count(*) FROM watched_page WHERE external_id = 'N82E16820167480' AND active")).isZero();
    }

    @Test
    @Order(4)
    void anEbaySearchRunIsRefusedByItsRobotsTxtAndSaysSo() throws Exception {
        serve("www.ebay.com", get(urlPathEqualTo("/sch/i.html")), "ebay-search-drives.html");
        long before = rows("SELECT count(*) FROM listing");
        JsonPath run = run("search-page:ebay");
        assertThat(run.getString("run.status")).isEqualTo("FAILED");
        assertThat(run.getString("run.reason")).contains("robots.txt").contains("www.ebay.com");
        assertThat(run.getInt("run.queries")).isEqualTo(1);
        assertThat(rows("SELECT count(*) FROM listing")).isEqualTo(before);
        JsonPath health = given().when().get("/q/health/well").then().extract().jsonPath();
        assertThat(health.getString("status")).isEqualTo("DOWN");
        assertThat(health.getString("checks.find { it.name == 'discovery' }.data.reason")).contains("the last run of search-page:ebay failed");
        assertThat(admin().when().get("/admin/health").then().statusCode(200).extract().jsonPath()
                .getString("find { it.check == 'discovery' }.details.'search-page:ebay'")).contains("FAILED").contains("robots.txt");
    }

    @Test
    @Order(5)
    void brokenOrHostileResultPagesFailTheRunWithTheirReasonAndStoreNothing() throws Exception {
        // a human check ends the run at its first query: asking again would be impolite
        JsonPath blocked = failedRun("newegg-search-human-check.html");
        assertThat(blocked.getString("run.reason")).isEqualTo("robot check: the page says \"Are you a human?\"");
        assertThat(blocked.getInt("run.queries")).isEqualTo(1);
        assertThat(blocked.getList("queries.outcome", String.class)).containsExactly("BLOCKED");
        // a page no layout reads, or whose one result has no title to read, fails each query with the page's reason
        Map<String, String> unreadable = Map.of(
                "search-empty.html", "no search layout of the newegg site definition found results on the page, and it does not say",
                "ebay-search-layout-changed.html", "the layouts tried: item-cell: not tried, none of",
                "newegg-search-long-title.html", "item-cell: 1 result elements, none with a title, link and item id");
        for (Map.Entry<String, String> page : unreadable.entrySet()) {
            JsonPath run = failedRun(page.getKey());
            assertThat(run.getString("run.reason")).as(page.getKey())
                    .startsWith(DiscoveryService.FAILURES_THAT_END_A_RUN + " queries in a row failed").contains(page.getValue());
            assertThat(run.getInt("run.queries")).as(page.getKey()).isEqualTo(DiscoveryService.FAILURES_THAT_END_A_RUN);
            assertThat(run.getList("queries.outcome", String.class)).as(page.getKey()).containsOnly("FAILED");
            assertThat(run.getList("queries.reason", String.class)).as(page.getKey()).allSatisfy(r -> assertThat(r).contains(page.getValue()));
        }
        serve("www.newegg.com", get(urlPathEqualTo("/p/pl")), "newegg-search-none.html");
        JsonPath none = run("search-page:newegg");
        assertThat(none.getString("run.status")).isEqualTo("SUCCEEDED");
        assertThat(none.getList("queries.outcome", String.class)).containsOnly("NO_RESULTS");
    }

    /** A Newegg run that searches only this page: it fails, stores no listing and no price, and the service still answers. */
    JsonPath failedRun(String page) throws InterruptedException {
        serve("www.newegg.com", get(urlPathEqualTo("/p/pl")), page);
        long listings = rows("SELECT count(*) FROM listing");
        long observations = rows("SELECT count(*) FROM price_observation");
        JsonPath run = run("search-page:newegg");
        assertThat(run.getString("run.status")).as(page).isEqualTo("FAILED");
        assertThat(rows("SELECT count(*) FROM listing")).as(page).isEqualTo(listings);
        assertThat(rows("SELECT count(*) FROM price_observation")).as(page).isEqualTo(observations);
        given().when().get("/drives").then().statusCode(200);
        return run;
    }

    /** The profile's database is shared with other marketplace tests: the item pages this test made watched are not fetched by theirs. */
    @org.junit.jupiter.api.AfterAll
    static void unwatchWhatThisTestFound() throws SQLException {
        io.agroal.api.AgroalDataSource ds = io.quarkus.arc.Arc.container().instance(io.agroal.api.AgroalDataSource.class).get();
        try (Connection c = ds.getConnection(); Statement st = c.createStatement()) {
            st.executeUpdate("UPDATE watched_page SET active = false WHERE external_id LIKE '2560000000%' OR external_id LIKE '2561000%' OR external_id LIKE '1100000000%' OR external_id LIKE 'N82E1682016748%'");
        }
    }

    @Test
    @Order(7)
    void aSavedPageOfManyResultsRecordsAndPricesEveryMatchThroughAndPastTheSessionFlushes() {
        StringBuilder html = new StringBuilder("<html><body><ul class=\"srp-results\">");
        int n = 130;
        for (int i = 0; i < n; i++) {
            String id = Long.toString(256_100_000_000L + i);
            String title = i % 2 == 0 ? "Samsung PM893 240GB 2.5\" SATA SSD MZ7L3240HCHQ-00A07" : "2.5\" SFF caddy tray for Dell PowerEdge R740";
            html.append("<li data-listingid=\"").append(id).append("\" class=\"s-card\"><a class=\"su-link\" href=\"https://www.ebay.com/itm/")
                    .append(id).append("\"><div class=\"s-card__title\"><span>").append(title).append("</span></div></a>")
                    .append("<div class=\"s-card__subtitle\"><span>Pre-Owned</span></div><div class=\"su-card-container__attributes__primary\">")
                    .append("<div class=\"s-card__attribute-row\"><span class=\"s-card__price\">$").append(40 + i).append(".00</span></div>")
                    .append("<div class=\"s-card__attribute-row\">Buy It Now</div></div></li>");
        }
        JsonPath imported = admin().contentType("text/html").body(html.append("</ul></body></html>").toString()).queryParam("url", EBAY_SEARCH)
                .queryParam("observedAt", "2026-12-03T11:00:00Z").when().post("/admin/imports/pages").then().statusCode(200).extract().jsonPath();
        assertThat(imported.getInt("search.results")).isEqualTo(n);
        assertThat(imported.getInt("search.matched")).isEqualTo(n / 2);
        assertThat(imported.getInt("search.priced")).isEqualTo(n / 2);
        assertThat(rows("SELECT count(*) FROM listing l JOIN drive d ON d.id = l.drive_id WHERE l.external_id LIKE '2561000%' "
                + "AND d.slug = 'samsung-pm893-240gb-sata'")).isEqualTo(n / 2);
        assertThat(rows("SELECT count(*) FROM price_observation o JOIN listing l ON l.id = o.listing_id WHERE l.external_id LIKE '2561000%'"))
                .isEqualTo(n / 2);
        assertThat(rows("SELECT count(*) FROM discovery_result WHERE external_id LIKE '2561000%'")).isEqualTo(n);
    }

    static final String BROWSE_SEARCH = "/buy/browse/v1/item_summary/search";
    static final String BROWSE_TOKEN = "/identity/v1/oauth2/token";

    static void browseAnswers(int tokenStatus, String tokenBody, String searchBody) {
        MarketplaceServer.server().stubFor(post(urlPathEqualTo(BROWSE_TOKEN)).willReturn(aResponse().withStatus(tokenStatus)
                .withHeader("Content-Type", "application/json").withBody(tokenBody)));
        MarketplaceServer.server().stubFor(get(urlPathEqualTo(BROWSE_SEARCH)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody(searchBody)));
    }

    @Test
    @Order(8)
    void anEbayBrowseRunPricesTheApiResultsIdentityMatchesAndNothingElse() throws Exception {
        browseAnswers(200, "{\"access_token\": \"v^1.1#test-token\", \"expires_in\": 7200, \"token_type\": \"Application Access Token\"}",
                fixture("ebay-browse-s3610.json"));
        JsonPath run = run("ebay-browse:ebay-us");
        assertThat(run.getString("run.status")).isEqualTo("SUCCEEDED");
        assertThat(run.getInt("run.queries")).isGreaterThan(10);
        // every query was one call of the documented shape, with the application token
        MarketplaceServer.server().verify(getRequestedFor(urlPathEqualTo(BROWSE_SEARCH))
                .withHeader("Authorization", equalTo("Bearer v^1.1#test-token"))
                .withHeader("X-EBAY-C-MARKETPLACE-ID", equalTo("EBAY_US")).withQueryParam("q", matching(".+")));
        assertThat(rows("SELECT count(*) FROM listing l JOIN drive d ON d.id = l.drive_id WHERE l.external_id = '110000000001' "
                + "AND d.slug = 'intel-dc-s3610-200gb-sata' AND l.found_by = 'ebay-browse:ebay-us'")).isEqualTo(1);
        assertThat(rows("SELECT count(*) FROM price_observation o JOIN listing l ON l.id = o.listing_id WHERE l.external_id = '110000000001' "
                + "AND o.price = 35.00 AND o.source = 'discovery:ebay-browse:ebay-us'")).isEqualTo(1);
        // the caddy is no drive, and neither is the drive whose condition says it is for parts: no listing, no price
        assertThat(rows("SELECT count(*) FROM listing WHERE external_id = '110000000002'")).isZero();
        assertThat(rows("SELECT count(*) FROM listing WHERE external_id = '110000000003'")).isZero();
        assertThat(rows("SELECT count(*) FROM discovery_result WHERE external_id = '110000000003'")).isPositive();
        assertThat(rows("SELECT count(*) FROM discovery_result WHERE external_id = '110000000003' AND (decision <> 'NOT_A_DRIVE' "
                + "OR evidence <> 'not one drive: the condition says \"For parts or not working\"' OR observation_id IS NOT NULL)")).isZero();
        assertThat(rows("SELECT count(*) FROM api_call WHERE source = 'ebay-browse'")).isPositive();
    }

    @Test
    @Order(9)
    void refusedKeysFailTheBrowseRunAtOnceAndStoreNothing() throws Exception {
        MarketplaceServer.server().resetRequests();
        // the API refuses the token cached from the run before; drivecat asks for a new one once, and the keys are refused
        browseAnswers(401, "{\"error\": \"invalid_client\", \"error_description\": \"client authentication failed\"}", "{}");
        MarketplaceServer.server().stubFor(get(urlPathEqualTo(BROWSE_SEARCH)).willReturn(aResponse().withStatus(401)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"errors\": [{\"errorId\": 1001, \"domain\": \"OAuth\", \"category\": \"REQUEST\", "
                        + "\"message\": \"Invalid access token\", \"longMessage\": \"Invalid access token. Check the value of the "
                        + "Authorization HTTP request header.\"}]}")));
        long listings = rows("SELECT count(*) FROM listing");
        long observations = rows("SELECT count(*) FROM price_observation");
        JsonPath run = run("ebay-browse:ebay-us");
        assertThat(run.getString("run.status")).isEqualTo("FAILED");
        assertThat(run.getString("run.reason")).containsIgnoringCase("client authentication failed");
        assertThat(run.getString("run.reason")).doesNotContain("PRD-test-secret-not-real");
        assertThat(run.getInt("run.queries")).isEqualTo(1);
        assertThat(rows("SELECT count(*) FROM listing")).isEqualTo(listings);
        assertThat(rows("SELECT count(*) FROM price_observation")).isEqualTo(observations);
    }

    @Test
    @Order(6)
    void anUnknownSourceIsAProblemNamingTheSources() {
        admin().queryParam("source", "ebay-scraper").when().post("/admin/discoveries").then().statusCode(400)
                .contentType("application/problem+json").body("allowed", org.hamcrest.Matchers.hasItem("search-page:newegg"));
        given().queryParam("source", "search-page:newegg").when().post("/admin/discoveries").then().statusCode(401);
    }
}
