package dev.drivecat.testing;

import dev.drivecat.scraping.SiteDefinitions;
import dev.drivecat.scraping.fetch.AddressLookup;
import dev.drivecat.scraping.fetch.HostPolicy;
import io.quarkus.test.junit.QuarkusTestProfile;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A profile in which the marketplaces of scrapers/ live on this machine: their host names resolve
 * to loopback (where a test's WireMock, or the shared {@link MarketplaceServer}, serves the pages),
 * loopback is allowed, and hosts are not paced; discovery searches the sites' search pages and
 * eBay's API on the shared server. Everything else is the real service: the site definitions, the host allow-list, the
 * fetcher, the parsers and the database.
 */
public class LocalMarketplaces implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("drivecat.fetcher.allow-loopback", "true",
                "drivecat.fetcher.max-retries", "1",
                "drivecat.fetcher.backoff-base", "PT0.01S");
    }

    @Override
    public java.util.List<TestResourceEntry> testResources() {
        return java.util.List.of(new TestResourceEntry(MarketplaceServer.class));
    }

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(LoopbackLookup.class, UnpacedHosts.class);
    }

    /** Marketplace and vendor hosts resolve to 127.0.0.1; no other name resolves at all (no real network in tests). */
    @Alternative
    @Singleton
    public static class LoopbackLookup implements AddressLookup {
        @Inject
        SiteDefinitions sites;

        @Override
        public InetAddress[] lookup(String host) throws UnknownHostException {
            if (sites.hosts().contains(host) || sites.vendors().hosts().contains(host)) {
                return new InetAddress[] {InetAddress.getByAddress(host, new byte[] {127, 0, 0, 1})};
            }
            throw new UnknownHostException(host + " (tests reach only the marketplaces of scrapers/, on loopback)");
        }
    }

    /** The hosts of scrapers/, without the wait between requests. */
    @Alternative
    @Singleton
    public static class UnpacedHosts implements HostPolicy {
        @Inject
        SiteDefinitions sites;

        @Override
        public Optional<Duration> minInterval(String host) {
            return sites.minInterval(host).map(d -> Duration.ZERO);
        }
    }
}
