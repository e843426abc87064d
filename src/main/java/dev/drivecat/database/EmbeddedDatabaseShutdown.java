package dev.drivecat.database;

import io.quarkus.runtime.ShutdownEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Stops the embedded PostgreSQL as the last step of the service's own shutdown (after in-flight
 * requests finished), so that a SIGTERM leaves a cleanly shut-down cluster behind.
 */
@ApplicationScoped
class EmbeddedDatabaseShutdown {

    void onShutdown(@Observes @Priority(Integer.MAX_VALUE) ShutdownEvent event) {
        EmbeddedDatabase.service().ifPresent(EmbeddedDatabase::close);
    }
}
