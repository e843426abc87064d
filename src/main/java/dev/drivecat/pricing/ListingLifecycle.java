package dev.drivecat.pricing;

import dev.drivecat.database.CatalogWrites;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.List;

/**
 * When a listing ends, and what that changes: it loses its current offer (nothing is priced for it
 * after its end, and no answer offers it), its item page leaves the watch list (it is not fetched
 * again), and it keeps its history. A listing that comes back (seen again by the source that lost
 * it) is offered again from its next observation.
 */
@ApplicationScoped
public class ListingLifecycle {

    @Inject
    EntityManager em;

    @Inject
    CatalogWrites writes;

    /** Ends a listing (no change if it has ended already). */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean end(Listing listing, Instant at, String reason) {
        if (listing.ended()) {
            return false;
        }
        listing.endedAt = at;
        listing.endedReason = reason;
        em.flush();
        em.createNativeQuery("DELETE FROM current_offer WHERE listing_id = :id").setParameter("id", listing.id).executeUpdate();
        em.createNativeQuery("UPDATE watched_page SET active = false WHERE marketplace_id = :m AND external_id = :e AND active")
                .setParameter("m", listing.identity.marketplace.id).setParameter("e", listing.identity.externalId).executeUpdate();
        if (listing.identity.marketplace.afterEnd == AfterEnd.FORGET_CONTENT) {
            forgetContent(listing);
        }
        writes.mark();
        return true;
    }

    /**
     * What an ended listing of a marketplace whose terms say so no longer keeps: the seller's name and the words it was
     * shown with, on the listing, its observations and what discovery kept of it. Its prices, times, conditions and
     * sellers' kinds stay.
     */
    private void forgetContent(Listing listing) {
        listing.sellerName = null;
        em.flush();
        forget("l.id = :id", listing.id);
    }

    /**
     * Forgets the content of the ended listings whose marketplace's terms ask for it and that still hold some: those that
     * ended before the terms were stated (at start, once the marketplaces' terms are written). Returns the rows changed.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public int forgetEndedContent() {
        int changed = forget("l.ended_at IS NOT NULL AND m.after_end = 'FORGET_CONTENT'", null);
        if (changed > 0) {
            writes.mark();
        }
        return changed;
    }

    /** Forgets the content of the listings {@code l} (of marketplace {@code m}) the condition selects; the rows changed. */
    private int forget(String listings, Long id) {
        String from = " FROM listing l JOIN marketplace m ON m.id = l.marketplace_id WHERE " + listings;
        java.util.function.UnaryOperator<jakarta.persistence.Query> bind = q -> id == null ? q : q.setParameter("id", id);
        int changed = bind.apply(em.createNativeQuery("UPDATE listing SET seller_name = NULL WHERE seller_name IS NOT NULL"
                + " AND id IN (SELECT l.id" + from + ")")).executeUpdate();
        changed += bind.apply(em.createNativeQuery("""
                UPDATE price_observation SET seller_name = NULL, wording = NULL, availability = NULL
                 WHERE (seller_name IS NOT NULL OR wording IS NOT NULL OR availability IS NOT NULL)
                   AND listing_id IN (SELECT l.id""" + from + ")")).executeUpdate();
        changed += bind.apply(em.createNativeQuery("""
                UPDATE discovery_result r SET title = :removed, seller_name = NULL, seller_feedback_score = NULL,
                       seller_feedback_percent = NULL, condition_wording = NULL, price_wording = NULL, location = NULL
                 WHERE r.title <> :removed AND (r.marketplace_id, r.external_id) IN (SELECT l.marketplace_id, l.external_id"""
                + from + ")").setParameter("removed", CONTENT_REMOVED)).executeUpdate();
        return changed;
    }

    /** The title a discovery result keeps once its listing's content is forgotten. */
    public static final String CONTENT_REMOVED = "[removed: the listing ended, and its marketplace's terms ask for its content to go]";

    /** A listing a source shows again: it is offered again from its next observation. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void seen(Listing listing, Instant at, Instant endsAt) {
        listing.lastSeenAt = at;
        listing.missedRuns = 0;
        if (endsAt != null) {
            listing.endsAt = endsAt;
        }
        if (listing.ended() && (listing.endsAt == null || listing.endsAt.isAfter(at))) {
            listing.endedAt = null;
            listing.endedReason = null;
            writes.mark();
        }
    }

    /**
     * After a complete run of a source: the listings it found that it did not show in the run (of
     * the drives it searched for) have missed one more run, and those that missed {@code endAfter}
     * runs, or whose end date has passed, end. Returns how many ended.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public int afterCompleteRun(String source, Instant runStartedAt, List<Long> searchedDrives, int endAfter, Instant now) {
        if (searchedDrives.isEmpty()) {
            return 0;
        }
        em.createNativeQuery("""
                UPDATE listing SET missed_runs = missed_runs + 1
                 WHERE found_by = :source AND ended_at IS NULL AND drive_id = ANY(CAST(:drives AS bigint[]))
                   AND (last_seen_at IS NULL OR last_seen_at < :started)""")
                .setParameter("source", source).setParameter("drives", searchedDrives.toArray(Long[]::new))
                .setParameter("started", runStartedAt).executeUpdate();
        @SuppressWarnings("unchecked")
        List<Listing> gone = em.createQuery("""
                FROM Listing l WHERE l.foundBy = :source AND l.endedAt IS NULL
                 AND (l.missedRuns >= :after OR l.endsAt < :now)""", Listing.class)
                .setParameter("source", source).setParameter("after", endAfter).setParameter("now", now).getResultList();
        int ended = 0;
        for (Listing l : gone) {
            String reason = l.endsAt != null && l.endsAt.isBefore(now) ? "the marketplace gave its end as " + l.endsAt
                    : "absent from " + l.missedRuns + " consecutive complete runs of " + source;
            if (end(l, now, reason)) {
                ended++;
            }
        }
        return ended;
    }
}
