package dev.drivecat;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.time.Duration;
import java.util.Optional;

/** drivecat's own settings ({@code drivecat.*}; as environment variables {@code DRIVECAT_*}). */
@ConfigMapping(prefix = "drivecat")
public interface DrivecatConfig {

    /**
     * The bearer token admin endpoints require ({@code DRIVECAT_ADMIN_TOKEN}). Unset or blank:
     * every admin endpoint answers 401.
     */
    @WithName("admin-token")
    Optional<String> adminToken();

    /**
     * Where the embedded PostgreSQL keeps its cluster ({@code DRIVECAT_DATA_DIR}); read at start-up
     * by DrivecatMain, listed here so that it is documented with the rest.
     */
    @WithName("data-dir")
    @WithDefault("data")
    String dataDir();

    /** Catalog API settings. */
    Api api();

    /** Price history settings. */
    Prices prices();

    /** Seed catalog settings. */
    Seed seed();

    /** Import endpoint settings. */
    Imports imports();

    interface Api {
        /** Page size when a request gives no {@code limit}. */
        @WithDefault("20")
        int defaultLimit();

        /** The largest {@code limit} a list request may ask for; above it the answer is 400. */
        @WithDefault("100")
        int maxLimit();

        /** The currency best offers are chosen in when a request names none. */
        @WithDefault("USD")
        String defaultCurrency();
    }

    /** Scrape schedule settings. */
    Scrape scrape();

    /** Per-client request limits. */
    RateLimits rateLimits();

    /** Operational checks. */
    Health health();

    interface RateLimits {
        /** Requests to /recommend per client per minute (0: no limit). */
        @WithDefault("120")
        int recommendPerMinute();

        /** Price-history exports (/drives/{slug}/prices) per client per minute (0: no limit). */
        @WithDefault("30")
        int exportPerMinute();
    }

    interface Health {
        /**
         * The data-freshness check reports DOWN ("degraded") when watched pages exist and no page
         * was scraped successfully within this age.
         */
        @WithDefault("PT24H")
        Duration scrapeFreshness();
    }

    interface Scrape {
        /**
         * When scrape runs start (Quartz cron, seconds first), once per cluster; {@code off}
         * disables the schedule (runs can still be started with POST /admin/scrapes).
         */
        @WithDefault("0 0 */6 * * ?")
        String cron();

        /** A random delay up to this long before each scheduled run, so instances and sites are not hit on the hour. */
        @WithDefault("PT10M")
        Duration jitter();
    }

    interface Prices {
        /** An offer whose newest observation is older than this is shown as stale. */
        @WithDefault("P7D")
        Duration staleAfter();

        /**
         * A price that moves by more than this factor (up or down) from the listing's current
         * price is stored but held as suspect until the next observation confirms it.
         */
        @WithDefault("2.0")
        java.math.BigDecimal suspectFactor();
    }

    interface Imports {
        /** The largest request body an import endpoint (structured, spec page, spec table) accepts; above it the answer is 413. */
        @WithDefault("5242880")
        long maxBodyBytes();
    }

    interface Seed {
        /** Import the bundled seed catalog at start-up (once per seed file version). */
        @WithDefault("true")
        boolean enabled();
    }
}
