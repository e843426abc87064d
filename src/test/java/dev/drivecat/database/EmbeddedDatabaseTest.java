package dev.drivecat.database;

import static dev.drivecat.database.EmbeddedDatabase.Role.SERVICE;
import static dev.drivecat.database.EmbeddedDatabase.Role.SUPERUSER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
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
             Connection c = db.login(SERVICE).connect();
             Statement s = c.createStatement()) {
            assertThat(setting(s, "fsync")).isEqualTo("on");
            assertThat(setting(s, "synchronous_commit")).isEqualTo("on");
        }
    }

    @Test
    void itsUnixSocketIsInAFolderOnlyItsAccountMayEnterNotInTmp() throws Exception {
        Path cluster = dataDir.resolve("postgres");
        try (EmbeddedDatabase db = EmbeddedDatabase.start(cluster);
             Connection c = db.login(SUPERUSER).connect(); // the service's role may not read where the socket is
             Statement s = c.createStatement()) {
            Path folder = Path.of(setting(s, "unix_socket_directories"));
            assertThat(folder).isEqualTo(dataDir.toRealPath().resolve("postgres.socket"));
            assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(folder))).isEqualTo("rwx------");
            assertThat(folder.resolve(".s.PGSQL." + db.port())).exists();
            assertThat(Path.of("/tmp", ".s.PGSQL." + db.port())).doesNotExist();
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
             Connection c = first.login(SERVICE).connect();
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE kept (note text)");
            s.execute("INSERT INTO kept VALUES ('still here')");
        }
        // a clean stop leaves no server behind
        assertThat(Files.exists(cluster.resolve("postmaster.pid"))).isFalse();

        try (EmbeddedDatabase second = EmbeddedDatabase.start(cluster);
             Connection c = second.login(SERVICE).connect();
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT note FROM kept")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("still here");
            assertThat(second.dataDirectory()).isEqualTo(cluster.toRealPath());
        }
    }

    @Test
    void aSecondStartOfTheSameDirectoryInOneProcessFailsWithoutReleasingTheFirstsLock() throws Exception {
        Path cluster = dataDir.resolve("owned");
        Path lock = dataDir.resolve("owned.lock");
        try (EmbeddedDatabase first = EmbeddedDatabase.start(cluster)) {
            assertThat(lockSeenFromAnotherProcess(lock)).isEqualTo("held");
            assertThatThrownBy(() -> EmbeddedDatabase.start(cluster))
                    .isInstanceOf(EmbeddedDatabase.DataDirectoryInUseException.class)
                    .hasMessageContaining("a database this process has already started");
            // file locks belong to the process: a careless second start would have dropped the first one's
            assertThat(lockSeenFromAnotherProcess(lock)).isEqualTo("held");
            try (Connection c = first.login(SERVICE).connect()) {
                assertThat(c.isValid(5)).isTrue();
            }
        }
        assertThat(lockSeenFromAnotherProcess(lock)).isEqualTo("free");
    }

    /** Asks a separate JVM whether it could take the lock: only another process sees what this one holds. */
    private String lockSeenFromAnotherProcess(Path lock) throws Exception {
        Path probe = dataDir.resolve("LockProbe.java");
        Files.writeString(probe, """
                import java.nio.channels.FileChannel;
                import java.nio.file.Path;
                import java.nio.file.StandardOpenOption;
                public class LockProbe {
                    public static void main(String[] args) throws Exception {
                        try (FileChannel c = FileChannel.open(Path.of(args[0]), StandardOpenOption.WRITE)) {
                            System.out.print(c.tryLock() == null ? "held" : "free");
                        }
                    }
                }
                """);
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), probe.toString(),
                lock.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }
}
