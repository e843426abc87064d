package dev.drivecat.digest;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** The weekly digest and subscriptions ({@code drivecat.digest.*}; as environment variables {@code DRIVECAT_DIGEST_*}). */
@ConfigMapping(prefix = "drivecat.digest")
public interface DigestSettings {

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
