package dev.drivecat.discovery;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Discovery: drivecat searching the marketplaces for offers of the catalog's drives
 * ({@code drivecat.discovery.*}; as environment variables {@code DRIVECAT_DISCOVERY_*}).
 */
@ConfigMapping(prefix = "drivecat.discovery")
public interface DiscoverySettings {

    /**
     * When discovery runs start (Quartz cron, seconds first), once per source and cluster;
     * {@code off} disables the schedule (runs can still be started with POST /admin/discoveries).
     */
    @WithDefault("0 30 4 * * ?")
    String cron();

    /** A random delay up to this long before each scheduled run. */
    @WithDefault("PT10M")
    Duration jitter();

    /**
     * The sites of scrapers/ whose search pages discovery reads (each only where its robots.txt
     * allows drivecat's search URLs). Amazon's conditions of use forbid robots and eBay asks for
     * its API, so only Newegg's are read by default.
     */
    @WithDefault("newegg")
    List<String> searchSites();

    /**
     * Another search URL for a site than its definition's (e.g. another of its hosts), by site:
     * {@code drivecat.discovery.search-urls.ebay=https://www.ebay.de/sch/i.html?_nkw={query}}. Its
     * host must be one of the site's hosts.
     */
    Map<String, String> searchUrls();

    /** The result pages one query reads at most. */
    @WithDefault("1")
    @Positive
    int maxPagesPerQuery();

    /** The part numbers of one drive searched for at most (besides its model and capacity). */
    @WithDefault("2")
    int maxPartNumberQueriesPerDrive();

    /**
     * The sweep searches of scrapers/sweeps.yaml one run makes at most, after its searches for the
     * catalog's drives (0: none): they find the drives the catalog lacks, for proposals.
     */
    @WithDefault("15")
    @PositiveOrZero
    int maxSweepQueries();

    /** A listing a source found is ended after this many complete runs of that source that do not show it. */
    @WithDefault("2")
    @Positive
    int endedAfterMissedRuns();

    /**
     * Put the item page of every listing discovery creates on the watch list, so scrape runs fetch
     * it (its price wins over the search result's, and a 404 ends the listing).
     */
    @WithDefault("true")
    boolean watchMatched();
}
