package dev.drivecat.database;

import static dev.drivecat.database.EmbeddedDatabase.Role.SERVICE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.Postmaster;
import dev.drivecat.testing.ServiceProcess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM while a request is in flight: the request finishes, then the service stops and its
 * embedded PostgreSQL is shut down cleanly; the next start finds the data the request stored.
 * The request is held inside the service by a lock the test takes on the catalog version row,
 * which every import's write waits for.
 */
class GracefulShutdownIT {

    @TempDir
    Path tmp;

    static final String DOC = """
            {"format": "drivecat-import/1",
             "sources": {"t": {"url": "urn:drivecat:source:shutdown-test", "kind": "REVIEW", "retrievedAt": "2026-11-20"}},
             "listings": [{"marketplace": "amazon-us", "externalId": "shutdown-test", "drive": "samsung-pm893-240gb-sata",
               "observations": [{"observedAt": "2026-11-20T00:00:00Z", "price": 361.00, "currency": "USD", "inStock": true,
                                 "source": "t"}]}]}
            """;

    @Test
    void finishesTheInFlightRequestThenStopsPostgresCleanly() throws Exception {
        Path data = tmp.resolve("data");
        try (ServiceProcess service = ServiceProcess.named("graceful").env("DRIVECAT_DATA_DIR", data.toString()).start()) {
            service.awaitReady(Duration.ofMinutes(2));
            Path pid = data.resolve("postgres/postmaster.pid");
            CompletableFuture<HttpResponse<String>> response;
            CompletableFuture<Integer> exit;
            try (Connection blocker = Postmaster.of(data).login(SERVICE).connect();
                 Statement s = blocker.createStatement()) {
                blocker.setAutoCommit(false);
                s.execute("LOCK TABLE catalog_version IN ACCESS EXCLUSIVE MODE");
                response = HttpClient.newHttpClient().sendAsync(HttpRequest.newBuilder(URI.create(service.url("/admin/imports/specs")))
                        .header("Authorization", "Bearer " + ServiceProcess.ADMIN_TOKEN)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(DOC)).build(), HttpResponse.BodyHandlers.ofString());
                awaitWaitingOnLock(s);
                exit = CompletableFuture.supplyAsync(() -> service.terminate(Duration.ofSeconds(90)));
                ServiceProcess.sleep(2_000);
                assertThat(response).as("the request is still in flight after SIGTERM").isNotDone();
                blocker.commit();
            }
            HttpResponse<String> finished = response.get(60, TimeUnit.SECONDS);
            assertThat(finished.statusCode()).as(finished.body()).isEqualTo(200);
            assertThat(finished.body()).contains("\"observationsAdded\":1");
            exit.get(90, TimeUnit.SECONDS);
            assertThat(service.log()).contains("Embedded PostgreSQL stopped");
            assertThat(Files.exists(pid)).as("postgres shut down cleanly").isFalse();
        }
        try (ServiceProcess again = ServiceProcess.named("graceful-again").env("DRIVECAT_DATA_DIR", data.toString()).start()) {
            again.awaitReady(Duration.ofMinutes(2));
            String prices = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(again.url("/drives/samsung-pm893-240gb-sata/prices"))).build(), HttpResponse.BodyHandlers.ofString()).body();
            assertThat(prices).contains("shutdown-test");
            assertThat(again.log()).doesNotContain("left running by an earlier process");
        }
    }

    /** Until a session of the service waits for the test's lock. */
    static void awaitWaitingOnLock(Statement s) throws Exception {
        for (int i = 0; i < 300; i++) {
            try (var rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'")) {
                rs.next();
                if (rs.getInt(1) > 0) {
                    return;
                }
            }
            ServiceProcess.sleep(100);
        }
        throw new AssertionError("the import never reached the locked row");
    }
}
