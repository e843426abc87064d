package dev.drivecat.scraping.fetch;

import java.time.Duration;
import java.util.function.DoubleSupplier;

/** Waits before retrying a 429/503: exponential with jitter, capped, and never shorter than Retry-After. */
final class Backoff {

    private final Duration base;
    private final Duration cap;
    private final DoubleSupplier jitter;

    /** @param jitter values in [0, 1); tests pass a constant */
    Backoff(Duration base, Duration cap, DoubleSupplier jitter) {
        this.base = base;
        this.cap = cap;
        this.jitter = jitter;
    }

    Duration cap() {
        return cap;
    }

    /**
     * The wait before retry number {@code retry} (0 for the first): base·2^retry, capped, then
     * "equal jitter" — somewhere between half and all of it, so clients that failed together
     * do not return together.
     */
    Duration delay(int retry) {
        Duration exponential = retry >= 30 ? cap : base.multipliedBy(1L << retry);
        if (exponential.compareTo(cap) > 0) {
            exponential = cap;
        }
        long nanos = exponential.toNanos();
        double j = Math.min(Math.max(jitter.getAsDouble(), 0.0), 1.0);
        return Duration.ofNanos(nanos / 2 + (long) (nanos / 2.0 * j));
    }
}
