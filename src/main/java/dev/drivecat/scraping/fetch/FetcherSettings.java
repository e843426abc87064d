package dev.drivecat.scraping.fetch;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;

/**
 * How the {@link PoliteFetcher} talks to marketplaces ({@code drivecat.fetcher.*}; as environment
 * variables {@code DRIVECAT_FETCHER_*}). Which hosts it may contact, and how often, comes from
 * {@link HostPolicy}, not from here. See src/docs/fetcher.md.
 *
 * <p>The constraints are checked when the configuration is read: a value outside them stops
 * start-up with a message naming the property, before any page is fetched.
 */
@ConfigMapping(prefix = "drivecat.fetcher")
public interface FetcherSettings {

    /** The User-Agent sent with every request, robots.txt included; it must name drivecat. */
    @WithDefault("drivecat/0.1 (ZFS SSD price tracker)")
    @Pattern(regexp = "(?is).*" + PoliteFetcher.ROBOTS_TOKEN + ".*",
            message = "must name drivecat, so that sites can tell who is fetching")
    String userAgent();

    /** The longest wait for a TCP (and TLS) connection to be established. */
    @WithDefault("PT10S")
    @DurationMin(nanos = 0, inclusive = false)
    Duration connectTimeout();

    /** The longest a read may wait for the next bytes of a response (headers or body). */
    @WithDefault("PT20S")
    @DurationMin(nanos = 0, inclusive = false)
    Duration readTimeout();

    /** The longest one HTTP exchange (connect, headers and whole body) may take; then it is cut. */
    @WithDefault("PT60S")
    @DurationMin(nanos = 0, inclusive = false)
    Duration requestDeadline();

    /** The most body bytes read off the wire (before decompression); a longer body is cut and fails. */
    @WithDefault("8388608")
    @Positive
    long maxBodyBytes();

    /** The most body bytes after gzip/deflate decoding; a longer body (a compression bomb) is cut and fails. */
    @WithDefault("16777216")
    @Positive
    long maxDecodedBodyBytes();

    /** The most redirects one fetch follows; every hop is checked like the first URL. */
    @WithDefault("5")
    @PositiveOrZero
    int maxRedirects();

    /** How often a 429 or 503 answer is retried before the fetch fails. */
    @WithDefault("3")
    @PositiveOrZero
    int maxRetries();

    /** The wait before the first retry; it doubles with each further retry, with jitter. */
    @WithDefault("PT2S")
    @DurationMin(nanos = 0, inclusive = false)
    Duration backoffBase();

    /** The longest wait before a retry; a Retry-After beyond it fails the fetch instead of waiting. */
    @WithDefault("PT2M")
    @DurationMin(nanos = 0, inclusive = false)
    Duration backoffCap();

    /** How long a fetched robots.txt is obeyed before it is fetched again; at most 24 hours (RFC 9309). */
    @WithDefault("PT12H")
    @DurationMin(nanos = 0)
    @DurationMax(hours = 24)
    Duration robotsCacheTtl();

    /** How long an unreachable robots.txt (5xx, 429, network error: all disallowed) is remembered. */
    @WithDefault("PT30M")
    Duration robotsUnreachableTtl();

    /** Allow loopback addresses (127.0.0.0/8, ::1) and ports other than 443 and 80; only for tests against a local server. */
    @WithDefault("false")
    boolean allowLoopback();
}
