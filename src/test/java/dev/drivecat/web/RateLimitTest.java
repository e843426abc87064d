package dev.drivecat.web;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import dev.drivecat.testing.StrictSettings;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(StrictSettings.class)
class RateLimitTest {

    @Test
    void recommendationsOverTheLimitAnswer429WithRetryAfter() {
        for (int i = 0; i < StrictSettings.RECOMMEND_PER_MINUTE; i++) {
            given().when().get("/recommend?role=slog").then().statusCode(200);
        }
        var refused = given().when().get("/recommend?role=slog").then().statusCode(429)
                .contentType("application/problem+json")
                .header("Retry-After", notNullValue())
                .body("status", equalTo(429))
                .body("detail", containsString("at most " + StrictSettings.RECOMMEND_PER_MINUTE + " a minute")).extract().response();
        ApiFuzzTest.assertSecurityHeaders("the 429 to /recommend", refused::header);
        // other endpoints are not limited
        given().when().get("/drives").then().statusCode(200);
    }

    @Test
    void priceExportsHaveTheirOwnLimit() {
        for (int i = 0; i < StrictSettings.EXPORT_PER_MINUTE; i++) {
            given().when().get("/drives/none/prices").then().statusCode(404);
        }
        given().accept("text/csv").when().get("/drives/none/prices").then().statusCode(429)
                .header("Retry-After", notNullValue());
        // the chart is the same history drawn: the same allowance
        given().when().get("/drives/none/prices.svg").then().statusCode(429);
    }

    @Test
    void drivePagesHaveTheirOwnLimitForThePageAndTheJsonAlike() {
        for (int i = 0; i < StrictSettings.DRIVE_PER_MINUTE; i++) {
            given().accept(i % 2 == 0 ? "text/html" : "application/json").when().get("/drives/no-such-drive").then().statusCode(404);
        }
        var refused = given().accept("text/html").when().get("/drives/no-such-drive").then().statusCode(429)
                .contentType("application/problem+json").header("Retry-After", notNullValue())
                .body("detail", containsString("drive pages")).extract().response();
        ApiFuzzTest.assertSecurityHeaders("the 429 to a drive page", refused::header);
    }

    @Test
    void identificationsHaveTheirOwnLimitForBothForms() {
        given().queryParam("text", "Samsung PM893 240GB").when().get("/identify").then().statusCode(200);
        given().contentType("text/plain").body("Samsung PM893 240GB").when().post("/identify").then().statusCode(200);
        given().queryParam("text", "Samsung PM893 240GB").when().get("/identify").then().statusCode(429)
                .contentType("application/problem+json").header("Retry-After", notNullValue())
                .body("detail", containsString("at most " + StrictSettings.IDENTIFY_PER_MINUTE + " a minute"));
    }

    @Test
    void pastedPoolsHaveTheirOwnLimitCountedBeforeTheBodyIsRead() {
        for (int i = 0; i < StrictSettings.POOLS_PER_MINUTE; i++) {
            given().contentType("text/plain").body("no pool here").when().post("/pools/parse").then().statusCode(400);
        }
        given().contentType("text/plain").body(new byte[300 * 1024]).when().post("/pools/parse").then().statusCode(429)
                .contentType("application/problem+json")
                .header("Retry-After", notNullValue())
                .body("detail", containsString("Too many pasted pools from this client: at most " + StrictSettings.POOLS_PER_MINUTE));
    }

    @Test
    void aPoolPastedToRecommendCountsAsAPastedPoolBeforeItsBodyIsRead() {
        // the pasted pools' allowance spent (by this test or another of the class), without spending a recommendation
        for (int i = 0; i <= StrictSettings.POOLS_PER_MINUTE; i++) {
            given().contentType("text/plain").body("no pool here").when().post("/pools/parse").then()
                    .statusCode(org.hamcrest.Matchers.oneOf(400, 429));
        }
        var refused = given().contentType("text/plain").body(new byte[300 * 1024]).when().post("/recommend?role=special").then()
                .statusCode(429)
                .contentType("application/problem+json")
                .header("Retry-After", notNullValue())
                .body("detail", containsString("Too many pasted pools from this client")).extract().response();
        ApiFuzzTest.assertSecurityHeaders("the 429 to a pool posted to /recommend", refused::header);
    }
}
