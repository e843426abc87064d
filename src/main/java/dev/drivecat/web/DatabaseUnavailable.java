package dev.drivecat.web;

import java.sql.SQLException;

/**
 * Recognises a failure that means "the database cannot be reached right now" (as opposed to a bug
 * or bad data): connection errors (SQLSTATE class 08), a server shutting down or starting
 * (57P01–57P03), and a pool that could not get a connection in time. Such requests answer 503
 * with Retry-After; the transaction they were in was rolled back, so nothing half-done stays.
 */
public final class DatabaseUnavailable {

    public static final int RETRY_AFTER_SECONDS = 5;

    private DatabaseUnavailable() {
    }

    public static boolean causes(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getClass().getName().equals("org.hibernate.exception.JDBCConnectionException")) {
                return true;
            }
            if (t instanceof SQLException sql) {
                String state = sql.getSQLState();
                if (state != null && (state.startsWith("08") || state.startsWith("57P0"))) {
                    return true;
                }
                String message = sql.getMessage();
                if (message != null && (message.contains("Acquisition timeout") || message.contains("This connection has been closed"))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** One line for the log: the innermost cause. */
    public static String summary(Throwable error) {
        Throwable t = error;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
