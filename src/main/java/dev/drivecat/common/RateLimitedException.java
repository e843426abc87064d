package dev.drivecat.common;

import java.util.Map;

/**
 * Too many requests of one kind (e.g. sign-ups per address), thrown by a service. The web layer
 * answers it like its per-client limits, with Retry-After in seconds.
 */
public class RateLimitedException extends DomainException {

    private final long retryAfterSeconds;

    public RateLimitedException(String detail, long retryAfterSeconds) {
        super(Kind.TOO_MANY_REQUESTS, detail, Map.of("retryAfterSeconds", retryAfterSeconds));
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
