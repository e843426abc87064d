package dev.drivecat.digest;

import dev.drivecat.database.Columns;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The subscriber and subscription_token tables, and nothing else touches them. Every method runs in the
 * caller's transaction. Tokens are stored as their hash ({@link Tokens#hash}); callers pass the hash.
 */
@ApplicationScoped
class SubscriberStore {

    /** Where an address stands. */
    enum Status { PENDING, CONFIRMED, UNSUBSCRIBED }

    /** What a mailed token is for. */
    enum Purpose { CONFIRM, UNSUBSCRIBE }

    record Subscriber(long id, String email, Status status, SubscriptionSettings settings) {
    }

    /** A sign-up's row, locked: when its last confirmation mail went out. */
    record SignUp(long id, String email, Instant confirmationSentAt) {
    }

    /** A mailed token: whose, the settings a confirmation carries (JSON), and whether it is used or expired. */
    record Token(long subscriberId, String settings, Instant expiresAt, Instant usedAt) {
    }

    static final int BATCH = 200;

    private static final String SUBSCRIBER_COLUMNS = """
            SELECT id, email, status, array_to_string(drives, ',') AS drives, array_to_string(interfaces, ',') AS interfaces,
                   array_to_string(roles, ',') AS roles, min_change_percent FROM subscriber
            """;

    @Inject
    EntityManager em;

    /** Confirmed subscribers after {@code after} in id order, {@link #BATCH} at a time. */
    List<Subscriber> confirmed(long after) {
        @SuppressWarnings("unchecked")
        List<Tuple> rows = em.createNativeQuery(SUBSCRIBER_COLUMNS + " WHERE status = :confirmed AND id > :after ORDER BY id LIMIT :batch",
                        Tuple.class).setParameter("confirmed", Status.CONFIRMED.name()).setParameter("after", after)
                .setParameter("batch", BATCH).getResultList();
        return rows.stream().map(SubscriberStore::subscriber).toList();
    }

    /** The subscriber with this address (compared as lower case). */
    Optional<Subscriber> byEmailKey(String emailKey) {
        @SuppressWarnings("unchecked")
        List<Tuple> rows = em.createNativeQuery(SUBSCRIBER_COLUMNS + " WHERE email_key = :key", Tuple.class)
                .setParameter("key", emailKey).getResultList();
        return rows.stream().findFirst().map(SubscriberStore::subscriber);
    }

    /** Locks the subscriber's row until the transaction ends; its status, or empty when there is no such subscriber. */
    Optional<Status> lockStatus(long id) {
        @SuppressWarnings("unchecked")
        List<String> status = em.createNativeQuery("SELECT status FROM subscriber WHERE id = :id FOR UPDATE")
                .setParameter("id", id).getResultList();
        return status.stream().findFirst().map(Status::valueOf);
    }

    /** The address's row, created PENDING if it is new, locked until the transaction ends. */
    SignUp lockForSignUp(String email, String emailKey) {
        em.createNativeQuery("""
                INSERT INTO subscriber (email, email_key, status) VALUES (:email, :key, :pending)
                ON CONFLICT ON CONSTRAINT subscriber_email_key_uq DO NOTHING
                """).setParameter("email", email).setParameter("key", emailKey).setParameter("pending", Status.PENDING.name())
                .executeUpdate();
        Tuple row = (Tuple) em.createNativeQuery("""
                SELECT id, email, confirmation_sent_at FROM subscriber WHERE email_key = :key FOR UPDATE
                """, Tuple.class).setParameter("key", emailKey).getSingleResult();
        return new SignUp(((Number) row.get("id")).longValue(), (String) row.get("email"), Columns.instant(row.get("confirmation_sent_at")));
    }

    /** When the last confirmation mail went out; null when it did not, so the next sign-up may send one at once. */
    void confirmationSent(long id, Instant at) {
        em.createNativeQuery("UPDATE subscriber SET confirmation_sent_at = :at WHERE id = :id")
                .setParameter("at", at == null ? null : at.atOffset(ZoneOffset.UTC)).setParameter("id", id).executeUpdate();
    }

    void storeConfirmToken(String hash, long subscriberId, String settingsJson, Instant now, Instant expires) {
        em.createNativeQuery("""
                INSERT INTO subscription_token (token_hash, subscriber_id, purpose, settings, created_at, expires_at)
                VALUES (:hash, :subscriber, :purpose, CAST(:settings AS jsonb), :now, :expires)
                """)
                .setParameter("hash", hash).setParameter("subscriber", subscriberId).setParameter("purpose", Purpose.CONFIRM.name())
                .setParameter("settings", settingsJson).setParameter("now", now.atOffset(ZoneOffset.UTC))
                .setParameter("expires", expires.atOffset(ZoneOffset.UTC)).executeUpdate();
    }

    void storeUnsubscribeToken(String hash, long subscriberId, Instant now) {
        em.createNativeQuery("""
                INSERT INTO subscription_token (token_hash, subscriber_id, purpose, created_at) VALUES (:hash, :id, :purpose, :now)
                """).setParameter("hash", hash).setParameter("id", subscriberId).setParameter("purpose", Purpose.UNSUBSCRIBE.name())
                .setParameter("now", now.atOffset(ZoneOffset.UTC)).executeUpdate();
    }

    /** The token with this hash and purpose; {@code lock} holds its row until the transaction ends. */
    Optional<Token> token(String hash, Purpose purpose, boolean lock) {
        @SuppressWarnings("unchecked")
        List<Tuple> rows = em.createNativeQuery("""
                SELECT subscriber_id, settings::text AS settings, expires_at, used_at FROM subscription_token
                 WHERE token_hash = :hash AND purpose = :purpose
                """ + (lock ? " FOR UPDATE" : ""), Tuple.class).setParameter("hash", hash).setParameter("purpose", purpose.name())
                .getResultList();
        return rows.stream().findFirst().map(t -> new Token(((Number) t.get("subscriber_id")).longValue(), (String) t.get("settings"),
                Columns.instant(t.get("expires_at")), Columns.instant(t.get("used_at"))));
    }

    /** Marks a token used, keeping the first time it was. */
    void tokenUsed(String hash, Instant now) {
        em.createNativeQuery("UPDATE subscription_token SET used_at = coalesce(used_at, :now) WHERE token_hash = :hash")
                .setParameter("now", now.atOffset(ZoneOffset.UTC)).setParameter("hash", hash).executeUpdate();
    }

    /** Applies confirmed settings: the subscriber receives digests from now on, for what they follow. */
    void confirm(long id, SubscriptionSettings s, Instant now) {
        em.createNativeQuery("""
                UPDATE subscriber SET status = :confirmed, confirmed_at = :now, unsubscribed_at = NULL,
                       drives = string_to_array(:drives, ','), interfaces = string_to_array(:interfaces, ','),
                       roles = string_to_array(:roles, ','), min_change_percent = CAST(:min AS numeric)
                 WHERE id = :id
                """)
                .setParameter("confirmed", Status.CONFIRMED.name())
                .setParameter("now", now.atOffset(ZoneOffset.UTC))
                .setParameter("drives", String.join(",", s.drives()))
                .setParameter("interfaces", String.join(",", s.interfaces()))
                .setParameter("roles", String.join(",", s.roles()))
                .setParameter("min", s.minChangePercent() == null ? null : s.minChangePercent().toPlainString())
                .setParameter("id", id)
                .executeUpdate();
    }

    /** Unsubscribes; an address already unsubscribed keeps the time it first was. */
    void unsubscribe(long id, Instant now) {
        em.createNativeQuery("""
                UPDATE subscriber SET status = :unsubscribed, unsubscribed_at = :now WHERE id = :id AND status <> :unsubscribed
                """).setParameter("unsubscribed", Status.UNSUBSCRIBED.name()).setParameter("now", now.atOffset(ZoneOffset.UTC))
                .setParameter("id", id).executeUpdate();
    }

    private static Subscriber subscriber(Tuple t) {
        return new Subscriber(((Number) t.get("id")).longValue(), (String) t.get("email"), Status.valueOf((String) t.get("status")),
                new SubscriptionSettings(split((String) t.get("drives")), split((String) t.get("interfaces")),
                        split((String) t.get("roles")), (BigDecimal) t.get("min_change_percent")));
    }

    private static List<String> split(String joined) {
        return joined == null || joined.isEmpty() ? List.of() : Arrays.asList(joined.split(","));
    }
}
