package dev.drivecat.scraping;

import dev.drivecat.database.JobClaims;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.ThreadLocalRandom;
import org.jboss.logging.Logger;

/**
 * Starts scrape runs on the configured cron, after a random delay, once per cluster: the instance
 * that claims the cron slot runs it (and the run itself takes the cluster lock, so it never
 * overlaps a run started by hand).
 */
@ApplicationScoped
class ScrapeScheduler {

    private static final Logger LOG = Logger.getLogger(ScrapeScheduler.class);

    @Inject
    ScrapeService scrapes;

    @Inject
    ScrapeSettings scrapeSettings;

    @Inject
    JobClaims claims;

    @Scheduled(identity = "scrape", cron = "${drivecat.scrape.cron}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled(io.quarkus.scheduler.ScheduledExecution execution) throws InterruptedException {
        if (!claims.claim("scrape", execution.getScheduledFireTime())) {
            return;
        }
        long jitterMs = scrapeSettings.jitter().toMillis();
        if (jitterMs > 0) {
            Thread.sleep(ThreadLocalRandom.current().nextLong(jitterMs + 1));
        }
        scrapes.runNow("SCHEDULE").ifPresent(id -> LOG.infof("Scheduled scrape run %d finished", id));
    }
}
