package dev.drivecat.pricing;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.math.BigDecimal;
import java.time.Duration;

/** Price history ({@code drivecat.prices.*}; as environment variables {@code DRIVECAT_PRICES_*}). */
@ConfigMapping(prefix = "drivecat.prices")
public interface PriceSettings {

    /** An offer whose newest observation is older than this is shown as stale. */
    @WithDefault("P7D")
    Duration staleAfter();

    /**
     * A price that moves by more than this factor (up or down) from the listing's current
     * price is stored but held as suspect until the next observation confirms it.
     */
    @WithDefault("2.0")
    BigDecimal suspectFactor();

    /**
     * How often the current offers too old by their marketplace's terms are removed (as the scheduler reads an
     * interval: {@code 5m}, {@code PT5M}), which is also how long before its limit each is removed; {@code off}
     * disables the sweep (offers past their limit are still never read as current).
     */
    @WithDefault("5m")
    String freshnessSweep();
}
