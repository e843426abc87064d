package dev.drivecat.web;

import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.function.Predicate;
import javax.transaction.xa.XAException;

/**
 * Recognises a failure that means "the database cannot be reached right now" (as opposed to a bug
 * or bad data): connection errors (SQLSTATE class 08), a server shutting down or starting
 * (57P01–57P03), a pool that could not get a connection in time, and a statement that got no
 * answer within drivecat.database.statement-timeout. Such requests answer 503 with Retry-After;
 * the transaction they were in was rolled back, so nothing half-done stays, except in the one case
 * nobody can know: the answer to COMMIT itself never came ({@link #outcomeUnknown}).
 */
public final class DatabaseUnavailable {

    public static final int RETRY_AFTER_SECONDS = 5;

    private DatabaseUnavailable() {
    }

    public static boolean causes(Throwable error) {
        return anyInChain(error, DatabaseUnavailable::unavailable);
    }

    /**
     * The database stopped answering while a transaction was being committed (the COMMIT was sent,
     * no answer came): it may have committed or not, and nobody here can tell. The transaction
     * manager reports this as a rollback (the JDBC commit's failure is a suppressed exception of
     * its RollbackException), which would be a lie to pass on.
     */
    public static boolean outcomeUnknown(Throwable error) {
        return anyInChain(error, t -> t instanceof XAException xa && raisedByCommit(xa) && anyInChain(xa.getCause(), DatabaseUnavailable::unavailable));
    }

    private static boolean raisedByCommit(XAException xa) {
        return Arrays.stream(xa.getStackTrace()).limit(5)
                .anyMatch(f -> f.getMethodName().equals("commit") && f.getClassName().endsWith("XAResource"));
    }

    private static boolean unavailable(Throwable t) {
        if (t.getClass().getName().equals("org.hibernate.exception.JDBCConnectionException")) {
            return true;
        }
        if (t instanceof SQLException sql) {
            String state = sql.getSQLState();
            if (state != null && (state.startsWith("08") || state.startsWith("57P0"))) {
                return true;
            }
            String message = sql.getMessage();
            return message != null && (message.contains("Acquisition timeout") || message.contains("This connection has been closed"));
        }
        return false;
    }

    /** The error, its causes and their suppressed exceptions (where a transaction manager puts the resource's failure). */
    private static boolean anyInChain(Throwable error, Predicate<Throwable> test) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> todo = new ArrayDeque<>();
        if (error != null) {
            todo.add(error);
        }
        while (!todo.isEmpty()) {
            Throwable t = todo.removeFirst();
            if (!seen.add(t)) {
                continue;
            }
            if (test.test(t)) {
                return true;
            }
            if (t.getCause() != null) {
                todo.add(t.getCause());
            }
            todo.addAll(Arrays.asList(t.getSuppressed()));
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
