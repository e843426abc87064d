package dev.drivecat.digest;

import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.SmtpServer;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.mail.BodyPart;
import jakarta.mail.MessagingException;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Prices for the digest tests, imported through the admin import (so they go through the one write
 * path, suspect rule included), and helpers to sign up, confirm and read mail.
 *
 * <p>Each drive's history is laid out so that its changes fall in one ISO week of 2026 and the other
 * tests' weeks see nothing of it:
 * <ul>
 * <li>P4800X 375GB U.2, listing B0DIGEST01 (third party, new old stock): $450 on Oct 26 and Nov 2,
 * $420 on Nov 9, $370 on Nov 16 — W46 −6.7%, W47 −11.9% (a new low).</li>
 * <li>PM9A3 960GB, listing B0DIGEST02: $700 on Oct 26, $640 on Nov 3 — W45 −8.6%.</li>
 * </ul>
 */
final class DigestFixtures {

    static final String P4800X = "intel-optane-p4800x-375gb-u2";
    static final String PM9A3 = "samsung-pm9a3-960gb-u2";
    static final String BASE = "http://localhost:8080";

    private DigestFixtures() {
    }

    static final String PRICES = """
            {
              "format": "drivecat-import/1",
              "sources": {"shop": {"url": "https://www.amazon.com/", "kind": "REVIEW", "retrievedAt": "2026-10-26"}},
              "listings": [
                {"marketplace": "amazon-us", "externalId": "B0DIGEST01", "url": "https://www.amazon.com/dp/B0DIGEST01",
                 "drive": "intel-optane-p4800x-375gb-u2", "sellerName": "Kestrel Components", "sellerType": "THIRD_PARTY",
                 "condition": "NEW_OLD_STOCK",
                 "observations": [
                   {"observedAt": "2026-10-26T10:00:00Z", "price": 450.00, "currency": "USD", "inStock": true, "source": "shop"},
                   {"observedAt": "2026-11-02T10:00:00Z", "price": 450.00, "currency": "USD", "inStock": true, "source": "shop"},
                   {"observedAt": "2026-11-09T10:00:00Z", "price": 420.00, "currency": "USD", "inStock": true, "source": "shop"},
                   {"observedAt": "2026-11-16T10:00:00Z", "price": 370.00, "currency": "USD", "inStock": true, "source": "shop"}
                 ]},
                {"marketplace": "amazon-us", "externalId": "B0DIGEST02", "url": "https://www.amazon.com/dp/B0DIGEST02",
                 "drive": "samsung-pm9a3-960gb-u2", "sellerName": "Amazon.com", "sellerType": "MARKETPLACE", "condition": "NEW",
                 "observations": [
                   {"observedAt": "2026-10-26T10:00:00Z", "price": 700.00, "currency": "USD", "inStock": true, "source": "shop"},
                   {"observedAt": "2026-11-03T10:00:00Z", "price": 640.00, "currency": "USD", "inStock": true, "source": "shop"}
                 ]}
              ]
            }
            """;

    /** Imports the prices (again: a second import stores nothing). */
    static void importPrices() {
        importDocument(PRICES);
    }

    static void importDocument(String doc) {
        admin().contentType(ContentType.JSON).body(doc).when().post("/admin/imports/specs").then().statusCode(200);
    }

    /** Signs up from a client address of its own; returns the response for the caller to check. */
    /** Signs up and waits until the confirmation mail it may hand over (after answering) is sent. */
    static Response signUp(String client, Map<String, Object> body) {
        Response response = given().header("X-Forwarded-For", client).contentType(ContentType.JSON).body(body)
                .when().post("/subscriptions").then().extract().response();
        awaitConfirmations();
        return response;
    }

    /** Every confirmation mail handed over so far is sent, or given up after its attempts. */
    static void awaitConfirmations() {
        try {
            assertThat(io.quarkus.arc.Arc.container().instance(SubscriptionService.class).get()
                    .awaitConfirmations(java.time.Duration.ofSeconds(30))).as("confirmation mails sent").isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Signs up, follows the confirmation link in the mail (page, then button) and returns. */
    static void subscribe(String client, Map<String, Object> body) {
        String email = (String) body.get("email");
        int before = SmtpServer.receivedBy(email).size();
        signUp(client, body).then().statusCode(202);
        List<MimeMessage> mails = SmtpServer.receivedBy(email);
        assertThat(mails).as("the confirmation mail to " + email).hasSize(before + 1);
        String token = token(text(mails.get(mails.size() - 1)), "/subscriptions/confirm");
        given().accept("text/html").queryParam("token", token).when().get("/subscriptions/confirm").then().statusCode(200);
        given().accept("text/html").contentType(ContentType.URLENC).formParam("token", token)
                .when().post("/subscriptions/confirm").then().statusCode(200);
    }

    static String token(String text, String path) {
        Matcher m = Pattern.compile(Pattern.quote(BASE + path) + "\\?token=([A-Za-z0-9_-]{43})").matcher(text);
        assertThat(m.find()).as("a link to " + path + " in:\n" + text).isTrue();
        return m.group(1);
    }

    static Response runDigest(String week) {
        return admin().queryParam("week", week).when().post("/admin/digests/run").then().statusCode(200).extract().response();
    }

    /** The text parts of a message by content type (text/plain, text/html), searched through nested multiparts. */
    static Map<String, String> parts(MimeMessage message) {
        Map<String, String> parts = new LinkedHashMap<>();
        try {
            collect(message, parts);
        } catch (MessagingException | IOException e) {
            throw new IllegalStateException(e);
        }
        return parts;
    }

    private static void collect(Part part, Map<String, String> parts) throws MessagingException, IOException {
        Object content = part.getContent();
        if (content instanceof Multipart multipart) {
            for (int i = 0; i < multipart.getCount(); i++) {
                BodyPart child = multipart.getBodyPart(i);
                collect(child, parts);
            }
        } else if (part.getContentType().toLowerCase(java.util.Locale.ROOT).startsWith("text/")) {
            String type = part.getContentType().toLowerCase(java.util.Locale.ROOT);
            parts.put(type.startsWith("text/html") ? "text/html" : type.startsWith("text/plain") ? "text/plain" : type,
                    content.toString());
        }
    }

    /** The part whose Content-ID is {@code <cid>}, searched through nested multiparts; null when there is none. */
    static BodyPart inlinePart(Part part, String cid) throws MessagingException, IOException {
        Object content = part.getContent();
        if (content instanceof Multipart multipart) {
            for (int i = 0; i < multipart.getCount(); i++) {
                BodyPart child = multipart.getBodyPart(i);
                String[] ids = child.getHeader("Content-ID");
                if (ids != null && ids.length > 0 && ids[0].trim().equals("<" + cid + ">")) {
                    return child;
                }
                BodyPart nested = inlinePart(child, cid);
                if (nested != null) {
                    return nested;
                }
            }
        }
        return null;
    }

    static String text(MimeMessage message) {
        return parts(message).get("text/plain");
    }

    static String subject(MimeMessage message) {
        try {
            return message.getSubject();
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String header(MimeMessage message, String name) {
        try {
            return message.getHeader(name, ",");
        } catch (MessagingException e) {
            throw new IllegalStateException(e);
        }
    }
}
