package dev.drivecat.database;

import io.quarkus.runtime.ApplicationLifecycleManager;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.Optional;

/**
 * Starts drivecat. With no datasource URL configured (environment variable
 * {@code QUARKUS_DATASOURCE_JDBC_URL} or system property {@code quarkus.datasource.jdbc.url}),
 * an embedded PostgreSQL is started alongside Quarkus, with its data in {@code DRIVECAT_DATA_DIR}
 * (default {@code ./data}), and the service is pointed at it, logging in as its own role with
 * the cluster's password. It is stopped when the service stops.
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
        if (setting("quarkus.datasource.jdbc.url").isPresent() || ApplicationLifecycleManager.isAppCDSGeneration()) {
            // the build's AppCDS run stops after static initialisation and never touches a database
            Quarkus.run(args);
            return;
        }
        Path cluster = Path.of(setting("drivecat.data-dir").orElse("data")).resolve("postgres");
        // PostgreSQL starts while Quarkus boots: only the first use of the database (the migrations)
        // waits for it (EmbeddedDatabaseGate). The port and the passwords are known now, for the datasource.
        int port = freePort();
        ClusterAccess.Passwords passwords;
        try {
            passwords = ClusterAccess.passwords(cluster);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the embedded PostgreSQL's passwords in " + cluster, e);
        }
        CompletableFuture<EmbeddedDatabase> database = EmbeddedDatabase.startForService(cluster, port, passwords);
        EmbeddedDatabase.Role service = EmbeddedDatabase.Role.SERVICE;
        System.setProperty("quarkus.datasource.jdbc.url", EmbeddedDatabase.jdbcUrl(port));
        System.setProperty("quarkus.datasource.username", service.roleName());
        System.setProperty("quarkus.datasource.password", passwords.of(service));
        try {
            Quarkus.run(args);
        } finally {
            // normal exit or failed start; a signal-driven stop is handled by EmbeddedDatabaseShutdown
            try {
                database.join().close();
            } catch (CompletionException e) {
                // it never started; the start-up failure says why
            }
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port for the embedded PostgreSQL", e);
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
