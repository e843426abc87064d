package dev.drivecat.discovery.keepa;

import dev.drivecat.database.ApiCalls;
import dev.drivecat.discovery.SearchSource.SearchFailure;
import dev.drivecat.discovery.SearchSource.SearchFailure.Kind;
import dev.drivecat.scraping.fetch.FetcherSettings;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.FaultToleranceException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.jboss.logging.Logger;

/**
 * drivecat's Keepa client: the daily token budget kept across the cluster ({@code keepa} in {@link ApiCalls}, counted
 * in tokens as each answer states them), pacing by the token bucket of the last answer (a call that needs more tokens
 * than are left waits for the refill, up to {@code drivecat.keepa.max-token-wait}), and every failure as a
 * {@link SearchFailure} whose reason never holds the key. See src/docs/discovery.md, "Amazon through Keepa".
 */
@ApplicationScoped
public class KeepaClient {

    private static final Logger LOG = Logger.getLogger(KeepaClient.class);
    /** The name of Keepa's daily token budget in {@link ApiCalls} and in metrics. */
    public static final String BUDGET = "keepa";
    /** Keepa: a search page costs 10 tokens. */
    static final int SEARCH_TOKENS = 10;
    /** Keepa: a product with offers costs 6 tokens per page of up to 10 offers found: at least 6. */
    static final int OFFER_PAGE_TOKENS = 6;
    /** Keepa: at most 20 ASINs per call with offers. */
    static final int MAX_ASINS_WITH_OFFERS = 20;
    private static final int MAX_REASON = 300;

    @Inject
    KeepaExchange exchange;

    @Inject
    KeepaSettings config;

    @Inject
    FetcherSettings fetcher;

    @Inject
    ApiCalls calls;

    @Inject
    MeterRegistry registry;

    Clock clock = Clock.systemUTC();

    /** Sleeps for the pacing; tests may replace it. */
    Pacing pacing = duration -> Thread.sleep(duration.toMillis());

    interface Pacing {
        void sleep(Duration duration) throws InterruptedException;
    }

    @PostConstruct
    void metrics() {
        Gauge.builder("drivecat.discovery.api.budget.remaining", this, KeepaClient::budgetLeft)
                .description("Calls left of a metered search API's daily budget (UTC day, across instances); for Keepa, tokens")
                .tag("source", BUDGET).register(registry);
        Gauge.builder("drivecat.keepa.tokens.left", exchange, e -> e.bucket() == null ? Double.NaN : e.bucket().tokensLeft())
                .description("Tokens in Keepa's bucket after its last answer").register(registry);
    }

    private double budgetLeft() {
        try {
            return Math.max(0, config.dailyTokens() - calls.today(BUDGET));
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }

    /** Why Keepa cannot be asked (no key, an API URL that is not https, no budget); empty when it can. */
    public Optional<String> unusable() {
        List<String> problems = new ArrayList<>();
        if (config.key().map(String::strip).filter(k -> !k.isEmpty()).isEmpty()) {
            problems.add("set DRIVECAT_KEEPA_KEY (the access key of a Keepa API subscription, https://keepa.com/#!api) to read Amazon's"
                    + " offers and price history through Keepa");
        }
        try {
            URI uri = new URI(config.apiUrl().strip());
            boolean loopback = uri.getHost() != null && fetcher.allowLoopback() && isLoopback(uri.getHost());
            if (uri.getHost() == null || uri.getRawUserInfo() != null) {
                problems.add("drivecat.keepa.api-url " + uri + " has no host, or has user info");
            } else if (!"https".equalsIgnoreCase(uri.getScheme()) && !(loopback && "http".equalsIgnoreCase(uri.getScheme()))) {
                problems.add("drivecat.keepa.api-url " + uri + " is not https" + (isLoopback(uri.getHost())
                        ? "; loopback over http is allowed only with drivecat.fetcher.allow-loopback, for tests" : ""));
            }
        } catch (URISyntaxException e) {
            problems.add("drivecat.keepa.api-url is not a URL: " + e.getMessage());
        }
        if (config.dailyTokens() <= 0) {
            problems.add("drivecat.keepa.daily-tokens is " + config.dailyTokens() + ": no token may be spent");
        }
        if (config.offers() < 20 || config.offers() > 100) {
            problems.add("drivecat.keepa.offers is " + config.offers() + "; Keepa takes 20 to 100");
        }
        return problems.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", problems));
    }

    private static boolean isLoopback(String host) {
        return host.equals("localhost") || host.equals("127.0.0.1") || host.equals("[::1]") || host.startsWith("127.");
    }

    /** One page (0 to 9) of Keepa's product search: the products, without their history. */
    KeepaAnswer search(KeepaTarget target, String term, int page) throws SearchFailure {
        return call(target, new KeepaExchange.Search(target.domain().id, term, page), SEARCH_TOKENS);
    }

    /** Products by ASIN (at most {@link #MAX_ASINS_WITH_OFFERS}) with their live offers and price history. */
    KeepaAnswer products(KeepaTarget target, List<String> asins) throws SearchFailure {
        if (asins.size() > MAX_ASINS_WITH_OFFERS) {
            throw new IllegalArgumentException("at most " + MAX_ASINS_WITH_OFFERS + " ASINs per call with offers");
        }
        return call(target, new KeepaExchange.Products(target.domain().id, List.copyOf(asins), config.offers()),
                OFFER_PAGE_TOKENS * asins.size());
    }

    private KeepaAnswer call(KeepaTarget target, KeepaExchange.Call call, int expected) throws SearchFailure {
        String marketplace = target.marketplace();
        int spent;
        try {
            spent = calls.today(BUDGET);
        } catch (RuntimeException e) {
            throw new SearchFailure(Kind.FAILED, "Keepa's token budget could not be read: " + clean(String.valueOf(e.getMessage())));
        }
        if (spent + expected > config.dailyTokens()) {
            LocalDate day = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
            String reason = "Keepa's daily token budget is spent: " + spent + " of " + config.dailyTokens() + " tokens used on " + day
                    + " (UTC, all instances; DRIVECAT_KEEPA_DAILY_TOKENS), and the next call needs about " + expected
                    + "; it renews at 00:00 UTC";
            LOG.warn(reason);
            count(marketplace, "budget");
            throw new SearchFailure(Kind.BUDGET, reason);
        }
        pace(expected);
        try {
            KeepaAnswer answer = exchange.call(call);
            int consumed = answer.tokensConsumed() == null ? expected : Math.max(0, answer.tokensConsumed());
            calls.add(BUDGET, consumed);
            count(marketplace, "ok");
            return answer;
        } catch (KeepaExchange.NotEnoughTokens e) {
            throw failure(marketplace, "throttled", Kind.FAILED, e.getMessage() + "; waited for the refill 3 times, the query is given up");
        } catch (KeepaExchange.Refused e) {
            throw failure(marketplace, "auth", e.kind, e.getMessage());
        } catch (KeepaExchange.Unanswered e) {
            throw failure(marketplace, "unanswered", Kind.FAILED, e.getMessage());
        } catch (CircuitBreakerOpenException e) {
            throw failure(marketplace, "unanswered", Kind.FAILED, "Keepa is not asked for a minute after calls in a row that had no answer");
        } catch (TimeoutException e) {
            throw failure(marketplace, "unanswered", Kind.FAILED, "Keepa did not answer within 60 s");
        } catch (FaultToleranceException e) {
            throw failure(marketplace, "failed", Kind.FAILED, "the call to Keepa failed: " + e.getClass().getSimpleName());
        } catch (RuntimeException e) {
            // whatever the client threw: its message may hold the request's URL, and with it the key
            throw failure(marketplace, "unanswered", Kind.FAILED, "no answer from Keepa (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
    }

    /** Waits for the tokens the call needs when the last answer left fewer, up to {@code max-token-wait}. */
    private void pace(int needed) throws SearchFailure {
        KeepaExchange.Bucket bucket = exchange.bucket();
        if (bucket == null || bucket.tokensLeft() >= needed) {
            return;
        }
        long sinceAnswer = Duration.between(bucket.at(), clock.instant()).toMillis();
        long wait = Math.max(0, bucket.refillIn() - sinceAnswer);
        int perMinute = Math.max(1, bucket.refillRate());
        int missing = needed - bucket.tokensLeft();
        // after the first refill, one more minute per refill the call still lacks
        wait += (long) Math.max(0, (missing - 1) / perMinute) * 60_000L;
        if (wait <= 0) {
            return;
        }
        if (wait > config.maxTokenWait().toMillis()) {
            throw new SearchFailure(Kind.FAILED, "Keepa's token bucket held " + bucket.tokensLeft() + " tokens, the call needs about " + needed
                    + ", and the refill takes " + Duration.ofMillis(wait) + ", longer than drivecat.keepa.max-token-wait "
                    + config.maxTokenWait());
        }
        try {
            pacing.sleep(Duration.ofMillis(wait));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SearchFailure(Kind.FAILED, "interrupted while waiting for Keepa's tokens");
        }
    }

    private SearchFailure failure(String marketplace, String outcome, Kind kind, String reason) {
        count(marketplace, outcome);
        String cleaned = clean(reason);
        LOG.warnf("Keepa: %s", cleaned);
        return new SearchFailure(kind, cleaned);
    }

    private void count(String domain, String outcome) {
        Counter.builder("drivecat.discovery.api.calls")
                .description("Calls to a marketplace's metered search API, by marketplace and outcome")
                .tag("source", BUDGET).tag("marketplace", domain).tag("outcome", outcome)
                .register(registry).increment();
    }

    /** Text fit for a reason or a log line: one line, without the key (as given or URL-encoded), at most 300 characters. */
    String clean(String text) {
        String cleaned = text.replaceAll("[\\p{Cntrl}\\p{Zl}\\p{Zp}]+", " ").strip();
        Optional<String> key = config.key().map(String::strip).filter(k -> !k.isEmpty());
        if (key.isPresent()) {
            cleaned = cleaned.replace(key.get(), "[redacted]").replace(URLEncoder.encode(key.get(), StandardCharsets.UTF_8), "[redacted]");
        }
        // a URL's key parameter, whatever it holds
        cleaned = cleaned.replaceAll("(?i)([?&]key=)[^&\\s)\"']*", "$1[redacted]");
        return cleaned.length() > MAX_REASON ? cleaned.substring(0, MAX_REASON - 1) + "…" : cleaned;
    }
}
