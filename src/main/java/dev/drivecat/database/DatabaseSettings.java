package dev.drivecat.database;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * How long drivecat waits for its database, and how it supervises the embedded one
 * ({@code drivecat.database.*}; as environment variables {@code DRIVECAT_DATABASE_*}). How long a
 * request waits for a free connection is Quarkus's own {@code quarkus.datasource.jdbc.acquisition-timeout}.
 */
@ConfigMapping(prefix = "drivecat.database")
public interface DatabaseSettings {

    /**
     * The longest a request's statement waits for the database's answer. A database that stops
     * answering (hung, frozen, unreachable) then fails the request with 503 and Retry-After after
     * this long, instead of holding its thread; the connection is discarded. It is a socket read
     * timeout, so it also ends a statement that is merely slow: keep it above the slowest statement
     * a request runs. Migrations at start-up are not bounded by it.
     */
    @WithDefault("PT15S")
    Duration statementTimeout();

    /** Supervision of the embedded PostgreSQL (not used with an external datasource). */
    Supervision supervision();

    interface Supervision {
        /**
         * After this many failures of the embedded PostgreSQL (postmaster exits and failed restarts)
         * within {@link #failureWindow()}, drivecat stops restarting it and reports itself not live
         * (/q/health/live DOWN), so that whatever supervises drivecat restarts the whole service.
         */
        @WithDefault("5")
        int maxFailures();

        /** The window {@link #maxFailures()} is counted in. */
        @WithDefault("PT10M")
        Duration failureWindow();

        /** The wait after a failed restart before the next attempt; it doubles after each further failure. */
        @WithDefault("PT1S")
        Duration firstBackoff();

        /** The longest wait between two restart attempts. */
        @WithDefault("PT30S")
        Duration maxBackoff();

        /** How long one restart may take (crash recovery replays the write-ahead log before the server accepts connections). */
        @WithDefault("PT2M")
        Duration startupTimeout();
    }
}
