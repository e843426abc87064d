package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.common.vertx.VertxContext;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The work of a request stops once its deadline has passed or its client has gone, on whichever
 * thread runs it, as the request's Vert.x context carries its limit; outside a request nothing
 * stops. Against a real Vert.x and a real HTTP connection on loopback.
 */
class WorkTest {

    private static Vertx vertx;

    @BeforeAll
    static void start() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    }

    @Test
    void nothingStopsOutsideARequest() {
        Work.check();
        assertThat(PastedText.lines("x\n".repeat(10_000))).hasSize(10_001);
    }

    @Test
    void readingStopsOnceTheDeadlineHasPassedOnTheWorkerThatRunsIt() throws Exception {
        Context request = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
        CompletableFuture<Throwable> stopped = new CompletableFuture<>();
        request.runOnContext(v -> {
            Work.limit(Duration.ZERO, () -> false);
            request.executeBlocking(() -> PastedText.lines("x\n".repeat(10_000)), false).onComplete(done ->
                    stopped.complete(done.cause()));
        });
        Throwable failure = stopped.get(30, TimeUnit.SECONDS);
        assertThat(failure).isInstanceOf(Work.Stopped.class).hasMessageContaining("ran past its deadline of 0 s");
        assertThat(((DomainException) failure).kind()).isEqualTo(DomainException.Kind.UNAVAILABLE);
    }

    @Test
    void workStopsOnceItsClientHasClosedTheConnection() throws Exception {
        CompletableFuture<Throwable> stopped = new CompletableFuture<>();
        HttpServer server = vertx.createHttpServer().requestHandler(req -> {
            Context request = VertxContext.getOrCreateDuplicatedContext(vertx.getOrCreateContext());
            request.runOnContext(v -> {
                Work.limit(Duration.ofMinutes(5), () -> req.response().closed());
                request.executeBlocking(() -> {
                    while (true) {
                        Work.check();
                        Thread.onSpinWait();
                    }
                }, false).onComplete(done -> stopped.complete(done.cause()));
            });
        });
        server.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        try (Socket client = new Socket("127.0.0.1", server.actualPort())) {
            OutputStream out = client.getOutputStream();
            out.write("POST /pools/parse HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            // the client gives up before any answer
        }
        Throwable failure = stopped.get(60, TimeUnit.SECONDS);
        assertThat(failure).isInstanceOf(Work.Stopped.class).hasMessageContaining("its client has gone");
        server.close();
    }

    @Test
    void aRequestWithinItsDeadlineAndWithItsClientGoesOn() throws Exception {
        Context request = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
        CompletableFuture<Integer> lines = new CompletableFuture<>();
        request.runOnContext(v -> {
            Work.limit(Duration.ofMinutes(5), () -> false);
            request.executeBlocking(() -> PastedText.lines("x\n".repeat(10_000)).size(), false)
                    .onComplete(done -> lines.complete(done.succeeded() ? done.result() : -1));
        });
        assertThat(lines.get(30, TimeUnit.SECONDS)).isEqualTo(10_001);
    }
}
