package dev.drivecat.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class RateLimiterTest {

    private long now;
    private final RateLimiter limiter = new RateLimiter(() -> now);

    private void pass(Duration d) {
        now += d.toNanos();
    }

    @Test
    void aFullBucketLetsAMinutesAllowanceThroughAtOnceThenSaysWhenTheNextTokenComes() {
        for (int i = 0; i < 3; i++) {
            assertThat(limiter.acquire("recommendations 192.0.2.1", 3)).as("request %d", i + 1).isEmpty();
        }
        assertThat(limiter.acquire("recommendations 192.0.2.1", 3)).isEqualTo(OptionalLong.of(20));
        pass(Duration.ofSeconds(15));
        assertThat(limiter.acquire("recommendations 192.0.2.1", 3)).isEqualTo(OptionalLong.of(5));
    }

    @Test
    void theBucketRefillsContinuouslyAndNeverBeyondAMinutesAllowance() {
        for (int i = 0; i < 2; i++) {
            limiter.acquire("k", 2);
        }
        pass(Duration.ofSeconds(30));
        assertThat(limiter.acquire("k", 2)).as("one token after half a minute").isEmpty();
        assertThat(limiter.acquire("k", 2)).isPresent();
        pass(Duration.ofHours(1));
        assertThat(limiter.acquire("k", 2)).isEmpty();
        assertThat(limiter.acquire("k", 2)).isEmpty();
        assertThat(limiter.acquire("k", 2)).as("an hour idle still holds only a minute's allowance").isPresent();
    }

    @Test
    void aWaitUnderASecondIsToldAsOneSecond() {
        limiter.acquire("k", 60);
        for (int i = 0; i < 59; i++) {
            limiter.acquire("k", 60);
        }
        pass(Duration.ofMillis(999));
        assertThat(limiter.acquire("k", 60)).isEqualTo(OptionalLong.of(1));
    }

    @Test
    void eachKeyHasItsOwnBucketAndNoLimitMeansNone() {
        limiter.acquire("a", 1);
        assertThat(limiter.acquire("a", 1)).isPresent();
        assertThat(limiter.acquire("b", 1)).isEmpty();
        for (int i = 0; i < 1000; i++) {
            assertThat(limiter.acquire("c", 0)).isEmpty();
        }
    }
}
