package dev.drivecat.ranking;

import jakarta.transaction.TransactionScoped;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Destroyed;
import jakarta.enterprise.event.Observes;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Knows the catalog version without a query per request: one connection LISTENs for the
 * database's notifications (sent at commit by the version trigger, whichever instance wrote) and
 * re-reads the version when one arrives (and every few seconds anyway). When it cannot listen, when
 * its last read is older than 15 s (a stuck connection), or within two seconds after a transaction
 * ended in this instance (read-your-writes does not wait for a notification), callers ask the
 * database instead.
 */
@ApplicationScoped
public class CatalogVersionWatcher {

    private static final Logger LOG = Logger.getLogger(CatalogVersionWatcher.class);
    static final String CHANNEL = "drivecat_catalog";
    private static final long RECENT_WRITE_NANOS = 2_000_000_000L;
    /** The listener re-reads at least every 5 s; a read older than this means it is stuck. */
    private static final long STALE_READ_NANOS = 15_000_000_000L;

    private final AtomicLong version = new AtomicLong(-1);
    private volatile boolean listening;
    /** Listening stopped at least once (the database went away): say so in the log when it resumes. */
    private boolean resumed;
    private volatile boolean running = true;
    private volatile long lastLocalTransactionNanos = System.nanoTime();
    private volatile long lastReadNanos;
    private Thread thread;

    void onStart(@Observes StartupEvent event) {
        thread = new Thread(this::listen, "drivecat-catalog-version");
        thread.setDaemon(true);
        thread.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        running = false;
        if (thread != null) {
            thread.interrupt();
        }
    }

    void transactionEnded(@Observes @Destroyed(TransactionScoped.class) Object event) {
        lastLocalTransactionNanos = System.nanoTime();
    }

    /** The current version when it is known without asking the database. */
    public OptionalLong current() {
        long v = version.get();
        long now = System.nanoTime();
        if (!listening || v < 0 || now - lastLocalTransactionNanos < RECENT_WRITE_NANOS || now - lastReadNanos > STALE_READ_NANOS) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(v);
    }

    private void listen() {
        var config = ConfigProvider.getConfig();
        String url = config.getValue("quarkus.datasource.jdbc.url", String.class);
        String user = config.getOptionalValue("quarkus.datasource.username", String.class).orElse(null);
        String password = config.getOptionalValue("quarkus.datasource.password", String.class).orElse("");
        java.util.Properties props = new java.util.Properties();
        if (user != null) {
            props.setProperty("user", user);
        }
        props.setProperty("password", password);
        // a half-open connection must end in an error, not a read that never returns
        props.setProperty("socketTimeout", "30");
        props.setProperty("tcpKeepAlive", "true");
        while (running) {
            try (Connection c = DriverManager.getConnection(url, props)) {
                try (Statement s = c.createStatement()) {
                    s.execute("LISTEN " + CHANNEL);
                }
                PGConnection pg = c.unwrap(PGConnection.class);
                version.set(read(c));
                lastReadNanos = System.nanoTime();
                listening = true;
                if (resumed) {
                    LOG.infof("Listening for catalog changes again (version %d)", version.get());
                }
                while (running) {
                    PGNotification[] notifications = pg.getNotifications(5_000);
                    // a notification, or five quiet seconds: read the committed version either way
                    version.set(read(c));
                    lastReadNanos = System.nanoTime();
                    if (notifications != null && notifications.length > 0) {
                        LOG.debugf("catalog version now %d", version.get());
                    }
                }
            } catch (SQLException e) {
                if (listening) {
                    resumed = true;
                    LOG.warnf("Stopped listening for catalog changes (%s); asking the database per request until it is back", e.getMessage());
                }
                listening = false;
                sleepQuietly();
            }
        }
    }

    private static long read(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT version FROM catalog_version WHERE id = 1")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private void sleepQuietly() {
        try {
            Thread.sleep(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }
}
