package dev.drivecat.database;

import static dev.drivecat.database.EmbeddedDatabase.Role.SERVICE;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.Postmaster;
import dev.drivecat.testing.ServiceProcess;
import dev.drivecat.testing.Traffic;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded PostgreSQL stops answering (SIGSTOP to the postmaster and every server process)
 * under reads and a write loop: requests fail with 503 and Retry-After within the configured
 * bounds instead of hanging, readiness goes down, and after SIGCONT everything answers again
 * without a restart. Here the statement timeout is 2 s and the acquisition timeout 2 s; a client
 * waits up to 60 s, far beyond them, before it counts a request as unanswered.
 */
class DatabaseHangIT {

    @TempDir
    Path tmp;

    @Test
    void aFrozenDatabaseGivesBounded503sAndNotReadyThenEverythingResumes() throws Exception {
        Path data = tmp.resolve("data");
        try (ServiceProcess service = ServiceProcess.named("hang").env("DRIVECAT_DATA_DIR", data.toString())
                .env("DRIVECAT_DATABASE_STATEMENT_TIMEOUT", "PT2S")
                .env("QUARKUS_DATASOURCE_JDBC_ACQUISITION_TIMEOUT", "2S")
                .start().awaitReady(Duration.ofMinutes(2))) {
            Postmaster postmaster = Postmaster.of(data);
            long pid = postmaster.pid();
            try (Traffic traffic = Traffic.start(service, "hang", 4, Duration.ofSeconds(60))) {
                assertThat(traffic.awaitAcknowledged(3, Duration.ofMinutes(1))).isTrue();
                List<Long> frozen = postmaster.freeze();
                try {
                    assertThat(traffic.awaitUnavailableReads(3, Duration.ofMinutes(1)))
                            .as("reads fail with 503 while the database is frozen:\n" + service.logTail()).isTrue();
                    assertThat(awaitStatus(service, "/q/health/ready", 503)).as("readiness answers, DOWN").isTrue();
                } finally {
                    postmaster.thaw(frozen);
                }
                assertThat(awaitStatus(service, "/q/health/ready", 200)).as("ready again without a restart").isTrue();
                assertThat(traffic.awaitAcknowledged(3, Duration.ofMinutes(1))).as("writes go through again").isTrue();
                traffic.close();

                assertThat(traffic.findings()).as("every request answered in time: 200, or 503 problem+json with Retry-After").isEmpty();
                var stored = DatabaseSupervisionIT.stored(postmaster.login(SERVICE), "hang-%");
                assertThat(stored).as("every acknowledged write is stored").containsAll(traffic.acknowledged());
                assertThat(DatabaseSupervisionIT.intersection(stored, traffic.refused()))
                        .as("no write answered 'nothing was changed' is stored").isEmpty();
            }
            assertThat(postmaster.pid()).as("the same server, never restarted").isEqualTo(pid);
            assertThat(service.log()).doesNotContain("has exited");
            given().when().get(service.url("/q/health/live")).then().statusCode(200);
        } finally {
            Postmaster.of(data).killIfRunning();
        }
    }

    static boolean awaitStatus(ServiceProcess service, String path, int status) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        for (int i = 0; i < 120; i++) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(service.url(path))).timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() == status) {
                return true;
            }
            ServiceProcess.sleep(250);
        }
        return false;
    }
}
