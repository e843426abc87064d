package dev.drivecat.web;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** With no admin token configured, admin endpoints are closed — never open. */
@QuarkusTest
@TestProfile(AdminClosedWithoutTokenTest.NoAdminToken.class)
class AdminClosedWithoutTokenTest {

    public static class NoAdminToken implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("drivecat.admin-token", "", "drivecat.seed.enabled", "false");
        }
    }

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
    }

    @Test
    void readEndpointsStayPublic() {
        given().when().get("/drives").then().statusCode(200);
    }
}
