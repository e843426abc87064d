package dev.drivecat.discovery.ebay;

import dev.drivecat.database.ApiCalls;
import dev.drivecat.database.HostSlots;
import dev.drivecat.discovery.OfficialApi;
import dev.drivecat.discovery.SearchSource;
import dev.drivecat.scraping.SiteDefinitions;
import dev.drivecat.scraping.fetch.FetcherSettings;
import dev.drivecat.scraping.fetch.Sleeper;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * eBay's Browse API as discovery sources: one {@link SearchSource} per configured eBay marketplace
 * ({@code drivecat.ebay.marketplaces}, e.g. EBAY_US → {@code ebay-browse:ebay-us}), sharing one
 * application token, one daily call budget ({@code ebay-browse} in {@link ApiCalls}) and the API
 * host's pacing. See src/docs/discovery-ebay.md.
 *
 * <p>A source is unusable, with the reason, while the application's keys are not set, while the
 * API or token URL is not on a host of {@code apiHosts} in scrapers/ebay.yaml (loopback is allowed
 * only with {@code drivecat.fetcher.allow-loopback}, for tests), and when its marketplace has no
 * drivecat marketplace in scrapers/ebay.yaml.
 *
 * <p>It plugs into discovery as an {@link OfficialApi}, as Keepa does, so that discovery does not know
 * it; its priority lists its sources ahead of Keepa's.
 */
@Singleton
@Priority(1)
public class EbayBrowse implements OfficialApi {

    /** The name of the Browse API's sources and its daily budget. */
    public static final String NAME = "ebay-browse";
    /** eBay's largest {@code limit}: "Max: 200". */
    static final int MAX_LIMIT = 200;

    private final List<SearchSource> sources;
    private final Optional<String> unusable;
    private final NotificationKeys notificationKeys;

    @Inject
    EbayBrowse(EbaySettings ebay, FetcherSettings fetcher, SiteDefinitions sites, ApiCalls calls, HostSlots slots, MeterRegistry registry) {
        this(ebay, fetcher.allowLoopback(), fetcher.userAgent(), sites, calls, slots, registry, Clock.systemUTC(), Sleeper.SYSTEM,
                EbayHttp.Limits.DEFAULT);
    }

    EbayBrowse(EbaySettings ebay, boolean allowLoopback, String userAgent, SiteDefinitions sites, ApiCalls calls, HostSlots slots,
            MeterRegistry registry, Clock clock, Sleeper sleeper, EbayHttp.Limits limits) {
        BrowseMetrics metrics = new BrowseMetrics(registry, NAME);
        List<String> problems = new ArrayList<>();
        Optional<String> clientId = ebay.clientId().map(String::strip).filter(s -> !s.isEmpty());
        Optional<String> clientSecret = ebay.clientSecret().map(String::strip).filter(s -> !s.isEmpty());
        if (clientId.isEmpty() || clientSecret.isEmpty()) {
            problems.add("set DRIVECAT_EBAY_CLIENT_ID and DRIVECAT_EBAY_CLIENT_SECRET (the App ID and Cert ID of an eBay application"
                    + " keyset, https://developer.ebay.com/my/keys) to search eBay through its Browse API");
        }
        Optional<URI> apiUrl = apiUri("drivecat.ebay.api-url", ebay.apiUrl(), sites, allowLoopback, problems);
        Optional<URI> tokenUrl = apiUri("drivecat.ebay.token-url", ebay.tokenUrl(), sites, allowLoopback, problems);
        if (ebay.resultsPerCall() > MAX_LIMIT) {
            problems.add("drivecat.ebay.results-per-call is " + ebay.resultsPerCall() + "; eBay returns at most " + MAX_LIMIT + " items per call");
        }
        if (ebay.dailyCallBudget() <= 0) {
            problems.add("drivecat.ebay.daily-call-budget is " + ebay.dailyCallBudget() + ": no call to the Browse API may be made");
        }
        this.unusable = problems.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", problems));

        EbayHttp http = new EbayHttp(limits, userAgent, slots, ebay.minInterval(), sleeper, clock);
        ApplicationToken token = unusable.isPresent() ? null
                : new ApplicationToken(http, tokenUrl.orElseThrow(), clientId.orElseThrow(), clientSecret.orElseThrow(), ebay.scope(), clock, metrics);
        EbayBrowseSource.Settings settings = new EbayBrowseSource.Settings(apiUrl.orElse(null), ebay.categoryId().map(String::strip)
                .filter(s -> !s.isEmpty()), ebay.resultsPerCall(), ebay.dailyCallBudget(), NAME, calls, http, token, metrics, clock);

        Map<String, String> hostByMarketplace = ebayMarketplaces(sites);
        List<SearchSource> built = new ArrayList<>();
        for (String configured : ebay.marketplaces()) {
            String marketplaceId = configured.strip().toUpperCase(Locale.ROOT);
            String marketplace = marketplaceId.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
            String name = NAME + ":" + (marketplace.isEmpty() ? "none" : marketplace);
            String host = hostByMarketplace.get(marketplace);
            Optional<String> own = host != null ? Optional.empty()
                    : Optional.of("the eBay marketplace " + marketplaceId + " (drivecat.ebay.marketplaces) has no drivecat marketplace " + marketplace
                            + " in scrapers/ebay.yaml, which has " + String.join(", ", hostByMarketplace.keySet()));
            Optional<String> why = own.isPresent() ? own : unusable;
            ItemSummaryReader reader = new ItemSummaryReader(marketplace, host, sites);
            built.add(new EbayBrowseSource(name, marketplaceId, marketplace, () -> why, settings, reader));
        }
        this.sources = List.copyOf(built);
        this.notificationKeys = new NotificationKeys(apiUrl.orElse(null), http, token, ebay.publicKeyCacheFor(), clock);
        int budget = ebay.dailyCallBudget();
        metrics.budget(() -> {
            try {
                return (double) Math.max(0, budget - calls.today(NAME));
            } catch (RuntimeException e) {
                return Double.NaN;
            }
        });
    }

    /** One source per configured marketplace, in the configured order; each may be unusable (see {@link SearchSource#unusable()}). */
    @Override
    public List<SearchSource> sources() {
        return sources;
    }

    /** The public keys of eBay's Notification API, had with the application token and kept for a while. */
    public NotificationKeys notificationKeys() {
        return notificationKeys;
    }

    /** Why no marketplace can be searched (keys, URLs, limits); empty when they can, unless a marketplace of its own cannot. */
    public Optional<String> unusable() {
        return unusable;
    }

    /** drivecat's eBay marketplaces in scrapers/ebay.yaml and their item pages' hosts ({@code ebay-us} → {@code www.ebay.com}). */
    private static Map<String, String> ebayMarketplaces(SiteDefinitions sites) {
        Map<String, String> hosts = new TreeMap<>();
        for (String host : sites.hosts()) {
            sites.forHost(host).filter(site -> "ebay".equals(site.definition().site()))
                    .ifPresent(site -> hosts.putIfAbsent(site.marketplace(), host));
        }
        return hosts;
    }

    /** The URL, when it is https on an API host of scrapers/ (or loopback, where allowed); else empty, with the problem added. */
    private static Optional<URI> apiUri(String property, String url, SiteDefinitions sites, boolean allowLoopback, List<String> problems) {
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            problems.add(property + " is not a URL: " + e.getMessage());
            return Optional.empty();
        }
        String host = uri.getHost() == null ? null : uri.getHost().toLowerCase(Locale.ROOT);
        if (host == null || uri.getRawUserInfo() != null) {
            problems.add(property + " " + uri + " has no host, or has user info");
            return Optional.empty();
        }
        boolean loopback = allowLoopback && isLoopback(host);
        if (!loopback && !sites.apiHosts().contains(host)) {
            problems.add(property + " " + uri + ": " + host + " is not an eBay API host of scrapers/ebay.yaml (" + String.join(", ", sites.apiHosts())
                    + ")" + (isLoopback(host) ? "; loopback is allowed only with drivecat.fetcher.allow-loopback, for tests" : ""));
            return Optional.empty();
        }
        if (!loopback && !"https".equalsIgnoreCase(uri.getScheme())) {
            problems.add(property + " " + uri + " is not https");
            return Optional.empty();
        }
        if (!"https".equalsIgnoreCase(uri.getScheme()) && !"http".equalsIgnoreCase(uri.getScheme())) {
            problems.add(property + " " + uri + " is not http or https");
            return Optional.empty();
        }
        return Optional.of(uri);
    }

    /** localhost, or a literal loopback address; names are not looked up. */
    static boolean isLoopback(String host) {
        if ("localhost".equals(host)) {
            return true;
        }
        String literal = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (!literal.matches("[0-9.]+|[0-9a-fA-F:]+") || !literal.matches(".*[.:].*")) {
            return false;
        }
        try {
            return InetAddress.getByName(literal).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
