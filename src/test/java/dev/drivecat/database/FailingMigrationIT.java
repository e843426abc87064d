package dev.drivecat.database;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.ServiceProcess;
import dev.drivecat.testing.Sql;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A migration that fails leaves the previous schema as it was, and the service refuses to start with a clear message. */
class FailingMigrationIT {

    @TempDir
    Path tmp;

    @Test
    void aFailingMigrationLeavesTheSchemaIntactAndStopsTheService() throws Exception {
        try (EmbeddedDatabase db = EmbeddedDatabase.start(tmp.resolve("pg"))) {
            String jdbc = db.jdbcUrl();
            try (ServiceProcess first = ServiceProcess.named("migrate-good").database(jdbc).start()) {
                first.awaitReady(Duration.ofMinutes(2)).terminate(Duration.ofSeconds(60));
            }
            long applied = Sql.count(jdbc, "SELECT count(*) FROM flyway_schema_history");

            Path broken = Files.createDirectories(tmp.resolve("broken"));
            Files.writeString(broken.resolve("V900__add_a_column_to_a_table_that_does_not_exist.sql"), """
                    CREATE TABLE half_done (id integer);
                    ALTER TABLE no_such_table ADD COLUMN oops integer;
                    """);
            try (ServiceProcess bad = ServiceProcess.named("migrate-bad").database(jdbc)
                    .env("QUARKUS_FLYWAY_LOCATIONS", "db/migration,filesystem:" + broken.toAbsolutePath()).start()) {
                int exit = bad.waitFor(Duration.ofMinutes(2));
                assertThat(exit).as("the service refuses to start").isNotZero();
                assertThat(bad.log()).contains("V900").contains("no_such_table");
            }
            assertThat(Sql.count(jdbc, "SELECT count(*) FROM flyway_schema_history")).isEqualTo(applied);
            assertThat(Sql.value(jdbc, "SELECT to_regclass('public.half_done')")).as("the failed migration left nothing").isNull();
            assertThat(Sql.count(jdbc, "SELECT count(*) FROM drive")).isEqualTo(18);

            try (ServiceProcess again = ServiceProcess.named("migrate-again").database(jdbc).start()) {
                again.awaitReady(Duration.ofMinutes(2));
            }
        }
    }
}
