package dev.drivecat.database;

import io.agroal.api.AgroalDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * A PostgreSQL session advisory lock held on a connection of its own for as long as a job runs: one
 * job of a kind at a time in the whole cluster. If the process dies, the lock goes with its session.
 */
public final class ClusterLock implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(ClusterLock.class);

    private final Connection connection;
    private final long key;

    private ClusterLock(Connection connection, long key) {
        this.connection = connection;
        this.key = key;
    }

    /** The lock, or empty when another session holds it. */
    public static Optional<ClusterLock> tryTake(AgroalDataSource dataSource, long key) {
        Connection c = null;
        try {
            c = dataSource.getConnection();
            try (PreparedStatement s = c.prepareStatement("SELECT pg_try_advisory_lock(?)")) {
                s.setLong(1, key);
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next() && rs.getBoolean(1)) {
                        return Optional.of(new ClusterLock(c, key));
                    }
                }
            }
            c.close();
            return Optional.empty();
        } catch (SQLException e) {
            closeQuietly(c);
            throw new IllegalStateException("could not take the cluster lock " + key, e);
        }
    }

    @Override
    public void close() {
        try (PreparedStatement s = connection.prepareStatement("SELECT pg_advisory_unlock(?)")) {
            s.setLong(1, key);
            s.execute();
        } catch (SQLException e) {
            LOG.warn("Could not release a cluster lock; it goes with the connection", e);
        } finally {
            closeQuietly(connection);
        }
    }

    private static void closeQuietly(Connection c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (SQLException ignored) {
            // the pool discards a broken connection, and the session's lock with it
        }
    }
}
