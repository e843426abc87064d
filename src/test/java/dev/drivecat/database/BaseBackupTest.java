package dev.drivecat.database;

import static dev.drivecat.database.EmbeddedDatabase.Role.SERVICE;
import static dev.drivecat.database.EmbeddedDatabase.Role.SUPERUSER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.drivecat.testing.Sql;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backup is taken while the server runs and writes go on; restored on a stopped data directory,
 * it holds what was committed when it was taken, whole transactions only.
 */
class BaseBackupTest {

    @TempDir
    Path dataDir;

    @Test
    void aRestoredBackupHoldsWholeTransactionsCommittedBeforeItAndNothingAfter() throws Exception {
        Path backup = dataDir.resolve("backups").resolve("manual-test.zip");
        Files.createDirectories(backup.getParent());
        long pairsAtBackup;
        try (EmbeddedDatabase db = start()) {
            Sql.execute(db.login(SERVICE), "CREATE TABLE pair (n int NOT NULL, side text NOT NULL)");
            Sql.execute(db.login(SERVICE), "INSERT INTO pair SELECT g, s FROM generate_series(1, 1000) g, (VALUES ('left'), ('right')) v(s)");
            // transactions of two rows keep committing while the files are copied
            AtomicBoolean writing = new AtomicBoolean(true);
            AtomicReference<Exception> writerFailed = new AtomicReference<>();
            Thread writer = new Thread(() -> {
                try (Connection c = db.login(SERVICE).connect();
                     Statement s = c.createStatement()) {
                    c.setAutoCommit(false);
                    for (int n = 1001; writing.get(); n++) {
                        s.execute("INSERT INTO pair VALUES (" + n + ", 'left')");
                        s.execute("INSERT INTO pair VALUES (" + n + ", 'right')");
                        c.commit();
                    }
                } catch (SQLException e) {
                    writerFailed.set(e);
                }
            });
            writer.start();
            BaseBackup.take(db.login(SUPERUSER), db.dataDirectory(), backup, "test");
            writing.set(false);
            writer.join();
            assertThat(writerFailed.get()).isNull();
            pairsAtBackup = Sql.count(db.login(SERVICE), "SELECT count(*) FROM pair") / 2;
            Sql.execute(db.login(SERVICE), "INSERT INTO pair VALUES (-1, 'after the backup')");
        }
        assertThat(Files.exists(backup.resolveSibling("manual-test.zip.partial"))).as("only the finished file is left").isFalse();

        ByteArrayOutputStream said = new ByteArrayOutputStream();
        Path previous = Restore.restore(dataDir, backup, new PrintStream(said, true, StandardCharsets.UTF_8));

        assertThat(said.toString(StandardCharsets.UTF_8)).contains("Restored " + backup).contains("kept in " + previous);
        assertThat(previous).isDirectory();
        try (EmbeddedDatabase db = start()) {
            assertThat(Sql.count(db.login(SERVICE), "SELECT count(*) FROM pair WHERE n = -1")).as("nothing written after the backup").isZero();
            assertThat(Sql.count(db.login(SERVICE), "SELECT count(*) FROM (SELECT n FROM pair GROUP BY n HAVING count(*) <> 2) broken"))
                    .as("no transaction restored in part").isZero();
            assertThat(Sql.count(db.login(SERVICE), "SELECT count(*) FROM pair WHERE n <= 1000")).isEqualTo(2000);
            assertThat(Sql.count(db.login(SERVICE), "SELECT count(*) FROM pair") / 2).isBetween(1000L, pairsAtBackup);
        }
    }

    @Test
    void restoreRefusesADataDirectoryARunningServiceHoldsAndLeavesItAlone() throws Exception {
        Path backup = dataDir.resolve("backup.zip");
        try (EmbeddedDatabase db = start()) {
            Sql.execute(db.login(SERVICE), "CREATE TABLE kept (n int)");
            BaseBackup.take(db.login(SUPERUSER), db.dataDirectory(), backup, "test");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(backup))).as("a backup is its owner's only")
                    .isEqualTo("rw-------");
            Sql.execute(db.login(SERVICE), "INSERT INTO kept VALUES (1)");

            assertThatThrownBy(() -> Restore.restore(dataDir, backup, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)))
                    .isInstanceOf(EmbeddedDatabase.DataDirectoryInUseException.class)
                    .hasMessageContaining("Stop that one first");
            assertThat(Sql.count(db.login(SERVICE), "SELECT count(*) FROM kept")).isEqualTo(1);
        }
    }

    @Test
    void restoreRefusesAFileThatIsNotABackupAndChangesNothing() throws Exception {
        try (EmbeddedDatabase db = start()) {
            Sql.execute(db.login(SERVICE), "CREATE TABLE kept (n int)");
        }
        Path notABackup = Files.writeString(dataDir.resolve("notes.zip"), "not a zip");

        assertThatThrownBy(() -> Restore.restore(dataDir, notABackup, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class).hasMessageContaining("is not a drivecat backup");
        try (EmbeddedDatabase db = start()) {
            assertThat(Sql.count(db.login(SERVICE), "SELECT count(*) FROM kept")).isZero();
        }
        try (var entries = Files.list(dataDir)) {
            assertThat(entries.map(p -> p.getFileName().toString())).doesNotContain("postgres.before-restore");
        }
    }

    private EmbeddedDatabase start() {
        return EmbeddedDatabase.start(dataDir.resolve("postgres"), 0, EmbeddedDatabase.Durability.SURVIVES_PROCESS_CRASH);
    }
}
