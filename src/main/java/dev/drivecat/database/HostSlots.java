package dev.drivecat.database;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Per-host pacing shared by every instance of the service: each request to a host reserves the
 * next free slot in PostgreSQL, one interval after the slot before it, so two instances together
 * never ask a host faster than one would. A host that asks to be left alone (429, 503 with
 * Retry-After) is held off for every instance.
 */
@ApplicationScoped
public class HostSlots {

    @Inject
    AgroalDataSource dataSource;

    Clock clock = Clock.systemUTC();

    /**
     * Reserves the next slot of a host and answers how long to wait for it (zero when it is now).
     * Autocommitted, so no other transaction of the caller holds the row.
     */
    public Duration reserve(String host, Duration interval) {
        Instant now = clock.instant();
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("""
                     INSERT INTO host_slot AS h (host, next_at) VALUES (?, ?)
                     ON CONFLICT (host) DO UPDATE SET next_at = greatest(h.next_at, ?) + ?::interval
                     RETURNING next_at""")) {
            c.setAutoCommit(true);
            Timestamp at = Timestamp.from(now);
            s.setString(1, host);
            s.setTimestamp(2, Timestamp.from(now.plus(interval)));
            s.setTimestamp(3, at);
            s.setString(4, interval.toMillis() + " milliseconds");
            try (ResultSet r = s.executeQuery()) {
                r.next();
                // the slot reserved is one interval before the new next_at
                Instant slot = r.getTimestamp(1).toInstant().minus(interval);
                Duration wait = Duration.between(now, slot);
                return wait.isNegative() ? Duration.ZERO : wait;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the host slot of " + host + " could not be reserved", e);
        }
    }

    /** Keeps every instance from asking a host before {@code until} (the host asked for it). */
    public void holdOff(String host, Instant until) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("""
                     INSERT INTO host_slot AS h (host, next_at) VALUES (?, ?)
                     ON CONFLICT (host) DO UPDATE SET next_at = greatest(h.next_at, EXCLUDED.next_at)""")) {
            c.setAutoCommit(true);
            s.setString(1, host);
            s.setTimestamp(2, Timestamp.from(until));
            s.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("the hold-off of " + host + " could not be recorded", e);
        }
    }
}
