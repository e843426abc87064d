package dev.drivecat.discovery;

import dev.drivecat.database.JobClaims;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.ScheduledExecution;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.ThreadLocalRandom;
import org.jboss.logging.Logger;

/**
 * Starts a discovery run of every usable source on the configured cron, after a random delay,
 * once per cluster: the instance that claims a source's cron slot runs it. A source that cannot be
 * searched (no API keys, off by configuration, forbidden by robots.txt) gets a SKIPPED run that
 * says why, so a missing source never shows as a silent zero.
 */
@ApplicationScoped
class DiscoveryScheduler {

    private static final Logger LOG = Logger.getLogger(DiscoveryScheduler.class);

    @Inject
    DiscoveryService discovery;

    @Inject
    DiscoverySettings discoverySettings;

    @Inject
    JobClaims claims;

    @Scheduled(identity = "discovery", cron = "${drivecat.discovery.cron}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled(ScheduledExecution execution) throws InterruptedException {
        long jitterMs = discoverySettings.jitter().toMillis();
        boolean slept = false;
        for (SearchSource source : discovery.sources().values()) {
            if (!claims.claim("discovery:" + source.name(), execution.getScheduledFireTime())) {
                continue;
            }
            if (!slept && jitterMs > 0) {
                Thread.sleep(ThreadLocalRandom.current().nextLong(jitterMs + 1));
                slept = true;
            }
            discovery.runNow(source.name(), "SCHEDULE").ifPresent(id -> LOG.infof("Scheduled discovery run %d of %s finished", id,
                    source.name()));
        }
    }
}
