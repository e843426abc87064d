package dev.drivecat.web;

/**
 * A 429 thrown by a service (e.g. sign-ups per address): too many requests of one kind. Answered
 * like the per-client limits of {@link RateLimitFilter}, with Retry-After in seconds.
 */
public class RateLimitedException extends ProblemException {

    private final long retryAfterSeconds;

    public RateLimitedException(String detail, long retryAfterSeconds) {
        super(Problem.of(ProblemType.TOO_MANY_REQUESTS, detail).with("retryAfterSeconds", retryAfterSeconds));
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
