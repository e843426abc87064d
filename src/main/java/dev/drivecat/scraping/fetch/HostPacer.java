package dev.drivecat.scraping.fetch;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One request at a time per host, spaced by the host's minimum interval (measured from the end of
 * the previous request) or by a longer hold-off the host asked for (429/503). Hosts do not wait
 * for each other.
 */
final class HostPacer {

    private final HostPolicy hostPolicy;
    private final Clock clock;
    private final Sleeper sleeper;
    private final ConcurrentMap<String, Lane> lanes = new ConcurrentHashMap<>();

    HostPacer(HostPolicy hostPolicy, Clock clock, Sleeper sleeper) {
        this.hostPolicy = hostPolicy;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    private static final class Lane {
        // fair, so that no request to a busy host starves
        final ReentrantLock lock = new ReentrantLock(true);
        Instant notBefore;
    }

    /** A host's turn: the holder is the only one talking to the host until it closes the turn. */
    final class Turn implements AutoCloseable {
        private final String host;
        private final Lane lane;
        private Duration holdOff = Duration.ZERO;

        private Turn(String host, Lane lane) {
            this.host = host;
            this.lane = lane;
        }

        /** Keep the host quiet for at least this long after this turn (e.g. a Retry-After). */
        void holdOff(Duration duration) {
            if (duration.compareTo(holdOff) > 0) {
                holdOff = duration;
            }
        }

        @Override
        public void close() {
            try {
                Optional<Duration> interval = hostPolicy.minInterval(host);
                Duration quiet = interval.filter(i -> i.compareTo(holdOff) > 0).orElse(holdOff);
                Instant next = clock.instant().plus(quiet);
                if (lane.notBefore == null || next.isAfter(lane.notBefore)) {
                    lane.notBefore = next;
                }
            } finally {
                lane.lock.unlock();
            }
        }
    }

    /** Waits for the host to be free and for its interval to pass, then hands out the turn. */
    Turn await(String host) throws InterruptedException {
        Lane lane = lanes.computeIfAbsent(host, h -> new Lane());
        lane.lock.lockInterruptibly();
        try {
            if (lane.notBefore != null) {
                Duration wait = Duration.between(clock.instant(), lane.notBefore);
                if (wait.compareTo(Duration.ZERO) > 0) {
                    sleeper.sleep(wait);
                }
            }
            return new Turn(host, lane);
        } catch (InterruptedException | RuntimeException e) {
            lane.lock.unlock();
            throw e;
        }
    }
}
