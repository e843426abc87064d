package dev.drivecat.scraping.fetch;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.drivecat.scraping.fetch.FetchResult.Failed;
import dev.drivecat.scraping.fetch.FetchResult.FailureReason;
import dev.drivecat.scraping.fetch.FetchResult.Fetched;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class FetcherRetryAndPacingTest {

    /** Counts requests being handled at once; each one is held for a moment so that overlaps show. */
    static final class InFlight implements ResponseDefinitionTransformerV2 {
        final AtomicInteger now = new AtomicInteger();
        final AtomicInteger max = new AtomicInteger();

        @Override
        public ResponseDefinition transform(ServeEvent serveEvent) {
            int current = now.incrementAndGet();
            max.accumulateAndGet(current, Math::max);
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                now.decrementAndGet();
            }
            return serveEvent.getResponseDefinition();
        }

        @Override
        public String getName() {
            return "in-flight";
        }
    }

    private final InFlight inFlight = new InFlight();
    private WireMockServer server;
    private FakeTime time;
    private PoliteFetcher fetcher;

    @BeforeEach
    void start() {
        server = LocalServer.start(options().extensions(inFlight));
        server.stubFor(get(urlEqualTo("/robots.txt")).willReturn(aResponse().withStatus(404)));
        time = new FakeTime();
        fetcher = fetcher(TestHostPolicy.allowing("127.0.0.1"));
    }

    private PoliteFetcher fetcher(HostPolicy policy) {
        return new PoliteFetcher(TestFetcherSettings.defaults(), policy, time, time, AddressLookup.SYSTEM, () -> 0.5);
    }

    @AfterEach
    void stop() {
        fetcher.close();
        server.stop();
    }

    private String url(String host, String path) {
        return "http://" + host + ":" + server.port() + path;
    }

    private List<LoggedRequest> pageRequests(String path) {
        return server.findAll(getRequestedFor(urlEqualTo(path)));
    }

    @Test
    void retriesA429AfterTheRetryAfterSeconds() {
        server.stubFor(get(urlEqualTo("/p")).inScenario("busy").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(429).withHeader("Retry-After", "7"))
                .willSetStateTo("calm"));
        server.stubFor(get(urlEqualTo("/p")).inScenario("busy").whenScenarioStateIs("calm")
                .willReturn(aResponse().withStatus(200).withBody("page")));

        FetchResult result = fetcher.fetch(FetchRequest.of(url("127.0.0.1", "/p")));

        assertThat(result).isInstanceOf(Fetched.class);
        assertThat(pageRequests("/p")).hasSize(2);
        // 7 s asked for; our own first backoff would have been 0.75 s
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(7));
    }

    @Test
    void retriesA503AfterTheRetryAfterDate() {
        String inThirtySeconds = DateTimeFormatter.RFC_1123_DATE_TIME
                .format(FakeTime.START.plusSeconds(30).atOffset(ZoneOffset.UTC));
        server.stubFor(get(urlEqualTo("/p")).inScenario("busy").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(503).withHeader("Retry-After", inThirtySeconds))
                .willSetStateTo("calm"));
        server.stubFor(get(urlEqualTo("/p")).inScenario("busy").whenScenarioStateIs("calm")
                .willReturn(aResponse().withStatus(200).withBody("page")));

        FetchResult result = fetcher.fetch(FetchRequest.of(url("127.0.0.1", "/p")));

        assertThat(result).isInstanceOf(Fetched.class);
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(30));
    }

    @Test
    void givesUpOnA503AfterTheConfiguredRetriesWithGrowingJitteredBackoff() {
        server.stubFor(get(urlEqualTo("/p")).willReturn(aResponse().withStatus(503).withBody("try later")));

        FetchResult result = fetcher.fetch(FetchRequest.of(url("127.0.0.1", "/p")));

        assertThat(result).isInstanceOfSatisfying(Failed.class, failed -> {
            assertThat(failed.reason()).isEqualTo(FailureReason.HTTP_STATUS);
            assertThat(failed.status()).isEqualTo(503);
        });
        // one try and three retries; base 1 s doubling, with jitter 0.5 taking 75 % of each step
        assertThat(pageRequests("/p")).hasSize(4);
        assertThat(time.sleeps()).containsExactly(Duration.ofMillis(750), Duration.ofMillis(1500), Duration.ofSeconds(3));
    }

    @Test
    void failsAtOnceWhenRetryAfterIsBeyondTheBackoffCap() {
        server.stubFor(get(urlEqualTo("/p")).willReturn(aResponse().withStatus(429).withHeader("Retry-After", "3600")));

        FetchResult result = fetcher.fetch(FetchRequest.of(url("127.0.0.1", "/p")));

        assertThat(result).isInstanceOfSatisfying(Failed.class, failed -> {
            assertThat(failed.reason()).isEqualTo(FailureReason.HTTP_STATUS);
            assertThat(failed.status()).isEqualTo(429);
        });
        assertThat(pageRequests("/p")).hasSize(1);
        assertThat(time.sleeps()).isEmpty();
    }

    @Test
    void doesNotRetryOtherErrors() {
        server.stubFor(get(urlEqualTo("/p")).willReturn(aResponse().withStatus(500)));

        FetchResult result = fetcher.fetch(FetchRequest.of(url("127.0.0.1", "/p")));

        assertThat(result).isInstanceOfSatisfying(Failed.class, failed -> assertThat(failed.status()).isEqualTo(500));
        assertThat(pageRequests("/p")).hasSize(1);
    }

    @Test
    void spacesRequestsToOneHostByItsIntervalWhileOtherHostsDoNotWait() {
        fetcher.close();
        fetcher = fetcher(TestHostPolicy.allowing().with("localhost", Duration.ofSeconds(10))
                .with("127.0.0.1", Duration.ofSeconds(3)));
        server.stubFor(get(urlEqualTo("/a1")).willReturn(aResponse().withStatus(200)));
        server.stubFor(get(urlEqualTo("/a2")).willReturn(aResponse().withStatus(200)));
        server.stubFor(get(urlEqualTo("/b1")).willReturn(aResponse().withStatus(200)));

        assertThat(fetcher.fetch(FetchRequest.of(url("localhost", "/a1")))).isInstanceOf(Fetched.class);
        assertThat(fetcher.fetch(FetchRequest.of(url("127.0.0.1", "/b1")))).isInstanceOf(Fetched.class);
        assertThat(fetcher.fetch(FetchRequest.of(url("localhost", "/a2")))).isInstanceOf(Fetched.class);

        // t=0 robots(localhost); t=10 /a1 after its 10 s; robots(127.0.0.1) right away, the other
        // host's interval does not apply; t=13 /b1 after 3 s; /a2 at t=20, 10 s after /a1
        assertThat(time.sleeps()).containsExactly(Duration.ofSeconds(10), Duration.ofSeconds(3), Duration.ofSeconds(7));
        assertThat(LocalServer.requestedPaths(server)).containsExactly("/robots.txt", "/a1", "/robots.txt", "/b1", "/a2");
        assertThat(LocalServer.requests(server).stream().map(r -> r.getHeader("Host").replaceFirst(":.*", "")))
                .containsExactly("localhost", "localhost", "127.0.0.1", "127.0.0.1", "localhost");
    }

    @Test
    void sendsOneRequestAtATimeToAHostEvenFromManyThreads() throws Exception {
        fetcher.close();
        fetcher = fetcher(TestHostPolicy.allowing().with("127.0.0.1", Duration.ofSeconds(5)));
        for (int i = 0; i < 4; i++) {
            server.stubFor(get(urlEqualTo("/p" + i)).willReturn(aResponse().withStatus(200)));
        }
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<FetchResult>> results = new java.util.ArrayList<>();
            for (int i = 0; i < 4; i++) {
                String path = "/p" + i;
                results.add(threads.submit(() -> fetcher.fetch(FetchRequest.of(url("127.0.0.1", path)))));
            }
            for (Future<FetchResult> result : results) {
                assertThat(result.get(30, TimeUnit.SECONDS)).isInstanceOf(Fetched.class);
            }
        } finally {
            threads.shutdownNow();
        }

        assertThat(inFlight.max.get()).isEqualTo(1);
        // robots.txt, then four pages, each 5 s after the previous request
        assertThat(server.getAllServeEvents()).hasSize(5);
        assertThat(time.sleeps()).hasSize(4).allSatisfy(sleep -> assertThat(sleep).isEqualTo(Duration.ofSeconds(5)));
    }
}
