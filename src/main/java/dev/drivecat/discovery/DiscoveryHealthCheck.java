package dev.drivecat.discovery;

import dev.drivecat.common.HealthReport;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.smallrye.health.api.Wellness;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Discovery, a wellness check (/q/health/well): DOWN when the last run of a source failed, so that
 * a robots.txt that forbids a site's search pages, credentials eBay refuses or a changed layout
 * never shows as a silent zero. The public answer names the sources whose last run failed; for
 * every source, whether it can be searched and why not (no API keys, off by configuration, the
 * fetcher refuses its host) and how its last run ended, in the words of whoever ended it, are the
 * admin's details (GET /admin/health).
 */
@Wellness
@ApplicationScoped
public class DiscoveryHealthCheck implements HealthReport.Check {

    static final String CHECK = "discovery";

    @Inject
    DiscoveryService discovery;

    @Inject
    EntityManager em;

    @Override
    public HealthReport report() {
        return HealthReport.of(CHECK, () -> {
            Map<String, Object> details = new LinkedHashMap<>();
            List<String> failed = new ArrayList<>();
            for (Map.Entry<String, SearchSource> e : discovery.sources().entrySet()) {
                Optional<String> unusable = e.getValue().unusable();
                Optional<Object[]> last = lastRun(e.getKey());
                String lastWords = last.map(r -> "last run " + r[0] + " " + r[1] + (r[2] == null ? "" : ": " + r[2])).orElse("no run yet");
                details.put(e.getKey(), (unusable.isPresent() ? "off (" + unusable.get() + ")" : "on") + "; " + lastWords);
                if (last.isPresent() && "FAILED".equals(last.get()[1])) {
                    failed.add(e.getKey());
                }
            }
            String reason = failed.isEmpty() ? "no source's last run failed"
                    : "the last run of " + String.join(", ", failed) + " failed (the admin's health details say why)";
            return new HealthReport(CHECK, failed.isEmpty(), reason, details);
        });
    }

    private Optional<Object[]> lastRun(String source) {
        return QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<Object[]> rows = em.createNativeQuery("""
                    SELECT id, status, reason FROM discovery_run WHERE source = :s AND status <> 'RUNNING'
                     ORDER BY started_at DESC, id DESC LIMIT 1""").setParameter("s", source).getResultList();
            return rows.stream().findFirst();
        });
    }
}
