package dev.drivecat.database;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedDatabaseTest {

    @TempDir
    Path dataDir;

    @Test
    void theServiceDatabaseIsDurableUnlikeTheLibrarysDefaults() throws Exception {
        try (EmbeddedDatabase db = EmbeddedDatabase.start(dataDir.resolve("durable"));
             Connection c = DriverManager.getConnection(db.jdbcUrl(), EmbeddedDatabase.USER, "");
             Statement s = c.createStatement()) {
            assertThat(setting(s, "fsync")).isEqualTo("on");
            assertThat(setting(s, "synchronous_commit")).isEqualTo("on");
        }
    }

    static String setting(Statement s, String name) throws Exception {
        try (ResultSet rs = s.executeQuery("SHOW " + name)) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Test
    void keepsDataAcrossRestartsInItsDataDirectory() throws Exception {
        Path cluster = dataDir.resolve("postgres");
        try (EmbeddedDatabase first = EmbeddedDatabase.start(cluster);
             Connection c = DriverManager.getConnection(first.jdbcUrl(), EmbeddedDatabase.USER, "");
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE kept (note text)");
            s.execute("INSERT INTO kept VALUES ('still here')");
        }
        // a clean stop leaves no server behind
        assertThat(Files.exists(cluster.resolve("postmaster.pid"))).isFalse();

        try (EmbeddedDatabase second = EmbeddedDatabase.start(cluster);
             Connection c = DriverManager.getConnection(second.jdbcUrl(), EmbeddedDatabase.USER, "");
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT note FROM kept")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("still here");
            assertThat(second.dataDirectory()).isEqualTo(cluster.toAbsolutePath().normalize());
        }
    }
}
