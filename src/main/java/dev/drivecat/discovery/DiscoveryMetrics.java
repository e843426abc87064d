package dev.drivecat.discovery;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Discovery in /q/metrics: runs by source and status, queries by source and outcome, and results
 * by source, the layout (or API) that read them and the decision identity made, so that a changed
 * layout (results moving to failed queries) or a source turned off (runs SKIPPED) shows.
 */
@ApplicationScoped
public class DiscoveryMetrics {

    @Inject
    MeterRegistry registry;

    void run(String source, String status) {
        Counter.builder("drivecat.discovery.runs").description("Discovery runs, by source and how they ended")
                .tag("source", source).tag("status", status).register(registry).increment();
    }

    void query(String source, String outcome) {
        Counter.builder("drivecat.discovery.queries").description("Searches made by discovery runs, by source and outcome")
                .tag("source", source).tag("outcome", outcome).register(registry).increment();
    }

    void results(String source, String layout, DiscoveryRecorder.Counts counts) {
        count(source, layout, "match", counts.matched());
        count(source, layout, "ambiguous", counts.ambiguous());
        count(source, layout, "rejected", counts.rejected());
        count(source, layout, "malformed", counts.malformed());
        Counter.builder("drivecat.discovery.priced").description("Observations discovery recorded from search results, by source")
                .tag("source", source).register(registry).increment(counts.priced());
    }

    private void count(String source, String layout, String decision, int n) {
        if (n > 0) {
            Counter.builder("drivecat.discovery.results")
                    .description("Search results discovery read, by source, the layout that read them and identity's decision")
                    .tag("source", source).tag("layout", layout == null ? "none" : layout).tag("decision", decision)
                    .register(registry).increment(n);
        }
    }
}
