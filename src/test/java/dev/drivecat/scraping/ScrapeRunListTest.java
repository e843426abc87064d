package dev.drivecat.scraping;

import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;

import dev.drivecat.testing.Sql;
import dev.drivecat.testing.WritesData;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(WritesData.class)
class ScrapeRunListTest {

    @Test
    void recentRunsAreListedNewestFirstInPages() {
        var jdbc = Sql.quarkusDatasource();
        // later than any run another test of this profile starts, so these three are the newest
        Sql.execute(jdbc, "INSERT INTO scrape_run (trigger, status, started_at, finished_at, pages_fetched, offers_parsed, failures) VALUES "
                + "('SCHEDULE', 'SUCCEEDED', '2099-01-01T00:00:00Z', '2099-01-01T00:05:00Z', 4, 3, 1), "
                + "('MANUAL', 'INTERRUPTED', '2099-01-03T00:00:00Z', '2099-01-03T00:00:30Z', 1, 0, 0), "
                + "('SCHEDULE', 'FAILED', '2099-01-02T00:00:00Z', '2099-01-02T00:01:00Z', 2, 0, 2)");

        admin().queryParam("limit", 2).when().get("/admin/scrapes").then().statusCode(200)
                .body("items.startedAt", contains("2099-01-03T00:00:00Z", "2099-01-02T00:00:00Z"))
                .body("items[0].status", equalTo("INTERRUPTED"))
                .body("items[1].failures", equalTo(2))
                .body("limit", equalTo(2)).body("offset", equalTo(0))
                .body("total", greaterThanOrEqualTo(3));
        admin().queryParam("limit", 1).queryParam("offset", 2).when().get("/admin/scrapes").then().statusCode(200)
                .body("items.startedAt", contains("2099-01-01T00:00:00Z"))
                .body("items[0].pagesFetched", equalTo(4));
    }

    @Test
    void theListIsForTheAdminOnlyAndPagesWithinTheCap() {
        given().when().get("/admin/scrapes").then().statusCode(401);
        admin().queryParam("limit", 1000).when().get("/admin/scrapes").then().statusCode(400)
                .body("parameter", equalTo("limit"));
    }
}
