package dev.drivecat.discovery.ebay;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.function.Supplier;

/**
 * Browse API metrics for Prometheus: calls by marketplace and outcome
 * ({@code drivecat_discovery_api_calls_total}), the day's budget left
 * ({@code drivecat_discovery_api_budget_remaining}) and application tokens asked for
 * ({@code drivecat_discovery_api_tokens_total}), each tagged with the budget's source
 * ({@code ebay-browse}).
 */
final class BrowseMetrics {

    private final MeterRegistry registry;
    private final String source;
    private Supplier<Double> remaining = () -> Double.NaN;

    BrowseMetrics(MeterRegistry registry, String source) {
        this.registry = registry;
        this.source = source;
    }

    /**
     * Counts one call of the API: {@code outcome} is {@code ok}, {@code auth} (401, 403),
     * {@code throttled} (429), {@code failed} (any other status, an unreadable answer) or
     * {@code unanswered} (timeout, network).
     */
    void call(String marketplace, String outcome) {
        Counter.builder("drivecat.discovery.api.calls")
                .description("Calls to a marketplace's metered search API, by marketplace and outcome")
                .tag("source", source).tag("marketplace", marketplace).tag("outcome", outcome)
                .register(registry).increment();
    }

    /** Counts one application token asked for: {@code minted}, {@code refused}, {@code throttled}, {@code failed} or {@code unanswered}. */
    void token(String outcome) {
        Counter.builder("drivecat.discovery.api.tokens")
                .description("Application access tokens asked of a marketplace API's token endpoint, by outcome")
                .tag("source", source).tag("outcome", outcome)
                .register(registry).increment();
    }

    /** The calls left of today's budget (NaN when it cannot be read); held here, as the registry holds gauges' state weakly. */
    void budget(Supplier<Double> remaining) {
        this.remaining = remaining;
        Gauge.builder("drivecat.discovery.api.budget.remaining", this, metrics -> metrics.remaining.get())
                .description("Calls left of a metered search API's daily budget (UTC day, across instances)")
                .tag("source", source)
                .register(registry);
    }
}
