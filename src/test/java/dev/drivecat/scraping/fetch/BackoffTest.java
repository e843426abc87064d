package dev.drivecat.scraping.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffTest {

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
}
