package dev.drivecat.pricing;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.ZoneId;

/**
 * Price change detection, for the /price-changes feed and the digests ({@code drivecat.price-changes.*};
 * as environment variables {@code DRIVECAT_PRICE_CHANGES_*}).
 */
@ConfigMapping(prefix = "drivecat.price-changes")
public interface PriceChangeSettings {

    /** A price move smaller than this many percent is noise: it is not reported as a change. */
    @WithDefault("2")
    BigDecimal minPercent();

    /** A new best price is flagged as the lowest in this long when no in-stock price of the same kind was lower within it. */
    @WithDefault("P90D")
    Duration lowestWithin();

    /** The longest window one /price-changes request may ask about. */
    @WithDefault("P92D")
    Duration maxWindow();

    /** The time zone ISO weeks (week=2026-W48, and the digests) are counted in. */
    @WithDefault("UTC")
    ZoneId weekZone();
}
