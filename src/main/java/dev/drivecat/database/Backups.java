package dev.drivecat.database;

import dev.drivecat.common.DomainException;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.jboss.logging.Logger;

/**
 * Backups of the embedded PostgreSQL, as {@link BaseBackup} files in {@code <data dir>/backups/}:
 * taken by hand (POST /admin/backups) or on the schedule (drivecat.backups.cron), one at a time.
 * After a scheduled backup only the newest drivecat.backups.keep scheduled ones are kept; backups
 * taken by hand stay until the operator deletes them. With an external datasource there is nothing
 * of drivecat's to back up: the database is its operator's, and so are its backups.
 */
@ApplicationScoped
public class Backups {

    private static final Logger LOG = Logger.getLogger(Backups.class);
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final Pattern NAME = Pattern.compile("(manual|scheduled)-\\d{8}T\\d{6}Z(-\\d+)?\\.zip");

    /** Who asked for a backup; it names the file and decides whether the schedule may delete it. */
    public enum Trigger {
        MANUAL, SCHEDULED;

        String prefix() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    @Schema(name = "Backup", description = "A backup file of the embedded database, in <data dir>/backups/.")
    public record Backup(
            @Schema(description = "The file name; restore it with `java -jar quarkus-run.jar restore <data dir>/backups/<name>` on the stopped service.",
                    examples = "manual-20261201T101500Z.zip")
            String name,
            @Schema(description = "Taken by hand (POST /admin/backups) or on the schedule (drivecat.backups.cron); only scheduled ones are deleted by the schedule.",
                    enumeration = {"manual", "scheduled"})
            String trigger,
            @Schema(description = "The file's size in bytes.") long sizeBytes,
            @Schema(description = "When the backup was complete: it holds every transaction committed before then.") Instant createdAt) {
    }

    @Inject
    BackupSettings settings;

    Clock clock = Clock.systemUTC();

    private final ReentrantLock oneAtATime = new ReentrantLock();

    /** Takes a backup now; a backup already being written is waited for first. */
    public Backup take(Trigger trigger) {
        EmbeddedDatabase database = embedded();
        oneAtATime.lock();
        try {
            Path directory = Files.createDirectories(directory(database));
            // 0700 and 0600 like the cluster, also for a folder and backups written before drivecat made them so
            BaseBackup.ownerOnly(directory, true);
            for (Backup existing : list()) {
                BaseBackup.ownerOnly(directory.resolve(existing.name()), false);
            }
            Path target = freeName(directory, trigger.prefix() + "-" + STAMP.format(clock.instant()));
            LOG.infof("Writing a %s backup of the embedded PostgreSQL to %s", trigger.prefix(), target);
            BaseBackup.Taken taken = BaseBackup.take(database.login(EmbeddedDatabase.Role.SUPERUSER), database.dataDirectory(), target, "drivecat " + target.getFileName());
            Instant done = clock.instant();
            Files.setLastModifiedTime(target, FileTime.from(done));
            Backup backup = describe(target);
            LOG.infof("Backup %s written: %d bytes, write-ahead log %s to %s", backup.name(), backup.sizeBytes(),
                    taken.firstWalSegment(), taken.lastWalSegment());
            return backup;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write a backup", e);
        } catch (SQLException e) {
            throw new IllegalStateException("could not take a backup: " + e.getMessage(), e);
        } finally {
            oneAtATime.unlock();
        }
    }

    /** Every backup in the directory, newest first. */
    public List<Backup> list() {
        Path directory = directory(embedded());
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> NAME.matcher(f.getFileName().toString()).matches())
                    .map(Backups::describe)
                    .sorted(Comparator.comparing(Backup::createdAt).thenComparing(Backup::name).reversed())
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Scheduled(identity = "backup", cron = "${drivecat.backups.cron}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        if (EmbeddedDatabase.service().isEmpty()) {
            LOG.warn("drivecat.backups.cron is set, but drivecat runs on an external datasource: its backups belong to that server's operator");
            return;
        }
        take(Trigger.SCHEDULED);
        List<Backup> scheduled = list().stream().filter(b -> b.trigger().equals(Trigger.SCHEDULED.prefix())).toList();
        for (Backup old : scheduled.subList(Math.min(settings.keep(), scheduled.size()), scheduled.size())) {
            try {
                Files.deleteIfExists(directory(embedded()).resolve(old.name()));
                LOG.infof("Deleted scheduled backup %s (drivecat.backups.keep=%d)", old.name(), settings.keep());
            } catch (IOException e) {
                LOG.warnf("Could not delete the old backup %s: %s", old.name(), e.getMessage());
            }
        }
    }

    private static EmbeddedDatabase embedded() {
        return EmbeddedDatabase.service().orElseThrow(() -> DomainException.conflict(
                "drivecat runs on a PostgreSQL configured from outside (QUARKUS_DATASOURCE_JDBC_URL): backing it up and restoring it "
                        + "belong to that server's operator (pg_dump, or the provider's backups). drivecat backs up only the embedded "
                        + "database it runs itself when no datasource is configured."));
    }

    /** {@code <data dir>/backups}, beside the cluster directory {@code <data dir>/postgres}. */
    static Path directory(EmbeddedDatabase database) {
        return database.dataDirectory().resolveSibling("backups");
    }

    private static Path freeName(Path directory, String base) {
        Path candidate = directory.resolve(base + ".zip");
        for (int n = 2; Files.exists(candidate); n++) {
            candidate = directory.resolve(base + "-" + n + ".zip");
        }
        return candidate;
    }

    private static Backup describe(Path file) {
        Matcher m = NAME.matcher(file.getFileName().toString());
        String trigger = m.matches() ? m.group(1) : "manual";
        try {
            return new Backup(file.getFileName().toString(), trigger, Files.size(file), Files.getLastModifiedTime(file).toInstant());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
