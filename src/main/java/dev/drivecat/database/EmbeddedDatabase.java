package dev.drivecat.database;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * A real PostgreSQL server run from the binaries on the classpath, with its data directory kept
 * between runs. drivecat starts one when no datasource URL is configured, so that the service runs
 * with one command and no installed database. Only the service's account reaches it: every
 * connection logs in with a generated password, and the service runs as a role that is no
 * superuser ({@link ClusterAccess}).
 */
public final class EmbeddedDatabase implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(EmbeddedDatabase.class);
    public static final String DATABASE = "postgres";

    /** The roles that log in to the embedded database. */
    public enum Role {
        /** The service's own: it owns the schema {@code public} and runs the migrations; no superuser. */
        SERVICE("drivecat"),
        /** The cluster's superuser: backups, the restore's check, creating the tests' databases. */
        SUPERUSER("postgres");

        private final String roleName;

        Role(String roleName) {
            this.roleName = roleName;
        }

        public String roleName() {
            return roleName;
        }
    }

    /** Where to connect and as whom, with the role's password. */
    public record Login(String jdbcUrl, Role role, String password) {

        public String user() {
            return role.roleName();
        }

        public Connection connect() throws SQLException {
            return connect(new Properties());
        }

        /** Connects with these driver properties besides the user and the password. */
        public Connection connect(Properties more) throws SQLException {
            Properties props = new Properties();
            props.putAll(more);
            props.setProperty("user", user());
            props.setProperty("password", password);
            return DriverManager.getConnection(jdbcUrl, props);
        }

        @Override
        public String toString() {
            return "Login[" + user() + " at " + jdbcUrl + "]"; // never the password
        }
    }

    /** The database DrivecatMain started for the service, if it started one (none with an external datasource). */
    private static volatile EmbeddedDatabase service;

    private final EmbeddedPostgres postgres;
    private final Path dataDirectory;
    private final Ownership ownership;
    private final ClusterAccess.Passwords passwords;
    private volatile long postmasterPid;
    private volatile boolean closed;

    private EmbeddedDatabase(EmbeddedPostgres postgres, Path dataDirectory, Ownership ownership, ClusterAccess.Passwords passwords) {
        this.postgres = postgres;
        this.dataDirectory = dataDirectory;
        this.ownership = ownership;
        this.passwords = passwords;
        this.postmasterPid = readPostmasterPid(dataDirectory).orElse(-1L);
    }

    /** The service's database while it is being started (null when the service uses an external datasource). */
    private static volatile CompletableFuture<EmbeddedDatabase> starting;

    /** The embedded database this service runs on; empty when it uses a datasource configured from outside. */
    public static Optional<EmbeddedDatabase> service() {
        return Optional.ofNullable(service);
    }

    /**
     * Starts the service's database in the background, on the given port, durable, with the
     * cluster's passwords ({@link ClusterAccess#passwords}, read before so that the service's
     * datasource can be configured at once); it is the {@link #service()} once it runs.
     * {@link #awaitService()} waits for it.
     */
    static CompletableFuture<EmbeddedDatabase> startForService(Path dataDirectory, int port, ClusterAccess.Passwords passwords) {
        CompletableFuture<EmbeddedDatabase> future = new CompletableFuture<>();
        starting = future;
        Thread thread = new Thread(() -> {
            try {
                EmbeddedDatabase database = start(dataDirectory, port, Durability.DURABLE, passwords);
                service = database;
                future.complete(database);
            } catch (Throwable e) {
                future.completeExceptionally(e);
            }
        }, "drivecat-database-start");
        thread.setDaemon(true);
        thread.start();
        return future;
    }

    /** Returns once the service's database runs (at once with an external datasource); throws if it could not start. */
    static void awaitService() {
        CompletableFuture<EmbeddedDatabase> future = starting;
        if (future == null) {
            return;
        }
        try {
            future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException("the embedded PostgreSQL did not start", e.getCause());
        }
    }

    static String jdbcUrl(int port) {
        return "jdbc:postgresql://localhost:" + port + "/" + DATABASE;
    }

    /** Another live process runs a server on this data directory: starting would take it away from that process. */
    public static final class DataDirectoryInUseException extends IllegalStateException {
        DataDirectoryInUseException(Path dir, Path lock, boolean thisProcess) {
            super("The data directory " + dir + " is in use by " + (thisProcess ? "a database this process has already started"
                    : "another running drivecat (it holds " + lock + ")") + ". "
                    + "Stop that one first, or give this one a data directory of its own (DRIVECAT_DATA_DIR).");
        }
    }

    /**
     * Starts PostgreSQL on a free loopback port with its cluster in {@code dataDirectory}
     * (created by initdb on first use, reused afterwards). A server left running by a process that
     * was killed is stopped first, so a crash never blocks the next start.
     */
    public static EmbeddedDatabase start(Path dataDirectory) {
        return start(dataDirectory, 0, Durability.DURABLE);
    }

    /**
     * How much a commit promises. The library's defaults (fsync off, synchronous_commit off) are
     * for throw-away test databases: a crash can lose the last commits. The service runs durable.
     */
    public enum Durability {
        /** fsync and synchronous_commit on: a committed transaction survives a crash of the server or the machine. */
        DURABLE,
        /** synchronous_commit on, fsync off: a commit survives a crash of the server, not of the machine (tests). */
        SURVIVES_PROCESS_CRASH,
        /** both off: fastest; a crash may lose the last commits (tests that never crash the server). */
        THROWAWAY
    }

    /** As {@link #start(Path)}, on the given port (0: a free one) and with the given durability. */
    public static EmbeddedDatabase start(Path dataDirectory, int port, Durability durability) {
        return start(dataDirectory, port, durability, null);
    }

    /** With the passwords read before (null: read them once the directory is owned). */
    private static synchronized EmbeddedDatabase start(Path dataDirectory, int port, Durability durability,
                                                       ClusterAccess.Passwords passwords) {
        Path dir = dataDirectory.toAbsolutePath().normalize();
        Ownership ownership = null;
        try {
            Files.createDirectories(dir);
            dir = dir.toRealPath(); // one lock whichever symlink the directory is reached through
            ownership = own(dir);
            stopOrphanedServer(dir);
            return startOwned(dir, ownership, port, durability, passwords == null ? ClusterAccess.passwords(dir) : passwords);
        } catch (IOException e) {
            release(ownership);
            throw new UncheckedIOException("could not start the embedded PostgreSQL in " + dir + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            release(ownership);
            throw e;
        }
    }

    /** Starts the server on a directory this process already owns; on failure the caller still owns it. */
    static EmbeddedDatabase startOwned(Path dir, Ownership ownership, int port, Durability durability) throws IOException {
        return startOwned(dir, ownership, port, durability, ClusterAccess.passwords(dir));
    }

    /**
     * The library creates a new cluster (initdb, with trust lines), then calls the customizer, then
     * starts the server: the customizer locks the cluster down ({@link ClusterAccess#lockDown})
     * before anything listens, and the library's own check that the server is up logs in with the
     * superuser's password. A server that started but failed that check is stopped again.
     */
    private static EmbeddedDatabase startOwned(Path dir, Ownership ownership, int port, Durability durability,
                                               ClusterAccess.Passwords passwords) throws IOException {
        Path binaries = ClusterAccess.binaries();
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setDataDirectory(dir)
                .setCleanDataDirectory(false)
                // drivecat stops it itself, after the application has stopped using it
                .setRegisterShutdownHook(false)
                .setPGStartupWait(Duration.ofSeconds(120))
                .setDataDirectoryCustomizer(cluster -> {
                    try {
                        ClusterAccess.lockDown(cluster.toPath(), binaries, passwords);
                    } catch (IOException e) {
                        throw new UncheckedIOException("could not lock down the embedded PostgreSQL in " + cluster, e);
                    }
                })
                .setConnectConfig("password", passwords.of(Role.SUPERUSER))
                .setServerConfig("listen_addresses", "localhost")
                .setServerConfig("unix_socket_directories", socketDirectory(dir))
                // the file lockDown writes, whatever postgresql.conf says
                .setServerConfig("hba_file", dir.resolve("pg_hba.conf").toString())
                .setServerConfig("password_encryption", "scram-sha-256")
                .setServerConfig("max_connections", "100")
                .setServerConfig("fsync", durability == Durability.DURABLE ? "on" : "off")
                .setServerConfig("synchronous_commit", durability == Durability.THROWAWAY ? "off" : "on");
        if (port > 0) {
            builder.setPort(port);
        }
        EmbeddedPostgres postgres;
        try {
            postgres = builder.start();
        } catch (IOException | RuntimeException e) {
            stopOrphanedServer(dir);
            throw e;
        }
        EmbeddedDatabase database = new EmbeddedDatabase(postgres, dir, ownership, passwords);
        try (Connection superuser = database.login(Role.SUPERUSER).connect()) {
            ClusterAccess.admitService(superuser, passwords);
        } catch (SQLException e) {
            postgres.close();
            throw new IOException("could not give the service's role its rights in the embedded PostgreSQL: " + e.getMessage(), e);
        }
        LOG.infof("Embedded PostgreSQL started on port %d with data directory %s", postgres.getPort(), dir);
        return database;
    }

    /** The longest path of a Unix socket (sun_path, 108 bytes with its NUL on Linux). */
    private static final int MAX_SOCKET_PATH = 107;

    /**
     * Where the server's Unix socket goes: {@code <cluster>.socket}, beside the cluster, a folder
     * only this account may enter (0700), so that no other account of the machine reaches the
     * socket, as it would in the world-writable /tmp that PostgreSQL's binaries default to. The
     * service connects over TCP on loopback; when the socket's path would be longer than a Unix
     * socket's may be, the server opens none (an empty setting).
     */
    static String socketDirectory(Path cluster) throws IOException {
        Path folder = cluster.resolveSibling(cluster.getFileName() + ".socket");
        if ((folder + "/.s.PGSQL.65535.lock").getBytes(StandardCharsets.UTF_8).length > MAX_SOCKET_PATH) {
            LOG.infof("The embedded PostgreSQL opens no Unix socket: %s is too long a path for one; it listens on loopback only", folder);
            return "";
        }
        Files.createDirectories(folder);
        if (Files.getFileStore(folder).supportsFileAttributeView(java.nio.file.attribute.PosixFileAttributeView.class)) {
            Files.setPosixFilePermissions(folder, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        }
        return folder.toString();
    }

    /**
     * Takes the data directory for this process: an exclusive lock on {@code <dir>.lock}, held until
     * {@link #close()} or the process's end (the operating system releases it even after SIGKILL).
     * So a server found running on the directory while we hold the lock was left by a dead process,
     * and one found while another process holds it is that process's, and is left alone.
     *
     * <p>File locks belong to the whole process, and closing any channel on the file drops them, so
     * a second start inside this JVM must never touch the file: a JVM-wide registry (a system
     * property, the same for every class loader) answers for this process first.
     */
    static Ownership own(Path dir) throws IOException {
        Path lock = dir.resolveSibling(dir.getFileName() + ".lock");
        String key = OWNED_PREFIX + lock;
        if (System.getProperties().putIfAbsent(key, "owned") != null) {
            throw new DataDirectoryInUseException(dir, lock, true);
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            if (channel.tryLock() != null) {
                return new Ownership(key, channel);
            }
            throw new DataDirectoryInUseException(dir, lock, false);
        } catch (IOException | RuntimeException e) {
            if (channel != null) {
                channel.close();
            }
            System.getProperties().remove(key);
            throw e;
        }
    }

    // outside the "drivecat." namespace, which the configuration validates strictly
    private static final String OWNED_PREFIX = "dev.drivecat.database.EmbeddedDatabase.owned:";

    /** This process's hold on a data directory. */
    record Ownership(String key, FileChannel channel) {
    }

    static void release(Ownership ownership) {
        if (ownership != null) {
            try {
                ownership.channel().close(); // releases the lock
            } catch (IOException e) {
                LOG.warn("Could not release the data directory lock", e);
            } finally {
                System.getProperties().remove(ownership.key());
            }
        }
    }

    public String jdbcUrl() {
        return jdbcUrl(postgres.getPort());
    }

    /** How the role logs in to this database. */
    public Login login(Role role) {
        return new Login(jdbcUrl(), role, passwords.of(role));
    }

    /**
     * How the role logs in to the server that runs on {@code cluster} (which another process may
     * have started), on {@code port}, from the cluster's password file.
     */
    public static Login login(Path cluster, int port, Role role) throws IOException {
        return new Login(jdbcUrl(port), role, ClusterAccess.storedPasswords(cluster).of(role));
    }

    public int port() {
        return postgres.getPort();
    }

    public Path dataDirectory() {
        return dataDirectory;
    }

    /** The postmaster as last started (by the first start or by {@link #restart}); empty once it has gone. */
    public Optional<ProcessHandle> postmaster() {
        return ProcessHandle.of(postmasterPid).filter(EmbeddedDatabase::running);
    }

    public long postmasterPid() {
        return postmasterPid;
    }

    public boolean closed() {
        return closed;
    }

    /**
     * Starts the server again after its postmaster died (killed, crashed), on the same data directory
     * and port, so the datasource URL stays right. PostgreSQL's crash recovery replays the write-ahead
     * log first: every committed transaction is there again, none that was not. {@code pg_ctl restart}
     * reuses the command line the server was started with (postmaster.opts) and, finding the old
     * server gone, starts it; it returns when the server accepts connections or has failed to start.
     * Server processes the dead postmaster left behind still hold its shared memory and would make
     * the start fail, so they are ended first.
     */
    public synchronized void restart(Duration startupWait) throws IOException {
        if (closed) {
            throw new IllegalStateException("the embedded PostgreSQL has been stopped for good");
        }
        if (postmaster().isPresent()) {
            throw new IllegalStateException("the postmaster (pid " + postmasterPid + ") still runs");
        }
        if (endLeftoverServerProcesses(Duration.ofSeconds(5))) {
            removeStaleLockFiles();
        }
        List<String> opts = Files.readAllLines(dataDirectory.resolve("postmaster.opts"), StandardCharsets.UTF_8);
        String line = opts.isEmpty() ? "" : opts.get(0);
        int args = line.indexOf(" \"");
        Path postgresBinary = Path.of(args < 0 ? line.trim() : line.substring(0, args));
        Path pgCtl = postgresBinary.resolveSibling("pg_ctl");
        List<String> command = new java.util.ArrayList<>();
        if (LinuxUtils.isUnshareAvailable()) {
            // as the library does for its own commands: PostgreSQL refuses to run as root, and in a user namespace it is not root
            command.addAll(List.of("unshare", "-U"));
        }
        command.addAll(List.of(pgCtl.toString(), "restart", "-D", dataDirectory.toString(), "-m", "fast", "-w",
                "-t", Long.toString(Math.max(1, startupWait.toSeconds()))));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        // the server inherits pg_ctl's output and keeps writing its log there after pg_ctl has exited
        Thread output = new Thread(() -> logServerOutput(process.getInputStream()), "postgres-log");
        output.setDaemon(true);
        output.start();
        try {
            if (!process.waitFor(startupWait.toMillis() + 10_000, TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IOException("pg_ctl restart did not return within " + startupWait);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while restarting PostgreSQL", e);
        }
        if (process.exitValue() != 0) {
            throw new IOException("pg_ctl restart exited with " + process.exitValue() + " (the server's log says why)");
        }
        postmasterPid = readPostmasterPid(dataDirectory)
                .orElseThrow(() -> new IOException("PostgreSQL started but left no postmaster.pid in " + dataDirectory));
    }

    /**
     * The old postmaster is dead and none of its processes is left, but it may be a zombie that no
     * process reaps yet, and PostgreSQL takes a zombie for a live server: its lock files (the data
     * directory's and the Unix socket's, both naming its pid) would make the new server refuse to start.
     */
    private void removeStaleLockFiles() throws IOException {
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        List<String> lines = Files.exists(pidFile) ? Files.readAllLines(pidFile, StandardCharsets.UTF_8) : List.of();
        if (lines.size() >= 5 && lines.get(0).trim().equals(Long.toString(postmasterPid)) && !lines.get(4).isBlank()) {
            Path socketLock = Path.of(lines.get(4).trim()).resolve(".s.PGSQL." + lines.get(3).trim() + ".lock");
            if (Files.exists(socketLock) && Files.readAllLines(socketLock, StandardCharsets.UTF_8).stream().findFirst()
                    .map(String::trim).filter(pid -> pid.equals(Long.toString(postmasterPid))).isPresent()) {
                Files.deleteIfExists(socketLock);
            }
        }
        Files.deleteIfExists(pidFile);
    }

    private static void logServerOutput(java.io.InputStream output) {
        try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(output, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                LOG.info("postgres: " + line);
            }
        } catch (IOException e) {
            // the server closed its end: nothing more to say
        }
    }

    /**
     * Backends, the checkpointer and other children of a postmaster that was killed notice its death
     * and exit on their own, mostly at once; one busy with a long statement can take a while. They
     * run with the data directory as their working directory, which is how they are found (Linux).
     * True when none is left; false when that cannot be known (no /proc) or one would not go.
     */
    private boolean endLeftoverServerProcesses(Duration patience) {
        if (!Files.isDirectory(PROC)) {
            return false; // cannot know; PostgreSQL's own checks decide
        }
        List<ProcessHandle> leftovers = serverProcesses(dataDirectory);
        if (leftovers.isEmpty()) {
            return true;
        }
        LOG.infof("Waiting up to %s for %d server process(es) the dead postmaster left behind to exit", patience, leftovers.size());
        long deadline = System.nanoTime() + patience.toNanos();
        while (!leftovers.isEmpty() && System.nanoTime() < deadline) {
            sleep(100);
            leftovers = serverProcesses(dataDirectory);
        }
        for (ProcessHandle p : leftovers) {
            LOG.warnf("Ending server process %d left behind by the dead postmaster (it holds the old shared memory)", p.pid());
            p.destroyForcibly();
        }
        boolean allGone = true;
        for (ProcessHandle p : leftovers) {
            try {
                p.onExit().get(5, TimeUnit.SECONDS);
            } catch (Exception e) {
                LOG.warnf("Server process %d did not exit", p.pid());
                allGone = false;
            }
        }
        return allGone;
    }

    private static final Path PROC = Path.of("/proc");

    /** Processes of a PostgreSQL server on this data directory (Linux only: it reads /proc). */
    static List<ProcessHandle> serverProcesses(Path dataDirectory) {
        Path proc = PROC;
        return ProcessHandle.allProcesses()
                .filter(p -> p.pid() != ProcessHandle.current().pid())
                .filter(p -> p.info().command().map(c -> c.endsWith("/postgres")).orElse(false))
                .filter(p -> {
                    try {
                        return Files.readSymbolicLink(proc.resolve(Long.toString(p.pid())).resolve("cwd")).equals(dataDirectory);
                    } catch (IOException | UnsupportedOperationException | SecurityException e) {
                        return false;
                    }
                })
                .toList();
    }

    /** Alive and not a zombie: a postmaster reparented to a process that never reaps stays a zombie. */
    static boolean running(ProcessHandle process) {
        if (!process.isAlive()) {
            return false;
        }
        Path stat = Path.of("/proc", Long.toString(process.pid()), "stat");
        try {
            String s = Files.readString(stat);
            return s.charAt(s.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException | RuntimeException e) {
            return process.isAlive();
        }
    }

    static Optional<Long> readPostmasterPid(Path dir) {
        try {
            List<String> lines = Files.readAllLines(dir.resolve("postmaster.pid"), StandardCharsets.UTF_8);
            return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).trim()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the server cleanly (a "fast" shutdown: open sessions end, then a checkpoint). Idempotent. */
    @Override
    public synchronized void close() {
        closed = true;
        try {
            postgres.close();
            LOG.info("Embedded PostgreSQL stopped");
        } catch (IOException e) {
            LOG.warn("Embedded PostgreSQL did not stop cleanly", e);
        } finally {
            release(ownership);
        }
    }

    /**
     * A JVM killed with SIGKILL leaves its postmaster running and the data directory locked by
     * it. postmaster.pid names the process; if it is still a postgres process, ask it to shut
     * down (SIGTERM: its clients are gone with the dead JVM) and wait for it. Called only while
     * holding the directory's lock, so the server cannot belong to a live drivecat.
     */
    static void stopOrphanedServer(Path dir) throws IOException {
        Path pidFile = dir.resolve("postmaster.pid");
        if (!Files.isRegularFile(pidFile)) {
            return;
        }
        List<String> lines = Files.readAllLines(pidFile, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            return;
        }
        long pid;
        try {
            pid = Long.parseLong(lines.get(0).trim());
        } catch (NumberFormatException e) {
            return;
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info().command().map(c -> c.endsWith("postgres")).orElse(false));
        if (process.isEmpty()) {
            return; // a stale pid file; PostgreSQL itself handles that
        }
        LOG.warnf("Found a PostgreSQL server (pid %d) left running on %s by an earlier process; stopping it", pid, dir);
        process.get().destroy();
        try {
            process.get().onExit().get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IOException("the PostgreSQL server left running on " + dir + " (pid " + pid + ") did not stop", e);
        }
    }
}
