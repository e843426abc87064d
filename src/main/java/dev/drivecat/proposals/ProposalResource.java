package dev.drivecat.proposals;

import dev.drivecat.common.ApiSettings;
import dev.drivecat.common.Text;
import dev.drivecat.common.Params;
import dev.drivecat.proposals.ProposalViews.ProposalPage;
import dev.drivecat.proposals.ProposalViews.ProposalView;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Arrays;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Proposals for operators: the drives the market sells that the catalog lacks, and their dismissal. */
@Path("/admin/catalog/proposals")
@Tag(name = "admin")
@SecurityRequirement(name = "adminToken")
public class ProposalResource {

    @Inject
    Proposals proposals;

    @Inject
    ApiSettings apiSettings;

    @Schema(name = "ProposalDismissal")
    public record DismissRequest(@Schema(required = true, description = "Why, in words: the proposal is never reopened.",
            examples = "a consumer drive without power-loss protection") String reason) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Proposals: drives the market sells that the catalog lacks", description = "Every discovery result, saved "
            + "search page and saved item page whose identity is NO_MATCH but which names one drive (a maker or a part number of a "
            + "maker's scheme, a model, a capacity, and the form and bus where stated) is evidence for the proposal of that drive; lots, "
            + "caddies, servers, for-parts items, multi-variation listings and drives the catalog holds never propose. Newest evidence "
            + "first, each with its listings (the latest result of each, newest first, at most 10 here). Adopt one with a vendor page "
            + "(POST /admin/catalog/proposals/{id}/adopt) or dismiss it. See src/docs/discovery.md.")
    @APIResponse(responseCode = "200", description = "A page of proposals.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProposalPage.class)))
    @APIResponse(responseCode = "400", description = "status or limit is not allowed.")
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token.")
    public ProposalPage list(
            @Parameter(description = "OPEN (the default), ADOPTED or DISMISSED.") @QueryParam("status") String status,
            @Parameter(description = "Only this maker's proposals, as identity names makers (Solidigm finds Intel's).", example = "Samsung")
            @QueryParam("maker") String maker,
            @Parameter(description = "Words the model, maker or a listing's title contains, or one of its part numbers.", example = "S4610")
            @QueryParam("q") String q,
            @Parameter(description = "Page size (default 20; at most 100).") @QueryParam("limit") String limit) {
        return proposals.list(status(status), Text.strippedOrNull(maker), Text.strippedOrNull(q), Params.limit(limit, apiSettings), Proposals.Order.NEWEST_EVIDENCE);
    }

    @GET
    @Path("/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "A proposal", description = "The proposal with up to 200 of its listings, newest first.")
    @APIResponse(responseCode = "200", description = "The proposal.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProposalView.class)))
    @APIResponse(responseCode = "400", description = "The id is not a whole number.")
    @APIResponse(responseCode = "404", description = "No such proposal.")
    public ProposalView get(@Parameter(schema = @Schema(type = SchemaType.INTEGER, format = "int64")) @PathParam("id") String id) {
        return proposals.one(Params.id("id", id));
    }

    @POST
    @Path("/{id}/dismiss")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Dismiss a proposal", description = "An open proposal is dismissed for a reason and stays dismissed: the "
            + "listings that made it, and later ones naming the same drive, are kept as evidence but never propose it again.")
    @APIResponse(responseCode = "200", description = "Dismissed.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ProposalView.class)))
    @APIResponse(responseCode = "400", description = "The id is not a whole number, or no reason is given.")
    @APIResponse(responseCode = "404", description = "No such proposal.")
    @APIResponse(responseCode = "409", description = "The proposal is adopted or dismissed already.")
    public ProposalView dismiss(@Parameter(schema = @Schema(type = SchemaType.INTEGER, format = "int64")) @PathParam("id") String id,
                                DismissRequest request) {
        return proposals.dismiss(Params.id("id", id), request == null ? null : request.reason());
    }

    /** A request's status filter, OPEN when absent. */
    public static ProposalStatus status(String raw) {
        if (raw == null || raw.isBlank()) {
            return ProposalStatus.OPEN;
        }
        try {
            return ProposalStatus.valueOf(raw.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw Params.invalid("status", raw.strip(), "one of " + String.join(", ", Arrays.stream(ProposalStatus.values()).map(Enum::name)
                    .toList())).with("allowed", Arrays.stream(ProposalStatus.values()).map(Enum::name).toList());
        }
    }

}
