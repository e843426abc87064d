package dev.drivecat.database;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Enumeration;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * A consistent copy of a running PostgreSQL cluster, taken the way pg_basebackup takes one: through
 * the server's own backup functions (pg_backup_start / pg_backup_stop), copying the data directory
 * while the server runs, plus the write-ahead log written meanwhile. Started on such a copy,
 * PostgreSQL replays that log and has exactly the data committed when the backup ended.
 *
 * <p>Why not pg_dump: the embedded server's binaries (zonky's bundle) hold initdb, pg_ctl and
 * postgres only, and a pg_dump of another major version from the system would not do. A base
 * backup needs no client tool, and is restored by the same binaries that run the service.
 *
 * <p>The file is a zip of the data directory (the same layout, plus backup_label and the needed WAL
 * segments); {@code unzip} restores it by hand as well. It holds the cluster's password file with
 * the roles whose passwords it names, so a restored cluster and its passwords belong together.
 */
final class BaseBackup {

    /** What a zip must hold to be taken for one of these backups. */
    static final List<String> REQUIRED_ENTRIES = List.of("backup_label", "PG_VERSION", "global/pg_control");
    /** The statements around a backup include a checkpoint, which may take a while on a large cluster. */
    static final Duration STATEMENT_TIMEOUT = Duration.ofMinutes(2);

    /** Copied as empty directories: PostgreSQL fills them again (pg_wal gets only the segments the backup needs). */
    private static final Set<String> DIRECTORIES_WITHOUT_CONTENT = Set.of("pg_wal", "pg_stat_tmp", "pg_replslot", "pg_dynshmem",
            "pg_notify", "pg_serial", "pg_snapshots", "pg_subtrans");
    /** Files that belong to the running server, not to its data (epg-lock is the embedding library's). */
    private static final Set<String> SKIPPED_FILES = Set.of("postmaster.pid", "postmaster.opts", "backup_label", "backup_label.old",
            "tablespace_map", "tablespace_map.old", "postgresql.auto.conf.tmp", "current_logfiles", "current_logfiles.tmp", "epg-lock");
    private static final Pattern WAL_SEGMENT = Pattern.compile("[0-9A-F]{24}");

    /** The outcome: the segments of write-ahead log the copy holds. */
    record Taken(String firstWalSegment, String lastWalSegment) {
    }

    private BaseBackup() {
    }

    /**
     * Writes a backup of the cluster in {@code clusterDirectory}, logging in as {@code superuser}
     * (the backup functions and replication slots are the superuser's), to {@code target} (written
     * under another name and moved into place when complete).
     */
    static Taken take(EmbeddedDatabase.Login superuser, Path clusterDirectory, Path target, String label) throws IOException, SQLException {
        Path partial = target.resolveSibling(target.getFileName() + ".partial");
        Properties props = new Properties();
        props.setProperty("socketTimeout", Long.toString(STATEMENT_TIMEOUT.toSeconds()));
        props.setProperty("ApplicationName", "drivecat backup");
        Taken taken;
        try (Connection c = superuser.connect(props);
             OutputStream file = ownerOnlyFile(partial);
             ZipOutputStream zip = new ZipOutputStream(file)) {
            zip.setLevel(Deflater.BEST_SPEED);
            try (Statement s = c.createStatement()) {
                // a temporary slot keeps the server from recycling WAL the copy will need, until this connection closes
                s.execute("SELECT pg_create_physical_replication_slot('drivecat_backup_' || pg_backend_pid(), true, true)");
            }
            String firstSegment;
            try (PreparedStatement s = c.prepareStatement("SELECT pg_walfile_name(pg_backup_start(?, true))")) {
                s.setString(1, label);
                firstSegment = single(s);
            }
            copyDataDirectory(clusterDirectory, zip);
            String labelFile;
            String tablespaceMap;
            String lastSegment;
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT labelfile, spcmapfile, pg_walfile_name(lsn) FROM pg_backup_stop(false)")) {
                rs.next();
                labelFile = rs.getString(1);
                tablespaceMap = rs.getString(2);
                lastSegment = rs.getString(3);
            }
            put(zip, "backup_label", labelFile);
            if (tablespaceMap != null && !tablespaceMap.isEmpty()) {
                put(zip, "tablespace_map", tablespaceMap);
            }
            copyWal(clusterDirectory.resolve("pg_wal"), firstSegment, lastSegment, zip);
            zip.setComment("drivecat base backup '" + label + "' of PostgreSQL " + Files.readString(clusterDirectory.resolve("PG_VERSION")).trim()
                    + "; restore with: java -jar quarkus-run.jar restore <this file>");
            taken = new Taken(firstSegment, lastSegment);
        } catch (IOException | SQLException | RuntimeException e) {
            Files.deleteIfExists(partial);
            throw e;
        }
        Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
        return taken;
    }

    private static String single(PreparedStatement s) throws SQLException {
        try (ResultSet rs = s.executeQuery()) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static void copyDataDirectory(Path root, ZipOutputStream zip) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                if (dir.equals(root)) {
                    return FileVisitResult.CONTINUE;
                }
                String name = relative(root, dir);
                if (dir.getFileName().toString().startsWith("pgsql_tmp")) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                zip.putNextEntry(new ZipEntry(name + "/"));
                zip.closeEntry();
                if (DIRECTORIES_WITHOUT_CONTENT.contains(name)) {
                    if (name.equals("pg_wal")) {
                        for (String sub : List.of("archive_status", "summaries")) {
                            if (Files.isDirectory(dir.resolve(sub))) {
                                zip.putNextEntry(new ZipEntry("pg_wal/" + sub + "/"));
                                zip.closeEntry();
                            }
                        }
                    }
                    return FileVisitResult.SKIP_SUBTREE;
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                String name = relative(root, file);
                String fileName = file.getFileName().toString();
                if (!attrs.isRegularFile() || SKIPPED_FILES.contains(name) || fileName.equals("pg_internal.init")
                        || fileName.startsWith("pgsql_tmp")) {
                    return FileVisitResult.CONTINUE;
                }
                copy(file, name, zip);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE; // dropped while copying (a temporary file, a dropped table): WAL replay agrees
                }
                throw e;
            }
        });
    }

    private static void copyWal(Path walDirectory, String first, String last, ZipOutputStream zip) throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(walDirectory)) {
            files = list.sorted().toList();
        }
        for (Path f : files) {
            String name = f.getFileName().toString();
            boolean needed = WAL_SEGMENT.matcher(name).matches() && name.compareTo(first) >= 0 && name.compareTo(last) <= 0;
            if (needed || name.endsWith(".history")) {
                copy(f, "pg_wal/" + name, zip);
            }
        }
    }

    private static void copy(Path file, String name, ZipOutputStream zip) throws IOException {
        InputStream in;
        try {
            in = Files.newInputStream(file);
        } catch (NoSuchFileException e) {
            return;
        }
        try (in) {
            zip.putNextEntry(new ZipEntry(name));
            in.transferTo(zip);
            zip.closeEntry();
        }
    }

    private static void put(ZipOutputStream zip, String name, String content) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(content.getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
    }

    private static String relative(Path root, Path path) {
        return root.relativize(path).toString().replace('\\', '/');
    }

    /** Throws, saying why, unless {@code backup} is a zip holding such a backup. */
    static void check(Path backup) throws IOException {
        if (!Files.isRegularFile(backup)) {
            throw new IOException(backup + " is not a file");
        }
        try (ZipFile zip = new ZipFile(backup.toFile())) {
            for (String required : REQUIRED_ENTRIES) {
                if (zip.getEntry(required) == null) {
                    throw new IOException(backup + " is not a drivecat backup: it has no " + required);
                }
            }
        } catch (java.util.zip.ZipException e) {
            throw new IOException(backup + " is not a drivecat backup (not a zip file: " + e.getMessage() + ")", e);
        }
    }

    /** Unpacks a backup into an empty directory as a data directory PostgreSQL accepts (owner-only permissions). */
    static void extract(Path backup, Path into) throws IOException {
        Path root = into.toAbsolutePath().normalize();
        Files.createDirectories(root);
        ownerOnly(root, true);
        try (ZipFile zip = new ZipFile(backup.toFile())) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                Path target = root.resolve(entry.getName()).normalize();
                if (!target.startsWith(root) || target.equals(root)) {
                    throw new IOException("refusing an entry outside the data directory: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                    ownerOnly(target, true);
                    continue;
                }
                Files.createDirectories(target.getParent());
                try (InputStream in = zip.getInputStream(entry)) {
                    Files.copy(in, target);
                }
                ownerOnly(target, false);
            }
        }
    }

    /**
     * A new file only its owner can read, created so (never readable by others for a moment): a backup
     * holds the whole database, subscriber addresses and token hashes included.
     */
    static OutputStream ownerOnlyFile(Path path) throws IOException {
        Files.deleteIfExists(path);
        try {
            Files.createFile(path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            Files.createFile(path); // not a POSIX file system
        }
        return Files.newOutputStream(path, java.nio.file.StandardOpenOption.TRUNCATE_EXISTING, java.nio.file.StandardOpenOption.WRITE);
    }

    /** Owner-only permissions, as the cluster has them: PostgreSQL refuses a data directory others can read, and a backup is one. */
    static void ownerOnly(Path path, boolean directory) throws IOException {
        try {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(directory ? "rwx------" : "rw-------"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: nothing to set
        }
    }
}
