package dev.drivecat.common;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import org.apache.hc.client5.http.utils.DateUtils;

/**
 * The one reading of an HTTP {@code Retry-After} value (RFC 9110 §10.2.3) in drivecat, for every
 * client that talks to another host: delay-seconds or an HTTP-date (IMF-fixdate, and the obsolete
 * RFC 850 and asctime forms a recipient must also accept). What a caller does with the wait (cap
 * it, hold the host off, give up) is its own rule.
 */
public final class RetryAfter {

    /** A delay-seconds too long for a {@link Duration} is read as this: longer than any caller waits. */
    static final Duration ABSURD = Duration.ofSeconds(Long.MAX_VALUE / 1_000_000_000L);

    /** asctime's form ("Sun Nov  6 08:49:37 1994"), which the HTTP client's date reader misses. */
    private static final DateTimeFormatter ASCTIME = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.US)
            .withZone(ZoneOffset.UTC);

    private RetryAfter() {
    }

    private static Instant asctime(String value) {
        try {
            return ASCTIME.parse(value, Instant::from);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /**
     * The wait the value asks for, from {@code now}; empty when the value is absent or unreadable
     * (a negative number, words). A date in the past is no wait; an absurd number of seconds is a
     * very long wait, never an overflow.
     */
    public static Optional<Duration> parse(String value, Instant now) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        String v = value.strip();
        if (v.chars().allMatch(c -> c >= '0' && c <= '9')) {
            // more than 18 digits cannot be a long; as many seconds as fit in a Duration of nanoseconds is "very long" already
            if (v.length() > 18) {
                return Optional.of(ABSURD);
            }
            long seconds = Long.parseLong(v);
            return Optional.of(seconds > ABSURD.getSeconds() ? ABSURD : Duration.ofSeconds(seconds));
        }
        Instant date = DateUtils.parseStandardDate(v);
        if (date == null) {
            date = asctime(v);
        }
        if (date == null) {
            return Optional.empty();
        }
        Duration wait = Duration.between(now, date);
        return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
    }
}
