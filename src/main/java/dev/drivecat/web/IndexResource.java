package dev.drivecat.web;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/")
@Tag(name = "catalog")
public class IndexResource {

    /** What this service is and where to start; the same for every request. */
    public record Index(String name, String description, Map<String, String> endpoints, String openapi) {
    }

    private static final Index INDEX = new Index("drivecat",
            "Which SSD to buy for a ZFS pool's SLOG or special vdev, from which seller, at what price, and why.",
            endpoints(),
            "/q/openapi");

    /** In this order on every start ({@code Map.of}'s order changes from one JVM to the next). */
    private static Map<String, String> endpoints() {
        Map<String, String> endpoints = new LinkedHashMap<>();
        endpoints.put("GET /recommend?role=slog&interface=m2", "ranked drives for a role, every score explained");
        endpoints.put("GET /drives", "the catalog, with PLP wording, endurance and the best offer");
        endpoints.put("GET /drives/{slug}", "one drive: every spec value with its source, every listing");
        endpoints.put("GET /drives/{slug}/prices", "price history (JSON, or CSV with Accept: text/csv)");
        endpoints.put("GET /offers", "current offers");
        endpoints.put("POST /pools/parse", "a pasted zpool status, zpool list -v or zdb -Lbbbs read into the pool's vdevs and block "
                + "histogram (text/plain)");
        return Collections.unmodifiableMap(endpoints);
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Where to start", description = "The service's name and its main endpoints.")
    @APIResponse(responseCode = "200", description = "The index.")
    @APIResponse(responseCode = "406", description = "Only JSON is served here.")
    public Index index() {
        return INDEX;
    }
}
