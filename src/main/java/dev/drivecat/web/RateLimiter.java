package dev.drivecat.web;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeMeter;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Token buckets (Bucket4j) per (client, class of request): each holds a minute's allowance and
 * refills continuously. A request that finds its bucket empty is told how many seconds until it
 * may retry.
 */
public final class RateLimiter {

    private static final int MAX_CLIENTS = 100_000;

    private final TimeMeter time;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

    public RateLimiter(LongSupplier nanoClock) {
        this.time = new TimeMeter() {
            @Override
            public long currentTimeNanos() {
                return nanoClock.getAsLong();
            }

            @Override
            public boolean isWallClockBased() {
                return false;
            }
        };
    }

    /**
     * Takes one token for the key.
     *
     * @return empty if the request may go on, else the seconds until a token will be there
     */
    public OptionalLong acquire(String key, int perMinute) {
        if (perMinute <= 0) {
            return OptionalLong.empty();
        }
        if (buckets.size() > MAX_CLIENTS) {
            evictFull(perMinute);
        }
        ConsumptionProbe probe = buckets.computeIfAbsent(key, k -> Bucket.builder()
                .addLimit(limit -> limit.capacity(perMinute).refillGreedy(perMinute, Duration.ofMinutes(1)))
                .withCustomTimePrecision(time)
                .build()).tryConsumeAndReturnRemaining(1);
        if (probe.isConsumed()) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Math.max(1, (long) Math.ceil(probe.getNanosToWaitForRefill() / 1e9)));
    }

    /** Forgets clients whose bucket has refilled: they lose nothing by being forgotten. */
    private void evictFull(int perMinute) {
        buckets.values().removeIf(bucket -> bucket.getAvailableTokens() >= perMinute);
    }
}
