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
import java.util.Optional;

/**
 * Scrape metrics for Prometheus: pages per marketplace and outcome, parses per site and layout
 * (a layout change shows as parses moving from one layout to {@code none} with result
 * {@code failed}, or to an older layout), and the age of the newest successful scrape.
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

    /** The source tag of a parse made by a scrape run. */
    static final String SCRAPE = "scrape";
    /** The source tag of a parse of a page saved by a user (POST /admin/imports/pages). */
    static final String IMPORT = "import";

    /**
     * Counts one page read with a site's layout: {@code result} is {@code parsed}, {@code no_offer},
     * {@code blocked} or {@code failed}; {@code layout} is {@code none} when no layout read the page.
     */
    void parse(String site, String layout, String result, String source) {
        Counter.builder("drivecat.scrape.parses")
                .description("Marketplace pages read, by site, the layout that read them, result and source")
                .tag("site", site).tag("layout", layout).tag("result", result).tag("source", source)
                .register(registry).increment();
    }

    /** The result tag of a page's outcome; empty for an outcome where nothing was read (not modified, fetch failures). */
    static Optional<String> result(ScrapeOutcome outcome) {
        return Optional.ofNullable(switch (outcome) {
            case PARSED, STORE_FAILED -> "parsed";
            case NO_OFFER -> "no_offer";
            case BLOCKED -> "blocked";
            case PARSE_FAILED -> "failed";
            case NOT_MODIFIED, FETCH_FAILED, REFUSED -> null;
        });
    }

    /** The result tag of a parse. */
    static String result(PageParse parse) {
        if (parse instanceof PageParse.Product) {
            return "parsed";
        }
        if (parse instanceof PageParse.NoOffer) {
            return "no_offer";
        }
        return parse instanceof PageParse.Blocked ? "blocked" : "failed";
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
