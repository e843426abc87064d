package dev.drivecat.database;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * The calls made to a metered API today (UTC), counted in PostgreSQL across instances, so that a
 * daily budget holds for the whole cluster.
 */
@ApplicationScoped
public class ApiCalls {

    @Inject
    AgroalDataSource dataSource;

    Clock clock = Clock.systemUTC();

    /** Takes one call of today's budget; false (and nothing counted) when the budget is spent. */
    public boolean take(String source, int dailyBudget) {
        if (dailyBudget <= 0) {
            return false;
        }
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("""
                     INSERT INTO api_call AS a (source, day, calls) VALUES (?, ?, 1)
                     ON CONFLICT (source, day) DO UPDATE SET calls = a.calls + 1 WHERE a.calls < ?
                     RETURNING calls""")) {
            c.setAutoCommit(true);
            s.setString(1, source);
            s.setDate(2, Date.valueOf(today()));
            s.setInt(3, dailyBudget);
            try (ResultSet r = s.executeQuery()) {
                return r.next();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the API budget of " + source + " could not be read", e);
        }
    }

    /**
     * Counts {@code units} more of today's use, whatever the budget: for an API that says what a call cost only in
     * its answer (Keepa's tokens), the caller checks the budget before and adds the cost after.
     */
    public void add(String source, int units) {
        if (units <= 0) {
            return;
        }
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("""
                     INSERT INTO api_call AS a (source, day, calls) VALUES (?, ?, ?)
                     ON CONFLICT (source, day) DO UPDATE SET calls = a.calls + EXCLUDED.calls""")) {
            c.setAutoCommit(true);
            s.setString(1, source);
            s.setDate(2, Date.valueOf(today()));
            s.setInt(3, units);
            s.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("the API budget of " + source + " could not be counted", e);
        }
    }

    /** The calls made today. */
    public int today(String source) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT calls FROM api_call WHERE source = ? AND day = ?")) {
            s.setString(1, source);
            s.setDate(2, Date.valueOf(today()));
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? r.getInt(1) : 0;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the API budget of " + source + " could not be read", e);
        }
    }

    private LocalDate today() {
        return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    }
}
