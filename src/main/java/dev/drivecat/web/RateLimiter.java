package dev.drivecat.web;

import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Token buckets per (client, class of request): each holds a minute's allowance and refills
 * continuously. A request that finds its bucket empty is told how many seconds until it may retry.
 */
public final class RateLimiter {

    private static final int MAX_CLIENTS = 100_000;

    private final LongSupplier nanoClock;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

    public RateLimiter(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
    }

    private static final class Bucket {
        double tokens;
        long updatedNanos;

        Bucket(double tokens, long now) {
            this.tokens = tokens;
            this.updatedNanos = now;
        }
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
        long now = nanoClock.getAsLong();
        if (buckets.size() > MAX_CLIENTS) {
            evictFull(now, perMinute);
        }
        Bucket bucket = buckets.computeIfAbsent(key, k -> new Bucket(perMinute, now));
        synchronized (bucket) {
            double perNano = perMinute / (double) Duration.ofMinutes(1).toNanos();
            bucket.tokens = Math.min(perMinute, bucket.tokens + (now - bucket.updatedNanos) * perNano);
            bucket.updatedNanos = now;
            if (bucket.tokens >= 1) {
                bucket.tokens -= 1;
                return OptionalLong.empty();
            }
            long waitNanos = (long) Math.ceil((1 - bucket.tokens) / perNano);
            return OptionalLong.of(Math.max(1, (long) Math.ceil(waitNanos / 1e9)));
        }
    }

    /** Forgets clients whose bucket has refilled: they lose nothing by being forgotten. */
    private void evictFull(long now, int perMinute) {
        double perNano = perMinute / (double) Duration.ofMinutes(1).toNanos();
        buckets.entrySet().removeIf(e -> e.getValue().tokens + (now - e.getValue().updatedNanos) * perNano >= perMinute);
    }
}
