package dev.drivecat.scraping.fetch;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** A host policy for tests: the hosts given, at the intervals given; or every host. */
final class TestHostPolicy implements HostPolicy {

    private final Map<String, Duration> intervals;
    private final boolean everyHost;

    private TestHostPolicy(Map<String, Duration> intervals, boolean everyHost) {
        this.intervals = intervals;
        this.everyHost = everyHost;
    }

    /** Allows only these hosts, with no interval. */
    static TestHostPolicy allowing(String... hosts) {
        Map<String, Duration> intervals = new HashMap<>();
        for (String host : hosts) {
            intervals.put(host, Duration.ZERO);
        }
        return new TestHostPolicy(intervals, false);
    }

    /** Allows every host: so that a refusal proves a check other than the policy. */
    static TestHostPolicy allowingEveryHost() {
        return new TestHostPolicy(Map.of(), true);
    }

    TestHostPolicy with(String host, Duration interval) {
        Map<String, Duration> copy = new HashMap<>(intervals);
        copy.put(host, interval);
        return new TestHostPolicy(copy, everyHost);
    }

    @Override
    public Optional<Duration> minInterval(String host) {
        if (everyHost) {
            return Optional.of(intervals.getOrDefault(host, Duration.ZERO));
        }
        return Optional.ofNullable(intervals.get(host));
    }
}
