package dev.drivecat.scraping.fetch;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.drivecat.scraping.fetch.FetchResult.Failed;
import dev.drivecat.scraping.fetch.FetchResult.FailureReason;
import dev.drivecat.scraping.fetch.FetchResult.Fetched;
import dev.drivecat.scraping.fetch.FetchResult.NotModified;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class FetcherLimitsTest {

    private static final int MAX_BODY = 64 * 1024;
    private static final int MAX_DECODED = 256 * 1024;

    private WireMockServer server;
    private FakeTime time;
    private PoliteFetcher fetcher;

    @BeforeEach
    void start() {
        server = LocalServer.start();
        server.stubFor(get(urlEqualTo("/robots.txt")).willReturn(aResponse().withStatus(404)));
        time = new FakeTime();
        fetcher = fetcher(TestFetcherSettings.defaults());
    }

    private PoliteFetcher fetcher(TestFetcherSettings config) {
        return new PoliteFetcher(config, TestHostPolicy.allowing("127.0.0.1"), time, time, AddressLookup.SYSTEM,
                () -> 0.5);
    }

    private void replaceFetcher(TestFetcherSettings config) {
        fetcher.close();
        fetcher = fetcher(config);
    }

    @AfterEach
    void stop() {
        fetcher.close();
        server.stop();
    }

    private String url(WireMockServer on, String path) {
        return "http://127.0.0.1:" + on.port() + path;
    }

    private FetchResult fetch(String path) {
        return fetcher.fetch(FetchRequest.of(url(server, path)));
    }

    private static void assertFailed(FetchResult result, FailureReason reason) {
        assertThat(result).isInstanceOfSatisfying(Failed.class, failed -> assertThat(failed.reason()).isEqualTo(reason));
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(data);
        }
        return out.toByteArray();
    }

    private static byte[] filled(int size) {
        byte[] body = new byte[size];
        Arrays.fill(body, (byte) 'x');
        return body;
    }

    /** Asks the server directly how it frames a response, so each test knows which case it covers. */
    private static HttpResponse<Void> probe(String url) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        return client.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding());
    }

    @Test
    void readsAPageWithItsContentTypeCharsetAndValidators() {
        server.stubFor(get(urlEqualTo("/p")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/html; charset=ISO-8859-1")
                .withHeader("ETag", "\"v1\"").withHeader("Last-Modified", "Mon, 05 Oct 2026 07:00:00 GMT")
                .withBody("Preis: 99 \u20ac".getBytes(StandardCharsets.ISO_8859_1))));

        FetchResult result = fetch("/p");

        assertThat(result).isInstanceOfSatisfying(Fetched.class, page -> {
            assertThat(page.status()).isEqualTo(200);
            assertThat(page.contentType()).isEqualTo("text/html");
            assertThat(page.charset()).isEqualTo(StandardCharsets.ISO_8859_1);
            assertThat(page.etag()).isEqualTo("\"v1\"");
            assertThat(page.lastModified()).isEqualTo("Mon, 05 Oct 2026 07:00:00 GMT");
            assertThat(page.finalUrl()).hasToString(url(server, "/p"));
        });
    }

    @Test
    void leavesTheCharsetToTheParserWhenTheHeaderNamesNoneOrAnUnknownOne() {
        server.stubFor(get(urlEqualTo("/none")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/html").withBody("<meta charset=utf-8>")));
        server.stubFor(get(urlEqualTo("/bogus")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/html; charset=x-no-such-charset").withBody("page")));

        assertThat(fetch("/none")).isInstanceOfSatisfying(Fetched.class, page -> assertThat(page.charset()).isNull());
        assertThat(fetch("/bogus")).isInstanceOfSatisfying(Fetched.class, page -> {
            assertThat(page.charset()).isNull();
            assertThat(page.contentType()).isEqualTo("text/html");
        });
    }

    @Test
    void sendsTheValidatorsAndReportsA304AsNotModified() {
        server.stubFor(get(urlEqualTo("/p")).withHeader("If-None-Match", equalTo("\"v1\""))
                .withHeader("If-Modified-Since", equalTo("Mon, 05 Oct 2026 07:00:00 GMT"))
                .willReturn(aResponse().withStatus(304).withHeader("ETag", "\"v1\"")));
        server.stubFor(get(urlEqualTo("/p")).atPriority(10).willReturn(aResponse().withStatus(200).withBody("page")));

        FetchResult result = fetcher.fetch(
                FetchRequest.conditional(url(server, "/p"), "\"v1\"", "Mon, 05 Oct 2026 07:00:00 GMT"));

        assertThat(result).isInstanceOfSatisfying(NotModified.class, notModified -> {
            assertThat(notModified.etag()).isEqualTo("\"v1\"");
            assertThat(notModified.finalUrl()).hasToString(url(server, "/p"));
        });
        assertThat(server.findAll(getRequestedFor(urlEqualTo("/p")))).singleElement().satisfies(request -> {
            assertThat(request.getHeader("If-None-Match")).isEqualTo("\"v1\"");
            assertThat(request.getHeader("If-Modified-Since")).isEqualTo("Mon, 05 Oct 2026 07:00:00 GMT");
        });
    }

    @Test
    void failsWhenTheServerStallsBeforeTheHeadersLongerThanTheReadTimeout() {
        replaceFetcher(TestFetcherSettings.defaults().withReadTimeout(Duration.ofMillis(300)));
        server.stubFor(get(urlEqualTo("/slow")).willReturn(aResponse().withStatus(200).withBody("late")
                .withFixedDelay(1500)));

        assertFailed(fetch("/slow"), FailureReason.TIMEOUT);
    }

    @Test
    void failsWhenTheBodyDribblesSlowerThanTheReadTimeout() {
        replaceFetcher(TestFetcherSettings.defaults().withReadTimeout(Duration.ofMillis(300)));
        server.stubFor(get(urlEqualTo("/dribble")).willReturn(aResponse().withStatus(200)
                .withBody(filled(1000)).withChunkedDribbleDelay(4, 3000)));

        assertFailed(fetch("/dribble"), FailureReason.TIMEOUT);
    }

    @Test
    void cutsAnExchangeThatOutlastsTheDeadlineEvenWhileBytesKeepComing() {
        // every gap (250 ms) is within the read timeout; only the deadline can stop it
        replaceFetcher(TestFetcherSettings.defaults().withReadTimeout(Duration.ofSeconds(2))
                .withRequestDeadline(Duration.ofMillis(600)));
        server.stubFor(get(urlEqualTo("/trickle")).willReturn(aResponse().withStatus(200)
                .withBody(filled(1000)).withChunkedDribbleDelay(12, 3000)));

        assertFailed(fetch("/trickle"), FailureReason.DEADLINE_EXCEEDED);
    }

    @Test
    void acceptsABodyOfExactlyTheLimit() {
        server.stubFor(get(urlEqualTo("/exact")).willReturn(aResponse().withStatus(200).withBody(filled(MAX_BODY))));

        assertThat(fetch("/exact")).isInstanceOfSatisfying(Fetched.class,
                page -> assertThat(page.body()).hasSize(MAX_BODY));
    }

    @Test
    void refusesToReadABodyWhoseContentLengthIsOverTheLimit() throws Exception {
        server.stubFor(get(urlEqualTo("/huge")).willReturn(aResponse().withStatus(200).withBody(filled(MAX_BODY + 1))));
        assertThat(probe(url(server, "/huge")).headers().firstValue("Content-Length")).hasValue(String.valueOf(MAX_BODY + 1));

        FetchResult result = fetch("/huge");

        assertFailed(result, FailureReason.BODY_TOO_LARGE);
        assertThat(((Failed) result).detail()).contains("Content-Length");
    }

    @Test
    void cutsAChunkedBodyWithNoLengthAtTheLimitWithoutReadingTheRest() throws Exception {
        WireMockServer chunked = LocalServer.startChunked();
        try {
            chunked.stubFor(get(urlEqualTo("/robots.txt")).willReturn(aResponse().withStatus(404)));
            // 1 MiB in 20 chunks over 4 s: reading all of it would run into the 2 s deadline
            chunked.stubFor(get(urlEqualTo("/huge")).willReturn(aResponse().withStatus(200)
                    .withBody(filled(1024 * 1024)).withChunkedDribbleDelay(20, 4000)));
            chunked.stubFor(get(urlEqualTo("/probe")).willReturn(aResponse().withStatus(200).withBody(filled(10))));
            HttpResponse<Void> framing = probe(url(chunked, "/probe"));
            assertThat(framing.headers().firstValue("Content-Length")).isEmpty();
            assertThat(framing.headers().firstValue("Transfer-Encoding")).hasValue("chunked");
            replaceFetcher(TestFetcherSettings.defaults().withRequestDeadline(Duration.ofSeconds(2)));

            FetchResult result = fetcher.fetch(FetchRequest.of(url(chunked, "/huge")));

            assertFailed(result, FailureReason.BODY_TOO_LARGE);
            assertThat(((Failed) result).detail()).contains("on the wire");
        } finally {
            chunked.stop();
        }
    }

    @Test
    void decompressesGzipAndDeflateBodies() throws IOException {
        byte[] page = "<html>Optane P1600X 118GB</html>".getBytes(StandardCharsets.UTF_8);
        server.stubFor(get(urlEqualTo("/gz")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Encoding", "gzip").withBody(gzip(page))));
        ByteArrayOutputStream deflated = new ByteArrayOutputStream();
        try (DeflaterOutputStream deflate = new DeflaterOutputStream(deflated)) {
            deflate.write(page);
        }
        server.stubFor(get(urlEqualTo("/deflate")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Encoding", "deflate").withBody(deflated.toByteArray())));

        assertThat(fetch("/gz")).isInstanceOfSatisfying(Fetched.class, p -> assertThat(p.body()).isEqualTo(page));
        assertThat(fetch("/deflate")).isInstanceOfSatisfying(Fetched.class, p -> assertThat(p.body()).isEqualTo(page));
        assertThat(server.findAll(getRequestedFor(urlEqualTo("/gz"))).get(0).getHeader("Accept-Encoding")).contains("gzip");
    }

    @Test
    void cutsAGzipBombAtTheDecodedLimit() throws IOException {
        byte[] bomb = gzip(new byte[64 * 1024 * 1024]);
        assertThat(bomb.length).isLessThan(MAX_BODY);
        server.stubFor(get(urlEqualTo("/bomb")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Encoding", "gzip").withHeader("Content-Type", "text/html").withBody(bomb)));

        FetchResult result = fetch("/bomb");

        assertFailed(result, FailureReason.BODY_TOO_LARGE);
        assertThat(((Failed) result).detail()).contains("after decoding").contains(String.valueOf(MAX_DECODED));
    }

    @Test
    void failsOnACorruptGzipBodyInsteadOfReturningGarbage() {
        server.stubFor(get(urlEqualTo("/corrupt")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Encoding", "gzip").withBody("not gzip at all")));

        assertFailed(fetch("/corrupt"), FailureReason.PROTOCOL_ERROR);
    }

    @Test
    void reportsAnHttpErrorAsAFailureWithItsStatus() {
        server.stubFor(get(urlEqualTo("/gone")).willReturn(aResponse().withStatus(404).withBody("<html>Not found</html>")));

        assertThat(fetch("/gone")).isInstanceOfSatisfying(Failed.class, failed -> {
            assertThat(failed.reason()).isEqualTo(FailureReason.HTTP_STATUS);
            assertThat(failed.status()).isEqualTo(404);
        });
    }
}
