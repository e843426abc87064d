package dev.drivecat.web;

import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.matchesPattern;

import dev.drivecat.database.EmbeddedDatabase.Login;
import dev.drivecat.testing.Sql;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
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
                .body("checks.find { it.name == 'database' }.data.reason", equalTo("the database answers"));
        // no page is watched in the seed catalog: nothing can be stale yet
        given().when().get("/q/health/well").then().statusCode(200)
                .body("checks.find { it.name == 'price data freshness' }.data.reason", equalTo("no pages watched"));
    }

    /** What an upstream wrote into a failed run's reason: an eBay error echoing a token, a DSN, a path, a process id. */
    static final List<String> UPSTREAM = List.of("v^1.1#i^1#r^0#p^3#I^3#f^0#t^H4sIAAAAAAAA", "jdbc:postgresql://10.0.0.5:5432/drivecat",
            "/var/lib/drivecat/postgres", "pid 48213");

    @Test
    void publicHealthSaysUpOrDownAndWhyInItsOwnWordsAndTheAdminGetsTheDetails() {
        String source = "ebay-browse:ebay-us";
        String reason = "eBay answered 401: {\"errors\":[{\"message\":\"Invalid access token " + UPSTREAM.get(0) + "\"}]} while "
                + UPSTREAM.get(1) + " at " + UPSTREAM.get(2) + " (" + UPSTREAM.get(3) + ")";
        Sql.execute(jdbc(), "INSERT INTO discovery_run (source, trigger, status, finished_at, reason) VALUES ('" + source
                + "', 'MANUAL', 'FAILED', now(), '" + reason.replace("'", "''") + "')");
        try {
            given().when().get("/q/health/well").then().statusCode(503).body("checks.find { it.name == 'discovery' }.data.reason",
                    equalTo("the last run of " + source + " failed (the admin's health details say why)"));
            for (String group : List.of("/q/health", "/q/health/live", "/q/health/ready", "/q/health/well", "/q/health/started")) {
                JsonPath health = given().when().get(group).then().extract().jsonPath();
                List<Map<String, Object>> checks = health.getList("checks");
                for (Map<String, Object> check : checks) {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> data = (Map<String, Object>) check.get("data");
                    assertThat(data).as("the data %s publishes of %s", group, check.get("name")).containsOnlyKeys("reason");
                    assertThat(String.valueOf(data.get("reason"))).as("the reason %s gives for %s", group, check.get("name"))
                            .doesNotContain("://", "jdbc:", "Exception", "token").doesNotContainPattern("[0-9]{3,}|/[a-z]");
                }
                for (String upstream : UPSTREAM) {
                    assertThat(health.prettify()).as("%s", group).doesNotContain(upstream);
                }
            }
            JsonPath details = admin().when().get("/admin/health").then().statusCode(200).extract().jsonPath();
            assertThat(details.getString("find { it.check == 'discovery' }.details.'" + source + "'")).contains(UPSTREAM);
            assertThat(details.getString("find { it.check == 'embedded database supervision' }.reason")).isNotBlank();
            assertThat(details.getBoolean("find { it.check == 'database' }.up")).isTrue();
            given().when().get("/admin/health").then().statusCode(401);
        } finally {
            Sql.execute(jdbc(), "DELETE FROM discovery_run WHERE source = '" + source + "' AND trigger = 'MANUAL' AND reason LIKE 'eBay answered 401%'");
        }
    }

    private static Login jdbc() {
        return Sql.quarkusDatasource();
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
