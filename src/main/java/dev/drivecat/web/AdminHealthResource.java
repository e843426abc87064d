package dev.drivecat.web;

import dev.drivecat.common.HealthReport;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** drivecat's health checks with what lies behind each verdict: the public /q/health says up or down and why, no more. */
@Path("/admin/health")
@Tag(name = "admin")
@SecurityRequirement(name = "adminToken")
public class AdminHealthResource {

    @Inject
    @Any
    Instance<HealthReport.Source> sources;

    @Schema(name = "HealthDetails")
    public record CheckView(@Schema(examples = "discovery") String check,
                            @Schema(description = "Whether the check is up, as /q/health says it.") boolean up,
                            @Schema(description = "Why, in drivecat's words, as /q/health says it.", examples = "no source's last run failed")
                            String reason,
                            @Schema(type = SchemaType.OBJECT, description = "What lies behind the verdict: figures, each source's last run "
                                    + "with the words of whoever ended it, the supervised postmaster's process id, a driver's error.")
                            Map<String, Object> details) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "The health checks with their details",
            description = "Every drivecat health check of /q/health (liveness, readiness, wellness) with what lies behind its verdict. "
                    + "The public /q/health says only up or down and why, in drivecat's own words; what an upstream server wrote "
                    + "(which may echo a token, a path or a DSN), process ids and figures are here, behind the admin token.")
    @APIResponse(responseCode = "200", description = "The checks, by name; up or down, the details make no difference to the status.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CheckView.class,
                    type = SchemaType.ARRAY)))
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token.")
    public Response checks() {
        List<CheckView> checks = new ArrayList<>();
        for (HealthReport.Source source : sources) {
            source.reports().forEach(r -> checks.add(new CheckView(r.check(), r.up(), r.reason(), r.details())));
        }
        checks.sort(Comparator.comparing(CheckView::check));
        return Response.ok(checks).header("Cache-Control", "no-store").build();
    }
}
