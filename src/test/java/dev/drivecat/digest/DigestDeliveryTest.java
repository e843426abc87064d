package dev.drivecat.digest;

import static dev.drivecat.digest.DigestFixtures.BASE;
import static dev.drivecat.digest.DigestFixtures.P4800X;
import static dev.drivecat.digest.DigestFixtures.PM9A3;
import static dev.drivecat.digest.DigestFixtures.header;
import static dev.drivecat.digest.DigestFixtures.importPrices;
import static dev.drivecat.digest.DigestFixtures.parts;
import static dev.drivecat.digest.DigestFixtures.runDigest;
import static dev.drivecat.digest.DigestFixtures.subject;
import static dev.drivecat.digest.DigestFixtures.subscribe;
import static dev.drivecat.digest.DigestFixtures.token;
import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.drivecat.testing.SmtpServer;
import dev.drivecat.testing.Sql;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.mail.internet.MimeMessage;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The weekly digest end to end: prices → change detection → mail over real SMTP → links that work. */
@QuarkusTest
@TestProfile(DigestProfile.class)
class DigestDeliveryTest {

    @Test
    void sendsOneDigestWithTheDropInSubjectAndBodyAndASecondRunSendsNothing() {
        importPrices();
        String alice = "alice@example.org";
        subscribe("198.51.100.1", Map.of("email", alice, "drives", List.of(P4800X)));
        int before = SmtpServer.receivedBy(alice).size();

        JsonPath first = runDigest("2026-W47").jsonPath();
        assertThat(first.getInt("sent")).isGreaterThanOrEqualTo(1);
        List<MimeMessage> mails = SmtpServer.receivedBy(alice);
        assertThat(mails).hasSize(before + 1);
        MimeMessage digest = mails.get(mails.size() - 1);

        assertThat(subject(digest)).isEqualTo("1 price drop: Optane SSD DC P4800X 375GB \u221212%");
        Map<String, String> parts = parts(digest);
        assertThat(parts).containsKeys("text/plain", "text/html");
        for (String body : parts.values()) {
            assertThat(body).contains("Intel Optane SSD DC P4800X 375GB", "$420.00", "$370.00", "\u221211.9%",
                    "Kestrel Components", "third-party seller", "new old stock",
                    "https://www.amazon.com/dp/B0DIGEST01", BASE + "/drives/" + P4800X);
        }
        // words for people: the week as days, the drive by its name
        assertThat(parts.get("text/plain")).contains("drivecat weekly price digest, 16\u201322 Nov 2026 (week 47 of 2026)",
                "Following: the drive Intel Optane SSD DC P4800X 375GB", "seen 16 Nov 2026");
        String unsubscribeHeader = header(digest, "List-Unsubscribe");
        assertThat(unsubscribeHeader).matches("<" + java.util.regex.Pattern.quote(BASE) + "/subscriptions/unsubscribe\\?token=[A-Za-z0-9_-]{43}>");
        assertThat(header(digest, "List-Unsubscribe-Post")).isEqualTo("List-Unsubscribe=One-Click");
        assertThat(parts.get("text/plain")).contains(unsubscribeHeader.substring(1, unsubscribeHeader.length() - 1));

        // the drive link in the mail works
        given().when().get(URI.create(BASE + "/drives/" + P4800X).getPath()).then().statusCode(200);

        JsonPath second = runDigest("2026-W47").jsonPath();
        assertThat(second.getInt("sent")).isZero();
        assertThat(second.getInt("skipped.alreadySent")).isGreaterThanOrEqualTo(1);
        assertThat(SmtpServer.receivedBy(alice)).hasSize(before + 1);
    }

    @Test
    void theHtmlPartShowsEachChangeAsAnInlinePngChartThatLinksToTheDrivePage() throws Exception {
        importPrices();
        String pia = "pia@example.org";
        subscribe("198.51.100.6", Map.of("email", pia, "drives", List.of(P4800X)));
        runDigest("2026-W47");
        List<MimeMessage> mails = SmtpServer.receivedBy(pia);
        MimeMessage digest = mails.get(mails.size() - 1);

        org.jsoup.nodes.Document html = org.jsoup.Jsoup.parse(parts(digest).get("text/html"));
        org.jsoup.nodes.Element img = html.selectFirst("img[src^=cid:]");
        assertThat(img).as("a chart in the HTML part").isNotNull();
        assertThat(img.parent().attr("href")).isEqualTo(BASE + "/drives/" + P4800X);
        assertThat(img.attr("alt")).startsWith("Lowest price per day of Intel Optane SSD DC P4800X 375GB, new old stock, USD")
                .contains("$370.00 on 16 Nov 2026");
        String cid = img.attr("src").substring("cid:".length());

        jakarta.mail.BodyPart png = DigestFixtures.inlinePart(digest, cid);
        assertThat(png).as("a part with Content-ID <" + cid + ">").isNotNull();
        assertThat(png.getContentType()).startsWith("image/png");
        assertThat(png.getDisposition()).isEqualToIgnoringCase(jakarta.mail.Part.INLINE);
        java.awt.image.BufferedImage image;
        try (java.io.InputStream in = png.getInputStream()) {
            image = javax.imageio.ImageIO.read(in);
        }
        assertThat(image).as("a PNG that decodes").isNotNull();
        assertThat(image.getWidth()).isEqualTo(2 * Integer.parseInt(img.attr("width")));
        assertThat(image.getHeight()).isEqualTo(2 * Integer.parseInt(img.attr("height")));
        // the new-old-stock series is drawn in its colour (#d55e00), not a blank picture
        boolean drawn = false;
        for (int x = 0; x < image.getWidth() && !drawn; x++) {
            for (int y = 0; y < image.getHeight() && !drawn; y++) {
                drawn = (image.getRGB(x, y) & 0xffffff) == 0xd55e00;
            }
        }
        assertThat(drawn).as("the series' colour in the picture").isTrue();
        // the plain-text part has no picture, and says the same in words
        assertThat(parts(digest).get("text/plain")).doesNotContain("cid:").contains("$420.00", "$370.00");
    }

    @Test
    void oneClickUnsubscribeWorksWithoutCredentialsAndTheNextRunSkipsThatAddress() {
        importPrices();
        String bea = "bea@example.org";
        String ben = "ben@example.org";
        subscribe("198.51.100.2", Map.of("email", bea, "drives", List.of(P4800X)));
        subscribe("198.51.100.2", Map.of("email", ben, "drives", List.of(P4800X), "roles", List.of("slog"), "interfaces", List.of("u2")));
        runDigest("2026-W47");
        List<MimeMessage> beasMail = SmtpServer.receivedBy(bea);
        String token = token(DigestFixtures.text(beasMail.get(beasMail.size() - 1)), "/subscriptions/unsubscribe");

        // the link opens a page with a button, and changes nothing by itself
        given().accept("text/html").queryParam("token", token).when().get("/subscriptions/unsubscribe")
                .then().statusCode(200).contentType(containsString("text/html"))
                .body(containsString("<form method=\"post\"")).body(containsString("List-Unsubscribe"));
        // RFC 8058: a POST of List-Unsubscribe=One-Click to the header's URL, no login, no cookie; repeating it is harmless
        for (int i = 0; i < 2; i++) {
            given().contentType(ContentType.URLENC).body("List-Unsubscribe=One-Click").queryParam("token", token)
                    .when().post("/subscriptions/unsubscribe")
                    .then().statusCode(200).body("status", equalTo("unsubscribed"))
                    .body(org.hamcrest.Matchers.not(containsString(bea)));
        }

        int beaBefore = SmtpServer.receivedBy(bea).size();
        int benBefore = SmtpServer.receivedBy(ben).size();
        runDigest("2026-W46");
        assertThat(SmtpServer.receivedBy(bea)).as("no digest after unsubscribing").hasSize(beaBefore);
        List<MimeMessage> bensMail = SmtpServer.receivedBy(ben);
        assertThat(bensMail).as("the week's digest still goes to others").hasSize(benBefore + 1);
        MimeMessage w46 = bensMail.get(bensMail.size() - 1);
        assertThat(subject(w46)).isEqualTo("1 price drop: Optane SSD DC P4800X 375GB \u22127%");
        // a subscriber of a role and interface also gets the current best pick for it
        assertThat(DigestFixtures.text(w46)).contains("Current best picks", "SLOG, u2:");
    }

    @Test
    void aForgedUnsubscribeTokenIsA404() {
        given().contentType(ContentType.URLENC).body("List-Unsubscribe=One-Click")
                .queryParam("token", "A".repeat(43)).when().post("/subscriptions/unsubscribe")
                .then().statusCode(404).contentType("application/problem+json");
        given().contentType(ContentType.URLENC).body("List-Unsubscribe=One-Click")
                .queryParam("token", "not-a-token").when().post("/subscriptions/unsubscribe")
                .then().statusCode(404);
        given().accept("text/html").queryParam("token", "A".repeat(43)).when().get("/subscriptions/unsubscribe")
                .then().statusCode(404).contentType(containsString("text/html"));
    }

    @Test
    void anSmtpServerThatRefusesOneRecipientLeavesThatDigestPendingAndTheNextRunSendsItOnce() {
        importPrices();
        String carol = "carol@example.org";
        String dave = "dave@example.org";
        subscribe("198.51.100.3", Map.of("email", carol, "drives", List.of(PM9A3)));
        subscribe("198.51.100.3", Map.of("email", dave, "drives", List.of(PM9A3)));
        int carolBefore = SmtpServer.receivedBy(carol).size();
        int daveBefore = SmtpServer.receivedBy(dave).size();

        SmtpServer.refuse(carol);
        JsonPath refused;
        try {
            refused = runDigest("2026-W45").jsonPath();
        } finally {
            SmtpServer.accept(carol);
        }
        assertThat(SmtpServer.receivedBy(carol)).hasSize(carolBefore);
        assertThat(SmtpServer.receivedBy(dave)).as("the rest of the batch goes on").hasSize(daveBefore + 1);
        List<Map<String, Object>> failed = refused.getList("failed");
        assertThat(failed).singleElement().satisfies(f -> {
            assertThat(f).containsEntry("email", carol).containsEntry("status", "PENDING")
                    .containsEntry("attempts", DigestProfile.SEND_ATTEMPTS);
            assertThat((String) f.get("error")).isNotBlank();
        });

        JsonPath retried = runDigest("2026-W45").jsonPath();
        assertThat(retried.getInt("sent")).isEqualTo(1);
        assertThat(retried.getList("failed")).isEmpty();
        assertThat(SmtpServer.receivedBy(carol)).hasSize(carolBefore + 1);
        assertThat(subject(SmtpServer.receivedBy(carol).get(carolBefore))).isEqualTo("1 price drop: PM9A3 960GB \u22129%");
        assertThat(SmtpServer.receivedBy(dave)).hasSize(daveBefore + 1);

        assertThat(runDigest("2026-W45").jsonPath().getInt("sent")).isZero();
        assertThat(SmtpServer.receivedBy(carol)).hasSize(carolBefore + 1);
    }

    @Test
    void aDigestLeftSendingByACrashIsReportedInDoubtAndNotSentAgain() throws Exception {
        importPrices();
        String erik = "erik@example.org";
        subscribe("198.51.100.4", Map.of("email", erik, "drives", List.of(PM9A3)));
        // what a run that died after committing SENDING leaves behind
        var jdbc = Sql.quarkusDatasource();
        Sql.execute(jdbc, "INSERT INTO digest_delivery (subscriber_id, week, status, attempts, sending_since) "
                + "SELECT id, '2026-W45', 'SENDING', 1, now() FROM subscriber WHERE email_key = 'erik@example.org'");
        int before = SmtpServer.receivedBy(erik).size();
        JsonPath run = runDigest("2026-W45").jsonPath();
        assertThat(run.getList("inDoubt.email")).contains(erik);
        assertThat(SmtpServer.receivedBy(erik)).hasSize(before);

        // an operator who has checked the mail server's log may release it
        JsonPath released = admin().queryParam("week", "2026-W45").queryParam("resendInDoubt", "true")
                .when().post("/admin/digests/run").then().statusCode(200).extract().jsonPath();
        assertThat(released.getList("inDoubt")).isEmpty();
        assertThat(SmtpServer.receivedBy(erik)).hasSize(before + 1);
    }

    @Test
    void previewRendersTheDigestWithoutSendingIt() {
        importPrices();
        String fay = "fay@example.org";
        subscribe("198.51.100.5", Map.of("email", fay, "drives", List.of(P4800X)));
        int before = SmtpServer.receivedBy(fay).size();
        admin().queryParam("week", "2026-W47").queryParam("email", "FAY@example.org")
                .when().get("/admin/digests/preview")
                .then().statusCode(200)
                .body("to", equalTo(fay))
                .body("subject", equalTo("1 price drop: Optane SSD DC P4800X 375GB \u221212%"))
                .body("text", containsString("$370.00"))
                .body("html", containsString("<a href=\"" + BASE + "/drives/" + P4800X + "\">"))
                .body("headers.List-Unsubscribe-Post", equalTo("List-Unsubscribe=One-Click"))
                .body("wouldSend", equalTo(true));
        assertThat(SmtpServer.receivedBy(fay)).hasSize(before);
        given().queryParam("week", "2026-W47").queryParam("email", fay).when().get("/admin/digests/preview").then().statusCode(401);
        admin().queryParam("email", "nobody@example.org").when().get("/admin/digests/preview").then().statusCode(404);
    }

    @Test
    void refusesToRunAWeekThatHasNotEnded() {
        admin().queryParam("week", "2099-W01").when().post("/admin/digests/run")
                .then().statusCode(400).contentType("application/problem+json").body("detail", containsString("has not ended"));
        admin().queryParam("week", "2026-W60").when().post("/admin/digests/run")
                .then().statusCode(400).body("detail", containsString("2026-W47"));
        given().queryParam("week", "2026-W47").when().post("/admin/digests/run").then().statusCode(401);
    }
}
