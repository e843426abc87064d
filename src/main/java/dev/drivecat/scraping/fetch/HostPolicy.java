package dev.drivecat.scraping.fetch;

import java.time.Duration;
import java.util.Optional;

/**
 * Which hosts the fetcher may talk to and how often. Built from the site definitions in
 * scrapers/: a host that no definition names is refused before any connection is made.
 */
public interface HostPolicy {

    /** The least time between two requests to this host, or empty if the host is not allowed. */
    Optional<Duration> minInterval(String host);

    default boolean isAllowed(String host) {
        return minInterval(host).isPresent();
    }
}
