package dev.drivecat.digest;

import static dev.drivecat.digest.DigestFixtures.P4800X;
import static dev.drivecat.digest.DigestFixtures.importPrices;
import static dev.drivecat.digest.DigestFixtures.runDigest;
import static dev.drivecat.digest.DigestFixtures.signUp;
import static dev.drivecat.digest.DigestFixtures.token;
import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import dev.drivecat.testing.SmtpServer;
import dev.drivecat.testing.Sql;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Sign-up with double opt-in: what is mailed, what is answered, and what is refused. */
@QuarkusTest
@TestProfile(DigestProfile.class)
class SubscriptionTest {

    @Test
    void nothingButTheConfirmationIsSentToAnUnconfirmedAddress() {
        importPrices();
        String gus = "gus@example.org";
        signUp("192.0.2.10", Map.of("email", gus, "drives", List.of(P4800X))).then().statusCode(202);
        List<jakarta.mail.internet.MimeMessage> mails = SmtpServer.receivedBy(gus);
        assertThat(mails).hasSize(1);
        assertThat(DigestFixtures.subject(mails.get(0))).isEqualTo("Confirm your drivecat price digest");
        assertThat(DigestFixtures.parts(mails.get(0))).containsKeys("text/plain", "text/html");
        String token = token(DigestFixtures.text(mails.get(0)), "/subscriptions/confirm");

        // opening the link only shows the button; a mail scanner following it subscribes nobody
        given().accept("text/html").queryParam("token", token).when().get("/subscriptions/confirm")
                .then().statusCode(200).body(containsString("<button type=\"submit\">Confirm</button>"));
        admin().queryParam("week", "2026-W47").queryParam("email", gus).when().get("/admin/digests/preview")
                .then().statusCode(200).body("subscriberStatus", equalTo("PENDING")).body("wouldSend", equalTo(false));

        runDigest("2026-W47");
        runDigest("2026-W46");
        assertThat(SmtpServer.receivedBy(gus)).hasSize(1);
    }

    @Test
    void repeatedSignUpsAnswerTheSameAndMailOnceAndNobodyCanBlockAnAddressWithThem() {
        String hal = "hal@example.org";
        Response first = signUp("192.0.2.11", Map.of("email", hal));
        first.then().statusCode(202);
        // more sign-ups for the address than its limit, from other clients: the limit counts mails sent, not requests
        for (int i = 1; i < 3 * DigestProfile.SIGNUPS_PER_ADDRESS; i++) {
            Response again = signUp("192.0.2." + (110 + i), Map.of("email", "HAL@example.org", "roles", List.of("slog")));
            again.then().statusCode(202);
            assertThat(again.asString()).isEqualTo(first.asString()).doesNotContain(hal);
        }
        assertThat(SmtpServer.receivedBy(hal)).as("one confirmation per resend interval").hasSize(1);
    }

    @Test
    void theSignUpIsAnsweredBeforeItsConfirmationMailIsSent() throws Exception {
        String max = "max@example.org";
        SmtpServer.Hold hold = SmtpServer.hold(max);
        try {
            // sent on another thread: were the mail sent before answering, the answer would wait for the held mail
            java.util.concurrent.CompletableFuture<Response> answer = java.util.concurrent.CompletableFuture.supplyAsync(() ->
                    given().header("X-Forwarded-For", "192.0.2.17").contentType(ContentType.JSON).body(Map.of("email", max))
                            .when().post("/subscriptions").then().extract().response());
            answer.get(60, java.util.concurrent.TimeUnit.SECONDS).then().statusCode(202);
            // a mail sent before answering would have been held, timed out and tried again before the answer came
            assertThat(hold.deliveries()).as("delivery attempts when the answer came").isLessThanOrEqualTo(1);
            assertThat(SmtpServer.receivedBy(max)).isEmpty();
        } finally {
            hold.release();
        }
        DigestFixtures.awaitConfirmations();
        assertThat(SmtpServer.receivedBy(max)).hasSize(1);
    }

    @Test
    void anAddressAlreadySubscribedGetsTheSameAnswerAsANewOne() {
        String ida = "ida@example.org";
        DigestFixtures.subscribe("192.0.2.13", Map.of("email", ida, "drives", List.of(P4800X)));
        String subscribed = signUp("192.0.2.13", Map.of("email", ida)).then().statusCode(202).extract().asString();
        String fresh = signUp("192.0.2.13", Map.of("email", "new-" + ida)).then().statusCode(202).extract().asString();
        assertThat(subscribed).isEqualTo(fresh);
    }

    @Test
    void signUpsFromOneClientAreLimitedWhetherValidOrNot() {
        // counted before the body is read: invalid sign-ups use the client's allowance too
        for (int i = 0; i < DigestProfile.SIGNUPS_PER_CLIENT; i++) {
            signUp("192.0.2.99", i % 2 == 0 ? Map.of("email", "client-limit-" + i + "@example.org")
                    : Map.of("email", "client-limit-" + i + "@example.org", "minChangePercent", "1e1000000000"))
                    .then().statusCode(i % 2 == 0 ? 202 : 400);
        }
        signUp("192.0.2.99", Map.of("email", "client-limit-over@example.org")).then().statusCode(429)
                .header("Retry-After", org.hamcrest.Matchers.notNullValue())
                .body("type", equalTo("urn:problem-type:drivecat:too-many-requests"))
                .body("detail", containsString("from this client"));
        assertThat(SmtpServer.receivedBy("client-limit-over@example.org")).isEmpty();
        // another client is not affected
        signUp("192.0.2.98", Map.of("email", "client-limit-other@example.org")).then().statusCode(202);
    }

    @Test
    void rejectsServerOwnedAndUnknownMembersInsteadOfAssigningThem() {
        given().header("X-Forwarded-For", "192.0.2.14").contentType(ContentType.JSON)
                .body("{\"email\": \"jo@example.org\", \"confirmed\": true}")
                .when().post("/subscriptions")
                .then().statusCode(400).contentType("application/problem+json")
                .body("detail", containsString("\"confirmed\" is not a member of a sign-up"))
                .body("allowed", hasItem("email"));
        given().header("X-Forwarded-For", "192.0.2.14").contentType(ContentType.JSON)
                .body("{\"email\": \"jo@example.org\", \"id\": 7}")
                .when().post("/subscriptions").then().statusCode(400).body("pointer", equalTo("/id"));
        given().header("X-Forwarded-For", "192.0.2.14").contentType(ContentType.JSON)
                .body(Map.of("email", "jo@example.org", "unsubscribeToken", "x"))
                .when().post("/subscriptions").then().statusCode(400);
        assertThat(SmtpServer.receivedBy("jo@example.org")).isEmpty();
    }

    @Test
    void rejectsBadValuesSayingWhatIsAllowed() {
        signUp("192.0.2.15", Map.of("email", "not an address")).then().statusCode(400)
                .body("detail", containsString("one mail address"));
        signUp("192.0.2.15", Map.of("email", "kim@example.org", "drives", List.of("no-such-drive"))).then().statusCode(400)
                .body("detail", containsString("'no-such-drive'")).body("unknown", hasItem("no-such-drive"));
        signUp("192.0.2.15", Map.of("email", "kim@example.org", "roles", List.of("zil"))).then().statusCode(400)
                .body("allowed", hasItem("slog"));
        signUp("192.0.2.15", Map.of("email", "kim@example.org", "interfaces", List.of("floppy"))).then().statusCode(400)
                .body("allowed", hasItem("m2"));
        signUp("192.0.2.15", Map.of("email", "kim@example.org", "minChangePercent", 0.5)).then().statusCode(400)
                .body("detail", containsString("minChangePercent must be from 2"));
        assertThat(SmtpServer.receivedBy("kim@example.org")).isEmpty();
    }

    @Test
    void aForgedConfirmationTokenIsA404AndConfirmingTwiceChangesNothing() {
        given().accept("text/html").queryParam("token", "B".repeat(43)).when().get("/subscriptions/confirm")
                .then().statusCode(404).body(containsString("not a confirmation link"));
        given().contentType(ContentType.URLENC).formParam("token", "B".repeat(43)).when().post("/subscriptions/confirm")
                .then().statusCode(404).contentType("application/problem+json");

        String lee = "lee@example.org";
        signUp("192.0.2.16", Map.of("email", lee)).then().statusCode(202);
        String token = token(DigestFixtures.text(SmtpServer.receivedBy(lee).get(0)), "/subscriptions/confirm");
        var jdbc = Sql.quarkusDatasource();
        String confirmedAt = "SELECT confirmed_at FROM subscriber WHERE email_key = 'lee@example.org'";
        int mails = SmtpServer.receivedBy(lee).size();
        java.util.List<Object> confirmedTimes = new java.util.ArrayList<>();
        for (int i = 0; i < 2; i++) {
            given().contentType(ContentType.URLENC).formParam("token", token).when().post("/subscriptions/confirm")
                    .then().statusCode(200).body("status", equalTo("confirmed")).body(not(containsString(lee)));
            confirmedTimes.add(Sql.value(jdbc, confirmedAt));
        }
        assertThat(confirmedTimes.get(0)).as("confirmed").isNotNull();
        assertThat(confirmedTimes.get(1)).as("a second confirmation changes nothing").isEqualTo(confirmedTimes.get(0));
        assertThat(SmtpServer.receivedBy(lee)).as("and sends nothing").hasSize(mails);
    }
}
