package dev.drivecat.web;

import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

/**
 * Every reader of pasted text stops once its request's deadline has passed, whichever operation
 * and thread reads it: with a deadline of 0 every paste is stopped before it is read, answered 503
 * problem+json (the pool form of the /recommend page with the 503 page), and nothing is stored.
 * Work that does not read a paste is not bounded this way, so the rest of the service answers as
 * always. {@code common.WorkTest} stops work whose client has gone.
 */
@QuarkusTest
@TestProfile(Outages.class)
class RequestDeadlineTest {

    private static final String DISKINFO = "/dev/nvd0\n        INTEL SSDPEK1A058GA     # Disk descr.\n\nSynchronous random writes:\n"
            + "           4 kbytes:     14.0 usec/IO =    279.0 Mbytes/s\n";

    @Test
    void everyPasteIsStoppedOnceItsDeadlineHasPassed() {
        stopped(given().contentType("text/plain").body(ApiFuzzTest.SMARTCTL).when().post("/identify"));
        stopped(given().contentType("text/plain").body("  pool: tank\n").when().post("/pools/parse"));
        stopped(given().contentType("text/plain").body("  pool: tank\n").when().post("/recommend?role=special"));
        stopped(admin().contentType("text/plain").body(DISKINFO).when().post("/admin/measurements?url=urn:test:deadline"));
    }

    @Test
    void thePoolFormAnswersTheStopAsAPage() {
        given().accept("text/html").contentType("application/x-www-form-urlencoded").formParam("paste", "  pool: tank\n")
                .formParam("role", "special").when().post("/recommend").then().statusCode(503).contentType(containsString("text/html"))
                .body(containsString("ran past its deadline"));
    }

    @Test
    void whatReadsNoPasteAnswersAsAlways() {
        given().when().get("/drives").then().statusCode(200);
        given().queryParam("text", "Samsung PM893 240GB 2.5\" SATA").when().get("/identify").then().statusCode(200);
    }

    private static void stopped(io.restassured.response.Response answer) {
        answer.then().statusCode(503).contentType("application/problem+json")
                .body("type", equalTo("urn:problem-type:drivecat:unavailable"))
                .body("detail", containsString("ran past its deadline of 0 s"));
    }

}
