package dev.drivecat.database;

import io.agroal.api.AgroalDataSource;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import java.time.Clock;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Liveness;
import org.eclipse.microprofile.health.Readiness;
import org.jboss.logging.Logger;

/**
 * Runs the {@link EmbeddedDatabaseSupervisor} while the service runs on its embedded PostgreSQL,
 * resumes the service after a restart, and reports supervision in the health checks: not ready
 * while the server is being restarted, not live once the supervisor has given up.
 */
@ApplicationScoped
public class DatabaseSupervision {

    private static final Logger LOG = Logger.getLogger(DatabaseSupervision.class);
    static final String CHECK = "embedded database supervision";

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
        return check(state -> state != EmbeddedDatabaseSupervisor.State.GAVE_UP);
    }

    @Produces
    @Readiness
    @ApplicationScoped
    HealthCheck readiness() {
        return check(state -> state == EmbeddedDatabaseSupervisor.State.RUNNING);
    }

    /** The supervision check, up in the states {@code up} accepts (always up when nothing is supervised). */
    private HealthCheck check(java.util.function.Predicate<EmbeddedDatabaseSupervisor.State> up) {
        return () -> {
            EmbeddedDatabaseSupervisor s = supervisor;
            HealthCheckResponseBuilder response = HealthCheckResponse.named(CHECK);
            if (s == null) {
                return response.up().withData("database", describeUnsupervised()).build();
            }
            EmbeddedDatabaseSupervisor.Status status = s.status();
            return describe(response, status).status(up.test(status.state())).build();
        };
    }

    private static String describeUnsupervised() {
        return EmbeddedDatabase.service().isPresent() ? "embedded, supervision not started yet"
                : "external (configured datasource): supervised by its operator, not by drivecat";
    }

    private HealthCheckResponseBuilder describe(HealthCheckResponseBuilder response, EmbeddedDatabaseSupervisor.Status status) {
        response.withData("state", status.state().name())
                .withData("detail", status.detail())
                .withData("failuresInWindow", status.failuresInWindow())
                .withData("maxFailures", settings.supervision().maxFailures())
                .withData("failureWindow", settings.supervision().failureWindow().toString());
        status.lastFailure().ifPresent(at -> response.withData("lastFailure", at.toString()));
        return response;
    }
}
