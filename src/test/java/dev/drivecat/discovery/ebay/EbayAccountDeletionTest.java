package dev.drivecat.discovery.ebay;

import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.LocalApis;
import dev.drivecat.testing.MarketplaceServer;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Base64;
import java.util.HexFormat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * eBay's marketplace account deletion notifications against eBay's documented shapes: the challenge answered, a
 * notification signed with a test EC key (whose public key eBay's Notification API, here WireMock, serves) removes the
 * seller's name everywhere and keeps the prices, a forged one is refused with 412 and removes nothing, and a repeat is
 * acknowledged without acting again.
 */
@QuarkusTest
@TestProfile(LocalApis.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EbayAccountDeletionTest {

    static final String PATH = "/notifications/ebay/account-deletion";
    static final String KID = "99345bfb-a93b-4d4f-b2b5-de9f5e2a2ef3";
    static final String SELLER = "optane_outlet";
    static KeyPair ebayKey;
    static KeyPair forger;

    @Inject
    AgroalDataSource dataSource;

    @BeforeAll
    static void keys() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        ebayKey = generator.generateKeyPair();
        forger = generator.generateKeyPair();
    }

    long count(String sql) {
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement(); ResultSet r = st.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    void sql(String sql) {
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            st.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    /** Rows that still name the seller, in every table that keeps eBay sellers' names. */
    long named() {
        return count("SELECT count(*) FROM listing WHERE seller_name = '" + SELLER + "'")
                + count("SELECT count(*) FROM price_observation WHERE seller_name = '" + SELLER + "'")
                + count("SELECT count(*) FROM current_offer WHERE seller_name = '" + SELLER + "'")
                + count("SELECT count(*) FROM discovery_result WHERE seller_name = '" + SELLER + "' OR review_note LIKE '%" + SELLER + "%'");
    }

    static String notification(String id, String username) {
        return """
                {"metadata":{"topic":"MARKETPLACE_ACCOUNT_DELETION","schemaVersion":"1.0","deprecated":false},
                 "notification":{"notificationId":"%s","eventDate":"2026-12-05T10:00:00.000Z","publishDate":"2026-12-05T10:00:01.000Z",
                 "publishAttemptCount":1,"data":{"username":"%s","userId":"ma8vp1jySJC","eiasToken":"nY+sHZ2PrBmdj6wVnY+sEZ2PrA2dj6wJnY+gAZGEpwmdj6x9nY+seQ=="}}}"""
                .formatted(id, username);
    }

    static String signature(KeyPair key, String body) throws Exception {
        Signature ecdsa = Signature.getInstance("SHA1withECDSA");
        ecdsa.initSign(key.getPrivate());
        ecdsa.update(body.getBytes(StandardCharsets.UTF_8));
        String der = Base64.getEncoder().encodeToString(ecdsa.sign());
        String header = "{\"alg\":\"ECDSA\",\"kid\":\"" + KID + "\",\"signature\":\"" + der + "\",\"digest\":\"SHA1\"}";
        return Base64.getEncoder().encodeToString(header.getBytes(StandardCharsets.UTF_8));
    }

    static void ebayServesItsKey() {
        String pem = "-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(ebayKey.getPublic().getEncoded()) + "\n-----END PUBLIC KEY-----";
        MarketplaceServer.server().stubFor(get(urlPathEqualTo("/commerce/notification/v1/public_key/" + KID))
                .willReturn(okJson("{\"algorithm\":\"ECDSA\",\"digest\":\"SHA1\",\"key\":\"" + pem.replace("\n", "\\n") + "\"}")));
        MarketplaceServer.server().stubFor(post(urlPathEqualTo("/identity/v1/oauth2/token"))
                .willReturn(okJson(ItemSummaryReaderTest.fixtureText("token.json"))));
    }

    @Test
    @Order(1)
    void theChallengeIsAnsweredWithTheHashOfCodeTokenAndEndpoint() throws Exception {
        String code = "71745723-d031-455c-bfa5-f90d11b4f20a";
        String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest((code + LocalApis.EBAY_VERIFICATION_TOKEN
                + LocalApis.PUBLIC_BASE_URL + PATH).getBytes(StandardCharsets.UTF_8)));
        given().queryParam("challenge_code", code).when().get(PATH).then().statusCode(200).contentType("application/json")
                .body("challengeResponse", org.hamcrest.Matchers.equalTo(expected));
        given().when().get(PATH).then().statusCode(400).contentType("application/problem+json");
    }

    @Test
    @Order(2)
    void aForgedNotificationIsRefusedWith412AndRemovesNothing() throws Exception {
        // eBay's Browse API, on the local server, lists the seller's items: a run stores the name
        MarketplaceServer.server().resetAll();
        ebayServesItsKey();
        MarketplaceServer.server().stubFor(get(urlPathEqualTo(EbayBrowseSourceTest.SEARCH)).atPriority(9)
                .willReturn(okJson(ItemSummaryReaderTest.fixtureText("search-empty.json"))));
        MarketplaceServer.server().stubFor(get(urlPathEqualTo(EbayBrowseSourceTest.SEARCH)).atPriority(1)
                .withQueryParam("q", containing("P4800X 375GB")).willReturn(okJson(ItemSummaryReaderTest.fixtureText("search-page.json"))));
        long id = admin().queryParam("source", "ebay-browse:ebay-us").when().post("/admin/discoveries").then().statusCode(202)
                .extract().jsonPath().getLong("run.id");
        JsonPath run;
        do {
            Thread.sleep(100);
            run = admin().when().get("/admin/discoveries/" + id).then().statusCode(200).extract().jsonPath();
        } while ("RUNNING".equals(run.getString("run.status")));
        sql("UPDATE discovery_result SET review_note = 'asked " + SELLER + " for the serial number' WHERE seller_name = '" + SELLER + "'");
        long before = named();
        assertThat(before).as(run.prettify()).isGreaterThanOrEqualTo(4);

        String body = notification("forged-1", SELLER);
        given().contentType("application/json").header("X-EBAY-SIGNATURE", signature(forger, body)).body(body)
                .when().post(PATH).then().statusCode(412).contentType("application/problem+json")
                .body("detail", org.hamcrest.Matchers.containsString("does not verify"));
        String altered = notification("forged-2", SELLER);
        given().contentType("application/json").header("X-EBAY-SIGNATURE", signature(ebayKey, notification("forged-2", "someone_else")))
                .body(altered).when().post(PATH).then().statusCode(412);
        given().contentType("application/json").body(altered).when().post(PATH).then().statusCode(412)
                .body("detail", org.hamcrest.Matchers.containsString("no X-EBAY-SIGNATURE"));
        assertThat(named()).isEqualTo(before);
        assertThat(count("SELECT count(*) FROM ebay_account_deletion")).isZero();
    }

    @Test
    @Order(3)
    void aSignedDeletionRemovesTheSellersNameEverywhereAndKeepsThePrices() throws Exception {
        long prices = count("SELECT count(*) FROM price_observation WHERE price IS NOT NULL");
        long others = count("SELECT count(*) FROM discovery_result WHERE seller_name IS NOT NULL AND seller_name <> '" + SELLER + "'");
        String body = notification("5038f2bf-3f61-4f3b-8aa9-b6a4c3bd7b6d", SELLER);
        given().contentType("application/json").header("X-EBAY-SIGNATURE", signature(ebayKey, body)).body(body)
                .when().post(PATH).then().statusCode(204);
        assertThat(named()).isZero();
        assertThat(count("SELECT count(*) FROM discovery_result WHERE review_note LIKE '%[a deleted eBay account]%'")).isPositive();
        assertThat(count("SELECT count(*) FROM price_observation WHERE price IS NOT NULL")).as("the prices stay").isEqualTo(prices);
        assertThat(count("SELECT count(*) FROM discovery_result WHERE seller_name IS NOT NULL AND seller_name <> '" + SELLER + "'"))
                .as("other sellers keep their names").isEqualTo(others);
        assertThat(count("SELECT rows_changed FROM ebay_account_deletion WHERE notification_id = '5038f2bf-3f61-4f3b-8aa9-b6a4c3bd7b6d'"))
                .isPositive();

        // eBay sends it again until acknowledged: acknowledged again, acted on once; the key was asked for once
        given().contentType("application/json").header("X-EBAY-SIGNATURE", signature(ebayKey, body)).body(body)
                .when().post(PATH).then().statusCode(204);
        assertThat(count("SELECT count(*) FROM ebay_account_deletion")).isEqualTo(1);
        assertThat(MarketplaceServer.server().findAll(getRequestedFor(urlPathEqualTo("/commerce/notification/v1/public_key/" + KID))))
                .hasSize(1);
    }

    @Test
    @Order(4)
    void theHistoryStaysAppendOnlyForEverythingButTheNamesAndWordsItMayForget() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> sql("UPDATE price_observation SET price = price + 1"))
                .rootCause().hasMessageContaining("append-only");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> sql("UPDATE price_observation SET seller_name = 'someone'"
                + " WHERE seller_name IS NOT NULL")).rootCause().hasMessageContaining("append-only");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> sql("DELETE FROM price_observation")).rootCause().hasMessageContaining("append-only");
    }
}
