package dev.drivecat.web;

import static dev.drivecat.database.EmbeddedDatabase.Role.SERVICE;
import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.database.EmbeddedDatabase;
import dev.drivecat.testing.Sql;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The database stops dead (immediate shutdown) while requests keep coming, and comes back: the
 * API answers 503 problem+json with Retry-After meanwhile (never a 500), readiness goes down and
 * up, the service recovers without a restart, and no committed observation is lost.
 */
@QuarkusTest
@TestProfile(DatabaseOutageTest.OwnDatabase.class)
class DatabaseOutageTest {

    static Path dataDir;
    static int port;
    static EmbeddedDatabase database;

    public static class OwnDatabase implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(Server.class));
        }

        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.datasource.jdbc.acquisition-timeout", "2S", "drivecat.database.statement-timeout", "PT2S");
        }
    }

    public static class Server implements QuarkusTestResourceLifecycleManager {
        @Override
        public Map<String, String> start() {
            try {
                dataDir = Files.createTempDirectory("drivecat-outage");
                try (ServerSocket s = new ServerSocket(0)) {
                    port = s.getLocalPort();
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            database = EmbeddedDatabase.start(dataDir.resolve("postgres"), port, EmbeddedDatabase.Durability.SURVIVES_PROCESS_CRASH);
            EmbeddedDatabase.Login login = database.login(SERVICE);
            return Map.of("quarkus.datasource.jdbc.url", login.jdbcUrl(), "quarkus.datasource.username", login.user(),
                    "quarkus.datasource.password", login.password());
        }

        @Override
        public void stop() {
            database.close();
        }
    }

    static final String OBSERVATIONS = """
            {"format": "drivecat-import/1",
             "sources": {"t": {"url": "urn:drivecat:source:outage-test", "kind": "REVIEW", "retrievedAt": "2026-11-20"}},
             "listings": [{"marketplace": "amazon-us", "externalId": "outage-test", "drive": "samsung-pm893-240gb-sata",
               "observations": [
                 {"observedAt": "2026-11-20T00:00:00Z", "price": 360.00, "currency": "USD", "inStock": true, "source": "t"},
                 {"observedAt": "2026-11-21T00:00:00Z", "price": 355.00, "currency": "USD", "inStock": true, "source": "t"}]}]}
            """;

    @Test
    void answers503WhileTheDatabaseIsDownAndRecoversWithoutARestart() throws Exception {
        admin().contentType("application/json").body(OBSERVATIONS).when().post("/admin/imports/specs")
                .then().statusCode(200);

        AtomicBoolean load = new AtomicBoolean(true);
        List<Integer> statuses = new CopyOnWriteArrayList<>();
        List<String> badBodies = new CopyOnWriteArrayList<>();
        Thread traffic = new Thread(() -> {
            while (load.get()) {
                try {
                    Response r = given().when().get("/drives?limit=5");
                    statuses.add(r.statusCode());
                    if (r.statusCode() != 200 && !(r.statusCode() == 503 && r.contentType().startsWith("application/problem+json")
                            && r.header("Retry-After") != null)) {
                        badBodies.add(r.statusCode() + " " + r.contentType() + " " + r.asString());
                    }
                } catch (Throwable t) { // a failed request is a finding, not the end of the traffic
                    badBodies.add(t.toString());
                }
            }
        });
        traffic.start();

        stopImmediately();
        try {
            Response down = awaitStatus(503, "/drives");
            assertThat(down.contentType()).startsWith("application/problem+json");
            assertThat(down.header("Retry-After")).isEqualTo("5");
            assertThat(down.jsonPath().getString("detail")).contains("database is unavailable");
            awaitStatus(503, "/q/health/ready");
            admin().contentType("application/json").body(OBSERVATIONS.replace("outage-test", "outage-test-2"))
                    .when().post("/admin/imports/specs").then().statusCode(503);
        } finally {
            database.close();
            database = EmbeddedDatabase.start(dataDir.resolve("postgres"), port, EmbeddedDatabase.Durability.SURVIVES_PROCESS_CRASH);
        }

        awaitStatus(200, "/drives");
        awaitStatus(200, "/q/health/ready");
        load.set(false);
        traffic.join();

        assertThat(badBodies).as("only 200 or 503 problem+json with Retry-After, never anything else").isEmpty();
        assertThat(statuses).contains(503);
        assertThat(statuses.get(statuses.size() - 1)).as("the traffic ran until the end, and was answered again").isEqualTo(200);
        given().when().get("/drives/samsung-pm893-240gb-sata/prices").then().statusCode(200)
                .body("observations.findAll { it.externalId == 'outage-test' }.price", org.hamcrest.Matchers.contains(360.00f, 355.00f));
    }

    /**
     * The database commits, but its answer does not come within the statement timeout (here a
     * deferred trigger sleeps at commit time, as a server frozen after receiving COMMIT would): the
     * client cannot be told "nothing was changed", because the change is there a moment later.
     */
    @Test
    void aWriteWhoseCommitGetsNoAnswerInTimeSaysItsOutcomeIsUnknown() throws Exception {
        Sql.execute(database.login(SERVICE), """
                CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(4); RETURN NULL; END $$;
                CREATE CONSTRAINT TRIGGER slow_commit AFTER INSERT ON listing DEFERRABLE INITIALLY DEFERRED
                    FOR EACH ROW WHEN (NEW.external_id = 'slow-commit') EXECUTE FUNCTION slow_commit();
                """);
        try {
            Response r = admin().contentType("application/json").body(OBSERVATIONS.replace("outage-test", "slow-commit"))
                    .when().post("/admin/imports/specs");
            assertThat(r.statusCode()).as(r.asString()).isEqualTo(503);
            assertThat(r.contentType()).startsWith("application/problem+json");
            assertThat(r.header("Retry-After")).isNotNull();
            assertThat(r.jsonPath().getString("outcome")).isEqualTo("unknown");
            assertThat(r.jsonPath().getString("detail")).contains("may or may not have been saved");
            long stored = 0;
            for (int i = 0; i < 100 && stored == 0; i++) {
                Thread.sleep(100);
                stored = Sql.count(database.login(SERVICE), "SELECT count(*) FROM listing WHERE external_id = 'slow-commit'");
            }
            assertThat(stored).as("the commit went through after all").isEqualTo(1);
        } finally {
            Sql.execute(database.login(SERVICE), "DROP TRIGGER slow_commit ON listing; DROP FUNCTION slow_commit()");
        }
    }

    /** PostgreSQL's immediate shutdown (SIGQUIT to the postmaster): no checkpoint, crash recovery on restart. */
    static void stopImmediately() throws Exception {
        long pid = Long.parseLong(Files.readAllLines(dataDir.resolve("postgres").resolve("postmaster.pid")).get(0).trim());
        new ProcessBuilder("kill", "-QUIT", Long.toString(pid)).inheritIO().start().waitFor();
        ProcessHandle.of(pid).ifPresent(p -> p.onExit().join());
    }

    static Response awaitStatus(int status, String path) throws InterruptedException {
        Response last = null;
        for (int i = 0; i < 150; i++) {
            last = given().when().get(path);
            if (last.statusCode() == status) {
                return last;
            }
            Thread.sleep(200);
        }
        throw new AssertionError(path + " never answered " + status + "; last " + last.statusCode() + " " + last.asString());
    }
}
