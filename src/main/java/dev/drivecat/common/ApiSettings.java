package dev.drivecat.common;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithConverter;
import io.smallrye.config.WithDefault;
import java.util.Currency;

/**
 * What a read request gets when it leaves a choice open ({@code drivecat.api.*}; as environment
 * variables {@code DRIVECAT_API_*}); {@link Params#limit(String, ApiSettings)} and
 * {@link Params#currency(String, ApiSettings)} read a request's parameters against them.
 */
@ConfigMapping(prefix = "drivecat.api")
public interface ApiSettings {

    /** Page size when a request gives no {@code limit}. */
    @WithDefault("20")
    int defaultLimit();

    /** The largest {@code limit} a list request may ask for; above it the answer is 400. */
    @WithDefault("100")
    int maxLimit();

    /** The currency best offers are chosen in when a request names none (ISO 4217, as {@link Currencies} checks it). */
    @WithDefault("USD")
    @WithConverter(Currencies.Setting.class)
    Currency defaultCurrency();
}
