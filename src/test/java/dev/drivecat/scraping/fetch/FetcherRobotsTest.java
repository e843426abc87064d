package dev.drivecat.scraping.fetch;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.drivecat.scraping.fetch.FetchResult.Fetched;
import dev.drivecat.scraping.fetch.FetchResult.RefusalReason;
import dev.drivecat.scraping.fetch.FetchResult.Refused;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class FetcherRobotsTest {

    private WireMockServer server;
    private FakeTime time;
    private PoliteFetcher fetcher;

    @BeforeEach
    void start() {
        server = LocalServer.start();
        server.stubFor(get(urlEqualTo("/public")).willReturn(aResponse().withStatus(200).withBody("public page")));
        server.stubFor(get(urlEqualTo("/private/offer")).willReturn(aResponse().withStatus(200).withBody("private page")));
        server.stubFor(get(urlEqualTo("/dp/B0")).willReturn(aResponse().withStatus(200).withBody("product page")));
        time = new FakeTime();
        fetcher = fetcher(TestFetcherSettings.defaults());
    }

    private PoliteFetcher fetcher(TestFetcherSettings config) {
        return new PoliteFetcher(config, TestHostPolicy.allowing("127.0.0.1"), time, time, AddressLookup.SYSTEM,
                () -> 0.5);
    }

    @AfterEach
    void stop() {
        fetcher.close();
        server.stop();
    }

    private String url(String path) {
        return "http://127.0.0.1:" + server.port() + path;
    }

    private void robots(String body) {
        server.stubFor(get(urlEqualTo("/robots.txt")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/plain").withBody(body)));
    }

    @Test
    void fetchesAPathRobotsTxtAllows() {
        robots("User-agent: *\nDisallow: /private\n");

        FetchResult result = fetcher.fetch(FetchRequest.of(url("/public")));

        assertThat(result).isInstanceOf(Fetched.class);
        assertThat(new String(((Fetched) result).body())).isEqualTo("public page");
        assertThat(LocalServer.requestedPaths(server)).containsExactly("/robots.txt", "/public");
    }

    @Test
    void refusesAPathRobotsTxtDisallowsWithoutRequestingIt() {
        robots("User-agent: *\nDisallow: /private\n");

        FetchResult result = fetcher.fetch(FetchRequest.of(url("/private/offer")));

        assertThat(result).isInstanceOfSatisfying(Refused.class,
                refused -> assertThat(refused.reason()).isEqualTo(RefusalReason.ROBOTS_DISALLOWED));
        assertThat(LocalServer.requestedPaths(server)).containsExactly("/robots.txt");
    }

    @Test
    void obeysTheGroupNamingDrivecatOverTheStarGroup() {
        robots("""
                User-agent: *
                Disallow: /

                User-agent: Drivecat/0.1
                Disallow: /private
                Allow: /dp/
                """);

        assertThat(fetcher.fetch(FetchRequest.of(url("/dp/B0")))).isInstanceOf(Fetched.class);
        assertThat(fetcher.fetch(FetchRequest.of(url("/public")))).isInstanceOf(Fetched.class);
        assertThat(fetcher.fetch(FetchRequest.of(url("/private/offer")))).isInstanceOf(Refused.class);
    }

    @Test
    void treatsAMissingRobotsTxtAsEverythingAllowed() {
        server.stubFor(get(urlEqualTo("/robots.txt")).willReturn(aResponse().withStatus(404)));

        assertThat(fetcher.fetch(FetchRequest.of(url("/private/offer")))).isInstanceOf(Fetched.class);
    }

    @Test
    void treatsAServerErrorForRobotsTxtAsEverythingDisallowed() {
        server.stubFor(get(urlEqualTo("/robots.txt")).willReturn(aResponse().withStatus(500)));

        FetchResult result = fetcher.fetch(FetchRequest.of(url("/public")));

        assertThat(result).isInstanceOfSatisfying(Refused.class,
                refused -> assertThat(refused.reason()).isEqualTo(RefusalReason.ROBOTS_UNREACHABLE));
        assertThat(LocalServer.requestedPaths(server)).containsExactly("/robots.txt");
    }

    @Test
    void treatsAnUnreachableRobotsTxtAsEverythingDisallowed() {
        // robots.txt answers slower than the read timeout
        server.stubFor(get(urlEqualTo("/robots.txt")).willReturn(aResponse().withStatus(200).withFixedDelay(1500)));
        fetcher.close();
        fetcher = fetcher(TestFetcherSettings.defaults().withReadTimeout(Duration.ofMillis(300)));

        FetchResult result = fetcher.fetch(FetchRequest.of(url("/public")));

        assertThat(result).isInstanceOfSatisfying(Refused.class,
                refused -> assertThat(refused.reason()).isEqualTo(RefusalReason.ROBOTS_UNREACHABLE));
        assertThat(LocalServer.requestedPaths(server)).doesNotContain("/public");
    }

    @Test
    void retriesAnUnreachableRobotsTxtOnlyAfterItsShorterTtl() {
        server.stubFor(get(urlEqualTo("/robots.txt")).willReturn(aResponse().withStatus(503)));
        assertThat(fetcher.fetch(FetchRequest.of(url("/public")))).isInstanceOf(Refused.class);
        assertThat(fetcher.fetch(FetchRequest.of(url("/public")))).isInstanceOf(Refused.class);
        assertThat(LocalServer.requestedPaths(server)).containsExactly("/robots.txt");

        server.stubFor(get(urlEqualTo("/robots.txt")).willReturn(aResponse().withStatus(404)));
        time.advance(Duration.ofMinutes(31));

        assertThat(fetcher.fetch(FetchRequest.of(url("/public")))).isInstanceOf(Fetched.class);
        assertThat(LocalServer.requestedPaths(server)).containsExactly("/robots.txt", "/robots.txt", "/public");
    }

    @Test
    void fetchesRobotsTxtOnceForManyPagesOfAnOrigin() {
        robots("User-agent: *\nDisallow: /private\n");

        fetcher.fetch(FetchRequest.of(url("/public")));
        fetcher.fetch(FetchRequest.of(url("/dp/B0")));
        fetcher.fetch(FetchRequest.of(url("/private/offer")));

        assertThat(LocalServer.requestedPaths(server)).containsExactly("/robots.txt", "/public", "/dp/B0");
    }

    @Test
    void fetchesRobotsTxtAgainOnceTheCacheTtlHasPassed() {
        robots("User-agent: *\nDisallow: /private\n");
        fetcher.fetch(FetchRequest.of(url("/public")));

        time.advance(Duration.ofHours(11));
        fetcher.fetch(FetchRequest.of(url("/public")));
        time.advance(Duration.ofHours(2));
        fetcher.fetch(FetchRequest.of(url("/public")));

        assertThat(LocalServer.requestedPaths(server))
                .containsExactly("/robots.txt", "/public", "/public", "/robots.txt", "/public");
    }

    @Test
    void followsRedirectsForRobotsTxt() {
        server.stubFor(get(urlEqualTo("/robots.txt")).willReturn(aResponse().withStatus(301)
                .withHeader("Location", "/policies/robots.txt")));
        server.stubFor(get(urlEqualTo("/policies/robots.txt")).willReturn(aResponse().withStatus(200)
                .withBody("User-agent: drivecat\nDisallow: /public\n")));

        assertThat(fetcher.fetch(FetchRequest.of(url("/public")))).isInstanceOfSatisfying(Refused.class,
                refused -> assertThat(refused.reason()).isEqualTo(RefusalReason.ROBOTS_DISALLOWED));
        assertThat(fetcher.fetch(FetchRequest.of(url("/dp/B0")))).isInstanceOf(Fetched.class);
    }

    @Test
    void treatsMoreThanFiveRobotsRedirectsAsUnreachable() {
        for (int i = 0; i < 6; i++) {
            server.stubFor(get(urlEqualTo(i == 0 ? "/robots.txt" : "/r" + i)).willReturn(aResponse().withStatus(302)
                    .withHeader("Location", "/r" + (i + 1))));
        }
        server.stubFor(get(urlEqualTo("/r6")).willReturn(aResponse().withStatus(200).withBody("User-agent: *\nAllow: /\n")));

        assertThat(fetcher.fetch(FetchRequest.of(url("/public")))).isInstanceOfSatisfying(Refused.class,
                refused -> assertThat(refused.reason()).isEqualTo(RefusalReason.ROBOTS_UNREACHABLE));
        assertThat(LocalServer.requestedPaths(server))
                .containsExactly("/robots.txt", "/r1", "/r2", "/r3", "/r4", "/r5");
    }

    @Test
    void sendsTheDrivecatUserAgentForRobotsTxtAndPages() {
        robots("User-agent: *\nAllow: /\n");

        fetcher.fetch(FetchRequest.of(url("/public")));

        assertThat(LocalServer.requests(server)).hasSize(2).allSatisfy(request ->
                assertThat(request.getHeader("User-Agent")).isEqualTo(TestFetcherSettings.USER_AGENT));
        assertThat(TestFetcherSettings.USER_AGENT).contains("drivecat");
    }
}
