package dev.drivecat.web;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(RateLimitTest.Tight.class)
class RateLimitTest {

    public static class Tight implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("drivecat.rate-limits.recommend-per-minute", "3",
                    "drivecat.rate-limits.export-per-minute", "2",
                    "drivecat.seed.enabled", "false");
        }
    }

    @Test
    void recommendationsOverTheLimitAnswer429WithRetryAfter() {
        for (int i = 0; i < 3; i++) {
            given().when().get("/recommend?role=slog").then().statusCode(200);
        }
        given().when().get("/recommend?role=slog").then().statusCode(429)
                .contentType("application/problem+json")
                .header("Retry-After", notNullValue())
                .body("status", equalTo(429))
                .body("detail", containsString("at most 3 a minute"));
        // other endpoints are not limited
        given().when().get("/drives").then().statusCode(200);
    }

    @Test
    void priceExportsHaveTheirOwnLimit() {
        given().when().get("/drives/none/prices").then().statusCode(404);
        given().when().get("/drives/none/prices").then().statusCode(404);
        given().accept("text/csv").when().get("/drives/none/prices").then().statusCode(429)
                .header("Retry-After", notNullValue());
    }
}
