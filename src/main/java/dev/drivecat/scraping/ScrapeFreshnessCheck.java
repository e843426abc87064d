package dev.drivecat.scraping;

import dev.drivecat.DrivecatConfig;
import dev.drivecat.database.Columns;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.smallrye.health.api.Wellness;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.time.Duration;
import java.time.Instant;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;

/**
 * Data freshness, a wellness check (/q/health/well, part of /q/health): DOWN — prices are going
 * stale — when pages are watched and none was scraped successfully within
 * drivecat.health.scrape-freshness. It does not touch readiness: a service with old prices still
 * answers correctly, and says how old its prices are.
 */
@Wellness
@ApplicationScoped
public class ScrapeFreshnessCheck implements HealthCheck {

    @Inject
    EntityManager em;

    @Inject
    DrivecatConfig config;

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder response = HealthCheckResponse.named("price data freshness");
        Duration limit = config.health().scrapeFreshness();
        response.withData("freshnessLimit", limit.toString());
        try {
            Tuple t = QuarkusTransaction.requiringNew().call(() -> (Tuple) em.createNativeQuery(
                    "SELECT count(*) FILTER (WHERE active) AS watched, max(last_success_at) AS last FROM watched_page", Tuple.class)
                    .getSingleResult());
            long watched = ((Number) t.get("watched")).longValue();
            Instant last = Columns.instant(t.get("last"));
            response.withData("watchedPages", watched);
            if (watched == 0) {
                return response.up().withData("status", "no pages watched").build();
            }
            if (last == null) {
                return response.down().withData("status", "degraded: no watched page was ever scraped successfully").build();
            }
            Duration age = Duration.between(last, Instant.now());
            response.withData("lastSuccessfulScrape", last.toString()).withData("ageSeconds", age.toSeconds());
            return age.compareTo(limit) > 0
                    ? response.down().withData("status", "degraded: the newest successful scrape is older than " + limit).build()
                    : response.up().withData("status", "fresh").build();
        } catch (RuntimeException e) {
            return response.down().withData("status", "unknown: " + e.getClass().getSimpleName()).build();
        }
    }
}
