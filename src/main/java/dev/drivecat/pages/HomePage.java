package dev.drivecat.pages;

import dev.drivecat.DrivecatConfig;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /} for people: what drivecat is, the question form, and where to go next. Tools get the JSON index. */
@Path("/")
public class HomePage {

    @Inject
    DrivecatConfig config;

    /** The home page. */
    public record HomeView(RecommendForm form, String base) {
    }

    @GET
    @Produces(Html.PRODUCES)
    @Operation(hidden = true)
    public Response home() {
        return Html.ok(PageTemplates.home(new HomeView(RecommendForm.of(Map.of()), config.publicBaseUrl())));
    }
}
