package dev.drivecat.database;

import static dev.drivecat.database.EmbeddedDatabase.Role.SERVICE;
import static dev.drivecat.testing.ServiceProcess.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import dev.drivecat.database.EmbeddedDatabase.Login;
import dev.drivecat.testing.Postmaster;
import dev.drivecat.testing.ServiceProcess;
import io.restassured.response.Response;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backup taken by POST /admin/backups while the service runs, a change after it, then the
 * documented restore command on the stopped service: the data is the backup's, table by table.
 * Meanwhile the schedule (every 2 s here, keeping 1) writes backups and deletes the older
 * scheduled ones, never the one taken by hand.
 */
class BackupRestoreIT {

    @TempDir
    Path tmp;

    static final String CHANGE = """
            {"format": "drivecat-import/1",
             "sources": {"t": {"url": "urn:drivecat:source:backup-test", "kind": "REVIEW", "retrievedAt": "2026-11-20"}},
             "listings": [{"marketplace": "amazon-us", "externalId": "after-the-backup", "drive": "samsung-pm893-240gb-sata",
               "observations": [{"observedAt": "2026-11-22T00:00:00Z", "price": 349.00, "currency": "USD", "inStock": true, "source": "t"}]}]}
            """;

    @Test
    void restoringABackupOnTheStoppedServiceBringsBackExactlyItsData() throws Exception {
        Path data = tmp.resolve("data");
        Map<String, String> atBackup;
        String name;
        try (ServiceProcess service = ServiceProcess.named("backup").env("DRIVECAT_DATA_DIR", data.toString())
                .env("DRIVECAT_BACKUPS_CRON", "*/2 * * * * ?").env("DRIVECAT_BACKUPS_KEEP", "1")
                .start().awaitReady(Duration.ofMinutes(2))) {
            Login jdbc = Postmaster.of(data).login(SERVICE);
            atBackup = fingerprint(jdbc);
            Response taken = admin().when().post(service.url("/admin/backups"));
            taken.then().statusCode(201).body("trigger", equalTo("manual")).body("name", startsWith("manual-"));
            name = taken.jsonPath().getString("name");
            Path file = data.resolve("backups").resolve(name);
            assertThat(taken.jsonPath().getLong("sizeBytes")).isEqualTo(Files.size(file)).isPositive();
            assertThat(taken.jsonPath().getString("createdAt")).isNotBlank();
            // the whole database, subscriber addresses included: readable by its owner only, like the cluster
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent()))).isEqualTo("rwx------");

            admin().contentType("application/json").body(CHANGE).when().post(service.url("/admin/imports/specs")).then().statusCode(200);
            assertThat(fingerprint(jdbc)).as("the change is a change").isNotEqualTo(atBackup);

            Set<String> scheduledSeen = new HashSet<>();
            for (int i = 0; i < 120 && scheduledSeen.size() < 2; i++) {
                List<String> names = admin().when().get(service.url("/admin/backups")).then().statusCode(200)
                        .extract().jsonPath().getList("name");
                assertThat(names).as("the backup taken by hand is never deleted").contains(name);
                assertThat(names.stream().filter(n -> n.startsWith("scheduled-"))).as("the schedule keeps 1").hasSizeLessThanOrEqualTo(1);
                names.stream().filter(n -> n.startsWith("scheduled-")).forEach(scheduledSeen::add);
                ServiceProcess.sleep(500);
            }
            assertThat(scheduledSeen).as("scheduled backups were taken, one after another").hasSizeGreaterThanOrEqualTo(2);

            Command refused = restore(data, file);
            assertThat(refused.exit).as(refused.output).isNotZero();
            assertThat(refused.output).contains("Not restored").contains("is in use by another running drivecat");

            service.terminate(Duration.ofSeconds(60));
        }

        Command restored = restore(data, data.resolve("backups").resolve(name));
        assertThat(restored.exit).as(restored.output).isZero();
        assertThat(restored.output).contains("Restored").contains("kept in");

        // read before the service starts again: its start-up writes (the marketplace sync bumps the catalog version)
        try (EmbeddedDatabase restoredCluster = EmbeddedDatabase.start(data.resolve("postgres"))) {
            assertThat(fingerprint(restoredCluster.login(SERVICE))).as("every table as it was at the backup").isEqualTo(atBackup);
        }
        try (ServiceProcess again = ServiceProcess.named("restored").env("DRIVECAT_DATA_DIR", data.toString())
                .start().awaitReady(Duration.ofMinutes(2))) {
            given().when().get(again.url("/drives/samsung-pm893-240gb-sata/prices")).then().statusCode(200)
                    .body("observations.findAll { it.externalId == 'after-the-backup' }.size()", equalTo(0));
            again.terminate(Duration.ofSeconds(60));
        } finally {
            Postmaster.of(data).killIfRunning();
        }
    }

    record Command(int exit, String output) {
    }

    /** The documented restore command, as an operator runs it. */
    static Command restore(Path data, Path file) throws IOException, InterruptedException {
        String jar = System.getProperty("drivecat.service.jar", "target/quarkus-app/quarkus-run.jar");
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar,
                "restore", file.toString()).redirectErrorStream(true);
        pb.environment().put("DRIVECAT_DATA_DIR", data.toString());
        Process p = pb.start();
        p.getOutputStream().close();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        return new Command(p.exitValue(), output);
    }

    /** Each table's rows, hashed in a stable order: equal fingerprints, equal data. */
    static Map<String, String> fingerprint(Login db) throws Exception {
        Map<String, String> tables = new TreeMap<>();
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            List<String> names = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")) {
                while (rs.next()) {
                    names.add(rs.getString(1));
                }
            }
            for (String table : names) {
                try (ResultSet rs = s.executeQuery("SELECT count(*) || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM \""
                        + table + "\" t")) {
                    rs.next();
                    tables.put(table, rs.getString(1));
                }
            }
        }
        return tables;
    }
}
