package dev.drivecat.discovery;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.smallrye.health.api.Wellness;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;

/**
 * Discovery, a wellness check (/q/health/well): for every source, whether it can be searched and
 * why not (no API keys, off by configuration, the fetcher refuses its host), and how its last run
 * ended. DOWN when the last run of a source failed: a robots.txt that forbids a site's search
 * pages, credentials eBay refuses or a changed layout never shows as a silent zero.
 */
@Wellness
@ApplicationScoped
public class DiscoveryHealthCheck implements HealthCheck {

    @Inject
    DiscoveryService discovery;

    @Inject
    EntityManager em;

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder response = HealthCheckResponse.named("discovery").up();
        try {
            for (Map.Entry<String, SearchSource> e : discovery.sources().entrySet()) {
                Optional<String> unusable = e.getValue().unusable();
                Optional<Object[]> last = lastRun(e.getKey());
                String lastWords = last.map(r -> "last run " + r[0] + " " + r[1] + (r[2] == null ? "" : ": " + r[2])).orElse("no run yet");
                response.withData(e.getKey(), (unusable.isPresent() ? "off (" + unusable.get() + ")" : "on") + "; " + lastWords);
                if (last.isPresent() && "FAILED".equals(last.get()[1])) {
                    response.down();
                }
            }
        } catch (RuntimeException e) {
            response.down().withData("error", "discovery could not be read: " + e.getClass().getSimpleName());
        }
        return response.build();
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
