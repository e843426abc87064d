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

/** Two instances started at once against one empty database migrate it once, seed it once, and run each scheduled slot once. */
class TwoInstancesIT {

    @TempDir
    Path tmp;

    @Test
    void migrateOnceSeedOnceAndRunEachScheduledSlotOnce() {
        try (EmbeddedDatabase db = EmbeddedDatabase.start(tmp.resolve("pg"));
             ServiceProcess a = instance("instance-a", db);
             ServiceProcess b = instance("instance-b", db)) {
            a.awaitReady(Duration.ofMinutes(2));
            b.awaitReady(Duration.ofMinutes(2));
            Login jdbc = db.login(SERVICE);
            long versions = Sql.count(jdbc, "SELECT count(*) FROM flyway_schema_history WHERE version IS NOT NULL");
            assertThat(Sql.count(jdbc, "SELECT count(DISTINCT version) FROM flyway_schema_history WHERE version IS NOT NULL"))
                    .as("each migration applied exactly once").isEqualTo(versions);
            assertThat(Sql.count(jdbc, "SELECT count(*) FROM flyway_schema_history WHERE NOT success")).isZero();
            assertThat(Sql.count(jdbc, "SELECT count(*) FROM bundled_import")).isEqualTo(Seed.files().size());
            assertThat(Sql.count(jdbc, "SELECT count(*) FROM drive")).isEqualTo(Seed.driveCount());
            assertThat(Sql.count(jdbc, "SELECT count(*) FROM price_observation")).isEqualTo(12);

            ServiceProcess.sleep(9_000);
            long claims = Sql.count(jdbc, "SELECT count(*) FROM job_claim WHERE job = 'scrape'");
            long runs = Sql.count(jdbc, "SELECT count(*) FROM scrape_run WHERE trigger = 'SCHEDULE'");
            assertThat(claims).as("the 2-second schedule fired").isGreaterThanOrEqualTo(3);
            // Both instances fire every slot: without the claim, each slot would run twice. A slot may also run not at
            // all, when the previous slot's run still holds the cluster lock (a loaded machine), so: at most one a slot.
            assertThat(runs).as("at most one run per slot, though both instances fire every slot").isLessThanOrEqualTo(claims);
            assertThat(runs).as("the scheduled runs happened").isGreaterThanOrEqualTo(2);
        }
    }

    static ServiceProcess instance(String name, EmbeddedDatabase db) {
        return ServiceProcess.named(name).database(db.login(SERVICE))
                .env("DRIVECAT_SCRAPE_CRON", "*/2 * * * * ?").env("DRIVECAT_SCRAPE_JITTER", "PT0S").start();
    }
}
