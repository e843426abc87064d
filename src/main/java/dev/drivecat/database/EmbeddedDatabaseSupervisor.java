package dev.drivecat.database;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Watches the embedded PostgreSQL's postmaster process and starts it again when it exits (the OOM
 * killer, a crash, a stray kill): on the same data directory and port, with crash recovery, backing
 * off between failed attempts. Too many failures within the window and it gives up, so that the
 * service reports itself not live and an outer supervisor restarts all of it. Every step is logged.
 */
final class EmbeddedDatabaseSupervisor {

    private static final Logger LOG = Logger.getLogger(EmbeddedDatabaseSupervisor.class);
    private static final long WATCH_INTERVAL_MILLIS = 250;

    enum State {
        /** The postmaster runs. */
        RUNNING,
        /** The postmaster exited; the supervisor is starting it again. */
        RESTARTING,
        /** Too many failures within the window: no more restarts; the service is not live. */
        GAVE_UP
    }

    /** What the supervisor last knew, for the health checks. */
    record Status(State state, int failuresInWindow, Optional<Instant> lastFailure, String detail) {
    }

    private final EmbeddedDatabase database;
    private final DatabaseSettings.Supervision settings;
    private final Runnable onResumed;
    private final Clock clock;
    private final FailureWindow failures;
    private volatile Status status;
    private volatile Instant lastFailure;
    private volatile boolean stopping;
    private Thread thread;

    EmbeddedDatabaseSupervisor(EmbeddedDatabase database, DatabaseSettings.Supervision settings, Runnable onResumed, Clock clock) {
        this.database = database;
        this.settings = settings;
        this.onResumed = onResumed;
        this.clock = clock;
        this.failures = new FailureWindow(settings.failureWindow());
        this.status = new Status(State.RUNNING, 0, Optional.empty(), "the embedded PostgreSQL runs (postmaster pid " + database.postmasterPid() + ")");
    }

    synchronized void start() {
        thread = new Thread(this::watch, "drivecat-database-supervisor");
        thread.setDaemon(true);
        thread.start();
        LOG.infof("Supervising the embedded PostgreSQL (postmaster pid %d): it is restarted when it exits; after %d failures within %s "
                + "the service reports itself not live", database.postmasterPid(), settings.maxFailures(), settings.failureWindow());
    }

    /** Called when the service shuts down, before the database is stopped: its exit is then expected. */
    synchronized void stop() {
        stopping = true;
        if (thread != null) {
            thread.interrupt();
        }
    }

    Status status() {
        Status s = status;
        return new Status(s.state(), failures.count(clock.instant()), Optional.ofNullable(lastFailure), s.detail());
    }

    private void watch() {
        while (!stopping) {
            if (database.postmaster().isPresent()) {
                if (!pause(WATCH_INTERVAL_MILLIS)) {
                    return;
                }
                continue;
            }
            if (stopping || database.closed()) {
                return;
            }
            long pid = database.postmasterPid();
            fail();
            LOG.errorf("The embedded PostgreSQL's postmaster (pid %d) has exited; requests needing the database answer 503 until it is back. "
                    + "Starting it again on %s (crash recovery replays the write-ahead log)", pid, database.dataDirectory());
            if (!recover(pid)) {
                return;
            }
        }
    }

    /** Restarts until it works, the failures are too many, or the service stops; false when the supervisor is done. */
    private boolean recover(long deadPid) {
        Instant failedAt = clock.instant();
        Duration backoff = settings.firstBackoff();
        for (int attempt = 1; !stopping; attempt++) {
            int count = failures.count(clock.instant());
            if (count >= settings.maxFailures()) {
                String detail = count + " failures of the embedded PostgreSQL within " + settings.failureWindow()
                        + " (drivecat.database.supervision.max-failures=" + settings.maxFailures() + "): no more restarts; "
                        + "restart the service";
                status = new Status(State.GAVE_UP, count, Optional.ofNullable(lastFailure), detail);
                LOG.errorf("Giving up on the embedded PostgreSQL after %s. Reporting the service not live (/q/health/live DOWN) "
                        + "so that its supervisor restarts it", detail);
                return false;
            }
            status = new Status(State.RESTARTING, count, Optional.ofNullable(lastFailure),
                    "the postmaster (pid " + deadPid + ") exited; restart attempt " + attempt);
            try {
                LOG.infof("Restart attempt %d of the embedded PostgreSQL", attempt);
                database.restart(settings.startupTimeout());
                Duration outage = Duration.between(failedAt, clock.instant());
                status = new Status(State.RUNNING, failures.count(clock.instant()), Optional.ofNullable(lastFailure),
                        "the embedded PostgreSQL runs (postmaster pid " + database.postmasterPid() + ", restarted after pid " + deadPid + " exited)");
                LOG.infof("The embedded PostgreSQL runs again (postmaster pid %d), %d ms after it was found gone; crash recovery is complete",
                        database.postmasterPid(), outage.toMillis());
                onResumed.run();
                return true;
            } catch (Exception e) {
                if (stopping || database.closed()) {
                    return false;
                }
                fail();
                LOG.warnf("Restart attempt %d of the embedded PostgreSQL failed (%s); next attempt in %s", attempt, e.getMessage(), backoff);
                if (!pause(backoff.toMillis())) {
                    return false;
                }
                backoff = backoff.multipliedBy(2);
                if (backoff.compareTo(settings.maxBackoff()) > 0) {
                    backoff = settings.maxBackoff();
                }
            }
        }
        return false;
    }

    private void fail() {
        Instant now = clock.instant();
        lastFailure = now;
        failures.record(now);
    }

    private boolean pause(long millis) {
        try {
            Thread.sleep(millis);
            return !stopping;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
