package dev.drivecat.discovery;

import dev.drivecat.common.ApiSettings;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Params;
import dev.drivecat.discovery.DiscoveryViews.Overview;
import dev.drivecat.discovery.DiscoveryViews.ResultPage;
import dev.drivecat.discovery.DiscoveryViews.ResultView;
import dev.drivecat.discovery.DiscoveryViews.RunView;
import dev.drivecat.discovery.DiscoveryViews.SourceView;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Discovery runs for operators: what each source searched, found and priced, and the results kept for review. */
@Path("/admin/discoveries")
@Tag(name = "admin")
@SecurityRequirement(name = "adminToken")
public class DiscoveryResource {

    @Inject
    DiscoveryService discovery;

    @Inject
    DiscoveryReview review;

    @Inject
    DiscoveryReads reads;

    @Inject
    ApiSettings apiSettings;

    @Schema(name = "DiscoveryAccept")
    public record AcceptRequest(@Schema(nullable = true, description = "The drive the result sells; needed unless identity matched it or "
            + "named exactly one candidate.", examples = "intel-optane-p4800x-375gb-u2") String drive,
                                @Schema(nullable = true, description = "Keep the result's title as an alias of the drive (with the URL it "
                                        + "was seen at), so that the same title is matched next time. Default false.") Boolean alias) {
    }

    @Schema(name = "DiscoveryReject")
    public record RejectRequest(@Schema(nullable = true, description = "Why, for the record.", examples = "a caddy, not a drive")
                                String reason) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Discovery sources and runs", description = "Every source with whether it can be searched now and why not, "
            + "and the discovery runs, newest first, with their counts: queries, results, matched, ambiguous, rejected, priced.")
    @APIResponse(responseCode = "200", description = "The sources and a page of runs.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Overview.class)))
    @APIResponse(responseCode = "400", description = "limit, offset or source is not allowed.")
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token.")
    public Overview list(@Parameter(description = "Only runs of this source (import:<site> for saved search pages).", example = "ebay-browse:ebay-us") @QueryParam("source") String source,
                         @Parameter(description = "Page size (default 20; at most 100).", example = "20") @QueryParam("limit") String limit,
                         @Parameter(description = "Runs to skip.", example = "0") @QueryParam("offset") String offset) {
        int pageSize = Params.limit(limit, apiSettings);
        int skip = Params.offset(offset);
        String only = source == null || source.isBlank() ? null : source.strip();
        if (only != null && !only.matches("[a-z0-9]+([-:][a-z0-9]+)*")) {
            throw Params.invalid("source", only, "a source name such as ebay-browse, search-page:newegg or import:ebay");
        }
        List<SourceView> sources = new ArrayList<>();
        discovery.sources().forEach((name, s) -> {
            Optional<String> why = s.unusable();
            sources.add(new SourceView(name, why.isEmpty(), why.orElse(null), reads.lastRun(name)));
        });
        return reads.overview(sources, only, pageSize, skip);
    }

    @POST
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Start a discovery run now", description = "Starts a run of one source in the background and answers at once; "
            + "follow it at GET /admin/discoveries/{id}. One run of a source at a time in the whole cluster. A source that cannot be "
            + "searched now makes a SKIPPED run that says why.")
    @APIResponse(responseCode = "202", description = "The run started.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunView.class)))
    @APIResponse(responseCode = "400", description = "No or an unknown source (allowed lists the sources).")
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token.")
    @APIResponse(responseCode = "409", description = "A run of the source is already going on.")
    public Response start(@Parameter(description = "The source to search.", required = true, example = "ebay-browse:ebay-us")
                          @QueryParam("source") String source) {
        if (source == null || source.isBlank()) {
            throw DomainException.invalidParameter("source", "source is required; the sources are "
                    + String.join(", ", discovery.sources().keySet())).with("allowed", List.copyOf(discovery.sources().keySet()));
        }
        long id = discovery.start(source.strip(), "MANUAL");
        // a relative reference: JAX-RS's location() would make it absolute with the Host header a client chooses
        return Response.accepted(reads.run(id)).header(jakarta.ws.rs.core.HttpHeaders.LOCATION, "/admin/discoveries/" + id).build();
    }

    @GET
    @Path("/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "A discovery run", description = "Its status and counts, and every query with its outcome, the layout that "
            + "read its results, its counts and the reason it failed.")
    @APIResponse(responseCode = "200", description = "The run.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunView.class)))
    @APIResponse(responseCode = "400", description = "The id is not a whole number.")
    @APIResponse(responseCode = "404", description = "No such run.")
    public RunView get(@Parameter(schema = @Schema(type = SchemaType.INTEGER, format = "int64")) @PathParam("id") String id) {
        return reads.run(Params.id("id", id));
    }

    @GET
    @Path("/{id}/results")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "The results of a discovery run", description = "Every result the run's searches showed, with identity's "
            + "decision and evidence and what was done with it.")
    @APIResponse(responseCode = "200", description = "A page of results.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ResultPage.class)))
    @APIResponse(responseCode = "400", description = "The id, decision, limit or offset is not allowed.")
    @APIResponse(responseCode = "404", description = "No such run.")
    public ResultPage runResults(@Parameter(schema = @Schema(type = SchemaType.INTEGER, format = "int64")) @PathParam("id") String id,
                                 @Parameter(description = "Only results of this decision: MATCH, AMBIGUOUS, NO_MATCH or NOT_A_DRIVE.")
                                 @QueryParam("decision") String decision,
                                 @Parameter(description = "Page size (default 20; at most 100).") @QueryParam("limit") String limit,
                                 @Parameter(description = "Results to skip.") @QueryParam("offset") String offset) {
        long run = Params.id("id", id);
        reads.run(run);
        return results(run, null, decision, limit, offset);
    }

    @GET
    @Path("/results")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Discovery results to review", description = "Results of every run, newest first; by default those kept for "
            + "an operator (PENDING: ambiguous, no drive, no catalog drive). Accept one to make its listing, or reject it to keep its "
            + "item from ever being priced.")
    @APIResponse(responseCode = "200", description = "A page of results.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ResultPage.class)))
    @APIResponse(responseCode = "400", description = "review, decision, limit or offset is not allowed.")
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token.")
    public ResultPage queue(@Parameter(description = "AUTO, PENDING (the default), ACCEPTED or REJECTED.") @QueryParam("review") String reviewState,
                            @Parameter(description = "Only results of this decision.") @QueryParam("decision") String decision,
                            @Parameter(description = "Page size (default 20; at most 100).") @QueryParam("limit") String limit,
                            @Parameter(description = "Results to skip.") @QueryParam("offset") String offset) {
        String state = reviewState == null || reviewState.isBlank() ? "PENDING" : reviewState.strip();
        if (!List.of("AUTO", "PENDING", "ACCEPTED", "REJECTED").contains(state)) {
            throw Params.invalid("review", state, "one of AUTO, PENDING, ACCEPTED, REJECTED");
        }
        return results(null, state, decision, limit, offset);
    }

    @POST
    @Path("/results/{id}/accept")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Accept a discovery result", description = "Names the drive the result sells (identity's, its one candidate, "
            + "or drive), makes the listing and records the result's price when it showed one with a condition; with alias=true the "
            + "title becomes an alias of the drive, with the URL it was seen at as its source, when it tells the drive from every other "
            + "drive of its model.")
    @APIResponse(responseCode = "200", description = "Accepted.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ResultView.class)))
    @APIResponse(responseCode = "400", description = "The id is not a whole number, the drive is needed or unknown, or the title cannot "
            + "be an alias of the drive (alias=true): it names neither its model nor a part number, contradicts it, or fits another "
            + "drive of its model as well; nothing was stored.")
    @APIResponse(responseCode = "404", description = "No such result.")
    @APIResponse(responseCode = "409", description = "Reviewed already, or the listing sells another drive.")
    public ResultView accept(@Parameter(schema = @Schema(type = SchemaType.INTEGER, format = "int64")) @PathParam("id") String id,
                             AcceptRequest request) {
        long key = Params.id("id", id);
        review.accept(key, request == null ? null : request.drive(), request != null && Boolean.TRUE.equals(request.alias()));
        return reads.result(key);
    }

    @POST
    @Path("/results/{id}/reject")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Reject a discovery result", description = "Its item is never priced: later results of it are rejected too, "
            + "and a listing made from it ends.")
    @APIResponse(responseCode = "200", description = "Rejected.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ResultView.class)))
    @APIResponse(responseCode = "400", description = "The id is not a whole number.")
    @APIResponse(responseCode = "404", description = "No such result.")
    @APIResponse(responseCode = "409", description = "Rejected already.")
    public ResultView reject(@Parameter(schema = @Schema(type = SchemaType.INTEGER, format = "int64")) @PathParam("id") String id,
                             RejectRequest request) {
        long key = Params.id("id", id);
        review.reject(key, request == null ? null : request.reason());
        return reads.result(key);
    }

    private ResultPage results(Long run, String reviewState, String decision, String limit, String offset) {
        int pageSize = Params.limit(limit, apiSettings);
        int skip = Params.offset(offset);
        String only = decision == null || decision.isBlank() ? null : decision.strip();
        if (only != null && !List.of("MATCH", "AMBIGUOUS", "NO_MATCH", "NOT_A_DRIVE").contains(only)) {
            throw Params.invalid("decision", only, "one of MATCH, AMBIGUOUS, NO_MATCH, NOT_A_DRIVE");
        }
        return reads.results(run, reviewState, only, pageSize, skip);
    }
}
