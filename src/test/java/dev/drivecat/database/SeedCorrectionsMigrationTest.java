package dev.drivecat.database;

import static dev.drivecat.database.EmbeddedDatabase.Role.SERVICE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.Sql;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * V14 withdraws what the earlier seed files stated in error from a database that imported them
 * (misquoted wordings, part numbers a shop's page ties to another SKU, a capacity stated only as a
 * range), and nothing else: the statements beside them, from the same pages, stay. V15 rewrites
 * smoothed quotes of datasheets as the pages' own words, in place, for the cited page only
 * ({@code SeedFilesTest} checks that each rewrite lands on the wording the seed file now has).
 */
class SeedCorrectionsMigrationTest {

    @TempDir
    Path dataDir;

    @Test
    void v14WithdrawsTheSeedsErroneousStatementsAndKeepsTheirNeighbours() throws Exception {
        try (EmbeddedDatabase db = EmbeddedDatabase.start(dataDir.resolve("postgres"), 0, EmbeddedDatabase.Durability.THROWAWAY)) {
            migrate(db, "13");
            try (Connection c = db.login(SERVICE).connect()) {
                drive(c, "intel-dc-s3700-100gb-sata", "sata", "2.5in");
                drive(c, "intel-dc-s3500-80gb-sata", "sata", "2.5in");
                drive(c, "samsung-860-evo-500gb-sata", "sata", "2.5in");
                drive(c, "samsung-860-evo-1tb-sata", "sata", "2.5in");
                drive(c, "samsung-970-evo-plus-1tb-m2", "nvme", "m2-2280");
                drive(c, "intel-optane-p5800x-800gb-u2", "nvme", "u2");
                String review = "urn:drivecat:source:zfs-zil-slog-sysbench-s3700-s3500-600pro-mx100";
                spec(c, "intel-dc-s3700-100gb-sata", "writeLatency", "According to [Intel's DC S3700 product specification], average write latency is 65 μs.", review);
                spec(c, "intel-dc-s3700-100gb-sata", "writeLatency", "Write latency 65 us (kept)", review);
                spec(c, "intel-dc-s3500-80gb-sata", "writeLatency", "S3500@80 / S3500@160 / S3520@150 – Write Latency (µs): 65 / 65 / 35", review);
                String shop500 = "https://www.syspartsdirect.com/en/product-detail/Samsung-MZ-76E500-860-EVO-500GB-High-Speed-SATA-SSD-1679.html";
                spec(c, "samsung-860-evo-500gb-sata", "partNumber", "| MPN | MZ-76E500E |", shop500);
                spec(c, "samsung-860-evo-500gb-sata", "partNumber", "Samsung 860 EVO MZ-76E500", shop500);
                spec(c, "samsung-860-evo-1tb-sata", "partNumber", "| MPN | MZ-76E1T0 |", "https://www.syspartsdirect.com/1613.html");
                spec(c, "samsung-970-evo-plus-1tb-m2", "partNumber", "| MPN | MZ-V7S1T0BW |", "https://www.syspartsdirect.com/1662.html");
                spec(c, "intel-optane-p5800x-800gb-u2", "capacity", "| Capacity | 375 GB – 1,5 TB | 400 GB – 3,2 TB |", "https://blog.zuthof.nl/?p=2911");
                spec(c, "intel-optane-p5800x-800gb-u2", "capacity", "le versioni da 400 GB, 800 GB, e 1,6 TB", "https://www.tomshw.it/p5800x");
                partNumber(c, "samsung-860-evo-500gb-sata", "MZ-76E500E");
                partNumber(c, "samsung-860-evo-500gb-sata", "MZ-76E500");
                partNumber(c, "samsung-860-evo-1tb-sata", "MZ-76E1T0");
                partNumber(c, "samsung-970-evo-plus-1tb-m2", "MZ-V7S1T0BW");
            }

            migrate(db, "latest");

            assertThat(Sql.column(db.login(SERVICE), "SELECT d.slug || ' ' || v.field || ': ' || v.wording FROM spec_value v JOIN drive d ON d.id = v.drive_id ORDER BY 1"))
                    .containsExactly(
                            "intel-dc-s3700-100gb-sata writeLatency: Write latency 65 us (kept)",
                            "intel-optane-p5800x-800gb-u2 capacity: le versioni da 400 GB, 800 GB, e 1,6 TB",
                            "samsung-860-evo-500gb-sata partNumber: Samsung 860 EVO MZ-76E500");
            assertThat(Sql.column(db.login(SERVICE), "SELECT d.slug || ' ' || p.part_number FROM drive_part_number p JOIN drive d ON d.id = p.drive_id ORDER BY 1"))
                    .as("the 970 EVO Plus keeps its part number: only the row quoting it changes")
                    .containsExactly("samsung-860-evo-500gb-sata MZ-76E500", "samsung-970-evo-plus-1tb-m2 MZ-V7S1T0BW");
        }
    }

    @Test
    void v15QuotesTheDatasheetsOwnWordsOnlyWhereTheCitedPageHadBeenSmoothed() throws Exception {
        try (EmbeddedDatabase db = EmbeddedDatabase.start(dataDir.resolve("postgres"), 0, EmbeddedDatabase.Durability.THROWAWAY)) {
            migrate(db, "14");
            String s3700 = "https://docslib.org/doc/12283368/intel%C2%AE-solid-state-drive-dc-s3700-series";
            String s3610 = "https://manualmachine.com/intel/ssdsc2bx800g401/8105768-user-manual";
            try (Connection c = db.login(SERVICE).connect()) {
                drive(c, "intel-dc-s3700-400gb-sata", "sata", "2.5in");
                drive(c, "intel-dc-s3610-200gb-sata", "sata", "2.5in");
                spec(c, "intel-dc-s3700-400gb-sata", "media", "High Endurance Technology (HET) Multi-Level Cell (MLC)", s3700);
                spec(c, "intel-dc-s3700-400gb-sata", "writeLatency", "Latency (average sequential) Write: 65 µs (TYP)", s3700);
                // the same words quote the S3610's datasheet exactly: another source, left alone
                spec(c, "intel-dc-s3610-200gb-sata", "media", "High Endurance Technology (HET) Multi-Level Cell (MLC)", s3610);
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("UPDATE spec_value SET chosen = true WHERE field = 'writeLatency'");
                }
            }

            migrate(db, "latest");

            assertThat(Sql.column(db.login(SERVICE), "SELECT d.slug || ' ' || v.field || ': ' || v.wording || (CASE WHEN v.chosen THEN ' (chosen)' ELSE '' END)"
                    + " FROM spec_value v JOIN drive d ON d.id = v.drive_id ORDER BY 1")).containsExactly(
                    "intel-dc-s3610-200gb-sata media: High Endurance Technology (HET) Multi-Level Cell (MLC)",
                    "intel-dc-s3700-400gb-sata media: High Endurance Technology (HET) Multi-Level Cell ... (MLC)",
                    "intel-dc-s3700-400gb-sata writeLatency: Latency (average sequential) ... Write: 65 µs (TYP) (chosen)");
        }
    }

    @Test
    void v24WithdrawsSeriesMaximaStatedAsOneCapacitysValuesAndTakesTheNewRoles() throws Exception {
        try (EmbeddedDatabase db = EmbeddedDatabase.start(dataDir.resolve("postgres"), 0, EmbeddedDatabase.Durability.THROWAWAY)) {
            migrate(db, "17");
            try (Connection c = db.login(SERVICE).connect()) {
                drive(c, "samsung-pm9a3-960gb-u2", "nvme", "u2");
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("""
                            INSERT INTO spec_value (drive_id, field, value_number, applies_to, wording, source_url, source_kind, retrieved_at,
                                                    importer, importer_version)
                            SELECT id, f, 3500, a, 'w ' || f, 'https://heise.example', 'REVIEW', now(), 'test', '1'
                              FROM drive, (VALUES ('seqWrite', 'series maximum, reached by the 7.68 TB U.2 (varies by capacity and form factor)'),
                                                  ('seqRead', 'series maximum, U.2 and E1.S (varies by capacity)'),
                                                  ('dwpd', 'series maximum, kept: not a throughput figure'),
                                                  ('seqWrite', 'this capacity')) AS x(f, a)
                             WHERE slug = 'samsung-pm9a3-960gb-u2'""");
                }
            }

            migrate(db, "latest");

            assertThat(Sql.column(db.login(SERVICE), "SELECT v.field || ': ' || v.applies_to FROM spec_value v ORDER BY 1"))
                    .containsExactly("dwpd: series maximum, kept: not a throughput figure", "seqWrite: this capacity");
            try (Connection c = db.login(SERVICE).connect(); Statement s = c.createStatement()) {
                assertThat(s.executeUpdate("INSERT INTO subscriber (email, email_key, status, roles) VALUES ('a@b.example', "
                        + "'a@b.example', 'PENDING', ARRAY['dedup', 'cache'])")).isEqualTo(1);
            }
        }
    }

    /** The bundled migrations applied up to {@code target} (a version, or "latest"). */
    private static void migrate(EmbeddedDatabase db, String target) {
        Flyway.configure().dataSource(db.jdbcUrl(), SERVICE.roleName(), db.login(SERVICE).password()).locations("classpath:db/migration")
                .target(target).load().migrate();
    }

    private static void drive(Connection c, String slug, String iface, String formFactor) throws Exception {
        try (PreparedStatement s = c.prepareStatement(
                "INSERT INTO drive (slug, vendor, model, capacity_gb, interface, form_factor) VALUES (?, 'V', ?, 100, ?, ?)")) {
            s.setString(1, slug);
            s.setString(2, slug);
            s.setString(3, iface);
            s.setString(4, formFactor);
            s.executeUpdate();
        }
    }

    private static void spec(Connection c, String slug, String field, String wording, String url) throws Exception {
        try (PreparedStatement s = c.prepareStatement("""
                INSERT INTO spec_value (drive_id, field, value_text, wording, source_url, source_kind, retrieved_at, importer, importer_version)
                SELECT id, ?, 'x', ?, ?, 'REVIEW', now(), 'test', '1' FROM drive WHERE slug = ?""")) {
            s.setString(1, field);
            s.setString(2, wording);
            s.setString(3, url);
            s.setString(4, slug);
            assertThat(s.executeUpdate()).isEqualTo(1);
        }
    }

    private static void partNumber(Connection c, String slug, String partNumber) throws Exception {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO drive_part_number (drive_id, part_number) SELECT id, ? FROM drive WHERE slug = ?")) {
            s.setString(1, partNumber);
            s.setString(2, slug);
            assertThat(s.executeUpdate()).isEqualTo(1);
        }
    }

}
