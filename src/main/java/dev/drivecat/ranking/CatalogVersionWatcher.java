package dev.drivecat.ranking;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Hears about catalog changes made anywhere: one connection LISTENs for the database's
 * notifications (sent at commit by the change triggers, once per transaction, whichever instance or
 * tool wrote) and refreshes the {@link CandidateModel} when one arrives. Local writes refresh the
 * model themselves after their commit; this catches the others. When the connection is lost it
 * connects again, and a refresh on reconnecting catches up on whatever it missed.
 */
@ApplicationScoped
public class CatalogVersionWatcher {

    private static final Logger LOG = Logger.getLogger(CatalogVersionWatcher.class);
    static final String CHANNEL = "drivecat_catalog";
    /** How long one wait for notifications lasts, so that a stop is noticed. */
    static final int POLL_MILLIS = 1_000;

    @Inject
    CandidateModel model;

    private final AtomicLong notifications = new AtomicLong();
    private volatile boolean listening;
    /** Listening stopped at least once (the database went away): say so in the log when it resumes. */
    private boolean resumed;
    private volatile boolean running = true;
    private Thread thread;

    void onStart(@Observes StartupEvent event) {
        thread = new Thread(this::listen, "drivecat-catalog-changes");
        thread.setDaemon(true);
        thread.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        running = false;
        if (thread != null) {
            thread.interrupt();
        }
    }

    /** Whether the LISTEN connection is up. */
    public boolean listening() {
        return listening;
    }

    /** Notifications received so far (for tests and metrics). */
    public long notificationsReceived() {
        return notifications.get();
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
                listening = true;
                if (resumed) {
                    LOG.info("Listening for catalog changes again; catching up on what was missed");
                }
                refreshQuietly();
                while (running) {
                    PGNotification[] received = pg.getNotifications(POLL_MILLIS);
                    if (received != null && received.length > 0) {
                        notifications.addAndGet(received.length);
                        LOG.debugf("catalog version now %s", received[received.length - 1].getParameter());
                        refreshQuietly();
                    }
                }
            } catch (SQLException e) {
                if (listening) {
                    resumed = true;
                    LOG.warnf("Stopped listening for catalog changes (%s); connecting again", e.getMessage());
                }
                listening = false;
                sleepQuietly();
            }
        }
    }

    private void refreshQuietly() {
        try {
            model.refresh();
        } catch (RuntimeException e) {
            LOG.warnf("Could not refresh the ranking's catalog (%s); the next notification will", e.getMessage());
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
