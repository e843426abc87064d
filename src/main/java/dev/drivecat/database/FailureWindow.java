package dev.drivecat.database;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;

/** Failures counted over a sliding window of time: "5 in 10 minutes" is too many, 5 in a day is not. */
final class FailureWindow {

    private final Duration window;
    private final Deque<Instant> failures = new ArrayDeque<>();

    FailureWindow(Duration window) {
        this.window = window;
    }

    synchronized void record(Instant at) {
        failures.addLast(at);
    }

    /** Failures within the window that ends now. */
    synchronized int count(Instant now) {
        Instant start = now.minus(window);
        while (!failures.isEmpty() && !failures.peekFirst().isAfter(start)) {
            failures.removeFirst();
        }
        return failures.size();
    }

    Duration window() {
        return window;
    }
}
