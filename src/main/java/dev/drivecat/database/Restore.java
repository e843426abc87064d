package dev.drivecat.database;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.stream.Stream;

/**
 * {@code java -jar quarkus-run.jar restore FILE}: puts a backup taken by POST /admin/backups (or the
 * schedule) in place of the embedded PostgreSQL's cluster, on a stopped service. The cluster it
 * replaces is kept beside it, renamed; the restored one is started once (PostgreSQL replays the
 * backup's write-ahead log), checked, and shut down cleanly, so the next start of the service finds
 * exactly the backup's data. A running service holds the data directory, and the restore refuses.
 */
final class Restore {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private Restore() {
    }

    /** The command: arguments after "restore", exit status as the result. */
    static int command(String[] args, PrintStream out, PrintStream err) {
        if (args.length != 2) {
            err.println("usage: java -jar target/quarkus-app/quarkus-run.jar restore FILE");
            err.println("  FILE: a backup from <data dir>/backups (GET /admin/backups lists them). Stop the service first.");
            return 2;
        }
        if (DrivecatMain.setting("quarkus.datasource.jdbc.url").isPresent()) {
            err.println("drivecat is configured with its own PostgreSQL (QUARKUS_DATASOURCE_JDBC_URL): restoring it belongs to that "
                    + "server's operator (pg_restore, or the provider's tools). This command restores the embedded database only.");
            return 2;
        }
        Path dataDir = Path.of(DrivecatMain.setting("drivecat.data-dir").orElse("data"));
        try {
            restore(dataDir, Path.of(args[1]), out);
            return 0;
        } catch (IOException | SQLException | RuntimeException e) {
            err.println("Not restored: " + e.getMessage());
            return 1;
        }
    }

    /** Restores {@code backup} into {@code <dataDir>/postgres}; returns where the replaced cluster was kept (null if there was none). */
    static Path restore(Path dataDir, Path backup, PrintStream out) throws IOException, SQLException {
        Path file = backup.toAbsolutePath().normalize();
        BaseBackup.check(file);
        Path cluster = dataDir.toAbsolutePath().normalize().resolve("postgres");
        Files.createDirectories(cluster);
        cluster = cluster.toRealPath();
        EmbeddedDatabase.Ownership ownership = EmbeddedDatabase.own(cluster);
        Path staging = cluster.resolveSibling("postgres.restoring-" + STAMP.format(Instant.now()));
        Path previous = null;
        boolean swapped = false;
        try {
            EmbeddedDatabase.stopOrphanedServer(cluster);
            out.println("Unpacking " + file + " ...");
            BaseBackup.extract(file, staging);
            if (!isEmpty(cluster)) {
                previous = cluster.resolveSibling("postgres.before-restore-" + STAMP.format(Instant.now()));
                Files.move(cluster, previous);
            } else {
                Files.delete(cluster);
            }
            Files.move(staging, cluster);
            swapped = true;
            out.println("Starting PostgreSQL on the restored cluster (it replays the backup's write-ahead log) ...");
            try (EmbeddedDatabase database = EmbeddedDatabase.startOwned(cluster, ownership, 0, EmbeddedDatabase.Durability.DURABLE)) {
                ownership = null; // the database releases it when it stops
                try (Connection c = database.login(EmbeddedDatabase.Role.SUPERUSER).connect()) {
                    c.createStatement().execute("SELECT 1");
                }
            }
            out.println("Restored " + file + " (" + startTime(file) + ") into " + cluster + ".");
            if (previous != null) {
                out.println("The cluster it replaced is kept in " + previous + "; delete it once the service runs as it should.");
            }
            out.println("Start the service as usual.");
            return previous;
        } catch (IOException | SQLException | RuntimeException e) {
            if (swapped) {
                putBack(cluster, previous, out);
            }
            deleteQuietly(staging);
            throw e;
        } finally {
            EmbeddedDatabase.release(ownership);
        }
    }

    /** The backup_label's START TIME line: when the backup began. */
    private static String startTime(Path backup) throws IOException {
        try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(backup.toFile())) {
            String label = new String(zip.getInputStream(zip.getEntry("backup_label")).readAllBytes(), StandardCharsets.UTF_8);
            return label.lines().filter(l -> l.startsWith("START TIME:")).map(l -> "backup started " + l.substring(11).trim())
                    .findFirst().orElse("backup");
        }
    }

    private static void putBack(Path cluster, Path previous, PrintStream out) {
        try {
            Path failed = cluster.resolveSibling("postgres.failed-restore-" + STAMP.format(Instant.now()));
            Files.move(cluster, failed);
            if (previous != null) {
                Files.move(previous, cluster);
                out.println("The restore failed; the previous cluster is back in " + cluster + " (the unpacked backup is in " + failed + ").");
            }
        } catch (IOException e) {
            out.println("The restore failed, and moving the previous cluster back failed too (" + e.getMessage() + "): it is in " + previous);
        }
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }

    private static void deleteQuietly(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // left for the operator; the message named the directory
        }
    }
}
