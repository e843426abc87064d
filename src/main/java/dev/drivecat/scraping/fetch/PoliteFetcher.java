package dev.drivecat.scraping.fetch;

import dev.drivecat.common.RetryAfter;
import dev.drivecat.scraping.fetch.FetchResult.Failed;
import dev.drivecat.scraping.fetch.FetchResult.FailureReason;
import dev.drivecat.scraping.fetch.FetchResult.Fetched;
import dev.drivecat.scraping.fetch.FetchResult.NotModified;
import dev.drivecat.scraping.fetch.FetchResult.RefusalReason;
import dev.drivecat.scraping.fetch.FetchResult.Refused;
import dev.drivecat.scraping.fetch.FetchTransport.Exchange;
import dev.drivecat.scraping.fetch.UrlGuard.Target;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import org.apache.hc.core5.http.ContentType;

/**
 * Fetches marketplace pages the way a polite, careful robot should: only hosts the
 * {@link HostPolicy} names, only public addresses, only what robots.txt allows, one request at a
 * time per host at the host's pace, backing off when asked, and never reading more than it may.
 * Thread-safe; see src/docs/fetcher.md for the guarantees and limits.
 */
@ApplicationScoped
public class PoliteFetcher implements AutoCloseable {

    /** The product token robots.txt groups are matched against. */
    static final String ROBOTS_TOKEN = "drivecat";
    /** RFC 9309 asks crawlers to parse at least 500 KiB; we read that much and ignore the rest. */
    static final int ROBOTS_MAX_BYTES = 500 * 1024;
    /** RFC 9309: follow at least five redirects for robots.txt. */
    static final int ROBOTS_MAX_REDIRECTS = 5;

    private final FetcherSettings config;
    private final Clock clock;
    private final UrlGuard guard;
    private final HostPacer pacer;
    private final Backoff backoff;
    private final RobotsCache robots;
    private final FetchTransport transport;

    @Inject
    public PoliteFetcher(FetcherSettings config, HostPolicy hostPolicy, AddressLookup addressLookup) {
        this(config, hostPolicy, Clock.systemUTC(), Sleeper.SYSTEM, addressLookup,
                () -> ThreadLocalRandom.current().nextDouble());
    }

    /**
     * For tests and tools: the clock, the sleeping, name resolution and the jitter (values in
     * [0, 1)) are replaceable.
     */
    public PoliteFetcher(FetcherSettings config, HostPolicy hostPolicy, Clock clock, Sleeper sleeper,
            AddressLookup addressLookup, DoubleSupplier jitter) {
        this.config = config;
        this.clock = clock;
        this.guard = new UrlGuard(hostPolicy, config.allowLoopback());
        this.pacer = new HostPacer(hostPolicy, clock, sleeper);
        this.backoff = new Backoff(config.backoffBase(), config.backoffCap(), jitter);
        this.robots = new RobotsCache(clock);
        this.transport = new FetchTransport(config, new CheckingDnsResolver(addressLookup, guard));
    }

    /**
     * Why a URL would be refused before anything is sent: scheme, host spelling, numeric and
     * literal hosts, the host policy, user info. Empty when the fetcher would go on to ask
     * robots.txt and resolve the host, which only a fetch does.
     */
    public Optional<Refused> refusal(String url) {
        return Optional.ofNullable(guard.check(url).refused());
    }

    /** Fetches one page. Never throws for anything the network or the server does. */
    public FetchResult fetch(FetchRequest request) {
        try {
            return fetchChecked(request);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Failed(FailureReason.INTERRUPTED, "interrupted while fetching " + request.url(), null);
        }
    }

    private FetchResult fetchChecked(FetchRequest request) throws InterruptedException {
        UrlGuard.Checked checked = guard.check(request.url());
        if (checked.refused() != null) {
            return checked.refused();
        }
        Target target = checked.target();
        for (int redirects = 0; ; redirects++) {
            Refused robotsRefusal = checkRobots(target);
            if (robotsRefusal != null) {
                return robotsRefusal;
            }
            // validators belong to the URL they came with: only the first hop is conditional
            Step step = exchangeWithRetries(target, redirects == 0 ? request : null);
            if (step.result() != null) {
                return step.result();
            }
            Exchange.Response response = step.redirect();
            if (redirects >= config.maxRedirects()) {
                return new Failed(FailureReason.TOO_MANY_REDIRECTS,
                        "more than " + config.maxRedirects() + " redirects, last at " + target.uri(), response.status());
            }
            if (response.redirect() == null) {
                return new Failed(FailureReason.BAD_REDIRECT, "HTTP " + response.status() + " from " + target.uri()
                        + " without a usable Location" + (response.redirectError() == null ? ""
                        : ": " + response.redirectError()), response.status());
            }
            UrlGuard.Checked next = guard.check(response.redirect());
            if (next.refused() != null) {
                Refused refused = next.refused();
                return new Refused(refused.reason(), "redirect from " + target.uri() + ": " + refused.detail());
            }
            target = next.target();
        }
    }

    /** Either a final result or a redirect to follow. */
    private record Step(FetchResult result, Exchange.Response redirect) {
    }

    /** One hop, retried on 429/503; {@code conditional} carries the validators, or is null. */
    private Step exchangeWithRetries(Target target, FetchRequest conditional) throws InterruptedException {
        Map<String, String> headers = new LinkedHashMap<>();
        if (conditional != null && conditional.previousEtag() != null) {
            headers.put("If-None-Match", conditional.previousEtag());
        }
        if (conditional != null && conditional.previousLastModified() != null) {
            headers.put("If-Modified-Since", conditional.previousLastModified());
        }
        FetchTransport.Limits limits =
                new FetchTransport.Limits(config.maxBodyBytes(), config.maxDecodedBodyBytes(), false);
        for (int retry = 0; ; retry++) {
            Exchange exchange;
            try (HostPacer.Turn turn = pacer.await(target.host())) {
                exchange = transport.get(target.uri(), headers, limits);
                if (exchange instanceof Exchange.Response response && isBackOff(response.status())) {
                    int status = response.status();
                    Optional<Duration> retryAfter = RetryAfter.parse(response.header("Retry-After"), clock.instant());
                    if (retryAfter.isPresent() && retryAfter.get().compareTo(backoff.cap()) > 0) {
                        turn.holdOff(backoff.cap());
                        return failedStep(status, "HTTP " + status + " from " + target.uri() + " asks to retry after "
                                + retryAfter.get() + ", longer than drivecat.fetcher.backoff-cap " + backoff.cap());
                    }
                    Duration wait = backoff.delay(retry);
                    if (retryAfter.isPresent() && retryAfter.get().compareTo(wait) > 0) {
                        wait = retryAfter.get();
                    }
                    // the pacer serves the wait before the next turn on this host, whoever takes it
                    turn.holdOff(wait);
                    if (retry >= config.maxRetries()) {
                        return failedStep(status, "HTTP " + status + " from " + target.uri() + " after " + retry + " retries");
                    }
                    continue;
                }
            }
            return toStep(target, conditional, exchange);
        }
    }

    private static Step failedStep(int status, String detail) {
        return new Step(new Failed(FailureReason.HTTP_STATUS, detail, status), null);
    }

    private static Step toStep(Target target, FetchRequest conditional, Exchange exchange) {
        if (exchange instanceof Exchange.Response response && isRedirect(response.status())) {
            return new Step(null, response);
        }
        return new Step(finish(target, conditional, exchange), null);
    }

    private static FetchResult finish(Target target, FetchRequest conditional, Exchange exchange) {
        if (exchange instanceof Exchange.Blocked blocked) {
            return blocked.refused();
        }
        if (exchange instanceof Exchange.Error error) {
            return new Failed(error.reason(), error.detail() + " (" + target.uri() + ")", null);
        }
        Exchange.Response response = (Exchange.Response) exchange;
        int status = response.status();
        if (status >= 200 && status < 300) {
            String contentTypeHeader = response.header("Content-Type");
            ContentType contentType = contentTypeHeader == null ? null : ContentType.parseLenient(contentTypeHeader);
            return new Fetched(target.uri(), status, response.body(),
                    contentType == null ? null : contentType.getMimeType().toLowerCase(Locale.ROOT),
                    charset(contentType), response.header("ETag"), response.header("Last-Modified"));
        }
        if (status == 304 && conditional != null && conditional.isConditional()) {
            return new NotModified(target.uri(), response.header("ETag"), response.header("Last-Modified"));
        }
        return new Failed(FailureReason.HTTP_STATUS, "HTTP " + status + " from " + target.uri(), status);
    }

    private static Charset charset(ContentType contentType) {
        if (contentType == null) {
            return null;
        }
        try {
            return contentType.getCharset();
        } catch (RuntimeException e) {
            // unknown or malformed charset name: leave detection to the parser
            return null;
        }
    }

    private static boolean isBackOff(int status) {
        return status == 429 || status == 503;
    }

    private static boolean isRedirect(int status) {
        return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
    }

    // --- robots.txt (RFC 9309) ---

    /** Null when robots.txt lets us fetch the target; otherwise the refusal. */
    private Refused checkRobots(Target target) throws InterruptedException {
        String path = target.uri().getRawPath() + (target.uri().getRawQuery() == null ? "" : "?" + target.uri().getRawQuery());
        if ("/robots.txt".equals(target.uri().getRawPath())) {
            return null;
        }
        Refused[] blocked = new Refused[1];
        RobotsCache.Entry entry = robots.get(target.origin(), () -> {
            RobotsOutcome outcome = loadRobots(target);
            blocked[0] = outcome.blocked();
            return outcome.entry();
        });
        if (entry == null) {
            return blocked[0];
        }
        if (!entry.reachable()) {
            return new Refused(RefusalReason.ROBOTS_UNREACHABLE, "robots.txt of " + target.origin()
                    + " could not be read (" + entry.note() + "); RFC 9309: assume everything disallowed");
        }
        if (!entry.rules().allows(path)) {
            return new Refused(RefusalReason.ROBOTS_DISALLOWED,
                    "robots.txt of " + target.origin() + " disallows " + path + " for " + ROBOTS_TOKEN);
        }
        return null;
    }

    /** Either a cacheable entry, or (when the origin itself may not be contacted) the page's refusal. */
    private record RobotsOutcome(RobotsCache.Entry entry, Refused blocked) {
    }

    private RobotsOutcome loadRobots(Target pageTarget) throws InterruptedException {
        URI robotsUri = pageTarget.uri().resolve("/robots.txt");
        UrlGuard.Checked checked = guard.check(robotsUri);
        if (checked.refused() != null) {
            return new RobotsOutcome(null, checked.refused());
        }
        Target target = checked.target();
        FetchTransport.Limits limits = new FetchTransport.Limits(config.maxBodyBytes(), ROBOTS_MAX_BYTES, true);
        for (int redirects = 0; ; redirects++) {
            Exchange exchange;
            try (HostPacer.Turn turn = pacer.await(target.host())) {
                exchange = transport.get(target.uri(), Map.of("Accept", "text/plain,*/*;q=0.5"), limits);
                if (exchange instanceof Exchange.Response response && isBackOff(response.status())) {
                    RetryAfter.parse(response.header("Retry-After"), clock.instant())
                            .map(d -> d.compareTo(backoff.cap()) > 0 ? backoff.cap() : d)
                            .ifPresent(turn::holdOff);
                }
            }
            if (exchange instanceof Exchange.Blocked blocked) {
                // the page's own origin resolves to a forbidden address: refuse the page for that reason
                return redirects == 0 ? new RobotsOutcome(null, blocked.refused())
                        : unreachable("redirected to " + target.uri() + ", which is refused: " + blocked.refused().detail());
            }
            if (exchange instanceof Exchange.Error error) {
                return unreachable(error.detail());
            }
            Exchange.Response response = (Exchange.Response) exchange;
            int status = response.status();
            if (status >= 200 && status < 300) {
                return reachable(RobotsRules.parse(robotsText(response), ROBOTS_TOKEN), "HTTP " + status);
            }
            if (isRedirect(status)) {
                if (redirects >= ROBOTS_MAX_REDIRECTS || response.redirect() == null) {
                    return unreachable(response.redirect() == null ? "redirect without a usable Location"
                            : "more than " + ROBOTS_MAX_REDIRECTS + " redirects");
                }
                UrlGuard.Checked next = guard.check(response.redirect());
                if (next.refused() != null) {
                    return unreachable("redirected to a refused URL: " + next.refused().detail());
                }
                target = next.target();
                continue;
            }
            if (status == 429 || status >= 500) {
                // 429 is a request to slow down, not a missing file: treated like a server error
                return unreachable("HTTP " + status);
            }
            if (status >= 400) {
                return reachable(RobotsRules.ALLOW_ALL, "HTTP " + status + ": no robots.txt, everything allowed");
            }
            return unreachable("unexpected HTTP " + status);
        }
    }

    private static String robotsText(Exchange.Response response) {
        String text = new String(response.body(), StandardCharsets.UTF_8);
        if (response.truncated()) {
            // a cut last line could turn "Allow: /private-ok" into the broader "Allow: /pri"
            int lastBreak = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
            text = lastBreak < 0 ? "" : text.substring(0, lastBreak);
        }
        return text;
    }

    private RobotsOutcome reachable(RobotsRules rules, String note) {
        return new RobotsOutcome(new RobotsCache.Entry(rules, note, clock.instant().plus(config.robotsCacheTtl())), null);
    }

    private RobotsOutcome unreachable(String note) {
        return new RobotsOutcome(new RobotsCache.Entry(null, note, clock.instant().plus(config.robotsUnreachableTtl())), null);
    }

    @PreDestroy
    @Override
    public void close() {
        transport.close();
    }
}
