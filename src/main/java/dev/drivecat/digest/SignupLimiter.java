package dev.drivecat.digest;

import dev.drivecat.common.RateLimitedException;
import dev.drivecat.database.Columns;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;

/**
 * Limits sign-ups per client (every request, counted before it is read) and confirmation mails per
 * address (every mail about to be sent) with fixed-window counters in PostgreSQL, so every instance
 * counts together. Keys are hashed; an attempt over the limit still counts.
 */
@ApplicationScoped
public class SignupLimiter {

    enum Scope { CLIENT, ADDRESS }

    @Inject
    EntityManager em;

    @Inject
    DigestSettings digestSettings;

    Clock clock = Clock.systemUTC();

    /** Counts one sign-up for the key; a 429 when it is over the scope's limit. */
    void count(Scope scope, String key) {
        Counted counted = counted(scope, key);
        if (counted.over()) {
            String who = scope == Scope.CLIENT ? "from this client" : "for this address";
            throw new RateLimitedException("Too many sign-ups " + who + ": at most " + counted.limit() + " per "
                    + human(digestSettings.signupWindow()) + "; try again in " + counted.retryAfterSeconds() + " seconds",
                    counted.retryAfterSeconds());
        }
    }

    /** Counts one for the key; false when it is over the scope's limit. */
    boolean tryCount(Scope scope, String key) {
        return !counted(scope, key).over();
    }

    private record Counted(int limit, boolean over, long retryAfterSeconds) {
    }

    private Counted counted(Scope scope, String key) {
        int limit = scope == Scope.CLIENT ? digestSettings.signupsPerClient() : digestSettings.signupsPerAddress();
        Duration window = digestSettings.signupWindow();
        Instant now = clock.instant();
        String keyHash = Tokens.sha256Hex(scope.name() + ":" + key.toLowerCase(Locale.ROOT));
        Tuple counted = QuarkusTransaction.requiringNew().call(() -> {
            em.createNativeQuery("DELETE FROM signup_counter WHERE window_start <= :floor")
                    .setParameter("floor", now.minus(window).atOffset(ZoneOffset.UTC)).executeUpdate();
            return (Tuple) em.createNativeQuery("""
                    INSERT INTO signup_counter (scope, key_hash, window_start, attempts) VALUES (:scope, :key, :now, 1)
                    ON CONFLICT ON CONSTRAINT signup_counter_pk DO UPDATE SET attempts = signup_counter.attempts + 1
                    RETURNING attempts, window_start
                    """, Tuple.class)
                    .setParameter("scope", scope.name()).setParameter("key", keyHash)
                    .setParameter("now", now.atOffset(ZoneOffset.UTC)).getSingleResult();
        });
        int attempts = ((Number) counted.get("attempts")).intValue();
        Instant windowStart = Columns.instant(counted.get("window_start"));
        long retryAfter = Math.max(1, Duration.between(now, windowStart.plus(window)).toSeconds() + 1);
        return new Counted(limit, attempts > limit, retryAfter);
    }

    private static String human(Duration d) {
        if (d.toHours() > 0 && d.toMinutesPart() == 0) {
            return d.toHours() == 1 ? "hour" : d.toHours() + " hours";
        }
        return d.toMinutes() + " minutes";
    }
}
