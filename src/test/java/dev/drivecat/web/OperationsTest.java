package dev.drivecat.web;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.matchesPattern;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

@QuarkusTest
class OperationsTest {

    @Test
    void everyResponseCarriesARequestIdAndKeepsASaneOneFromTheClient() {
        given().when().get("/drives?limit=1").then().statusCode(200)
                .header(RequestIdFilter.HEADER, matchesPattern("[0-9a-f-]{36}"));
        given().header(RequestIdFilter.HEADER, "trace-42").when().get("/drives?limit=1").then()
                .header(RequestIdFilter.HEADER, equalTo("trace-42"));
        given().header(RequestIdFilter.HEADER, "bad id\nwith newline").when().get("/drives?limit=1").then()
                .header(RequestIdFilter.HEADER, matchesPattern("[0-9a-f-]{36}"));
        given().when().get("/drives?interface=floppy").then().statusCode(400)
                .header(RequestIdFilter.HEADER, matchesPattern("[0-9a-f-]{36}"));
    }

    @Test
    void healthHasLivenessReadinessAndDataFreshness() {
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        given().when().get("/q/health/ready").then().statusCode(200)
                .body("checks.name", hasItem(containsString("Database")));
        // no page is watched in the seed catalog: nothing can be stale yet
        given().when().get("/q/health/well").then().statusCode(200)
                .body("checks.find { it.name == 'price data freshness' }.data.status", equalTo("no pages watched"));
    }

    @Test
    void metricsAreInPrometheusFormatWithRequestLatency() {
        given().when().get("/recommend?role=slog").then().statusCode(200);
        given().when().get("/q/metrics").then().statusCode(200)
                .body(containsString("http_server_requests_seconds_count"))
                .body(containsString("uri=\"/recommend\""))
                .body(containsString("drivecat_scrape_last_success_age_seconds"));
    }

    @Test
    void theIndexSaysWhereToStart() {
        given().when().get("/").then().statusCode(200)
                .body("name", equalTo("drivecat"))
                .body("openapi", equalTo("/q/openapi"));
    }

    @Test
    void errorBodiesNeverCarryStackTracesOrClassNames() {
        String body = given().contentType("application/json").body("{not json")
                .header("Authorization", "Bearer test-admin-token")
                .when().post("/admin/imports/specs").then().statusCode(400)
                .contentType("application/problem+json").extract().asString();
        org.assertj.core.api.Assertions.assertThat(body).doesNotContain("at dev.drivecat").doesNotContain("com.fasterxml")
                .doesNotContain("Exception");
    }
}
