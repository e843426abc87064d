package dev.drivecat.database;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Starts drivecat. With no datasource URL configured (environment variable
 * {@code QUARKUS_DATASOURCE_JDBC_URL} or system property {@code quarkus.datasource.jdbc.url}),
 * an embedded PostgreSQL is started first, with its data in {@code DRIVECAT_DATA_DIR} (default
 * {@code ./data}), and the service is pointed at it. It is stopped when the service stops.
 *
 * <p>{@code restore FILE} as arguments restores a backup of the embedded database instead of
 * starting the service (see {@link Restore}).
 */
@QuarkusMain
public class DrivecatMain {

    public static void main(String... args) {
        if (args.length > 0 && args[0].equals("restore")) {
            System.exit(Restore.command(args, System.out, System.err));
        }
        if (setting("quarkus.datasource.jdbc.url").isPresent()) {
            Quarkus.run(args);
            return;
        }
        Path dataDir = Path.of(setting("drivecat.data-dir").orElse("data"));
        EmbeddedDatabase database = EmbeddedDatabase.start(dataDir.resolve("postgres"));
        EmbeddedDatabase.serveWith(database);
        System.setProperty("quarkus.datasource.jdbc.url", database.jdbcUrl());
        System.setProperty("quarkus.datasource.username", EmbeddedDatabase.USER);
        System.setProperty("quarkus.datasource.password", "");
        try {
            Quarkus.run(args);
        } finally {
            // normal exit or failed start; a signal-driven stop is handled by EmbeddedDatabaseShutdown
            database.close();
        }
    }

    /** A setting from a system property, or from its environment-variable spelling. */
    static Optional<String> setting(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            value = System.getenv(property.toUpperCase().replaceAll("[^A-Z0-9]", "_"));
        }
        return Optional.ofNullable(value).filter(v -> !v.isBlank());
    }
}
