package dev.drivecat.pricing;

import static dev.drivecat.testing.Admin.admin;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.WritesData;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** One import of many observations judges each exactly as importing them one by one would. */
@QuarkusTest
@TestProfile(WritesData.class)
class BatchRecordingTest {

    /** A series with jumps, a confirmation, an older observation after newer ones, and another currency. */
    static final List<String[]> SERIES = List.of(
            new String[] {"2026-11-01T00:00:00Z", "100.00", "USD"},
            new String[] {"2026-11-02T00:00:00Z", "300.00", "USD"},  // jumps: suspect
            new String[] {"2026-11-03T00:00:00Z", "310.00", "USD"},  // confirms the jump
            new String[] {"2026-11-04T00:00:00Z", "40.00", "USD"},   // jumps down: suspect
            new String[] {"2026-10-30T00:00:00Z", "99.00", "USD"},   // older, and far from the current 310: suspect, never current
            new String[] {"2026-11-05T00:00:00Z", "305.00", "USD"},  // within the factor of the current price
            new String[] {"2026-11-06T00:00:00Z", "900.00", "EUR"}); // another currency: no current price in EUR

    @Inject
    EntityManager em;

    static String observation(String[] o) {
        return """
                {"observedAt": "%s", "price": %s, "currency": "%s", "inStock": true, "source": "s"}""".formatted(o[0], o[1], o[2]);
    }

    static void importListing(String externalId, List<String[]> observations) {
        admin().contentType("application/json").body("""
                {"format": "drivecat-import/1",
                 "sources": {"s": {"url": "https://shop.example/batch", "kind": "REVIEW", "retrievedAt": "2026-11-20"}},
                 "listings": [{"marketplace": "amazon-us", "externalId": "%s", "drive": "samsung-pm893-480gb-sata",
                               "observations": [%s]}]}
                """.formatted(externalId, observations.stream().map(BatchRecordingTest::observation).collect(Collectors.joining(","))))
                .when().post("/admin/imports/specs").then().statusCode(200);
    }

    @SuppressWarnings("unchecked")
    List<String> history(String externalId) {
        return QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery("""
                SELECT o.observed_at || ' ' || o.price || ' ' || o.currency || ' ' || o.suspect
                  FROM price_observation o JOIN listing l ON l.id = o.listing_id
                 WHERE l.external_id = :e ORDER BY o.observed_at""").setParameter("e", externalId).getResultList());
    }

    Object current(String externalId) {
        return QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery("""
                SELECT c.observed_at || ' ' || c.price FROM current_offer c JOIN listing l ON l.id = c.listing_id
                 WHERE l.external_id = :e""").setParameter("e", externalId).getSingleResult());
    }

    @Test
    void aBatchFlagsAndKeepsTheCurrentOfferAsOneByOneWould() {
        importListing("batch-at-once", SERIES);
        IntStream.range(0, SERIES.size()).forEach(i -> importListing("batch-one-by-one", java.util.Collections.singletonList(SERIES.get(i))));

        List<String> atOnce = history("batch-at-once");
        assertThat(atOnce).hasSize(SERIES.size()).isEqualTo(history("batch-one-by-one"));
        assertThat(atOnce).filteredOn(row -> row.endsWith("true")).hasSize(3)
                .allSatisfy(row -> assertThat(row).matches(".*(300\\.00|40\\.00|99\\.00) USD true"));
        assertThat(current("batch-at-once")).isEqualTo(current("batch-one-by-one"));
        assertThat(String.valueOf(current("batch-at-once"))).endsWith(" 900.00");

        // the same observations again: nothing new, nothing judged again
        importListing("batch-at-once", SERIES);
        assertThat(history("batch-at-once")).isEqualTo(atOnce);
    }
}
