package dev.drivecat.database;

import static dev.drivecat.database.EmbeddedDatabase.Role.SERVICE;
import static dev.drivecat.database.EmbeddedDatabase.Role.SUPERUSER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.drivecat.database.EmbeddedDatabase.Login;
import dev.drivecat.testing.Sql;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded PostgreSQL takes no connection without a password, from any account, over the Unix
 * socket or loopback; its passwords are readable by the service's account alone; the service's
 * role can do what the service does and nothing a superuser could; and a cluster that an earlier
 * drivecat left trusting every local account is closed on its next start.
 */
class ClusterAccessTest {

    @TempDir
    Path dataDir;

    @Test
    void aClientWithoutAPasswordIsAskedForOneOverEveryLoopbackAddressAndTheSocketAsEveryRole() throws Exception {
        try (EmbeddedDatabase db = EmbeddedDatabase.start(dataDir.resolve("postgres"), 0, EmbeddedDatabase.Durability.THROWAWAY)) {
            List<SocketAddress> addresses = new ArrayList<>();
            for (InetAddress loopback : InetAddress.getAllByName("localhost")) {
                addresses.add(new InetSocketAddress(loopback, db.port()));
            }
            addresses.add(new InetSocketAddress("127.0.0.1", db.port()));
            addresses.add(UnixDomainSocketAddress.of(dataDir.toRealPath().resolve("postgres.socket").resolve(".s.PGSQL." + db.port())));
            for (SocketAddress address : addresses) {
                for (String role : List.of("postgres", "drivecat", "someone")) {
                    assertThat(StartupProbe.answer(address, role)).as("%s as %s", address, role).isEqualTo(StartupProbe.ASKS_FOR_SCRAM);
                }
            }
            assertThatThrownBy(() -> new Login(db.jdbcUrl(), SUPERUSER, "not-the-password").connect())
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("28P01"));
        }
    }

    /**
     * The probe runs as the account nobody (setpriv, so the test needs root), with the cluster in a
     * folder every account may pass through: only the socket's own folder keeps it out.
     */
    @Test
    void anotherAccountCannotReachTheSocketAndIsAskedForAPasswordOverLoopback() throws Exception {
        List<String> asNobody = List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        assumeTrue(new ProcessBuilder(concat(asNobody, List.of(java, "-version"))).redirectErrorStream(true).start().waitFor() == 0,
                "running a program as another account (nobody) needs root and setpriv");
        Files.setPosixFilePermissions(dataDir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path probe = dataDir.resolve("probe").resolve(StartupProbe.class.getName().replace('.', '/') + ".class");
        Files.createDirectories(probe.getParent());
        try (var in = StartupProbe.class.getResourceAsStream(StartupProbe.class.getSimpleName() + ".class")) {
            Files.copy(in, probe);
        }
        try (EmbeddedDatabase db = EmbeddedDatabase.start(dataDir.resolve("postgres"), 0, EmbeddedDatabase.Durability.THROWAWAY)) {
            Path socket = dataDir.toRealPath().resolve("postgres.socket").resolve(".s.PGSQL." + db.port());
            Process p = new ProcessBuilder(concat(asNobody, List.of(java, "-cp", dataDir.resolve("probe").toString(),
                    StartupProbe.class.getName(), Integer.toString(db.port()), socket.toString()))).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor()).as(out).isZero();
            assertThat(out.lines()).containsExactly(
                    "tcp as postgres: " + StartupProbe.ASKS_FOR_SCRAM,
                    "tcp as drivecat: " + StartupProbe.ASKS_FOR_SCRAM,
                    "socket as postgres: cannot connect: Permission denied",
                    "socket as drivecat: cannot connect: Permission denied");
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    @Test
    void thePasswordsAreInAFileOnlyItsOwnerMayReadAndTheServerKeepsOnlyTheirScramVerifiers() throws Exception {
        Path cluster = dataDir.resolve("postgres");
        try (EmbeddedDatabase db = EmbeddedDatabase.start(cluster, 0, EmbeddedDatabase.Durability.THROWAWAY)) {
            Path file = db.dataDirectory().resolve(ClusterAccess.PASSWORD_FILE);
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(db.dataDirectory()))).isEqualTo("rwx------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dataDir.toRealPath().resolve("postgres.socket"))))
                    .isEqualTo("rwx------");
            assertThat(Files.readAllLines(file)).containsExactly(
                    "*:*:*:drivecat:" + db.login(SERVICE).password(), "*:*:*:postgres:" + db.login(SUPERUSER).password());
            assertThat(db.login(SERVICE).password()).matches("[A-Za-z0-9_-]{43}").isNotEqualTo(db.login(SUPERUSER).password());

            Login superuser = db.login(SUPERUSER);
            assertThat(Sql.column(superuser, "SELECT rolname || ' ' || split_part(rolpassword, '$', 1) FROM pg_authid "
                    + "WHERE rolpassword IS NOT NULL ORDER BY 1")).containsExactly("drivecat SCRAM-SHA-256", "postgres SCRAM-SHA-256");
            assertThat(Sql.count(superuser, "SELECT count(*) FROM pg_authid WHERE rolpassword LIKE '%" + superuser.password() + "%' "
                    + "OR rolpassword LIKE '%" + db.login(SERVICE).password() + "%'")).as("no password itself is stored").isZero();
            assertThat(Sql.column(superuser, "SELECT type || ' ' || array_to_string(database, ',') || ' ' || array_to_string(user_name, ',')"
                    + " || ' ' || coalesce(address, '-') || ' ' || auth_method FROM pg_hba_file_rules ORDER BY line_number"))
                    .containsExactly("local all all - scram-sha-256", "host all all 127.0.0.1 scram-sha-256", "host all all ::1 scram-sha-256");
        }
    }

    @Test
    void theServicesRoleOwnsItsSchemaButCannotRunProgramsReadSecretsOrServerFilesOrRaiseItself() throws Exception {
        Path marker = dataDir.resolve("ran");
        try (EmbeddedDatabase db = EmbeddedDatabase.start(dataDir.resolve("postgres"), 0, EmbeddedDatabase.Durability.THROWAWAY);
             Connection c = db.login(SERVICE).connect();
             Statement s = c.createStatement()) {
            s.execute("CREATE TABLE mine (n int)");
            s.execute("INSERT INTO mine VALUES (1)");
            assertThat(Sql.value(db.login(SUPERUSER), "SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = 'public'"))
                    .isEqualTo("drivecat");
            assertThat(Sql.value(db.login(SUPERUSER), "SELECT rolsuper OR rolcreaterole OR rolcreatedb OR rolreplication OR rolbypassrls "
                    + "FROM pg_roles WHERE rolname = 'drivecat'")).isEqualTo(false);
            Map<String, String> refused = new TreeMap<>();
            for (String statement : List.of(
                    "COPY (SELECT 1) TO PROGRAM 'touch " + marker + "'",
                    "COPY mine FROM PROGRAM 'touch " + marker + "'",
                    "SELECT rolpassword FROM pg_authid",
                    "SELECT pg_read_file('postgresql.conf')",
                    "COPY mine TO '" + marker + "'",
                    "ALTER ROLE drivecat SUPERUSER",
                    "CREATE ROLE another LOGIN SUPERUSER",
                    "GRANT pg_execute_server_program TO drivecat",
                    "ALTER SYSTEM SET log_statement = 'all'",
                    "CREATE DATABASE another")) {
                c.setAutoCommit(true);
                try {
                    s.execute(statement);
                    refused.put(statement, "ran");
                } catch (SQLException e) {
                    refused.put(statement, e.getSQLState());
                }
            }
            assertThat(refused).as("insufficient privilege, every one").allSatisfy((statement, state) -> assertThat(state).isEqualTo("42501"));
            assertThat(marker).as("no program ran, no file was written").doesNotExist();
        }
    }

    @Test
    void aClusterThatTrustedEveryLocalAccountIsClosedOnItsNextStartWithItsDataGivenToTheServicesRole() throws Exception {
        Path cluster = dataDir.resolve("postgres");
        // as drivecat made clusters before: the library's own initdb (trust) and start, the schema made by the superuser
        try (EmbeddedPostgres earlier = EmbeddedPostgres.builder().setDataDirectory(cluster).setCleanDataDirectory(false)
                .setRegisterShutdownHook(false).setPGStartupWait(Duration.ofSeconds(120))
                .setServerConfig("unix_socket_directories", "").start();
             Connection c = earlier.getPostgresDatabase().getConnection();
             Statement s = c.createStatement()) {
            assertThat(StartupProbe.answer(new InetSocketAddress("127.0.0.1", earlier.getPort()), "postgres"))
                    .as("what it was").isEqualTo(StartupProbe.LETS_IN);
            s.execute("CREATE TABLE kept (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, note text)");
            s.execute("CREATE TABLE counted (id bigserial PRIMARY KEY)");
            s.execute("CREATE SEQUENCE numbers");
            s.execute("INSERT INTO kept (note) VALUES ('still here')");
            s.execute("CREATE VIEW kept_notes AS SELECT note FROM kept");
            s.execute("CREATE FUNCTION kept_count() RETURNS bigint LANGUAGE sql AS 'SELECT count(*) FROM kept'");
            s.execute("CREATE TYPE mood AS ENUM ('fine')");
        }
        assertThat(cluster.resolve(ClusterAccess.PASSWORD_FILE)).doesNotExist();

        try (EmbeddedDatabase db = EmbeddedDatabase.start(cluster, 0, EmbeddedDatabase.Durability.THROWAWAY)) {
            assertThat(StartupProbe.answer(new InetSocketAddress("127.0.0.1", db.port()), "postgres")).isEqualTo(StartupProbe.ASKS_FOR_SCRAM);
            assertThat(cluster.resolve(ClusterAccess.PASSWORD_FILE)).exists();
            Login service = db.login(SERVICE);
            assertThat(Sql.column(service, "SELECT kept_count() || ' ' || string_agg(note, ',') FROM kept_notes")).containsExactly("1 still here");
            Sql.execute(service, "INSERT INTO kept (note) VALUES ('and this')");
            Sql.execute(service, "INSERT INTO counted DEFAULT VALUES");
            assertThat(Sql.value(service, "SELECT nextval('numbers')")).isEqualTo(1L);
            assertThat(Sql.column(db.login(SUPERUSER), """
                    SELECT c.relname || ' ' || c.relowner::regrole FROM pg_class c
                     WHERE c.relnamespace = 'public'::regnamespace
                    UNION ALL SELECT p.proname || ' ' || p.proowner::regrole FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
                    UNION ALL SELECT t.typname || ' ' || t.typowner::regrole FROM pg_type t WHERE t.typnamespace = 'public'::regnamespace
                    ORDER BY 1""")).allSatisfy(owned -> assertThat(owned).endsWith(" drivecat")).hasSizeGreaterThan(10);
            Sql.execute(service, "DROP VIEW kept_notes");
            Sql.execute(service, "DROP FUNCTION kept_count()");
        }
        try (EmbeddedDatabase again = EmbeddedDatabase.start(cluster, 0, EmbeddedDatabase.Durability.THROWAWAY)) {
            assertThat(Sql.count(again.login(SERVICE), "SELECT count(*) FROM kept")).as("the next start uses the stored passwords").isEqualTo(2);
        }
    }

    @Test
    void pgHbaConfEditedToTrustIsWrittenAnewOnTheNextStart() throws Exception {
        Path cluster = dataDir.resolve("postgres");
        EmbeddedDatabase.start(cluster, 0, EmbeddedDatabase.Durability.THROWAWAY).close();
        Files.writeString(cluster.resolve("pg_hba.conf"), "host all all 127.0.0.1/32 trust\nlocal all all trust\n");
        try (EmbeddedDatabase db = EmbeddedDatabase.start(cluster, 0, EmbeddedDatabase.Durability.THROWAWAY)) {
            assertThat(StartupProbe.answer(new InetSocketAddress("127.0.0.1", db.port()), "postgres")).isEqualTo(StartupProbe.ASKS_FOR_SCRAM);
            assertThat(Files.readString(cluster.resolve("pg_hba.conf"))).isEqualTo(ClusterAccess.HBA);
        }
    }

    @Test
    void aPasswordFileMissingARoleIsRefusedSayingHowToGetNewPasswords() throws Exception {
        Path cluster = dataDir.resolve("postgres");
        EmbeddedDatabase.start(cluster, 0, EmbeddedDatabase.Durability.THROWAWAY).close();
        Path file = cluster.resolve(ClusterAccess.PASSWORD_FILE);
        Files.writeString(file, Files.readAllLines(file).get(0) + "\n");
        assertThatThrownBy(() -> EmbeddedDatabase.start(cluster, 0, EmbeddedDatabase.Durability.THROWAWAY))
                .hasMessageContaining("holds no password for the role postgres").hasMessageContaining("Delete the file");
        Files.delete(file);
        try (EmbeddedDatabase db = EmbeddedDatabase.start(cluster, 0, EmbeddedDatabase.Durability.THROWAWAY)) {
            assertThat(Sql.value(db.login(SUPERUSER), "SELECT 1")).as("new passwords, set before the server listened").isEqualTo(1);
        }
    }
}
