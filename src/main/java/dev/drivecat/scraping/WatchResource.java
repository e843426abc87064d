package dev.drivecat.scraping;

import dev.drivecat.common.DomainException;
import dev.drivecat.common.Params;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/admin/listings")
@Tag(name = "admin")
@SecurityRequirement(name = "adminToken")
public class WatchResource {

    @Inject
    WatchService watch;

    /** What a client may set when adding a page to the watch list; anything else in the body is ignored. */
    @Schema(name = "WatchRequest")
    public record WatchRequest(
            @Schema(description = "A product page on a marketplace named in scrapers/.", examples = "https://www.amazon.com/dp/B0EXAMPLE1")
            String url,
            @Schema(description = "The slug of the drive the page sells.", examples = "intel-optane-p4800x-375gb-u2") String drive) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Watch a product page for a drive",
            description = "Adds a product page to the watch list: every scrape run fetches it and records its offers for the drive. "
                    + "Only pages of the marketplaces named in scrapers/ are accepted. Adding a watched page again is harmless.")
    @APIResponse(responseCode = "201", description = "The page is now watched.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = WatchService.WatchView.class)))
    @APIResponse(responseCode = "200", description = "The page was already watched for this drive.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = WatchService.WatchView.class)))
    @APIResponse(responseCode = "400", description = "The URL is not a product page of a known marketplace, or drive is missing.")
    @APIResponse(responseCode = "404", description = "No such drive.")
    @APIResponse(responseCode = "409", description = "The page is watched for another drive.")
    public Response add(WatchRequest request) {
        if (request == null) {
            throw DomainException.badRequest("a JSON body with url and drive is required");
        }
        WatchService.Added added = watch.watch(request.url(), request.drive());
        if (added.created()) {
            // a relative Location: JAX-RS would make it absolute with the request's Host header
            return Response.status(Response.Status.CREATED).header(HttpHeaders.LOCATION, "/admin/listings/" + added.page().id())
                    .entity(added.page()).build();
        }
        return Response.ok(added.page()).build();
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "The watch list", description = "Every watched page with how its last fetch went and whether its price is stale.")
    @APIResponse(responseCode = "200", description = "The watched pages.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = WatchService.WatchView.class, type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.ARRAY)))
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token.")
    public List<WatchService.WatchView> list(@Parameter(description = "Only pages of this drive.") @QueryParam("drive") String drive) {
        return watch.list(drive);
    }

    @DELETE
    @Path("/{id}")
    @Operation(summary = "Stop watching a page", description = "The page stays on record (its observations are history) but is no longer fetched.")
    @APIResponse(responseCode = "204", description = "No longer watched.")
    @APIResponse(responseCode = "400", description = "The id is not a whole number.")
    @APIResponse(responseCode = "404", description = "No watched page with this id.")
    public Response remove(@Parameter(schema = @Schema(type = SchemaType.INTEGER, format = "int64")) @PathParam("id") String rawId) {
        long id = Params.id("id", rawId);
        if (!watch.unwatch(id)) {
            throw DomainException.notFound("No watched page with id " + id);
        }
        return Response.noContent().build();
    }
}
