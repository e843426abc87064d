package dev.drivecat.web;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;

import dev.drivecat.testing.StrictSettings;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

/** With no admin token configured, admin endpoints are closed — never open. */
@QuarkusTest
@TestProfile(StrictSettings.class)
class AdminClosedWithoutTokenTest {

    @Test
    void adminEndpointsAnswer401WhenNoTokenIsConfigured() {
        given().header("Authorization", "Bearer ").contentType("application/json").body("{}")
                .when().post("/admin/imports/specs")
                .then().statusCode(401)
                .contentType("application/problem+json")
                .body("detail", containsString("no admin token is configured"));
        given().header("Authorization", "Bearer anything").contentType("application/json").body("{}")
                .when().post("/admin/imports/specs")
                .then().statusCode(401);
        // every admin path, with no token, an empty one or a guess
        for (String[] call : new String[][] {{"GET", "/admin/listings"}, {"POST", "/admin/scrapes"},
                {"POST", "/admin/imports/pages"}, {"POST", "/admin/digests/run"}, {"GET", "/admin/digests/preview"},
                {"GET", "/admin/no-such-thing"}}) {
            for (String authorization : new String[] {null, "Bearer ", "Bearer anything"}) {
                var request = given();
                if (authorization != null) {
                    request.header("Authorization", authorization);
                }
                request.when().request(call[0], call[1]).then().statusCode(401).contentType("application/problem+json");
            }
        }
    }

    @Test
    void readEndpointsStayPublic() {
        given().when().get("/drives").then().statusCode(200);
    }
}
