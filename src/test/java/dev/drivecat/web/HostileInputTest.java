package dev.drivecat.web;

import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.notNullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.logging.Handler;
import java.util.logging.Level;
import org.jboss.logmanager.ExtLogRecord;
import org.jboss.logmanager.LogContext;
import org.junit.jupiter.api.Test;

/** What the service answers to input built to break it: control characters, broken JSON, oversized requests. */
@QuarkusTest
class HostileInputTest {

    @Test
    void nulInAPathOrQueryParameterIsABadRequestNamingTheParameter() {
        given().urlEncodingEnabled(false).when().get("/drives/%00").then().statusCode(400)
                .contentType(Problem.MEDIA_TYPE).body("parameter", equalTo("slug"))
                .body("detail", containsString("U+0000"));
        admin().urlEncodingEnabled(false).when().get("/admin/listings?drive=%00").then().statusCode(400)
                .contentType(Problem.MEDIA_TYPE).body("parameter", equalTo("drive"));
    }

    @Test
    void everyControlCharacterInATextParameterIsRefused() {
        for (String value : new String[] {"m2\r\nX-Injected: yes", "\u001b[31mred", "tab\there", "del\u007f", "next-line\u0085"}) {
            given().queryParam("q", value).when().get("/drives").then().statusCode(400)
                    .contentType(Problem.MEDIA_TYPE).body("parameter", equalTo("q"));
        }
        given().queryParam("q", "Optane 900P — 280 GB ½ ✓").when().get("/drives").then().statusCode(200);
    }

    @Test
    void aQueryParameterNoOperationDeclaresIsRefusedNamingIt() {
        admin().queryParam("limt", "5").when().get("/admin/scrapes").then().statusCode(400)
                .contentType(Problem.MEDIA_TYPE).body("parameter", equalTo("limt"))
                .body("allowed", hasItems("limit", "offset"));
        given().queryParam("roles", "slog").when().get("/recommend").then().statusCode(400)
                .body("parameter", equalTo("roles")).body("allowed", hasItems("role", "layout", "hasSlog"));
        given().queryParam("verbose", "1").when().get("/").then().statusCode(400)
                .body("detail", containsString("takes none"));
    }

    @Test
    void malformedJsonOnEveryJsonEndpointSaysWhereItBroke() {
        admin().contentType("application/json").body("{\"url\": \"https://www.amazon.com/dp/B0EXAMPLE1\",\n \"drive\": ")
                .when().post("/admin/listings").then().statusCode(400)
                .contentType(Problem.MEDIA_TYPE).body("line", equalTo(2)).body("column", greaterThan(0))
                .body("detail", containsString("line 2"));
        given().contentType("application/json").body("{\"email\": \"a@example.org\", \"roles\": [\"slog\"")
                .when().post("/subscriptions").then().statusCode(400)
                .contentType(Problem.MEDIA_TYPE).body("line", equalTo(1)).body("column", greaterThan(0));
        admin().contentType("application/json").body("{\"format\": \"drivecat-import/1\", \"drives\": [")
                .when().post("/admin/imports/specs").then().statusCode(400)
                .contentType(Problem.MEDIA_TYPE).body("errors[0].message", containsString("line 1"));
        admin().contentType("application/json").queryParam("url", "urn:test:table").body("[{\"label\": \"Capacity\", \"value\": ")
                .when().post("/admin/imports/spec-tables").then().statusCode(400)
                .contentType(Problem.MEDIA_TYPE).body("detail", containsString("line 1"));
    }

    @Test
    void aWrongTypeOrNulInAJsonMemberPointsAtTheMember() {
        admin().contentType("application/json").body("{\"url\": \"https://www.amazon.com/dp/B0EXAMPLE1\", \"drive\": \"a\\u0000b\"}")
                .when().post("/admin/listings").then().statusCode(400)
                .contentType(Problem.MEDIA_TYPE).body("pointer", equalTo("/drive"));
        given().contentType("application/json").body("{\"email\": \"a@example.org\", \"roles\": {\"slog\": true}}")
                .when().post("/subscriptions").then().statusCode(400)
                .contentType(Problem.MEDIA_TYPE).body("pointer", equalTo("/roles"));
    }

    @Test
    void aRequestTargetOrHeadersOverTheLimitGetAProblem() {
        var uri = given().queryParam("q", "a".repeat(RequestLimits.MAX_URI_LENGTH)).when().get("/drives").then().statusCode(414)
                .contentType(Problem.MEDIA_TYPE).body("maximum", equalTo(RequestLimits.MAX_URI_LENGTH))
                .body("instance", equalTo("/drives")).extract().response();
        ApiFuzzTest.assertSecurityHeaders("the 414", uri::header);
        var headers = given().header("X-Padding", "b".repeat(RequestLimits.MAX_HEADERS_SIZE)).when().get("/drives").then().statusCode(431)
                .contentType(Problem.MEDIA_TYPE).body("maximum", equalTo(RequestLimits.MAX_HEADERS_SIZE)).extract().response();
        ApiFuzzTest.assertSecurityHeaders("the 431", headers::header);
    }

    @Test
    void beyondTwiceTheLimitTheHttpCodecAnswersBare414() throws Exception {
        // Vert.x refuses this before any route runs; Quarkus has no hook for its answer (documented in reliability.md)
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(RestAssured.baseURI + ":" + RestAssured.port + "/drives?q=" + "a".repeat(3 * RequestLimits.MAX_URI_LENGTH)))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(414);
    }

    @Test
    void consoleLogLinesCarryNoRawControlCharactersFromARequest() {
        Handler console = consoleHandler();
        ExtLogRecord record = new ExtLogRecord(Level.WARNING, "Database unavailable on %s: %s", ExtLogRecord.FormatStyle.PRINTF,
                HostileInputTest.class.getName());
        record.setParameters(new Object[] {"/drives/x\r\n2026-12-01 00:00:00,000 INFO  forged line\u0000", "down"});
        assertThat(console.getFilter()).as("the console handler's filter").isNotNull();
        assertThat(console.getFilter().isLoggable(record)).isTrue();
        String line = console.getFormatter().format(record);
        assertThat(line.substring(0, line.length() - System.lineSeparator().length()))
                .doesNotContain("\r").doesNotContain("\n").doesNotContain("\u0000")
                .contains("/drives/x\\r\\n2026-12-01 00:00:00,000 INFO  forged line\\u0000");
    }

    private static Handler consoleHandler() {
        for (Handler handler : LogContext.getLogContext().getLogger("").getHandlers()) {
            Handler found = findConsole(handler);
            if (found != null) {
                return found;
            }
        }
        throw new AssertionError("no console log handler");
    }

    private static Handler findConsole(Handler handler) {
        if (handler instanceof org.jboss.logmanager.handlers.ConsoleHandler) {
            return handler;
        }
        if (handler instanceof org.jboss.logmanager.ExtHandler ext) {
            for (Handler child : ext.getHandlers()) {
                Handler found = findConsole(child);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
