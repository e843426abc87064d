package dev.drivecat.database;

import static dev.drivecat.database.EmbeddedDatabase.Role.SERVICE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.database.EmbeddedDatabase.Login;
import dev.drivecat.testing.Seed;
import dev.drivecat.testing.ServiceProcess;
import dev.drivecat.testing.Sql;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A migration that fails leaves the schema as the last good migration left it, and the service
 * refuses to start with a message naming the migration. The failure is real schema drift: the
 * newest migration's changes are already in the database, but its history row is gone, so Flyway
 * runs it again and it fails.
 */
class FailingMigrationIT {

    @TempDir
    Path tmp;

    @Test
    void aFailingMigrationLeavesThePreviousSchemaIntactAndStopsTheService() {
        try (EmbeddedDatabase db = EmbeddedDatabase.start(tmp.resolve("pg"))) {
            Login jdbc = db.login(SERVICE);
            try (ServiceProcess first = ServiceProcess.named("migrate-good").database(jdbc).start()) {
                first.awaitReady(Duration.ofMinutes(2)).terminate(Duration.ofSeconds(60));
            }
            // the newest migration that creates a table, as if its history row were lost (with those after it): running it
            // again fails, as any migration does that meets the schema it made
            String script = null;
            int rank = Integer.MAX_VALUE;
            while (script == null) {
                rank = ((Number) Sql.value(jdbc, "SELECT max(installed_rank) FROM flyway_schema_history WHERE version IS NOT NULL"
                        + " AND installed_rank < " + rank)).intValue();
                String candidate = (String) Sql.value(jdbc, "SELECT script FROM flyway_schema_history WHERE installed_rank = " + rank);
                if (readMigration(candidate).contains("CREATE TABLE")) {
                    script = candidate;
                }
            }
            Sql.execute(jdbc, "CREATE TABLE saved_history AS SELECT * FROM flyway_schema_history WHERE installed_rank >= " + rank);
            Sql.execute(jdbc, "DELETE FROM flyway_schema_history WHERE installed_rank >= " + rank);
            long before = Sql.count(jdbc, "SELECT count(*) FROM flyway_schema_history");
            long columns = Sql.count(jdbc, "SELECT count(*) FROM information_schema.columns WHERE table_schema = 'public'");

            try (ServiceProcess drifted = ServiceProcess.named("migrate-drifted").database(jdbc).start()) {
                int exit = drifted.waitFor(Duration.ofMinutes(2));
                assertThat(exit).as("the service refuses to start").isNotZero();
                assertThat(drifted.log()).contains(script).contains("already exists");
            }
            assertThat(Sql.count(jdbc, "SELECT count(*) FROM flyway_schema_history")).as("no history row for the failed migration")
                    .isEqualTo(before);
            assertThat(Sql.count(jdbc, "SELECT count(*) FROM flyway_schema_history WHERE NOT success")).isZero();
            assertThat(Sql.count(jdbc, "SELECT count(*) FROM information_schema.columns WHERE table_schema = 'public'"))
                    .as("the failed migration changed nothing").isEqualTo(columns);
            assertThat(Sql.count(jdbc, "SELECT count(*) FROM drive")).isEqualTo(Seed.driveCount());

            // the operator repairs the drift (here: records the migration as applied, which it was)
            Sql.execute(jdbc, "INSERT INTO flyway_schema_history SELECT * FROM saved_history");
            Sql.execute(jdbc, "DROP TABLE saved_history");
            try (ServiceProcess repaired = ServiceProcess.named("migrate-repaired").database(jdbc).start()) {
                repaired.awaitReady(Duration.ofMinutes(2));
            }
        }
    }

    private static String readMigration(String script) {
        try {
            return java.nio.file.Files.readString(Path.of("migrations").resolve(Path.of(script).getFileName()));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
