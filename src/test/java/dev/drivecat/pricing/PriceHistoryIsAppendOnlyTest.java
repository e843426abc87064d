package dev.drivecat.pricing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.narayana.jta.QuarkusTransaction;
import dev.drivecat.testing.WritesData;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;

/** The database itself keeps the price history honest, whatever code writes to it. */
@QuarkusTest
@TestProfile(WritesData.class)
class PriceHistoryIsAppendOnlyTest {

    @Inject
    EntityManager em;

    @Test
    void refusesToUpdateAnObservation() {
        assertThatThrownBy(() -> QuarkusTransaction.requiringNew().run(() ->
                em.createNativeQuery("UPDATE price_observation SET price = 1 WHERE price IS NOT NULL").executeUpdate()))
                .hasStackTraceContaining("append-only");
        assertThat(count("SELECT count(*) FROM price_observation WHERE price = 1")).isZero();
    }

    @Test
    void refusesToDeleteAnObservation() {
        long before = count("SELECT count(*) FROM price_observation");
        assertThatThrownBy(() -> QuarkusTransaction.requiringNew().run(() ->
                em.createNativeQuery("DELETE FROM price_observation").executeUpdate()))
                .hasStackTraceContaining("append-only");
        assertThat(count("SELECT count(*) FROM price_observation")).isEqualTo(before);
    }

    @Test
    void refusesAPriceWithoutCurrencyAndAnUnknownSellerType() {
        assertThatThrownBy(() -> QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("""
                INSERT INTO price_observation (listing_id, observed_at, price, in_stock, source)
                SELECT id, now(), 10, true, 'test' FROM listing LIMIT 1""").executeUpdate()))
                .hasStackTraceContaining("price_observation_money_has_currency_ck");
        assertThatThrownBy(() -> QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                "UPDATE listing SET seller_type = 'SOMEONE' WHERE id = (SELECT min(id) FROM listing)").executeUpdate()))
                .hasStackTraceContaining("listing_seller_type_ck");
    }

    @Test
    void keepsTheCurrentObservationPointingAtTheNewestNonSuspectOne() {
        long listing = QuarkusTransaction.requiringNew().call(() -> {
            long drive = ((Number) em.createNativeQuery("""
                    INSERT INTO drive (slug, vendor, model, capacity_gb, interface, form_factor)
                    VALUES ('test-current-observation', 'Test', 'Current', 100, 'sata', '2.5in') RETURNING id""")
                    .getSingleResult()).longValue();
            return ((Number) em.createNativeQuery("""
                    INSERT INTO listing (marketplace_id, external_id, drive_id)
                    SELECT id, 'test-current-observation', :d FROM marketplace WHERE code = 'amazon-us' RETURNING id""")
                    .setParameter("d", drive).getSingleResult()).longValue();
        });
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("""
                INSERT INTO price_observation (listing_id, observed_at, price, currency, in_stock, source, suspect)
                VALUES (:l, '2026-10-15T00:00:00Z', 740.00, 'USD', true, 'test', false),
                       (:l, '2026-11-01T00:00:00Z', 7.40, 'USD', true, 'test', true),
                       (:l, '2026-10-01T00:00:00Z', 700.00, 'USD', true, 'test', false)""")
                .setParameter("l", listing).executeUpdate());
        // the suspect newer one is not current, and an older one never replaces a newer current one
        assertThat(count("SELECT price * 100 FROM current_offer WHERE listing_id = " + listing)).isEqualTo(74000);
        // a later statement with an older observation does not replace it either
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("""
                INSERT INTO price_observation (listing_id, observed_at, price, currency, in_stock, source, suspect)
                VALUES (:l, '2026-10-10T00:00:00Z', 710.00, 'USD', true, 'test', false)""")
                .setParameter("l", listing).executeUpdate());
        assertThat(count("SELECT price * 100 FROM current_offer WHERE listing_id = " + listing)).isEqualTo(74000);
    }

    private long count(String sql) {
        return ((Number) QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery(sql).getSingleResult())).longValue();
    }
}
