package dev.drivecat.database;

import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * Tests run on a datasource configured from outside (the test resource's server), as a production
 * service on its own PostgreSQL does: its backups are that server's operator's business.
 */
@QuarkusTest
class BackupsOnExternalDatabaseTest {

    @Test
    void backupEndpointsSayBackupsBelongToTheExternalServersOperator() {
        for (var response : new io.restassured.response.Response[] {
                admin().when().post("/admin/backups"), admin().when().get("/admin/backups")}) {
            response.then().statusCode(409).contentType("application/problem+json")
                    .body("detail", containsString("belong to that server's operator"))
                    .body("detail", containsString("QUARKUS_DATASOURCE_JDBC_URL"));
        }
    }

    @Test
    void backupEndpointsNeedTheAdminToken() {
        given().when().post("/admin/backups").then().statusCode(401);
    }

    @Test
    void supervisionIsLeftToTheExternalServersOperatorAndStaysLive() {
        given().when().get("/q/health/live").then().statusCode(200)
                .body("checks.find { it.name == 'embedded database supervision' }.data.reason",
                        containsString("supervised by its operator"))
                .body("status", equalTo("UP"));
    }
}
