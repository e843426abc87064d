package dev.drivecat.pricing;

import dev.drivecat.database.CatalogWrites;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.util.List;

/**
 * A marketplace's terms on how old an offer shown as current may be ({@code terms.currentFor} of its site
 * definition, eBay's 6 hours): the SQL that reads current offers ({@link OfferQueries#OFFER_JOINS}) leaves older ones
 * out as it reads, and every {@code drivecat.prices.freshness-sweep} (5 minutes) the current offers that will be too
 * old before the next sweep are removed (their listings keep their history, and the next observation makes them current
 * again), and their drives logged as changed, so that the ranking's model in memory drops them too.
 */
@ApplicationScoped
public class OfferFreshness {

    @Inject
    PriceSettings priceSettings;

    @Inject
    EntityManager em;

    @Inject
    CatalogWrites writes;

    @Scheduled(identity = "offer-freshness", every = "${drivecat.prices.freshness-sweep}", delayed = "30s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        QuarkusTransaction.requiringNew().run(this::sweep);
    }

    /** Removes the current offers too old by their marketplace's terms, or about to be; returns how many drives lost one. */
    @Transactional(Transactional.TxType.MANDATORY)
    public int sweep() {
        @SuppressWarnings("unchecked")
        List<Number> drives = em.createNativeQuery("""
                WITH gone AS (
                    DELETE FROM current_offer c USING listing l, marketplace m
                     WHERE l.id = c.listing_id AND m.id = l.marketplace_id AND m.current_for_seconds IS NOT NULL
                       AND c.observed_at <= now() - make_interval(secs => m.current_for_seconds) + make_interval(secs => :ahead)
                    RETURNING l.drive_id)
                SELECT DISTINCT drive_id FROM gone""").setParameter("ahead", (int) ahead(priceSettings.freshnessSweep()).getSeconds()).getResultList();
        if (!drives.isEmpty()) {
            em.createNativeQuery("SELECT count(*) FROM (SELECT catalog_changed(CAST(:drives AS bigint[]))) changed")
                    .setParameter("drives", drives.stream().map(Number::longValue).toArray(Long[]::new)).getSingleResult();
            writes.mark();
        }
        return drives.size();
    }

    /**
     * How far ahead of its limit a sweep run every {@code every} removes an offer: that interval, read as the scheduler
     * reads it (a number and unit such as {@code 5m} is ISO 8601's {@code PT5M}); none when the schedule is off.
     */
    static Duration ahead(String every) {
        String value = every.strip();
        if (value.equalsIgnoreCase("off") || value.equalsIgnoreCase("disabled")) {
            return Duration.ZERO;
        }
        try {
            return Duration.parse(Character.isDigit(value.charAt(0))
                    ? (value.toLowerCase(java.util.Locale.ROOT).endsWith("d") ? "P" : "PT") + value : value);
        } catch (java.time.format.DateTimeParseException | StringIndexOutOfBoundsException e) {
            throw new IllegalStateException("drivecat.prices.freshness-sweep must be an interval such as 5m or PT5M, or off; not '" + every + "'", e);
        }
    }
}
