package dev.drivecat.database;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.ServiceProcess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM while a request is in flight: the request finishes, then the service stops and its
 * embedded PostgreSQL is shut down cleanly; the next start finds the data the request stored.
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
            assertThat(Files.exists(data.resolve("postgres/postmaster.pid"))).isTrue();

            // a body sent slowly keeps the request in flight while the service is told to stop
            byte[] body = DOC.getBytes(StandardCharsets.UTF_8);
            CountDownLatch halfSent = new CountDownLatch(1);
            HttpRequest request = HttpRequest.newBuilder(URI.create(service.url("/admin/imports/specs")))
                    .header("Authorization", "Bearer " + ServiceProcess.ADMIN_TOKEN)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.fromPublisher(HttpRequest.BodyPublishers.ofByteArrays(() -> slowly(body, halfSent)),
                            body.length))
                    .build();
            CompletableFuture<HttpResponse<String>> response = HttpClient.newHttpClient()
                    .sendAsync(request, HttpResponse.BodyHandlers.ofString());
            assertThat(halfSent.await(30, TimeUnit.SECONDS)).isTrue();
            CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> service.terminate(Duration.ofSeconds(90)));

            HttpResponse<String> finished = response.get(60, TimeUnit.SECONDS);
            assertThat(finished.statusCode()).as(finished.body()).isEqualTo(200);
            assertThat(finished.body()).contains("\"observationsAdded\":1");
            exit.get(90, TimeUnit.SECONDS);
            assertThat(service.log()).contains("Embedded PostgreSQL stopped");
            assertThat(Files.exists(data.resolve("postgres/postmaster.pid"))).as("postgres shut down cleanly").isFalse();
        }
        try (ServiceProcess again = ServiceProcess.named("graceful-again").env("DRIVECAT_DATA_DIR", data.toString()).start()) {
            again.awaitReady(Duration.ofMinutes(2));
            String prices = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(again.url("/drives/samsung-pm893-240gb-sata/prices"))).build(), HttpResponse.BodyHandlers.ofString()).body();
            assertThat(prices).contains("shutdown-test");
            assertThat(again.log()).doesNotContain("left running by an earlier process");
        }
    }

    /** The body in two halves, the second three seconds after the first. */
    static Iterator<byte[]> slowly(byte[] body, CountDownLatch halfSent) {
        int half = body.length / 2;
        return new Iterator<>() {
            int part;

            @Override
            public boolean hasNext() {
                return part < 2;
            }

            @Override
            public byte[] next() {
                part++;
                if (part == 1) {
                    return java.util.Arrays.copyOfRange(body, 0, half);
                }
                halfSent.countDown();
                ServiceProcess.sleep(3_000);
                return java.util.Arrays.copyOfRange(body, half, body.length);
            }
        };
    }
}
