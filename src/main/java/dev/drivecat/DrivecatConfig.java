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

    /** Weekly digest and subscription settings. */
    Digest digest();

    interface Digest {
        /**
         * When the weekly digest run starts (Quartz cron, seconds first, in the week zone), once per
         * cluster; it sends the digest of the week that has just ended. {@code off} disables the schedule.
         */
        @WithDefault("0 0 8 ? * MON")
        String cron();

        /** Send a digest to a subscriber for whom nothing changed that week (a short "no changes" mail). */
        @WithDefault("false")
        boolean sendEmpty();

        /** Attempts at handing one digest to SMTP within a run before it is left pending for the next run. */
        @WithDefault("3")
        int sendAttempts();

        /** The wait before the second attempt; it doubles for each further one. */
        @WithDefault("PT2S")
        Duration retryBackoff();

        /** A repeated sign-up for the same address sends the confirmation mail again at most once per this interval. */
        @WithDefault("PT6H")
        Duration confirmationResendInterval();

        /** How long a confirmation link stays valid. */
        @WithDefault("P7D")
        Duration confirmationValidFor();

        /** Sign-ups one client (IP address) may make per sign-up window, valid or not; more answer 429. */
        @WithDefault("10")
        int signupsPerClient();

        /**
         * Confirmation mails sent to one address per sign-up window; a sign-up past that sends none and
         * is answered like any other (so that nobody can block another's sign-up).
         */
        @WithDefault("3")
        int signupsPerAddress();

        /** The window the sign-up limits count in. */
        @WithDefault("PT1H")
        Duration signupWindow();
    }

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
