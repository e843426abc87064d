package dev.drivecat.database;

import static dev.drivecat.database.EmbeddedDatabase.Role.SERVICE;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.drivecat.database.EmbeddedDatabase.Login;
import dev.drivecat.testing.Postmaster;
import dev.drivecat.testing.ServiceProcess;
import dev.drivecat.testing.Traffic;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The embedded PostgreSQL's postmaster is killed (SIGKILL, as the OOM killer does) under reads and
 * a write loop: the service starts it again by itself, every acknowledged write is there and no
 * refused one; killed again within the failure window (max-failures 2 here), the service stops
 * restarting it and reports itself not live. One service for both, in this order: the second kill
 * is the second failure.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DatabaseSupervisionIT {

    Path data;
    ServiceProcess service;

    @BeforeAll
    void start() throws Exception {
        data = Files.createTempDirectory("drivecat-supervision").resolve("data");
        service = ServiceProcess.named("supervision").env("DRIVECAT_DATA_DIR", data.toString())
                .env("DRIVECAT_DATABASE_SUPERVISION_MAX_FAILURES", "2")
                .env("DRIVECAT_DATABASE_SUPERVISION_FAILURE_WINDOW", "PT10M")
                .start().awaitReady(Duration.ofMinutes(2));
    }

    @AfterAll
    void stop() {
        if (service != null) {
            service.close();
            Postmaster.of(data).killIfRunning();
        }
    }

    @Test
    @Order(1)
    void aKilledPostmasterIsStartedAgainAndEveryAcknowledgedWriteIsKept() throws Exception {
        Postmaster postmaster = Postmaster.of(data);
        long killed;
        try (Traffic traffic = Traffic.start(service, "kill", 2, Duration.ofSeconds(60))) {
            assertThat(traffic.awaitAcknowledged(5, Duration.ofMinutes(1))).as("writes go through before the kill").isTrue();
            killed = postmaster.kill();
            assertThat(traffic.awaitAcknowledged(5, Duration.ofMinutes(2)))
                    .as("writes go through again after the kill, without any help:\n" + service.logTail()).isTrue();
            traffic.close();

            assertThat(traffic.findings()).as("only 200, or 503 problem+json with Retry-After, each in time").isEmpty();
            Set<String> stored = stored(postmaster.login(SERVICE), "kill-%");
            assertThat(stored).as("every acknowledged write is stored").containsAll(traffic.acknowledged());
            assertThat(intersection(stored, traffic.refused())).as("no refused write is stored, not even in part").isEmpty();
        }
        assertThat(postmaster.pid()).as("a new postmaster").isNotEqualTo(killed);
        assertThat(service.log())
                .contains("postmaster (pid " + killed + ") has exited")
                .contains("Restart attempt 1 of the embedded PostgreSQL")
                .contains("The embedded PostgreSQL runs again")
                .contains("Connection pool flushed")
                .contains("Listening for catalog changes again");
        given().when().get(service.url("/q/health/live")).then().statusCode(200)
                .body("checks.find { it.name == 'embedded database supervision' }.data.reason", equalTo("the embedded PostgreSQL runs"));
        ServiceProcess.admin().when().get(service.url("/admin/health")).then().statusCode(200)
                .body("find { it.check == 'embedded database supervision' }.details.failuresInWindow", equalTo(1));
        given().when().get(service.url("/q/health/ready")).then().statusCode(200);
        given().when().get(service.url("/recommend?role=slog&interface=m2&limit=1")).then().statusCode(200);
    }

    @Test
    @Order(2)
    void repeatedFailuresWithinTheWindowReportTheServiceNotLive() {
        long killed = Postmaster.of(data).kill();
        awaitStatus("/q/health/live", 503);
        given().when().get(service.url("/q/health/live")).then().statusCode(503).body("status", equalTo("DOWN"))
                .body("checks.find { it.name == 'embedded database supervision' }.data.reason",
                        containsString("gave up restarting the embedded PostgreSQL after 2 failures"));
        ServiceProcess.admin().when().get(service.url("/admin/health")).then().statusCode(200)
                .body("find { it.check == 'embedded database supervision' }.details.state", equalTo("GAVE_UP"))
                .body("find { it.check == 'embedded database supervision' }.details.detail", containsString("2 failures"));
        given().when().get(service.url("/q/health/ready")).then().statusCode(503);
        assertThat(service.log()).contains("postmaster (pid " + killed + ") has exited").contains("Giving up on the embedded PostgreSQL");
        assertThat(ProcessHandle.of(killed).map(ProcessHandle::isAlive).orElse(false)).as("not started again").isFalse();
        assertThat(service.alive()).as("the service itself stays up, for its supervisor to restart").isTrue();
    }

    private void awaitStatus(String path, int status) {
        for (int i = 0; i < 300; i++) {
            if (given().when().get(service.url(path)).statusCode() == status) {
                return;
            }
            ServiceProcess.sleep(100);
        }
        throw new AssertionError(path + " never answered " + status + ":\n" + service.logTail());
    }

    static Set<String> stored(Login db, String pattern) throws Exception {
        Set<String> ids = new HashSet<>();
        try (Connection c = db.connect();
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT external_id FROM listing WHERE external_id LIKE '" + pattern + "'")) {
            while (rs.next()) {
                ids.add(rs.getString(1));
            }
        }
        return ids;
    }

    static Set<String> intersection(Set<String> a, Set<String> b) {
        Set<String> both = new HashSet<>(a);
        both.retainAll(b);
        return both;
    }
}
