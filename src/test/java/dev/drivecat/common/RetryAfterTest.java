package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetryAfterTest {

    private static final Instant NOW = Instant.parse("2026-10-05T08:00:00Z");

    @Test
    void readsDelaySeconds() {
        assertThat(RetryAfter.parse("120", NOW)).hasValue(Duration.ofSeconds(120));
        assertThat(RetryAfter.parse(" 0 ", NOW)).hasValue(Duration.ZERO);
        // ten digits: a value the eBay client once dropped (it read at most nine) is a wait like any other
        assertThat(RetryAfter.parse("1000000000", NOW)).hasValue(Duration.ofSeconds(1_000_000_000L));
    }

    @Test
    void readsEveryFormOfHttpDate() {
        assertThat(RetryAfter.parse("Mon, 05 Oct 2026 08:01:30 GMT", NOW)).hasValue(Duration.ofSeconds(90));
        assertThat(RetryAfter.parse("Monday, 05-Oct-26 08:01:30 GMT", NOW)).hasValue(Duration.ofSeconds(90));
        assertThat(RetryAfter.parse("Mon Oct  5 08:01:30 2026", NOW)).hasValue(Duration.ofSeconds(90));
    }

    @Test
    void aDateInThePastIsNoWait() {
        assertThat(RetryAfter.parse("Mon, 05 Oct 2026 07:00:00 GMT", NOW)).hasValue(Duration.ZERO);
    }

    @Test
    void ignoresAMissingOrUnreadableValue() {
        assertThat(RetryAfter.parse(null, NOW)).isEmpty();
        assertThat(RetryAfter.parse("  ", NOW)).isEmpty();
        assertThat(RetryAfter.parse("soon", NOW)).isEmpty();
        assertThat(RetryAfter.parse("-5", NOW)).isEmpty();
        assertThat(RetryAfter.parse("1.5", NOW)).isEmpty();
    }

    @Test
    void readsAnAbsurdNumberOfSecondsAsVeryLongWithoutOverflow() {
        assertThat(RetryAfter.parse("99999999999999999999999", NOW).orElseThrow()).isGreaterThan(Duration.ofDays(365 * 100));
        assertThat(RetryAfter.parse("9223372036854775807", NOW).orElseThrow()).isGreaterThan(Duration.ofDays(365 * 100));
        // what a caller does with it must not overflow either
        assertThat(NOW.plus(RetryAfter.parse("99999999999999999999999", NOW).orElseThrow())).isAfter(NOW);
    }
}
