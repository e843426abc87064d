package dev.drivecat.testing;

import dev.drivecat.database.EmbeddedDatabase;
import dev.drivecat.database.EmbeddedDatabase.Login;
import dev.drivecat.database.EmbeddedDatabase.Role;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Gives every Quarkus test profile a fresh database on a real, embedded PostgreSQL server (the
 * same code the service uses when no URL is configured). Quarkus loads each profile's test
 * resources in a class loader of its own, so each profile gets its own server, stopped with it.
 * The superuser creates each database, owned by the service's role, which the application logs in
 * as: the tests run with the service's rights, no more.
 */
public class EmbeddedPostgresTestResource implements QuarkusTestResourceLifecycleManager {

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static EmbeddedDatabase server;

    static synchronized EmbeddedDatabase server() {
        if (server == null) {
            try {
                Path dir = Files.createTempDirectory("drivecat-test-pg");
                server = EmbeddedDatabase.start(dir.resolve("postgres"), 0, EmbeddedDatabase.Durability.THROWAWAY);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return server;
    }

    /** Creates an empty database on the shared test server, owned by the service's role, and returns how that role logs in to it. */
    public static Login freshDatabase() {
        EmbeddedDatabase pg = server();
        String name = "drivecat_test_" + DATABASES.incrementAndGet() + "_" + ProcessHandle.current().pid();
        try (Connection c = pg.login(Role.SUPERUSER).connect();
             Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name + " OWNER " + Role.SERVICE.roleName());
        } catch (SQLException e) {
            throw new IllegalStateException("could not create test database " + name, e);
        }
        return new Login("jdbc:postgresql://localhost:" + pg.port() + "/" + name, Role.SERVICE, pg.login(Role.SERVICE).password());
    }

    @Override
    public Map<String, String> start() {
        Login login = freshDatabase();
        return Map.of(
                "quarkus.datasource.jdbc.url", login.jdbcUrl(),
                "quarkus.datasource.username", login.user(),
                "quarkus.datasource.password", login.password());
    }

    @Override
    public synchronized void stop() {
        if (server != null) {
            server.close();
            server = null;
        }
    }
}
