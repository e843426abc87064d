package dev.drivecat.database;

import io.quarkus.flyway.FlywayConfigurationCustomizer;
import jakarta.inject.Singleton;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * The embedded PostgreSQL starts while Quarkus boots (DrivecatMain); the first thing that needs it
 * is Flyway's migration at start-up, which runs before anything else opens a connection. Flyway
 * asks its customizers for the configuration just before it connects: here the boot waits for the
 * database, and fails with the database's own error if it could not start.
 */
@Singleton
public class EmbeddedDatabaseGate implements FlywayConfigurationCustomizer {

    @Override
    public void customize(FluentConfiguration configuration) {
        EmbeddedDatabase.awaitService();
    }
}
