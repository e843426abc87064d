package dev.drivecat.digest;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

/**
 * The digest_delivery table: one record per subscriber and ISO week, the guarantee that a digest is
 * sent at most once. Every method runs in the caller's transaction; {@link DigestService} decides when
 * each state change commits (SENDING before SMTP, SENT after it).
 */
@ApplicationScoped
class DeliveryRecords {

    /** Where a week's digest to one subscriber stands. */
    enum Status {
        /** Not sent yet, or refused by SMTP last time: the next run sends it. */
        PENDING,
        /** Handed to SMTP by a run that did not record the answer: in doubt, not sent again unless asked. */
        SENDING,
        /** Accepted by SMTP. */
        SENT,
        /** Nothing the subscriber follows changed that week. */
        EMPTY
    }

    /** One record as the sender needs it. */
    record Delivery(long id, Status status, int attempts, String lastError) {
    }

    @Inject
    EntityManager em;

    Clock clock = Clock.systemUTC();

    Optional<Delivery> find(long subscriberId, String week) {
        @SuppressWarnings("unchecked")
        List<Tuple> rows = em.createNativeQuery("""
                SELECT id, status, attempts, last_error FROM digest_delivery WHERE subscriber_id = :s AND week = :week
                """, Tuple.class).setParameter("s", subscriberId).setParameter("week", week).getResultList();
        return rows.stream().findFirst().map(t -> new Delivery(((Number) t.get("id")).longValue(), Status.valueOf((String) t.get("status")),
                ((Number) t.get("attempts")).intValue(), (String) t.get("last_error")));
    }

    /** Records that the week had nothing for this subscriber, unless a record already says more than PENDING. */
    void markEmpty(long subscriberId, String week) {
        OffsetDateTime now = now();
        em.createNativeQuery("""
                INSERT INTO digest_delivery (subscriber_id, week, status, change_count, created_at, updated_at)
                VALUES (:s, :week, :empty, 0, :now, :now)
                ON CONFLICT ON CONSTRAINT digest_delivery_subscriber_week_uq DO UPDATE
                   SET status = EXCLUDED.status, change_count = 0, updated_at = EXCLUDED.updated_at
                 WHERE digest_delivery.status = :pending
                """).setParameter("s", subscriberId).setParameter("week", week).setParameter("now", now)
                .setParameter("empty", Status.EMPTY.name()).setParameter("pending", Status.PENDING.name()).executeUpdate();
    }

    /**
     * Sets the record SENDING (one more attempt) if it is PENDING, absent, or SENDING and {@code resendInDoubt};
     * its id, or empty when the record says the digest is not to be sent.
     */
    Optional<Long> markSending(long subscriberId, String week, int changeCount, String subject, boolean resendInDoubt) {
        OffsetDateTime now = now();
        @SuppressWarnings("unchecked")
        List<Number> ids = em.createNativeQuery("""
                INSERT INTO digest_delivery (subscriber_id, week, status, attempts, change_count, subject, created_at, updated_at, sending_since)
                VALUES (:s, :week, :sending, 1, :count, :subject, :now, :now, :now)
                ON CONFLICT ON CONSTRAINT digest_delivery_subscriber_week_uq DO UPDATE
                   SET status = EXCLUDED.status, attempts = digest_delivery.attempts + 1, change_count = EXCLUDED.change_count,
                       subject = EXCLUDED.subject, updated_at = EXCLUDED.updated_at, sending_since = EXCLUDED.sending_since
                 WHERE digest_delivery.status = :pending OR (digest_delivery.status = EXCLUDED.status AND :resendInDoubt)
                RETURNING id
                """).setParameter("s", subscriberId).setParameter("week", week).setParameter("count", changeCount)
                .setParameter("subject", subject).setParameter("now", now).setParameter("sending", Status.SENDING.name())
                .setParameter("pending", Status.PENDING.name()).setParameter("resendInDoubt", resendInDoubt).getResultList();
        return ids.stream().findFirst().map(Number::longValue);
    }

    void markSent(long deliveryId) {
        em.createNativeQuery("""
                UPDATE digest_delivery SET status = :sent, sent_at = :now, updated_at = :now, last_error = NULL WHERE id = :id
                """).setParameter("sent", Status.SENT.name()).setParameter("now", now()).setParameter("id", deliveryId).executeUpdate();
    }

    /** SMTP refused: back to PENDING with the error, for the next attempt or run. */
    void markPending(long deliveryId, String error) {
        em.createNativeQuery("""
                UPDATE digest_delivery SET status = :pending, sending_since = NULL, last_error = :error, updated_at = :now WHERE id = :id
                """).setParameter("pending", Status.PENDING.name()).setParameter("error", error).setParameter("now", now())
                .setParameter("id", deliveryId).executeUpdate();
    }

    private OffsetDateTime now() {
        return clock.instant().atOffset(ZoneOffset.UTC);
    }
}
