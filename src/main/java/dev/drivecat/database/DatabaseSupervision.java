package dev.drivecat.database;

import dev.drivecat.common.HealthReport;
import io.agroal.api.AgroalDataSource;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.Liveness;
import org.eclipse.microprofile.health.Readiness;
import org.jboss.logging.Logger;

/**
 * Runs the {@link EmbeddedDatabaseSupervisor} while the service runs on its embedded PostgreSQL,
 * resumes the service after a restart, and reports supervision in the health checks: not ready
 * while the server is being restarted, not live once the supervisor has given up. Whether the
 * database answers is a readiness check too. The state, the failures counted and the postmaster's
 * process id are the admin's details (GET /admin/health).
 */
@ApplicationScoped
public class DatabaseSupervision implements HealthReport.Source {

    private static final Logger LOG = Logger.getLogger(DatabaseSupervision.class);
    static final String CHECK = "embedded database supervision";
    static final String CONNECTIONS = "database";
    /** How long the readiness check waits for the database's answer. */
    private static final int VALIDATION_SECONDS = 2;

    /** Fired after the supervisor started the embedded PostgreSQL again, once the connection pool was flushed. */
    public record Restarted(long postmasterPid) {
    }

    @Inject
    DatabaseSettings settings;

    @Inject
    AgroalDataSource dataSource;

    @Inject
    Event<Restarted> restarted;

    private volatile EmbeddedDatabaseSupervisor supervisor;

    void onStart(@Observes StartupEvent event) {
        EmbeddedDatabase.service().ifPresent(database -> {
            supervisor = new EmbeddedDatabaseSupervisor(database, settings.supervision(), () -> resumed(database), Clock.systemUTC());
            supervisor.start();
        });
    }

    void onStop(@Observes ShutdownEvent event) {
        if (supervisor != null) {
            supervisor.stop();
        }
    }

    private void resumed(EmbeddedDatabase database) {
        // every pooled connection went with the old server; in-use ones are closed when they are returned
        dataSource.flush(AgroalDataSource.FlushMode.ALL);
        LOG.info("Connection pool flushed: new connections go to the restarted server");
        restarted.fire(new Restarted(database.postmasterPid()));
    }

    @Produces
    @Liveness
    @ApplicationScoped
    HealthCheck liveness() {
        return () -> supervision(state -> state != EmbeddedDatabaseSupervisor.State.GAVE_UP).publicly();
    }

    @Produces
    @Readiness
    @ApplicationScoped
    HealthCheck readiness() {
        return () -> supervision(state -> state == EmbeddedDatabaseSupervisor.State.RUNNING).publicly();
    }

    /**
     * Whether the database answers, a readiness check in place of Quarkus's own, whose answer
     * carried the driver's error (the server's address among it): {@code quarkus.datasource.health.enabled=false}.
     */
    @Produces
    @Readiness
    @ApplicationScoped
    HealthCheck connections() {
        return () -> connection().publicly();
    }

    @Override
    public List<HealthReport> reports() {
        return List.of(supervision(state -> state == EmbeddedDatabaseSupervisor.State.RUNNING), connection());
    }

    /** The supervision check, up in the states {@code up} accepts (always up when nothing is supervised). */
    private HealthReport supervision(java.util.function.Predicate<EmbeddedDatabaseSupervisor.State> up) {
        return HealthReport.of(CHECK, () -> {
            EmbeddedDatabaseSupervisor s = supervisor;
            if (s == null) {
                return new HealthReport(CHECK, true, EmbeddedDatabase.service().isPresent() ? "the embedded PostgreSQL is starting"
                        : "an external database (configured datasource): supervised by its operator, not by drivecat", Map.of());
            }
            EmbeddedDatabaseSupervisor.Status status = s.status();
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("state", status.state().name());
            details.put("detail", status.detail());
            details.put("failuresInWindow", status.failuresInWindow());
            details.put("maxFailures", settings.supervision().maxFailures());
            details.put("failureWindow", settings.supervision().failureWindow().toString());
            status.lastFailure().ifPresent(at -> details.put("lastFailure", at.toString()));
            String reason = switch (status.state()) {
                case RUNNING -> "the embedded PostgreSQL runs";
                case RESTARTING -> "the embedded PostgreSQL stopped and is being started again";
                case GAVE_UP -> "drivecat gave up restarting the embedded PostgreSQL after " + status.failuresInWindow()
                        + " failures within " + settings.supervision().failureWindow() + ": restart the service";
            };
            return new HealthReport(CHECK, up.test(status.state()), reason, details);
        });
    }

    private HealthReport connection() {
        try (Connection c = dataSource.getConnection()) {
            boolean valid = c.isValid(VALIDATION_SECONDS);
            return new HealthReport(CONNECTIONS, valid, valid ? "the database answers" : "the database does not answer", Map.of());
        } catch (SQLException | RuntimeException e) {
            return new HealthReport(CONNECTIONS, false, "the database does not answer", Map.of("error", e.getClass().getSimpleName()
                    + ": " + e.getMessage()));
        }
    }
}
