package dev.drivecat.database;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class FailureWindowTest {

    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

    @Test
    void countsTheFailuresWithinTheWindowEndingNow() {
        FailureWindow window = new FailureWindow(Duration.ofMinutes(10));
        for (int minute = 0; minute < 5; minute++) {
            window.record(T0.plus(Duration.ofMinutes(minute)));
        }
        assertThat(window.count(T0.plus(Duration.ofMinutes(5)))).isEqualTo(5);
    }

    @Test
    void forgetsFailuresOlderThanTheWindow() {
        FailureWindow window = new FailureWindow(Duration.ofMinutes(10));
        window.record(T0);
        window.record(T0.plus(Duration.ofMinutes(9)));
        assertThat(window.count(T0.plus(Duration.ofMinutes(10)))).as("the first is exactly ten minutes old").isEqualTo(1);
        assertThat(window.count(T0.plus(Duration.ofMinutes(30)))).isZero();
    }
}
