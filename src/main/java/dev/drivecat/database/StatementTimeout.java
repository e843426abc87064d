package dev.drivecat.database;

import io.agroal.api.AgroalPoolInterceptor;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Bounds how long a request waits for the database's answer (drivecat.database.statement-timeout):
 * every connection handed out by the pool gets it as its network timeout, so a read from a server
 * that stopped answering fails instead of waiting for ever, and the pool discards that connection.
 * PostgreSQL's own statement_timeout cannot do this: a frozen server enforces nothing. Connections
 * taken while the service starts (Flyway's migrations, which may rightly take long) are left unbounded.
 */
@ApplicationScoped
public class StatementTimeout implements AgroalPoolInterceptor {

    @Inject
    DatabaseSettings settings;

    private volatile boolean started;

    void onStart(@Observes StartupEvent event) {
        started = true;
    }

    @Override
    public void onConnectionAcquire(Connection connection) {
        if (!started) {
            return;
        }
        try {
            // PgJDBC applies it to the socket at once; it runs nothing, so it needs no executor
            connection.setNetworkTimeout(Runnable::run, (int) Math.min(Integer.MAX_VALUE, settings.statementTimeout().toMillis()));
        } catch (SQLException e) {
            throw new IllegalStateException("could not bound the connection's statement time", e);
        }
    }
}
