package dev.drivecat.web;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Per-client request limits ({@code drivecat.rate-limits.*}; as environment variables {@code DRIVECAT_RATE_LIMITS_*}). */
@ConfigMapping(prefix = "drivecat.rate-limits")
public interface RateLimitSettings {

    /** Requests to /recommend per client per minute (0: no limit). */
    @WithDefault("120")
    int recommendPerMinute();

    /** Price-history exports (/drives/{slug}/prices and its chart, prices.svg) per client per minute (0: no limit). */
    @WithDefault("30")
    int exportPerMinute();

    /** Identifications (/identify, both forms) per client per minute (0: no limit). */
    @WithDefault("60")
    int identifyPerMinute();

    /** Pastes read by POST /pools/parse per client per minute (0: no limit). */
    @WithDefault("30")
    int poolsPerMinute();

    /** Reads of one drive (/drives/{slug}, the page and the JSON, which draws its price chart) per client per minute (0: no limit). */
    @WithDefault("120")
    int drivePerMinute();

    /**
     * eBay's account deletion notifications and challenges (/notifications/ebay/account-deletion) per client address
     * per minute (0: no limit); more answer 429, and eBay sends again later.
     */
    @WithDefault("600")
    int ebayNotificationsPerMinute();
}
