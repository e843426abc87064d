package dev.drivecat.scraping;

import dev.drivecat.database.Columns;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.Instant;

/**
 * Scrape metrics for Prometheus: pages per marketplace and outcome (a layout change shows as a
 * jump in PARSE_FAILED for one site), and the age of the newest successful scrape.
 */
@ApplicationScoped
@io.quarkus.runtime.Startup
public class ScrapeMetrics {

    @Inject
    MeterRegistry registry;

    @Inject
    EntityManager em;

    void page(String site, String marketplace, ScrapeOutcome outcome) {
        Counter.builder("drivecat.scrape.pages")
                .description("Watched pages fetched by scrape runs, by outcome")
                .tag("site", site).tag("marketplace", marketplace).tag("outcome", outcome.name())
                .register(registry).increment();
    }

    @jakarta.annotation.PostConstruct
    void gauges() {
        Gauge.builder("drivecat.scrape.last.success.age.seconds", this, ScrapeMetrics::lastSuccessAgeSeconds)
                .description("Seconds since a watched page was last scraped successfully (NaN: never)")
                .register(registry);
    }

    double lastSuccessAgeSeconds() {
        try {
            Object last = QuarkusTransaction.requiringNew().call(() ->
                    em.createNativeQuery("SELECT max(last_success_at) FROM watched_page").getSingleResult());
            Instant at = Columns.instant(last);
            return at == null ? Double.NaN : (Instant.now().toEpochMilli() - at.toEpochMilli()) / 1000.0;
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }
}
