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
 * out as it reads, and every {@link #EVERY} the current offers that will be too old before the next sweep are removed
 * (their listings keep their history, and the next observation makes them current again), and their drives logged as
 * changed, so that the ranking's model in memory drops them too.
 */
@ApplicationScoped
public class OfferFreshness {

    /** How often the sweep runs; an offer is removed this long before its terms' limit, so none is shown past it. */
    public static final Duration EVERY = Duration.ofMinutes(5);

    @Inject
    EntityManager em;

    @Inject
    CatalogWrites writes;

    @Scheduled(every = "${drivecat.prices.freshness-sweep:5m}", delayed = "30s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
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
                SELECT DISTINCT drive_id FROM gone""").setParameter("ahead", (int) EVERY.getSeconds()).getResultList();
        if (!drives.isEmpty()) {
            em.createNativeQuery("SELECT count(*) FROM (SELECT catalog_changed(CAST(:drives AS bigint[]))) changed")
                    .setParameter("drives", drives.stream().map(Number::longValue).toArray(Long[]::new)).getSingleResult();
            writes.mark();
        }
        return drives.size();
    }
}
