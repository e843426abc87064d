package dev.drivecat.scraping.fetch;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.drivecat.scraping.fetch.FetchResult.Failed;
import dev.drivecat.scraping.fetch.FetchResult.FailureReason;
import dev.drivecat.scraping.fetch.FetchResult.Fetched;
import dev.drivecat.scraping.fetch.FetchResult.RefusalReason;
import dev.drivecat.scraping.fetch.FetchResult.Refused;
import java.net.InetAddress;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class FetcherSsrfTest {

    private static final String PORT = "{port}";

    /** Names the test resolver knows; everything else goes to the system resolver. */
    private static final Map<String, String[]> TEST_DNS = Map.of(
            "loopback.example", new String[] {"127.0.0.1"},
            "metadata.example", new String[] {"169.254.169.254"},
            "intranet.example", new String[] {"10.1.2.3"},
            "mixed.example", new String[] {"93.184.215.14", "192.168.0.10"},
            "mapped.example", new String[] {"::ffff:10.0.0.1"},
            "shop.example", new String[] {"127.0.0.1"});

    private static final AddressLookup LOOKUP = host -> {
        String[] addresses = TEST_DNS.get(host);
        if (addresses == null) {
            return InetAddress.getAllByName(host);
        }
        InetAddress[] result = new InetAddress[addresses.length];
        for (int i = 0; i < addresses.length; i++) {
            result[i] = InetAddress.getByName(addresses[i]);
        }
        return result;
    };

    private WireMockServer server;
    private WireMockServer otherHost;
    private FakeTime time;
    private PoliteFetcher fetcher;

    @BeforeEach
    void start() {
        server = LocalServer.start();
        server.stubFor(get(urlEqualTo("/robots.txt")).willReturn(aResponse().withStatus(404)));
        server.stubFor(get(urlPathEqualTo("/")).willReturn(aResponse().withStatus(200).withBody("internal secrets")));
        otherHost = LocalServer.start();
        otherHost.stubFor(get(urlEqualTo("/robots.txt")).willReturn(aResponse().withStatus(404)));
        otherHost.stubFor(get(urlEqualTo("/landing")).willReturn(aResponse().withStatus(200).withBody("elsewhere")));
        time = new FakeTime();
    }

    @AfterEach
    void stop() {
        if (fetcher != null) {
            fetcher.close();
        }
        server.stop();
        otherHost.stop();
    }

    private PoliteFetcher fetcher(boolean allowLoopback, HostPolicy policy) {
        return new PoliteFetcher(TestFetcherSettings.defaults().withAllowLoopback(allowLoopback), policy, time, time,
                LOOKUP, () -> 0.5);
    }

    private String local(String path) {
        return "http://127.0.0.1:" + server.port() + path;
    }

    static Stream<Arguments> hostileUrls() {
        return Stream.of(
                Arguments.of("file:///etc/passwd", RefusalReason.SCHEME_NOT_ALLOWED),
                Arguments.of("jar:http://127.0.0.1:{port}/evil.jar!/", RefusalReason.SCHEME_NOT_ALLOWED),
                Arguments.of("gopher://127.0.0.1:{port}/_GET%20/", RefusalReason.SCHEME_NOT_ALLOWED),
                Arguments.of("ftp://127.0.0.1:{port}/", RefusalReason.SCHEME_NOT_ALLOWED),
                Arguments.of("javascript:alert(1)", RefusalReason.SCHEME_NOT_ALLOWED),
                Arguments.of("//127.0.0.1:{port}/", RefusalReason.SCHEME_NOT_ALLOWED),
                Arguments.of("http://2130706433:{port}/", RefusalReason.NON_STANDARD_IP_LITERAL),
                Arguments.of("http://0177.0.0.1:{port}/", RefusalReason.NON_STANDARD_IP_LITERAL),
                Arguments.of("http://0x7f000001:{port}/", RefusalReason.NON_STANDARD_IP_LITERAL),
                Arguments.of("http://0x7f.0.0.1:{port}/", RefusalReason.NON_STANDARD_IP_LITERAL),
                Arguments.of("http://127.1:{port}/", RefusalReason.NON_STANDARD_IP_LITERAL),
                Arguments.of("http://127.0.0.1.:{port}/", RefusalReason.NON_STANDARD_IP_LITERAL),
                Arguments.of("http://127.0.0.1:{port}/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("HTTP://127.0.0.1:{port}/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://[::1]:{port}/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://[0:0:0:0:0:0:0:1]:{port}/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://[::ffff:127.0.0.1]:{port}/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://[::ffff:7f00:1]:{port}/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://[::127.0.0.1]:{port}/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://0.0.0.0:{port}/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://[::]:{port}/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://169.254.169.254/latest/meta-data/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://10.0.0.1/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://192.168.1.1/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://172.16.0.1/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://100.64.0.1/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://224.0.0.1/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://255.255.255.255/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://[fe80::1]/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://[fd00:ec2::254]/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://[::ffff:169.254.169.254]/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://[2002:7f00:1::]/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://[fe80::1%25eth0]/", RefusalReason.INVALID_URL),
                Arguments.of("http://www.amazon.com@127.0.0.1:{port}/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://127.0.0.1:{port}\\@www.amazon.com/", RefusalReason.INVALID_URL),
                Arguments.of("http://localhost/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://loopback.example/", RefusalReason.ADDRESS_NOT_PUBLIC),
                // an allowed host's other services: a name that resolves to loopback on another port is refused for the port
                Arguments.of("http://localhost:{port}/", RefusalReason.PORT_NOT_ALLOWED),
                Arguments.of("https://www.amazon.com:22/dp/B0EXAMPLE1", RefusalReason.PORT_NOT_ALLOWED),
                Arguments.of("http://www.amazon.com:8080/dp/B0EXAMPLE1", RefusalReason.PORT_NOT_ALLOWED),
                Arguments.of("http://metadata.example/latest/meta-data/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://intranet.example/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://mixed.example/", RefusalReason.ADDRESS_NOT_PUBLIC),
                Arguments.of("http://mapped.example/", RefusalReason.ADDRESS_NOT_PUBLIC));
    }

    @ParameterizedTest(name = "{0} is refused: {1}")
    @MethodSource("hostileUrls")
    void refusesHostileUrlsWithoutSendingAnything(String url, RefusalReason reason) {
        // every host is allowed by the policy: the refusal has to come from the address checks
        fetcher = fetcher(false, TestHostPolicy.allowingEveryHost());

        FetchResult result = fetcher.fetch(FetchRequest.of(url.replace(PORT, String.valueOf(server.port()))));

        assertThat(result).isInstanceOfSatisfying(Refused.class,
                refused -> assertThat(refused.reason()).isEqualTo(reason));
        assertThat(server.getAllServeEvents()).isEmpty();
    }

    @Test
    void refusesAHostThePolicyDoesNotNameBeforeAnyConnection() {
        fetcher = fetcher(true, TestHostPolicy.allowing("127.0.0.1"));

        FetchResult result = fetcher.fetch(FetchRequest.of("http://localhost:" + server.port() + "/"));

        assertThat(result).isInstanceOfSatisfying(Refused.class,
                refused -> assertThat(refused.reason()).isEqualTo(RefusalReason.HOST_NOT_ALLOWED));
        assertThat(server.getAllServeEvents()).isEmpty();
    }

    @Test
    void refusesUserInfoEvenForAnAllowedHost() {
        fetcher = fetcher(true, TestHostPolicy.allowing("127.0.0.1"));

        FetchResult result = fetcher.fetch(FetchRequest.of("http://user:secret@127.0.0.1:" + server.port() + "/"));

        assertThat(result).isInstanceOfSatisfying(Refused.class,
                refused -> assertThat(refused.reason()).isEqualTo(RefusalReason.USERINFO_NOT_ALLOWED));
        assertThat(server.getAllServeEvents()).isEmpty();
    }

    @Test
    void connectsToTheAddressTheCheckingResolverReturned() {
        // shop.example exists only in the test resolver: reaching WireMock proves HttpClient used it
        fetcher = fetcher(true, TestHostPolicy.allowing("shop.example"));

        FetchResult result = fetcher.fetch(FetchRequest.of("http://shop.example:" + server.port() + "/"));

        assertThat(result).isInstanceOf(Fetched.class);
        assertThat(server.getAllServeEvents()).isNotEmpty().allSatisfy(event ->
                assertThat(event.getRequest().getHeader("Host")).isEqualTo("shop.example:" + server.port()));
    }

    @Test
    void refusesARedirectToAHostNotInThePolicyWithoutContactingIt() {
        fetcher = fetcher(true, TestHostPolicy.allowing("127.0.0.1"));
        server.stubFor(get(urlEqualTo("/go")).willReturn(aResponse().withStatus(302)
                .withHeader("Location", "http://localhost:" + otherHost.port() + "/landing")));

        FetchResult result = fetcher.fetch(FetchRequest.of(local("/go")));

        assertThat(result).isInstanceOfSatisfying(Refused.class, refused -> {
            assertThat(refused.reason()).isEqualTo(RefusalReason.HOST_NOT_ALLOWED);
            assertThat(refused.detail()).contains("redirect from");
        });
        assertThat(otherHost.getAllServeEvents()).isEmpty();
    }

    @Test
    void refusesRedirectsToInternalAddressesAndOtherSchemes() {
        fetcher = fetcher(true, TestHostPolicy.allowingEveryHost());
        server.stubFor(get(urlEqualTo("/to-metadata")).willReturn(aResponse().withStatus(301)
                .withHeader("Location", "http://169.254.169.254/latest/meta-data/")));
        server.stubFor(get(urlEqualTo("/to-file")).willReturn(aResponse().withStatus(307)
                .withHeader("Location", "file:///etc/passwd")));
        server.stubFor(get(urlEqualTo("/to-intranet")).willReturn(aResponse().withStatus(308)
                .withHeader("Location", "http://intranet.example/admin")));

        assertThat(fetcher.fetch(FetchRequest.of(local("/to-metadata")))).isInstanceOfSatisfying(Refused.class,
                refused -> assertThat(refused.reason()).isEqualTo(RefusalReason.ADDRESS_NOT_PUBLIC));
        assertThat(fetcher.fetch(FetchRequest.of(local("/to-file")))).isInstanceOfSatisfying(Refused.class,
                refused -> assertThat(refused.reason()).isEqualTo(RefusalReason.SCHEME_NOT_ALLOWED));
        assertThat(fetcher.fetch(FetchRequest.of(local("/to-intranet")))).isInstanceOfSatisfying(Refused.class,
                refused -> assertThat(refused.reason()).isEqualTo(RefusalReason.ADDRESS_NOT_PUBLIC));
    }

    @Test
    void followsARelativeRedirectAndReportsTheFinalUrl() {
        fetcher = fetcher(true, TestHostPolicy.allowing("127.0.0.1"));
        server.stubFor(get(urlEqualTo("/old/item")).willReturn(aResponse().withStatus(301)
                .withHeader("Location", "../new/item?ref=moved")));
        server.stubFor(get(urlEqualTo("/new/item?ref=moved")).willReturn(aResponse().withStatus(200).withBody("moved here")));

        FetchResult result = fetcher.fetch(FetchRequest.of(local("/old/item")));

        assertThat(result).isInstanceOfSatisfying(Fetched.class, page -> {
            assertThat(page.finalUrl()).hasToString(local("/new/item?ref=moved"));
            assertThat(new String(page.body())).isEqualTo("moved here");
        });
    }

    @Test
    void checksRobotsTxtOnEveryRedirectHop() {
        fetcher = fetcher(true, TestHostPolicy.allowing("127.0.0.1"));
        server.stubFor(get(urlEqualTo("/robots.txt")).willReturn(aResponse().withStatus(200)
                .withBody("User-agent: *\nDisallow: /cart\n")));
        server.stubFor(get(urlEqualTo("/offer")).willReturn(aResponse().withStatus(302).withHeader("Location", "/cart")));
        server.stubFor(get(urlEqualTo("/cart")).willReturn(aResponse().withStatus(200)));

        FetchResult result = fetcher.fetch(FetchRequest.of(local("/offer")));

        assertThat(result).isInstanceOfSatisfying(Refused.class,
                refused -> assertThat(refused.reason()).isEqualTo(RefusalReason.ROBOTS_DISALLOWED));
        assertThat(LocalServer.requestedPaths(server)).containsExactly("/robots.txt", "/offer");
    }

    @Test
    void failsAfterTooManyRedirects() {
        fetcher = fetcher(true, TestHostPolicy.allowing("127.0.0.1"));
        server.stubFor(get(urlEqualTo("/loop")).willReturn(aResponse().withStatus(302).withHeader("Location", "/loop")));

        FetchResult result = fetcher.fetch(FetchRequest.of(local("/loop")));

        assertThat(result).isInstanceOfSatisfying(Failed.class,
                failed -> assertThat(failed.reason()).isEqualTo(FailureReason.TOO_MANY_REDIRECTS));
        // the first request and three redirects (max-redirects=3 in tests)
        assertThat(LocalServer.requestedPaths(server)).filteredOn("/loop"::equals).hasSize(4);
    }

    @Test
    void failsOnARedirectWithoutLocation() {
        fetcher = fetcher(true, TestHostPolicy.allowing("127.0.0.1"));
        server.stubFor(get(urlEqualTo("/nowhere")).willReturn(aResponse().withStatus(302)));

        assertThat(fetcher.fetch(FetchRequest.of(local("/nowhere")))).isInstanceOfSatisfying(Failed.class,
                failed -> assertThat(failed.reason()).isEqualTo(FailureReason.BAD_REDIRECT));
    }

    @Test
    void refusesAHostThatDoesNotResolveAsRobotsUnreachable() {
        fetcher = fetcher(false, TestHostPolicy.allowing("no-such-host.invalid"));

        FetchResult result = fetcher.fetch(FetchRequest.of("http://no-such-host.invalid/"));

        assertThat(result).isInstanceOfSatisfying(Refused.class, refused -> {
            assertThat(refused.reason()).isEqualTo(RefusalReason.ROBOTS_UNREACHABLE);
            assertThat(refused.detail()).contains("unknown host");
        });
    }
}
