package dev.drivecat.scraping.fetch;

import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;

/** robots.txt verdicts per origin (scheme://host:port), each kept until it expires; one fetch per origin at a time. */
final class RobotsCache {

    /**
     * What we know about one origin's robots.txt. {@code rules} is null when it was unreachable
     * (everything disallowed); {@code note} says what happened, for refusal messages.
     */
    record Entry(RobotsRules rules, String note, Instant expires) {
        boolean reachable() {
            return rules != null;
        }
    }

    /** Fetches an origin's robots.txt; returns null when the entry must not be cached (nothing was learnt). */
    @FunctionalInterface
    interface Loader {
        Entry load() throws InterruptedException;
    }

    private final Clock clock;
    private final ConcurrentMap<String, Entry> entries = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, ReentrantLock> loading = new ConcurrentHashMap<>();

    RobotsCache(Clock clock) {
        this.clock = clock;
    }

    Entry get(String origin, Loader loader) throws InterruptedException {
        Entry entry = fresh(origin);
        if (entry != null) {
            return entry;
        }
        ReentrantLock lock = loading.computeIfAbsent(origin, o -> new ReentrantLock());
        lock.lockInterruptibly();
        try {
            entry = fresh(origin);
            if (entry != null) {
                return entry;
            }
            entry = loader.load();
            if (entry != null) {
                entries.put(origin, entry);
            }
            return entry;
        } finally {
            lock.unlock();
        }
    }

    private Entry fresh(String origin) {
        Entry entry = entries.get(origin);
        return entry != null && clock.instant().isBefore(entry.expires()) ? entry : null;
    }
}
