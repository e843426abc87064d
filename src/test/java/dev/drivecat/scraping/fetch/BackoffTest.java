package dev.drivecat.scraping.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class BackoffTest {

    private static final Instant NOW = Instant.parse("2026-10-05T08:00:00Z");

    @Test
    void doublesFromTheBaseWithJitterBetweenHalfAndAllOfEachStep() {
        Backoff low = new Backoff(Duration.ofSeconds(2), Duration.ofSeconds(60), () -> 0.0);
        Backoff high = new Backoff(Duration.ofSeconds(2), Duration.ofSeconds(60), () -> 0.999999);

        assertThat(low.delay(0)).isEqualTo(Duration.ofSeconds(1));
        assertThat(low.delay(2)).isEqualTo(Duration.ofSeconds(4));
        assertThat(high.delay(0)).isBetween(Duration.ofMillis(1999), Duration.ofSeconds(2));
        assertThat(high.delay(2)).isBetween(Duration.ofMillis(7999), Duration.ofSeconds(8));
    }

    @Test
    void neverWaitsLongerThanTheCap() {
        Backoff backoff = new Backoff(Duration.ofSeconds(2), Duration.ofSeconds(60), () -> 0.999999);

        // the largest jitter at a capped attempt: just under the cap, never over it
        assertThat(backoff.delay(10)).isBetween(Duration.ofMillis(59_990), Duration.ofSeconds(60));
        assertThat(backoff.delay(62)).isBetween(Duration.ofMillis(59_990), Duration.ofSeconds(60));
    }

    @Test
    void readsRetryAfterAsSeconds() {
        assertThat(Backoff.retryAfter("120", NOW)).hasValue(Duration.ofSeconds(120));
        assertThat(Backoff.retryAfter(" 0 ", NOW)).hasValue(Duration.ZERO);
    }

    @Test
    void readsRetryAfterAsAnHttpDate() {
        assertThat(Backoff.retryAfter("Mon, 05 Oct 2026 08:01:30 GMT", NOW)).hasValue(Duration.ofSeconds(90));
        assertThat(Backoff.retryAfter("Mon, 05 Oct 2026 07:00:00 GMT", NOW)).hasValue(Duration.ZERO);
    }

    @Test
    void ignoresAMissingOrUnreadableRetryAfter() {
        assertThat(Backoff.retryAfter(null, NOW)).isEmpty();
        assertThat(Backoff.retryAfter("soon", NOW)).isEmpty();
        assertThat(Backoff.retryAfter("-5", NOW)).isEmpty();
    }

    @Test
    void readsAnAbsurdRetryAfterAsVeryLong() {
        assertThat(Backoff.retryAfter("99999999999999999999999", NOW).orElseThrow()).isGreaterThan(Duration.ofDays(365));
    }
}
