package dev.drivecat.discovery.ebay;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.drivecat.database.ApiCalls;
import dev.drivecat.database.HostSlots;
import dev.drivecat.discovery.SearchQuery;
import dev.drivecat.discovery.SearchSource;
import dev.drivecat.discovery.SearchSource.SearchFailure;
import dev.drivecat.discovery.SearchSource.SearchFailure.Kind;
import dev.drivecat.pricing.Condition;
import dev.drivecat.scraping.SearchResult;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Browse API source against a local server answering in eBay's documented shapes: what is
 * asked, how the token is had and kept, what each failure becomes. No Quarkus start: the source is
 * built with in-memory budget and pacing.
 */
class EbayBrowseSourceTest {

    static final String SEARCH = "/buy/browse/v1/item_summary/search";
    static final String TOKEN = "/identity/v1/oauth2/token";
    static final String CLIENT_ID = "drivecat-test-PRD-0123456789-abcdef01";
    static final String CLIENT_SECRET = "PRD-0123456789ab-cdef-0123-4567-89ab";
    static final String TOKEN_ONE = "v^1.1#i^1#p^1#r^0#f^0#t^TEST-APPLICATION-TOKEN-ONE";
    static final String TOKEN_TWO = "v^1.1#i^1#p^1#r^0#f^0#t^TEST-APPLICATION-TOKEN-TWO";
    static final SearchQuery QUERY = new SearchQuery("Intel Optane P4800X 375GB", List.of("intel-optane-p4800x-375gb-u2"));
    /** Generous times, so that a loaded machine does not fail the tests; a small body limit. */
    static final EbayHttp.Limits LIMITS = new EbayHttp.Limits(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(10), 64 * 1024);
    /** An answer time the slow-answer test exceeds. */
    static final EbayHttp.Limits IMPATIENT = new EbayHttp.Limits(Duration.ofSeconds(5), Duration.ofMillis(400), Duration.ofSeconds(10), 64 * 1024);

    @RegisterExtension
    static final WireMockExtension ebay = localEbay();
    final MemoryApiCalls calls = new MemoryApiCalls();
    final RecordingHostSlots slots = new RecordingHostSlots();
    final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    final MovableClock clock = new MovableClock(Instant.parse("2026-12-03T10:00:00Z"));
    final List<Duration> sleeps = new CopyOnWriteArrayList<>();

    // --- what is asked

    @Test
    void asksForTheQueryWithTheMarketplaceAndTheApplicationToken() throws Exception {
        stubToken("token.json");
        stubSearch(okJson(fixture("search-page.json")));
        SearchSource.Page page = source(config()).search(QUERY, 0);

        assertThat(page.layout()).isEqualTo("browse-v1");
        assertThat(page.apiCalls()).isEqualTo(1);
        assertThat(page.more()).isTrue();
        assertThat(page.results()).hasSize(7);

        LoggedRequest token = only(TOKEN);
        assertThat(token.getMethod().getName()).isEqualTo("POST");
        assertThat(token.getHeader("Authorization")).isEqualTo("Basic "
                + Base64.getEncoder().encodeToString((CLIENT_ID + ":" + CLIENT_SECRET).getBytes(StandardCharsets.UTF_8)));
        assertThat(token.getHeader("Content-Type")).startsWith("application/x-www-form-urlencoded");
        assertThat(token.getBodyAsString()).isEqualTo("grant_type=client_credentials&scope=https%3A%2F%2Fapi.ebay.com%2Foauth%2Fapi_scope");

        LoggedRequest search = only(SEARCH);
        assertThat(search.getMethod().getName()).isEqualTo("GET");
        assertThat(search.getHeader("Authorization")).isEqualTo("Bearer " + TOKEN_ONE);
        assertThat(search.getHeader("X-EBAY-C-MARKETPLACE-ID")).isEqualTo("EBAY_US");
        assertThat(search.getHeader("User-Agent")).contains("drivecat");
        assertThat(search.getUrl()).isEqualTo(SEARCH + "?q=Intel%20Optane%20P4800X%20375GB&limit=50&offset=0"
                + "&filter=buyingOptions%3A%7BFIXED_PRICE%7CBEST_OFFER%7D");
        assertThat(search.queryParameter("filter").firstValue()).isEqualTo("buyingOptions:{FIXED_PRICE|BEST_OFFER}");
    }

    @Test
    void aSweepAsksForTheNewestListingsFirst() throws Exception {
        stubToken("token.json");
        stubSearch(okJson(fixture("search-page.json")));
        source(config()).search(SearchQuery.sweep("enterprise SSD", "newlyListed"), 0);
        LoggedRequest search = only(SEARCH);
        assertThat(search.queryParameter("sort").firstValue()).isEqualTo("newlyListed");
        assertThat(search.queryParameter("q").firstValue()).isEqualTo("enterprise SSD");
    }

    @Test
    void asksForTheConfiguredCategoryAndPageOfResults() throws Exception {
        stubToken("token.json");
        stubSearch(okJson(fixture("search-last.json")));
        SearchSource.Page page = source(config().withCategory("175669").withResultsPerCall(25)).search(QUERY, 2);

        LoggedRequest search = only(SEARCH);
        assertThat(search.queryParameter("category_ids").firstValue()).isEqualTo("175669");
        assertThat(search.queryParameter("limit").firstValue()).isEqualTo("25");
        assertThat(search.queryParameter("offset").firstValue()).isEqualTo("50");
        assertThat(page.more()).as("no next").isFalse();
    }

    @Test
    void readsTheResultsOfEachMarketplaceAsItsOwn() throws Exception {
        stubToken("token.json");
        stubSearch(okJson(fixture("search-page.json")));
        List<SearchSource> sources = browse(config().withMarketplaces("EBAY_US", "EBAY_DE")).sources();
        assertThat(sources).extracting(SearchSource::name).containsExactly("ebay-browse:ebay-us", "ebay-browse:ebay-de");

        SearchResult us = sources.get(0).search(QUERY, 0).results().get(0);
        SearchResult de = sources.get(1).search(QUERY, 0).results().get(0);
        assertThat(us.marketplace()).isEqualTo("ebay-us");
        assertThat(de.marketplace()).isEqualTo("ebay-de");
        assertThat(us.condition()).isEqualTo(Condition.NEW);
        assertThat(us.price()).isEqualByComparingTo("289.99");
        assertThat(requests(SEARCH)).extracting(r -> r.getHeader("X-EBAY-C-MARKETPLACE-ID")).containsExactly("EBAY_US", "EBAY_DE");
        assertThat(requests(TOKEN)).as("one token for both marketplaces").hasSize(1);
    }

    @Test
    void aPageBeyondEbaysLastOffsetIsEmptyWithoutACall() throws Exception {
        SearchSource.Page page = source(config()).search(QUERY, 200);
        assertThat(page.results()).isEmpty();
        assertThat(page.more()).isFalse();
        assertThat(ebay.getAllServeEvents()).isEmpty();
    }

    @Test
    void everyRequestWaitsForTheHostsSharedSlot() throws Exception {
        stubToken("token.json");
        stubSearch(okJson(fixture("search-empty.json")));
        slots.wait = Duration.ofMillis(7);
        source(config()).search(QUERY, 0);

        assertThat(slots.reserved).containsExactly("127.0.0.1 PT1S", "127.0.0.1 PT1S");
        assertThat(sleeps).containsExactly(Duration.ofMillis(7), Duration.ofMillis(7));
    }

    // --- the token

    @Test
    void oneTokenServesSearchesUntilShortlyBeforeItExpires() throws Exception {
        stubToken("token.json");
        stubSearch(okJson(fixture("search-empty.json")));
        SearchSource source = source(config());
        source.search(QUERY, 0);
        source.search(QUERY, 0);
        clock.move(Duration.ofSeconds(7200 - 301));
        source.search(QUERY, 0);
        assertThat(requests(TOKEN)).hasSize(1);

        clock.move(Duration.ofSeconds(2));
        source.search(QUERY, 0);
        assertThat(requests(TOKEN)).as("renewed 5 minutes before it expires").hasSize(2);
        assertThat(calls.today(EbayBrowse.NAME)).as("token calls are not search calls").isEqualTo(4);
    }

    @Test
    void aHugeExpiresInIsBoundedToEbaysStatedLifetime() throws Exception {
        ebay.stubFor(post(urlPathEqualTo(TOKEN)).willReturn(okJson("{\"access_token\": \"" + TOKEN_ONE
                + "\", \"expires_in\": 99999999999999999999999999, \"token_type\": \"Application Access Token\"}")));
        stubSearch(okJson(fixture("search-empty.json")));
        SearchSource source = source(config());
        source.search(QUERY, 0);
        clock.move(ApplicationToken.MAX_LIFETIME.minus(ApplicationToken.margin(ApplicationToken.MAX_LIFETIME)).minusSeconds(1));
        source.search(QUERY, 0);
        assertThat(requests(TOKEN)).hasSize(1);
        clock.move(Duration.ofSeconds(2));
        source.search(QUERY, 0);
        assertThat(requests(TOKEN)).as("renewed as a token of 7,200 s would be").hasSize(2);

        ebay.resetAll();
        ebay.stubFor(post(urlPathEqualTo(TOKEN)).willReturn(okJson("{\"access_token\": \"" + TOKEN_ONE
                + "\", \"expires_in\": 9223372036854775807}")));
        stubSearch(okJson(fixture("search-empty.json")));
        assertThat(source(config()).search(QUERY, 0).results()).as("Long.MAX_VALUE seconds does not overflow").isEmpty();
    }

    @Test
    void anAnswerWithMoreItemsThanTheLimitIsTakenOnlyUpToIt() throws Exception {
        stubToken("token.json");
        StringBuilder items = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            items.append(i == 0 ? "" : ",").append("{\"legacyItemId\": \"").append(300_000_000_000L + i)
                    .append("\", \"title\": \"Intel Optane P4800X 375GB\", \"buyingOptions\": [\"FIXED_PRICE\"]}");
        }
        stubSearch(okJson("{\"itemSummaries\": [" + items + "]}"));
        SearchSource.Page page = source(config().withResultsPerCall(25)).search(QUERY, 0);
        assertThat(page.results()).hasSize(25);
    }

    @Test
    void concurrentSearchesShareTheOneTokenMinted() throws Exception {
        ebay.stubFor(post(urlPathEqualTo(TOKEN)).willReturn(okJson(fixture("token.json")).withFixedDelay(150)));
        stubSearch(okJson(fixture("search-empty.json")));
        SearchSource source = source(config());
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<SearchSource.Page>> pages = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Callable<SearchSource.Page> search = () -> source.search(QUERY, 0);
                pages.add(pool.submit(search));
            }
            for (Future<SearchSource.Page> page : pages) {
                assertThat(page.get().apiCalls()).isEqualTo(1);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(requests(TOKEN)).hasSize(1);
        assertThat(requests(SEARCH)).hasSize(4).allSatisfy(r -> assertThat(r.getHeader("Authorization")).isEqualTo("Bearer " + TOKEN_ONE));
    }

    @Test
    void a401DropsTheTokenAndTheCallIsMadeOnceMoreWithANewOne() throws Exception {
        stubTokens("token.json", "token-2.json");
        ebay.stubFor(get(urlPathEqualTo(SEARCH)).withHeader("Authorization", equalTo("Bearer " + TOKEN_ONE))
                .willReturn(aResponse().withStatus(401).withHeader("Content-Type", "application/json").withBody(fixture("error-401.json"))));
        ebay.stubFor(get(urlPathEqualTo(SEARCH)).withHeader("Authorization", equalTo("Bearer " + TOKEN_TWO))
                .willReturn(okJson(fixture("search-page.json"))));
        SearchSource source = source(config());

        SearchSource.Page page = source.search(QUERY, 0);
        assertThat(page.apiCalls()).isEqualTo(2);
        assertThat(page.results()).isNotEmpty();
        source.search(QUERY, 0);
        assertThat(requests(TOKEN)).hasSize(2);
        assertThat(requests(SEARCH)).extracting(r -> r.getHeader("Authorization"))
                .containsExactly("Bearer " + TOKEN_ONE, "Bearer " + TOKEN_TWO, "Bearer " + TOKEN_TWO);
        assertThat(calls.today(EbayBrowse.NAME)).isEqualTo(3);
    }

    @Test
    void a401WithAFreshTokenIsAuth() throws Exception {
        stubTokens("token.json", "token-2.json");
        stubSearch(aResponse().withStatus(401).withHeader("Content-Type", "application/json").withBody(fixture("error-401.json")));
        SearchFailure failure = failure(source(config()));
        assertThat(failure.kind()).isEqualTo(Kind.AUTH);
        assertThat(failure.endsTheRun()).isTrue();
        assertThat(failure.apiCalls()).isEqualTo(2);
        assertThat(failure.getMessage()).isEqualTo("eBay refused a freshly minted application token (401: error 1001: Invalid access token"
                + " — Invalid access token. Check the value of the Authorization HTTP request header.)");
        assertThat(requests(TOKEN)).hasSize(2);
    }

    @Test
    void refusedKeysAreAuthAndNoSearchIsMade() throws Exception {
        ebay.stubFor(post(urlPathEqualTo(TOKEN)).willReturn(aResponse().withStatus(401)
                .withHeader("Content-Type", "application/json").withBody(fixture("token-refused.json"))));
        SearchSource source = source(config());
        SearchFailure failure = failure(source);
        assertThat(failure.kind()).isEqualTo(Kind.AUTH);
        assertThat(failure.apiCalls()).isZero();
        assertThat(failure.getMessage()).startsWith("eBay refused the application's keys (token endpoint answered 401: invalid_client:"
                + " client authentication failed); check DRIVECAT_EBAY_CLIENT_ID and DRIVECAT_EBAY_CLIENT_SECRET");
        assertThat(requests(SEARCH)).isEmpty();
        assertThat(calls.today(EbayBrowse.NAME)).isZero();

        failure(source);
        assertThat(requests(TOKEN)).as("a failed mint is not repeated at once").hasSize(1);
        clock.move(ApplicationToken.FAILURE_MEMORY.plusSeconds(1));
        failure(source);
        assertThat(requests(TOKEN)).hasSize(2);
    }

    @Test
    void neitherTheSecretNorATokenEverAppearsInAReason() throws Exception {
        ebay.stubFor(post(urlPathEqualTo(TOKEN)).willReturn(aResponse().withStatus(400).withHeader("Content-Type", "application/json")
                .withBody("{\"error\": \"invalid_request\", \"error_description\": \"bad secret " + CLIENT_SECRET + "\"}")));
        SearchFailure refused = failure(source(config()));
        assertThat(refused.getMessage()).doesNotContain(CLIENT_SECRET).contains("bad secret [redacted]");

        ebay.resetAll();
        stubToken("token.json");
        stubSearch(aResponse().withStatus(500).withHeader("Content-Type", "application/json")
                .withBody("{\"errors\": [{\"errorId\": 12000, \"message\": \"token " + TOKEN_ONE + " was odd\"}]}"));
        SearchFailure failed = failure(source(config()));
        assertThat(failed.getMessage()).doesNotContain(TOKEN_ONE).contains("token [redacted] was odd");
    }

    // --- failures

    @Test
    void a403IsAuthWithEbaysWords() throws Exception {
        stubToken("token.json");
        stubSearch(aResponse().withStatus(403).withHeader("Content-Type", "application/json").withBody(fixture("error-403.json")));
        SearchFailure failure = failure(source(config()));
        assertThat(failure.kind()).isEqualTo(Kind.AUTH);
        assertThat(failure.apiCalls()).isEqualTo(1);
        assertThat(failure.getMessage()).isEqualTo("eBay refused this application the Browse API on EBAY_US (403: error 1100: Access denied"
                + " — Insufficient permissions to fulfill the request.); production use of eBay's Buy APIs needs its approval:"
                + " https://developer.ebay.com/api-docs/buy/buy-requirements.html");
    }

    @Test
    void a429HoldsTheHostOffForAsLongAsRetryAfterAsks() throws Exception {
        stubToken("token.json");
        stubSearch(aResponse().withStatus(429).withHeader("Retry-After", "120"));
        SearchFailure failure = failure(source(config()));
        assertThat(failure.kind()).isEqualTo(Kind.FAILED);
        assertThat(failure.endsTheRun()).isFalse();
        assertThat(failure.getMessage()).isEqualTo("eBay asked to slow down (429); 127.0.0.1 is not asked again before 2026-12-03T10:02:00Z");
        assertThat(slots.heldOff).containsExactly(Map.entry("127.0.0.1", Instant.parse("2026-12-03T10:02:00Z")));
    }

    @Test
    void a500IsFailedWithEbaysWords() throws Exception {
        stubToken("token.json");
        stubSearch(aResponse().withStatus(500).withHeader("Content-Type", "application/json").withBody(fixture("error-500.json")));
        SearchFailure failure = failure(source(config()));
        assertThat(failure.kind()).isEqualTo(Kind.FAILED);
        assertThat(failure.getMessage()).isEqualTo("eBay answered 500: error 12000: There was a problem with an eBay internal system or"
                + " process. Contact eBay developer support for assistance.");
        assertThat(failure.apiCalls()).isEqualTo(1);
    }

    @Test
    void anAnswerThatIsNotJsonIsFailed() throws Exception {
        stubToken("token.json");
        stubSearch(aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody("{\"itemSummaries\": [ {\"title\": "));
        SearchFailure failure = failure(source(config()));
        assertThat(failure.kind()).isEqualTo(Kind.FAILED);
        assertThat(failure.getMessage()).startsWith("eBay's answer (200) is not JSON: ");

        ebay.resetAll();
        stubToken("token.json");
        stubSearch(aResponse().withStatus(200).withHeader("Content-Type", "text/html").withBody("<html><body>Pardon Our Interruption</body></html>"));
        assertThat(failure(source(config())).getMessage()).startsWith("eBay's answer (200) is not JSON: ");

        ebay.resetAll();
        stubToken("token.json");
        stubSearch(okJson("{\"itemSummaries\": \"none\"}"));
        assertThat(failure(source(config())).getMessage()).isEqualTo("eBay's answer (200) is not a page of item summaries: itemSummaries is not an array");
    }

    @Test
    void aSlowAnswerIsFailed() throws Exception {
        stubToken("token.json");
        stubSearch(okJson(fixture("search-empty.json")).withFixedDelay(1500));
        SearchFailure failure = failure(browse(config(), IMPATIENT).sources().get(0));
        assertThat(failure.kind()).isEqualTo(Kind.FAILED);
        assertThat(failure.getMessage()).isEqualTo("no answer from eBay: 127.0.0.1 did not answer within 400 ms");
    }

    @Test
    void anAnswerLargerThanTheLimitIsFailed() throws Exception {
        stubToken("token.json");
        stubSearch(okJson("{\"itemSummaries\": [], \"pad\": \"" + "x".repeat(100 * 1024) + "\"}"));
        SearchFailure failure = failure(source(config()));
        assertThat(failure.kind()).isEqualTo(Kind.FAILED);
        assertThat(failure.getMessage()).isEqualTo("no answer from eBay: the answer of 127.0.0.1 was larger than 64 KiB");
    }

    @Test
    void aRedirectIsNotFollowed() throws Exception {
        WireMockServer elsewhere = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        elsewhere.start();
        try {
            stubToken("token.json");
            String target = "http://127.0.0.1:" + elsewhere.port() + SEARCH;
            stubSearch(aResponse().withStatus(302).withHeader("Location", target));
            SearchFailure failure = failure(source(config()));
            assertThat(failure.kind()).isEqualTo(Kind.FAILED);
            assertThat(failure.getMessage()).isEqualTo("eBay answered 302 to " + target + "; redirects are not followed");
            assertThat(elsewhere.getAllServeEvents()).isEmpty();
        } finally {
            elsewhere.stop();
        }
    }

    @Test
    void anUnreachableHostIsFailed() throws Exception {
        WireMockServer gone = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        gone.start();
        int port = gone.port();
        gone.stop();
        SearchFailure failure = failure(source(config().withUrls("http://127.0.0.1:" + port)));
        assertThat(failure.kind()).isEqualTo(Kind.FAILED);
        assertThat(failure.getMessage()).isEqualTo("no application token from eBay: 127.0.0.1 could not be reached (connection refused)");
    }

    // --- the budget

    @Test
    void aSpentBudgetIsBudgetAndNothingIsAsked() throws Exception {
        calls.made.put(EbayBrowse.NAME, new AtomicInteger(5000));
        SearchFailure failure = failure(source(config()));
        assertThat(failure.kind()).isEqualTo(Kind.BUDGET);
        assertThat(failure.endsTheRun()).isTrue();
        assertThat(failure.apiCalls()).isZero();
        assertThat(failure.getMessage()).isEqualTo("the Browse API's daily call budget is spent: 5000 of 5000 calls made on 2026-12-03"
                + " (UTC, all instances; DRIVECAT_EBAY_DAILY_CALL_BUDGET); it renews at 00:00 UTC");
        assertThat(ebay.getAllServeEvents()).isEmpty();
    }

    @Test
    void theRetryAfterA401NeedsBudgetToo() throws Exception {
        stubTokens("token.json", "token-2.json");
        stubSearch(aResponse().withStatus(401));
        SearchFailure failure = failure(source(config().withBudget(1)));
        assertThat(failure.kind()).isEqualTo(Kind.BUDGET);
        assertThat(failure.apiCalls()).isEqualTo(1);
        assertThat(requests(SEARCH)).hasSize(1);
    }

    @Test
    void metricsCountCallsAndTheBudgetLeft() throws Exception {
        stubToken("token.json");
        stubSearch(okJson(fixture("search-empty.json")));
        SearchSource source = source(config().withBudget(10));
        source.search(QUERY, 0);
        source.search(QUERY, 0);
        assertThat(registry.get("drivecat.discovery.api.calls").tags("source", "ebay-browse", "marketplace", "ebay-us", "outcome", "ok")
                .counter().count()).isEqualTo(2.0);
        assertThat(registry.get("drivecat.discovery.api.tokens").tags("outcome", "minted").counter().count()).isEqualTo(1.0);
        assertThat(registry.get("drivecat.discovery.api.budget.remaining").tags("source", "ebay-browse").gauge().value()).isEqualTo(8.0);
    }

    // --- when it cannot be searched

    @Test
    void withoutKeysEverySourceIsUnusableAndSaysWhichToSet() throws Exception {
        EbayBrowse browse = browse(config().withKeys(Optional.empty(), Optional.of(" ")).withMarketplaces("EBAY_US", "EBAY_DE"));
        assertThat(browse.sources()).hasSize(2).allSatisfy(source -> assertThat(source.unusable()).get().asString()
                .startsWith("set DRIVECAT_EBAY_CLIENT_ID and DRIVECAT_EBAY_CLIENT_SECRET"));
        assertThatThrownBy(() -> browse.sources().get(0).search(QUERY, 0)).isInstanceOfSatisfying(SearchFailure.class,
                f -> assertThat(f.kind()).isEqualTo(Kind.REFUSED));
        assertThat(ebay.getAllServeEvents()).isEmpty();
    }

    @Test
    void anApiHostOutsideScrapersIsUnusable() {
        EbayBrowse browse = browse(config().withUrls("https://api.ebay.example"));
        assertThat(browse.unusable()).get().asString()
                .contains("drivecat.ebay.api-url https://api.ebay.example: api.ebay.example is not an eBay API host of scrapers/ebay.yaml"
                        + " (api.ebay.com, api.sandbox.ebay.com)")
                .contains("drivecat.ebay.token-url https://api.ebay.example/identity/v1/oauth2/token: api.ebay.example is not");
    }

    @Test
    void loopbackIsAllowedOnlyWhereTheFetcherAllowsIt() {
        EbayBrowse browse = new EbayBrowse(config(), false, "drivecat/test", ItemSummaryReaderTest.SITES, calls, slots, registry, clock,
                sleeps::add, LIMITS);
        assertThat(browse.unusable()).get().asString().contains("is not an eBay API host of scrapers/ebay.yaml")
                .contains("loopback is allowed only with drivecat.fetcher.allow-loopback");
        assertThat(browse(config().withUrls("http://api.ebay.com")).unusable()).get().asString()
                .contains("drivecat.ebay.api-url http://api.ebay.com is not https");
        assertThat(browse(config().withUrls("https://api.sandbox.ebay.com")).unusable()).isEmpty();
    }

    @Test
    void aMarketplaceWithoutADrivecatMarketplaceIsUnusable() {
        List<SearchSource> sources = browse(config().withMarketplaces("EBAY_US", "EBAY_FR")).sources();
        assertThat(sources.get(0).unusable()).isEmpty();
        assertThat(sources.get(1).name()).isEqualTo("ebay-browse:ebay-fr");
        assertThat(sources.get(1).unusable()).contains("the eBay marketplace EBAY_FR (drivecat.ebay.marketplaces) has no drivecat"
                + " marketplace ebay-fr in scrapers/ebay.yaml, which has ebay-de, ebay-us");
    }

    // --- helpers

    /** WireMock on loopback, reset for each test, never compressing on its own. */
    static WireMockExtension localEbay() {
        return WireMockExtension.newInstance().options(options().dynamicPort().bindAddress("127.0.0.1").gzipDisabled(true)).build();
    }

    private String url() {
        return "http://127.0.0.1:" + ebay.getPort();
    }

    private TestEbay config() {
        return TestEbay.at(url());
    }

    private EbayBrowse browse(EbaySettings config) {
        return browse(config, LIMITS);
    }

    private EbayBrowse browse(EbaySettings config, EbayHttp.Limits limits) {
        return new EbayBrowse(config, true, "drivecat/test (ZFS SSD price tracker)", ItemSummaryReaderTest.SITES, calls, slots, registry, clock,
                sleeps::add, limits);
    }

    private SearchSource source(EbaySettings config) {
        return browse(config).sources().get(0);
    }

    private static SearchFailure failure(SearchSource source) {
        AtomicReference<SearchFailure> caught = new AtomicReference<>();
        assertThatThrownBy(() -> source.search(QUERY, 0)).isInstanceOfSatisfying(SearchFailure.class, caught::set);
        return caught.get();
    }

    private static String fixture(String name) throws Exception {
        return ItemSummaryReaderTest.fixtureText(name);
    }

    private void stubToken(String fixture) throws Exception {
        ebay.stubFor(post(urlPathEqualTo(TOKEN)).willReturn(okJson(fixture(fixture))));
    }

    /** The token endpoint answers the first, then the second token. */
    private void stubTokens(String first, String second) throws Exception {
        ebay.stubFor(post(urlPathEqualTo(TOKEN)).inScenario("tokens").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(okJson(fixture(first))).willSetStateTo("second"));
        ebay.stubFor(post(urlPathEqualTo(TOKEN)).inScenario("tokens").whenScenarioStateIs("second").willReturn(okJson(fixture(second))));
    }

    private void stubSearch(com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder answer) {
        ebay.stubFor(get(urlPathEqualTo(SEARCH)).willReturn(answer));
    }

    private List<LoggedRequest> requests(String path) {
        List<LoggedRequest> all = new ArrayList<>(ebay.findAll(path.equals(TOKEN) ? postRequestedFor(urlPathEqualTo(path))
                : getRequestedFor(urlPathEqualTo(path))));
        return all;
    }

    private LoggedRequest only(String path) {
        List<LoggedRequest> all = requests(path);
        assertThat(all).hasSize(1);
        return all.get(0);
    }

    /** drivecat.ebay.* as a test sets it. */
    record TestEbay(Optional<String> clientId, Optional<String> clientSecret, String apiUrl, String tokenUrl, List<String> marketplaces,
            Optional<String> categoryId, int dailyCallBudget, int resultsPerCall, Duration minInterval) implements EbaySettings {

        /** Keys set, the API and token endpoint at {@code base}, EBAY_US, no category, eBay's default budget and page size. */
        static TestEbay at(String base) {
            return new TestEbay(Optional.of(CLIENT_ID), Optional.of(CLIENT_SECRET), base, base + TOKEN, List.of("EBAY_US"), Optional.empty(),
                    5000, 50, Duration.ofSeconds(1));
        }

        @Override
        public String scope() {
            return "https://api.ebay.com/oauth/api_scope";
        }

        @Override
        public Optional<String> verificationToken() {
            return Optional.empty();
        }

        @Override
        public Duration publicKeyCacheFor() {
            return Duration.ofHours(1);
        }

        TestEbay withKeys(Optional<String> id, Optional<String> secret) {
            return new TestEbay(id, secret, apiUrl, tokenUrl, marketplaces, categoryId, dailyCallBudget, resultsPerCall, minInterval);
        }

        TestEbay withCategory(String category) {
            return new TestEbay(clientId, clientSecret, apiUrl, tokenUrl, marketplaces, Optional.of(category), dailyCallBudget, resultsPerCall,
                    minInterval);
        }

        TestEbay withResultsPerCall(int limit) {
            return new TestEbay(clientId, clientSecret, apiUrl, tokenUrl, marketplaces, categoryId, dailyCallBudget, limit, minInterval);
        }

        TestEbay withBudget(int budget) {
            return new TestEbay(clientId, clientSecret, apiUrl, tokenUrl, marketplaces, categoryId, budget, resultsPerCall, minInterval);
        }

        TestEbay withInterval(Duration interval) {
            return new TestEbay(clientId, clientSecret, apiUrl, tokenUrl, marketplaces, categoryId, dailyCallBudget, resultsPerCall, interval);
        }

        TestEbay withMarketplaces(String... ids) {
            return new TestEbay(clientId, clientSecret, apiUrl, tokenUrl, List.of(ids), categoryId, dailyCallBudget, resultsPerCall, minInterval);
        }

        TestEbay withUrls(String base) {
            return new TestEbay(clientId, clientSecret, base, base + TOKEN, marketplaces, categoryId, dailyCallBudget, resultsPerCall, minInterval);
        }
    }

    /** The day's calls in memory, with ApiCalls' rule: a call is taken only while the budget lasts. */
    static final class MemoryApiCalls extends ApiCalls {
        final Map<String, AtomicInteger> made = new ConcurrentHashMap<>();

        @Override
        public boolean take(String source, int dailyBudget) {
            AtomicInteger count = made.computeIfAbsent(source, s -> new AtomicInteger());
            return count.getAndUpdate(c -> c < dailyBudget ? c + 1 : c) < dailyBudget;
        }

        @Override
        public int today(String source) {
            return made.computeIfAbsent(source, s -> new AtomicInteger()).get();
        }
    }

    /** Pacing that records what was reserved and held off, and answers a fixed wait. */
    static final class RecordingHostSlots extends HostSlots {
        final List<String> reserved = new CopyOnWriteArrayList<>();
        final List<Map.Entry<String, Instant>> heldOff = new CopyOnWriteArrayList<>();
        volatile Duration wait = Duration.ZERO;

        @Override
        public Duration reserve(String host, Duration interval) {
            reserved.add(host + " " + interval);
            return wait;
        }

        @Override
        public void holdOff(String host, Instant until) {
            heldOff.add(Map.entry(host, until));
        }
    }

    static final class MovableClock extends Clock {
        private volatile Instant now;

        MovableClock(Instant now) {
            this.now = now;
        }

        void move(Duration by) {
            now = now.plus(by);
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
