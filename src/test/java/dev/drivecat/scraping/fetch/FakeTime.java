package dev.drivecat.scraping.fetch;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** A clock that only moves when someone sleeps (or a test advances it), recording every sleep. */
final class FakeTime extends Clock implements Sleeper {

    static final Instant START = Instant.parse("2026-10-05T08:00:00Z");

    private Instant now = START;
    private final List<Duration> sleeps = new ArrayList<>();

    @Override
    public synchronized void sleep(Duration duration) {
        sleeps.add(duration);
        now = now.plus(duration);
    }

    synchronized void advance(Duration duration) {
        now = now.plus(duration);
    }

    synchronized List<Duration> sleeps() {
        return List.copyOf(sleeps);
    }

    @Override
    public synchronized Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException();
    }
}
