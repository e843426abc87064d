package dev.drivecat.scraping;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.drivecat.database.EmbeddedDatabase.Login;
import dev.drivecat.scraping.ScrapeFreshnessCheck.SiteShare;
import dev.drivecat.testing.Sql;
import dev.drivecat.testing.StrictSettings;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

/**
 * The data-freshness check flags a marketplace site whose share of failed scrape attempts jumped
 * (as when its markup changes) even while other sites keep prices fresh. Not in a profile whose
 * tests scrape: the attempts it records would flag sites for them.
 */
@QuarkusTest
@TestProfile(StrictSettings.class)
class FailureShareHealthTest {

    @jakarta.inject.Inject
    @io.smallrye.health.api.Wellness
    ScrapeFreshnessCheck freshness;

    private static Login jdbc() {
        return Sql.quarkusDatasource();
    }

    /** {@code count} attempts of {@code site} with {@code outcome}, finished {@code ago} before now. */
    private static void attempts(long runId, long pageId, String site, String outcome, int count, String ago) {
        Sql.execute(jdbc(), "INSERT INTO scrape_attempt (scrape_run_id, watched_page_id, url, started_at, finished_at, outcome,"
                + " reason, site, layout) SELECT " + runId + ", " + pageId + ", 'https://www.example.com/', now() - interval '" + ago
                + "', now() - interval '" + ago + "', '" + outcome + "', "
                + (outcome.equals("PARSED") ? "NULL" : "'no layout found an offer'") + ", '" + site + "', 'none'"
                + " FROM generate_series(1, " + count + ")");
    }

    @Test
    void aSiteWhoseFailureShareJumpedIsFlaggedWhileTheOthersStayFresh() {
        // no seed catalog in this profile: the page watches a drive of the test's own
        Sql.execute(jdbc(), "INSERT INTO drive (slug, vendor, model, capacity_gb, interface, form_factor)"
                + " VALUES ('test-failure-share', 'Test', 'Failure share', 58, 'nvme', 'm2-2280')");
        Sql.execute(jdbc(), "INSERT INTO watched_page (marketplace_id, external_id, url, drive_id, last_success_at)"
                + " SELECT m.id, 'N82E16820167506', 'https://www.newegg.com/p/N82E16820167506', d.id, now()"
                + " FROM marketplace m, drive d WHERE m.code = 'newegg-us' AND d.slug = 'test-failure-share'");
        long page = ((Number) Sql.value(jdbc(), "SELECT max(id) FROM watched_page")).longValue();
        Sql.execute(jdbc(), "INSERT INTO scrape_run (trigger, status, started_at, finished_at) VALUES ('MANUAL', 'SUCCEEDED',"
                + " now() - interval '8 days', now())");
        long run = ((Number) Sql.value(jdbc(), "SELECT max(id) FROM scrape_run")).longValue();
        attempts(run, page, "newegg", "PARSED", 20, "3 days");
        attempts(run, page, "newegg", "PARSE_FAILED", 1, "4 days");
        attempts(run, page, "newegg", "PARSE_FAILED", 4, "2 hours");
        attempts(run, page, "newegg", "PARSED", 1, "1 hour");
        attempts(run, page, "amazon", "PARSED", 10, "3 days");
        attempts(run, page, "amazon", "PARSED", 5, "1 hour");

        given().when().get("/q/health/well").then().statusCode(503)
                .body("checks.find { it.name == 'price data freshness' }.status", equalTo("DOWN"))
                .body("checks.find { it.name == 'price data freshness' }.data.reason",
                        containsString("the share of failed scrapes jumped on newegg"));
        // the shares are the admin's details (no admin token in this profile: read from the check)
        assertThat(freshness.reports().get(0).details())
                .containsEntry("failureShareJump.newegg", "4 of 5 attempts failed in the last PT24H (80%), 1 of 21 in the PT168H before (5%)")
                .doesNotContainKey("failureShareJump.amazon");
    }

    @Test
    void aJumpNeedsEnoughRecentAttemptsAndASiteWithoutHistoryCountsFromNothing() {
        assertThat(new SiteShare("ebay", 2, 2, 0, 0).jumped(0.3, 3)).as("two attempts say too little").isFalse();
        assertThat(new SiteShare("ebay", 3, 3, 0, 0).jumped(0.3, 3)).as("a new site failing everything").isTrue();
        assertThat(new SiteShare("ebay", 10, 4, 10, 2).jumped(0.3, 3)).as("40% against 20%").isFalse();
        assertThat(new SiteShare("ebay", 10, 6, 10, 2).jumped(0.3, 3)).as("60% against 20%").isTrue();
        assertThat(new SiteShare("ebay", 10, 9, 10, 9).jumped(0.3, 3)).as("always failing is no jump").isFalse();
    }
}
