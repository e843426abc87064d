package dev.drivecat.scraping;

import dev.drivecat.common.HealthReport;
import dev.drivecat.database.Columns;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.smallrye.health.api.Wellness;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Data freshness, a wellness check (/q/health/well, part of /q/health): DOWN — prices are going
 * stale — when pages are watched and none was scraped successfully within
 * drivecat.health.scrape-freshness, or when a marketplace site's share of failed scrape attempts
 * in the recent window (drivecat.health.failure-share-window) has jumped by
 * drivecat.health.failure-share-jump over its share in the days before (a markup change that
 * the site definition does not know yet fails every page of that site while the others still
 * succeed, so the newest success alone would not show it). It does not touch readiness: a service
 * with old prices still answers correctly, and says how old its prices are.
 */
@Wellness
@ApplicationScoped
public class ScrapeFreshnessCheck implements HealthReport.Check {

    @Inject
    EntityManager em;

    @Inject
    HealthSettings healthSettings;

    /** Failed outcomes, as {@link ScrapeOutcome#failure()} says; the SQL counts these. */
    private static final List<String> FAILURES = Arrays.stream(ScrapeOutcome.values()).filter(ScrapeOutcome::failure)
            .map(Enum::name).toList();

    /**
     * One site's attempts in the recent window and in the days before it.
     *
     * @param site the site definition, e.g. {@code amazon}
     */
    record SiteShare(String site, long recent, long recentFailed, long before, long beforeFailed) {

        double recentShare() {
            return recent == 0 ? 0 : (double) recentFailed / recent;
        }

        /** The share before the window; a site with no attempts before it had failed none. */
        double beforeShare() {
            return before == 0 ? 0 : (double) beforeFailed / before;
        }

        /** Whether enough recent attempts failed so much more often than before. */
        boolean jumped(double jump, int minAttempts) {
            return recent >= minAttempts && recentShare() - beforeShare() >= jump;
        }

        String describe(Duration window, Duration baseline) {
            return String.format(Locale.ROOT, "%d of %d attempts failed in the last %s (%.0f%%), %d of %d in the %s before (%.0f%%)",
                    recentFailed, recent, window, 100 * recentShare(), beforeFailed, before, baseline, 100 * beforeShare());
        }
    }

    static final String CHECK = "price data freshness";

    /** The verdict, its reason in drivecat's words, and the figures behind it. */
    @Override
    public HealthReport report() {
        return HealthReport.of(CHECK, () -> {
            Map<String, Object> details = new LinkedHashMap<>();
            Duration limit = healthSettings.scrapeFreshness();
            details.put("freshnessLimit", limit.toString());
            Instant now = Instant.now();
            Tuple t = QuarkusTransaction.requiringNew().call(() -> (Tuple) em.createNativeQuery(
                    "SELECT count(*) FILTER (WHERE active) AS watched, max(last_success_at) AS last FROM watched_page", Tuple.class)
                    .getSingleResult());
            long watched = ((Number) t.get("watched")).longValue();
            Instant last = Columns.instant(t.get("last"));
            details.put("watchedPages", watched);
            List<SiteShare> jumped = shares(now).stream()
                    .filter(s -> s.jumped(healthSettings.failureShareJump(), healthSettings.failureShareMinAttempts()))
                    .toList();
            for (SiteShare share : jumped) {
                details.put("failureShareJump." + share.site(),
                        share.describe(healthSettings.failureShareWindow(), healthSettings.failureShareBaseline()));
            }
            if (watched == 0) {
                return new HealthReport(CHECK, true, "no pages watched", details);
            }
            if (last == null) {
                return new HealthReport(CHECK, false, "degraded: no watched page was ever scraped successfully", details);
            }
            Duration age = Duration.between(last, now);
            details.put("lastSuccessfulScrape", last.toString());
            details.put("ageSeconds", age.toSeconds());
            if (age.compareTo(limit) > 0) {
                return new HealthReport(CHECK, false, "degraded: the newest successful scrape is older than " + limit, details);
            }
            if (!jumped.isEmpty()) {
                return new HealthReport(CHECK, false, "degraded: the share of failed scrapes jumped on "
                        + String.join(", ", jumped.stream().map(SiteShare::site).toList())
                        + " (its pages may have a layout scrapers/ does not know yet; the admin's health details give the shares)", details);
            }
            return new HealthReport(CHECK, true, "fresh", details);
        });
    }

    /** Each site's attempts in the recent window and in the baseline before it. */
    private List<SiteShare> shares(Instant now) {
        Instant recentFrom = now.minus(healthSettings.failureShareWindow());
        Instant baselineFrom = recentFrom.minus(healthSettings.failureShareBaseline());
        @SuppressWarnings("unchecked")
        List<Tuple> rows = QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery("""
                SELECT site,
                       count(*) FILTER (WHERE finished_at >= :recentFrom) AS recent,
                       count(*) FILTER (WHERE finished_at >= :recentFrom AND outcome IN (:failures)) AS recent_failed,
                       count(*) FILTER (WHERE finished_at < :recentFrom) AS before,
                       count(*) FILTER (WHERE finished_at < :recentFrom AND outcome IN (:failures)) AS before_failed
                FROM scrape_attempt
                WHERE site IS NOT NULL AND finished_at >= :baselineFrom
                GROUP BY site ORDER BY site""", Tuple.class)
                .setParameter("recentFrom", recentFrom).setParameter("baselineFrom", baselineFrom)
                .setParameter("failures", FAILURES).getResultList());
        return rows.stream().map(r -> new SiteShare((String) r.get("site"), ((Number) r.get("recent")).longValue(),
                ((Number) r.get("recent_failed")).longValue(), ((Number) r.get("before")).longValue(),
                ((Number) r.get("before_failed")).longValue())).toList();
    }
}
