package dev.drivecat.digest;

import dev.drivecat.web.Problem;
import dev.drivecat.web.ProblemException;
import dev.drivecat.web.ProblemType;

/** A 429: too many requests of one kind; the answer says when to try again (Retry-After, in seconds). */
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
