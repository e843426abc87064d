package dev.drivecat;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.Optional;
import org.hibernate.validator.constraints.time.DurationMin;

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

    /**
     * The address this service is reached at from outside ({@code DRIVECAT_PUBLIC_BASE_URL}), without a
     * trailing slash; every link in a mail or a feed starts with it.
     */
    @WithName("public-base-url")
    @WithDefault("http://localhost:8080")
    String publicBaseUrl();

    /** Catalog API settings. */
    Api api();

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

        /** A list request's {@code limit} as given: {@link #defaultLimit()} when absent, a 400 naming {@link #maxLimit()} above it. */
        default int limit(String raw) {
            return dev.drivecat.common.Params.limit(raw, defaultLimit(), maxLimit());
        }

        /** A request's {@code currency} as given (ISO 4217), or {@link #defaultCurrency()} when absent. */
        default String currency(String raw) {
            return dev.drivecat.common.Params.currency(raw, defaultCurrency());
        }
    }
}
