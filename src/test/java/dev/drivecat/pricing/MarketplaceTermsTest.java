package dev.drivecat.pricing;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.WritesData;
import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A marketplace's terms as data (scrapers/ebay.yaml, {@code terms}): an eBay offer is shown as current only while its
 * newest observation is at most 6 hours old, and an eBay listing that ends loses its content and keeps its prices; an
 * Amazon listing, whose definition states no such terms, keeps both.
 */
@QuarkusTest
@TestProfile(WritesData.class)
class MarketplaceTermsTest {

    static final String DRIVE = "samsung-pm893-480gb-sata";

    @Inject
    AgroalDataSource dataSource;

    @Inject
    OfferFreshness freshness;

    @Inject
    ListingLifecycle lifecycle;

    Object value(String sql) {
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement(); ResultSet r = st.executeQuery(sql)) {
            return r.next() ? r.getObject(1) : null;
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    /** A listing of a marketplace with one observation this many hours old; its id. */
    long listing(String marketplace, String externalId, int hoursOld) {
        long id = ((Number) value("INSERT INTO listing (marketplace_id, external_id, url, drive_id, seller_name, seller_type, condition)"
                + " SELECT m.id, '" + externalId + "', 'https://" + (marketplace.startsWith("ebay") ? "www.ebay.com/itm/" : "www.amazon.com/dp/")
                + externalId + "', d.id, 'terms_test_seller', 'THIRD_PARTY', 'USED' FROM marketplace m, drive d"
                + " WHERE m.code = '" + marketplace + "' AND d.slug = '" + DRIVE + "' RETURNING id")).longValue();
        value("INSERT INTO price_observation (listing_id, observed_at, price, currency, in_stock, seller_name, seller_type, condition, wording,"
                + " source) VALUES (" + id + ", now() - interval '" + hoursOld + " hours', 77.77, 'USD', true, 'terms_test_seller', 'THIRD_PARTY',"
                + " 'USED', '77.77 USD', 'test') RETURNING id");
        return id;
    }

    List<String> offered() {
        return given().queryParam("drive", DRIVE).queryParam("limit", 100).when().get("/offers").then().statusCode(200).extract()
                .jsonPath().getList("items.externalId");
    }

    @Test
    void anEbayOfferOlderThanSixHoursIsNotShownAsCurrentAndAnAmazonOneIs() {
        listing("ebay-us", "900000000001", 7);
        listing("ebay-us", "900000000002", 1);
        listing("amazon-us", "B0TERMSOLD", 7);
        assertThat(offered()).contains("900000000002", "B0TERMSOLD").doesNotContain("900000000001");

        QuarkusTransaction.requiringNew().run(() -> freshness.sweep());
        assertThat(value("SELECT count(*) FROM current_offer c JOIN listing l ON l.id = c.listing_id WHERE l.external_id = '900000000001'"))
                .as("swept, so that the ranking's model drops it too").isEqualTo(0L);
        assertThat(value("SELECT count(*) FROM current_offer c JOIN listing l ON l.id = c.listing_id WHERE l.external_id = '900000000002'"))
                .isEqualTo(1L);
        assertThat(value("SELECT count(*) FROM price_observation o JOIN listing l ON l.id = o.listing_id WHERE l.external_id = '900000000001'"))
                .as("its history stays").isEqualTo(1L);
        assertThat(value("SELECT current_for_seconds FROM marketplace WHERE code = 'ebay-us'")).isEqualTo(21_600);
        assertThat(value("SELECT current_for_seconds FROM marketplace WHERE code = 'amazon-us'")).isNull();
    }

    @Test
    void anEndedEbayListingLosesItsContentAndKeepsItsPrices() {
        long ebay = listing("ebay-us", "900000000003", 1);
        long amazon = listing("amazon-us", "B0TERMSEND", 1);
        discoveryResult("ebay-us", "900000000003");
        QuarkusTransaction.requiringNew().run(() -> {
            lifecycle.end(Listing.findById(ebay), Instant.now(), "test");
            lifecycle.end(Listing.findById(amazon), Instant.now(), "test");
        });
        assertThat(value("SELECT seller_name FROM listing WHERE id = " + ebay)).isNull();
        assertThat(value("SELECT count(*) FROM price_observation WHERE listing_id = " + ebay
                + " AND seller_name IS NULL AND wording IS NULL AND price = 77.77")).isEqualTo(1L);
        assertThat(value("SELECT title || '|' || coalesce(seller_name, '-') FROM discovery_result WHERE external_id = '900000000003'"))
                .isEqualTo(ListingLifecycle.CONTENT_REMOVED + "|-");
        assertThat(value("SELECT seller_name FROM listing WHERE id = " + amazon)).isEqualTo("terms_test_seller");
        assertThat(value("SELECT wording FROM price_observation WHERE listing_id = " + amazon)).isEqualTo("77.77 USD");
    }

    /** A discovery result for a listing, as discovery keeps it: its title, seller and wordings. */
    void discoveryResult(String marketplace, String externalId) {
        long run = ((Number) value("INSERT INTO discovery_run (source, trigger, status, finished_at) VALUES"
                + " ('ebay-browse:ebay-us', 'MANUAL', 'SUCCEEDED', now()) RETURNING id")).longValue();
        long query = ((Number) value("INSERT INTO discovery_query (run_id, query, drives, outcome) VALUES (" + run
                + ", 'pm893', ARRAY['" + DRIVE + "'], 'SEARCHED') RETURNING id")).longValue();
        value("INSERT INTO discovery_result (run_id, query_id, marketplace_id, external_id, title, price, currency, price_wording,"
                + " condition_wording, seller_name, seller_feedback_score, location, decision, evidence, review, seen_at)"
                + " SELECT " + run + ", " + query + ", m.id, '" + externalId + "', 'Samsung PM893 480GB by terms_test_seller', 77.77,"
                + " 'USD', 'US $77.77', 'Used', 'terms_test_seller', 1200, 'Springfield, US', 'NO_MATCH', 'test', 'AUTO', now()"
                + " FROM marketplace m WHERE m.code = '" + marketplace + "' RETURNING id");
    }

    @Test
    void anEbayListingThatEndedBeforeTheTermsLosesItsContentEverywhereAtStartAndAnAmazonOneKeepsIt() {
        long ebay = listing("ebay-us", "900000000004", 30);
        long amazon = listing("amazon-us", "B0TERMSOLDEND", 30);
        discoveryResult("ebay-us", "900000000004");
        discoveryResult("amazon-us", "B0TERMSOLDEND");
        // ended as a drivecat without the terms left them: content kept
        value("UPDATE listing SET ended_at = now() - interval '1 day', ended_reason = 'test' WHERE id IN (" + ebay + ", " + amazon
                + ") RETURNING id");

        QuarkusTransaction.requiringNew().run(() -> lifecycle.forgetEndedContent());

        assertThat(value("SELECT seller_name FROM listing WHERE id = " + ebay)).isNull();
        assertThat(value("SELECT count(*) FROM price_observation WHERE listing_id = " + ebay
                + " AND seller_name IS NULL AND wording IS NULL AND price = 77.77")).as("the price stays, the words go").isEqualTo(1L);
        assertThat(value("SELECT title || '|' || coalesce(seller_name, '-') || '|' || coalesce(price_wording, '-') || '|'"
                + " || coalesce(location, '-') || '|' || price FROM discovery_result WHERE external_id = '900000000004'"))
                .isEqualTo(ListingLifecycle.CONTENT_REMOVED + "|-|-|-|77.77");
        assertThat(value("SELECT seller_name FROM listing WHERE id = " + amazon)).isEqualTo("terms_test_seller");
        assertThat(value("SELECT seller_name FROM discovery_result WHERE external_id = 'B0TERMSOLDEND'")).isEqualTo("terms_test_seller");
        assertThat(QuarkusTransaction.requiringNew().call(() -> lifecycle.forgetEndedContent()))
                .as("once forgotten, nothing is left to forget").isZero();
    }
}
