package dev.drivecat.database;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.ServiceProcess;
import dev.drivecat.testing.Sql;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A migration that fails leaves the schema as the last good migration left it, and the service
 * refuses to start with a message naming the migration. The failure is real schema drift: a
 * table that one of drivecat's migrations creates already exists, with another shape.
 */
class FailingMigrationIT {

    @TempDir
    Path tmp;

    @Test
    void aFailingMigrationLeavesThePreviousSchemaIntactAndStopsTheService() {
        try (EmbeddedDatabase db = EmbeddedDatabase.start(tmp.resolve("pg"))) {
            String jdbc = db.jdbcUrl();
            Sql.execute(jdbc, "CREATE TABLE job_claim (something_else text)");

            try (ServiceProcess bad = ServiceProcess.named("migrate-drifted").database(jdbc).start()) {
                int exit = bad.waitFor(Duration.ofMinutes(2));
                assertThat(exit).as("the service refuses to start").isNotZero();
                assertThat(bad.log()).contains("job_claims").contains("already exists");
            }
            // the migrations before the failing one stand, nothing of it or after it was applied
            assertThat(Sql.count(jdbc, "SELECT count(*) FROM flyway_schema_history WHERE success AND version IN ('1','2','3','4')"))
                    .isEqualTo(4);
            assertThat(Sql.count(jdbc, "SELECT count(*) FROM flyway_schema_history WHERE version::int >= 5")).isZero();
            assertThat(Sql.value(jdbc, "SELECT to_regclass('public.watched_page')")).isNotNull();
            assertThat(Sql.value(jdbc, "SELECT string_agg(column_name, ',') FROM information_schema.columns WHERE table_name = 'job_claim'"))
                    .isEqualTo("something_else");

            Sql.execute(jdbc, "DROP TABLE job_claim");
            try (ServiceProcess fixed = ServiceProcess.named("migrate-fixed").database(jdbc).start()) {
                fixed.awaitReady(Duration.ofMinutes(2));
                assertThat(Sql.count(jdbc, "SELECT count(*) FROM flyway_schema_history WHERE NOT success")).isZero();
                assertThat(Sql.count(jdbc, "SELECT count(*) FROM drive")).isEqualTo(18);
            }
        }
    }
}
