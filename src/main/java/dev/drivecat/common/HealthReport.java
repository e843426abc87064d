package dev.drivecat.common;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;

/**
 * What one health check finds: up or down, why in drivecat's own words, and the details behind it.
 * Anyone may read the first two (/q/health and its groups, for load balancers and supervisors);
 * the details (figures, the last runs' reasons, an upstream server's words, process ids, paths) are
 * for the admin only (GET /admin/health), since a reason an upstream wrote may echo a token, a
 * path or a DSN.
 *
 * @param check the check's name, as /q/health lists it
 * @param up whether it is up
 * @param reason why, in drivecat's own words: nothing an upstream wrote, no path, DSN or process id
 * @param details what lies behind the verdict, for the admin
 */
public record HealthReport(String check, boolean up, String reason, Map<String, Object> details) {

    public HealthReport {
        details = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }

    /** The public answer: the check's name, its status and the reason, no details. */
    public HealthCheckResponse publicly() {
        return HealthCheckResponse.named(check).status(up).withData("reason", reason).build();
    }

    /**
     * The report, or when making it fails, a report that says so: down, the public reason naming no
     * more than the failure's kind, the failure's own words among the details.
     */
    public static HealthReport of(String check, Supplier<HealthReport> report) {
        try {
            return report.get();
        } catch (RuntimeException e) {
            return new HealthReport(check, false, "its state could not be read", Map.of("error", e.getClass().getSimpleName() + ": "
                    + String.valueOf(e.getMessage())));
        }
    }

    /** A bean whose checks the admin reads with their details. */
    public interface Source {

        /** The reports of its checks, now. */
        List<HealthReport> reports();
    }

    /** A bean that is one health check: /q/health gets its public answer, the admin its details. */
    public interface Check extends HealthCheck, Source {

        /** The report, now. */
        HealthReport report();

        @Override
        default HealthCheckResponse call() {
            return report().publicly();
        }

        @Override
        default List<HealthReport> reports() {
            return List.of(report());
        }
    }
}
