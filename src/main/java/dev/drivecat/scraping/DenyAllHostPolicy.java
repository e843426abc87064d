package dev.drivecat.scraping;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Duration;
import java.util.Optional;

/**
 * The host policy when no site definitions are loaded: nothing may be fetched. The policy built
 * from scrapers/ replaces it simply by being a {@link HostPolicy} bean.
 */
public final class DenyAllHostPolicy implements HostPolicy {

    @Override
    public Optional<Duration> minInterval(String host) {
        return Optional.empty();
    }

    /** Makes the deny-all policy the default bean. */
    @ApplicationScoped
    static class Producer {
        @Produces
        @DefaultBean
        @ApplicationScoped
        HostPolicy denyAll() {
            return new DenyAllHostPolicy();
        }
    }
}
