package dev.drivecat.database;

import static dev.drivecat.database.EmbeddedDatabase.Role.SERVICE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.Sql;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The supervisor on its own, with a real embedded server whose postmaster is killed as the OOM killer would. */
class EmbeddedDatabaseSupervisorTest {

    @TempDir
    Path dataDir;

    @Test
    void startsAKilledPostmasterAgainOnTheSameDirectoryAndPortWithEveryCommitKept() throws Exception {
        try (EmbeddedDatabase db = EmbeddedDatabase.start(dataDir.resolve("postgres"), 0, EmbeddedDatabase.Durability.SURVIVES_PROCESS_CRASH)) {
            Sql.execute(db.login(SERVICE), "CREATE TABLE kept (n int)");
            Sql.execute(db.login(SERVICE), "INSERT INTO kept SELECT generate_series(1, 100)");
            AtomicInteger resumed = new AtomicInteger();
            EmbeddedDatabaseSupervisor supervisor = new EmbeddedDatabaseSupervisor(db, settings(5), resumed::incrementAndGet, Clock.systemUTC());
            supervisor.start();
            try {
                long first = db.postmasterPid();
                kill(first);

                awaitResumed(resumed, 1);
                assertThat(db.postmasterPid()).isNotEqualTo(first);
                assertThat(supervisor.status().state()).isEqualTo(EmbeddedDatabaseSupervisor.State.RUNNING);
                assertThat(supervisor.status().failuresInWindow()).isPositive();
                assertThat(Sql.count(db.login(SERVICE), "SELECT count(*) FROM kept")).as("the same URL reaches the data again").isEqualTo(100);
            } finally {
                supervisor.stop();
            }
        }
    }

    @Test
    void givesUpOnceTheFailuresWithinTheWindowReachTheLimit() throws Exception {
        try (EmbeddedDatabase db = EmbeddedDatabase.start(dataDir.resolve("postgres"), 0, EmbeddedDatabase.Durability.THROWAWAY)) {
            AtomicInteger resumed = new AtomicInteger();
            EmbeddedDatabaseSupervisor supervisor = new EmbeddedDatabaseSupervisor(db, settings(1), resumed::incrementAndGet, Clock.systemUTC());
            supervisor.start();
            try {
                long pid = db.postmasterPid();
                kill(pid);
                for (int i = 0; i < 200 && supervisor.status().state() != EmbeddedDatabaseSupervisor.State.GAVE_UP; i++) {
                    Thread.sleep(50);
                }
                assertThat(supervisor.status().state()).isEqualTo(EmbeddedDatabaseSupervisor.State.GAVE_UP);
                assertThat(supervisor.status().detail()).contains("1 failures").contains("max-failures=1");
                assertThat(resumed).hasValue(0);
                assertThat(db.postmaster()).as("not started again").isEmpty();
            } finally {
                supervisor.stop();
            }
        }
    }

    static DatabaseSettings.Supervision settings(int maxFailures) {
        return new DatabaseSettings.Supervision() {
            @Override
            public int maxFailures() {
                return maxFailures;
            }

            @Override
            public Duration failureWindow() {
                return Duration.ofMinutes(10);
            }

            @Override
            public Duration firstBackoff() {
                return Duration.ofMillis(200);
            }

            @Override
            public Duration maxBackoff() {
                return Duration.ofSeconds(1);
            }

            @Override
            public Duration startupTimeout() {
                return Duration.ofSeconds(60);
            }
        };
    }

    static void kill(long pid) throws Exception {
        new ProcessBuilder("kill", "-KILL", Long.toString(pid)).inheritIO().start().waitFor();
        ProcessHandle.of(pid).ifPresent(p -> p.onExit().join());
    }

    private static void awaitResumed(AtomicInteger resumed, int times) throws InterruptedException {
        for (int i = 0; i < 600 && resumed.get() < times; i++) {
            Thread.sleep(100);
        }
        assertThat(resumed).hasValue(times);
    }
}
