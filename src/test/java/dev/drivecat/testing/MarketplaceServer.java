package dev.drivecat.testing;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * A marketplace on loopback for the LocalMarketplaces profile: one WireMock server that answers
 * for every marketplace host (tests tell them apart by the Host header) and for eBay's API, with the
 * service's search URLs and API URLs pointed at it. Tests stub it through {@link #server()}.
 */
public class MarketplaceServer implements QuarkusTestResourceLifecycleManager {

    private static WireMockServer server;

    /** The running server; started before the service. */
    public static WireMockServer server() {
        return server;
    }

    /** The server's address as a marketplace host's URL, e.g. http://www.newegg.com:PORT. */
    public static String base(String host) {
        return "http://" + host + ":" + server.port();
    }

    @Override
    public Map<String, String> start() {
        server = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1").gzipDisabled(true));
        server.start();
        Map<String, String> config = new java.util.HashMap<>(Map.of(
                "drivecat.discovery.search-sites", "ebay,newegg,amazon",
                "drivecat.discovery.search-urls.ebay", base("www.ebay.com") + "/sch/i.html?_nkw={query}",
                "drivecat.discovery.search-urls.newegg", base("www.newegg.com") + "/p/pl?d={query}",
                "drivecat.discovery.search-urls.amazon", base("www.amazon.com") + "/s?k={query}",
                "drivecat.discovery.max-part-number-queries-per-drive", "0",
                "drivecat.ebay.api-url", "http://127.0.0.1:" + server.port(),
                "drivecat.ebay.token-url", "http://127.0.0.1:" + server.port() + "/identity/v1/oauth2/token",
                // keys of no real application: the Browse API lives on this server too
                "drivecat.ebay.client-id", "drivecat-test-PRD-0000000000-00000000",
                "drivecat.ebay.client-secret", "PRD-test-secret-not-real",
                "drivecat.ebay.min-interval", "PT0S"));
        // Keepa's API too; it is used only where a profile sets a key (LocalApis)
        config.put("drivecat.keepa.api-url", "http://127.0.0.1:" + server.port());
        return config;
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop();
        }
    }
}
