package dev.drivecat.discovery.keepa;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Keepa's API, the way drivecat reads Amazon's offers, seller kinds and price history ({@code drivecat.keepa.*}). */
@ConfigMapping(prefix = "drivecat.keepa")
public interface KeepaSettings {

    /**
     * The access key of a Keepa API subscription ({@code DRIVECAT_KEEPA_KEY}). Set: a discovery source per domain, and
     * watched Amazon pages of those domains are read through Keepa instead of fetched. A secret: it never appears in a
     * log line, a metric, a health answer, a run's reason or an error.
     */
    Optional<String> key();

    /** Where Keepa's API is ({@code DRIVECAT_KEEPA_API_URL}); https, or loopback where the fetcher allows it (tests). */
    @WithDefault("https://api.keepa.com")
    String apiUrl();

    /**
     * Keepa's domains searched and read ({@code DRIVECAT_KEEPA_DOMAINS}): 1 amazon.com, 2 .co.uk, 3 .de, 4 .fr, 5 .co.jp,
     * 6 .ca, 8 .it, 9 .es, 10 .in, 11 .com.mx; each needs its Amazon marketplace in scrapers/amazon.yaml.
     */
    @WithDefault("1")
    List<Integer> domains();

    /** Tokens spent per day (UTC) across the cluster ({@code DRIVECAT_KEEPA_DAILY_TOKENS}); past it a run ends with BUDGET. */
    @WithDefault("1500")
    int dailyTokens();

    /** Offers asked for per product (Keepa: 20 to 100; 6 tokens per page of up to 10 offers found). */
    @WithDefault("20")
    int offers();

    /** An offer Keepa last saw longer ago than this is not taken as live. */
    @WithDefault("PT24H")
    Duration offerMaxAge();

    /** A query whose drives already have Amazon listings is searched again (10 tokens a page) only this long after its last search. */
    @WithDefault("P7D")
    Duration searchAgainAfter();

    /** The longest wait for Keepa's token bucket to refill before a call; a longer wait fails the call instead. */
    @WithDefault("PT2M")
    Duration maxTokenWait();
}
