package dev.drivecat.digest;

import dev.drivecat.common.AlreadyRunningException;
import dev.drivecat.database.JobClaims;
import dev.drivecat.pricing.IsoWeek;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/**
 * Sends the digest of the week that has just ended, on the configured cron, once per cluster: the
 * instance that claims the cron slot runs it (and the run itself takes a cluster lock, so it never
 * overlaps a run started by hand).
 */
@ApplicationScoped
class DigestScheduler {

    private static final Logger LOG = Logger.getLogger(DigestScheduler.class);

    @Inject
    DigestService digests;

    @Inject
    JobClaims claims;

    @Scheduled(identity = "digest", cron = "${drivecat.digest.cron}", timeZone = "${drivecat.price-changes.week-zone}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled(io.quarkus.scheduler.ScheduledExecution execution) {
        if (!claims.claim("digest", execution.getScheduledFireTime())) {
            return;
        }
        IsoWeek week = digests.lastEndedWeek();
        try {
            DigestService.Run run = digests.run(week, false);
            LOG.infof("Scheduled digest %s: %d sent, %d failed, %d in doubt", run.week(), run.sent(), run.failed().size(), run.inDoubt().size());
        } catch (AlreadyRunningException e) {
            // another instance is sending this week's digests
            LOG.infof("Scheduled digest %s not started: %s", week, e.getMessage());
        }
    }
}
