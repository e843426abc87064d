package dev.drivecat.scraping.fetch;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** Waits. Injected into the fetcher so that tests record waits instead of spending them. */
@FunctionalInterface
public interface Sleeper {

    void sleep(Duration duration) throws InterruptedException;

    /** Really sleeps the calling thread. */
    Sleeper SYSTEM = duration -> {
        if (duration.compareTo(Duration.ZERO) > 0) {
            TimeUnit.NANOSECONDS.sleep(duration.toNanos());
        }
    };
}
