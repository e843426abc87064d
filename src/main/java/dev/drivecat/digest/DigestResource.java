package dev.drivecat.digest;

import dev.drivecat.common.Params;
import dev.drivecat.pricing.IsoWeek;
import dev.drivecat.pricing.PriceChangeSettings;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/admin/digests")
@Tag(name = "admin")
@SecurityRequirement(name = "adminToken")
public class DigestResource {

    @Inject
    DigestService digests;

    @Inject
    PriceChangeSettings priceChangeSettings;

    @POST
    @Path("/run")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Send a week's digests now",
            description = "Sends the digest of an ended ISO week to every confirmed subscriber who has not had it, and answers when "
                    + "done with what it did: sent, skipped (already sent, nothing to send, unsubscribed), failed (SMTP refused every "
                    + "attempt; left pending for the next run) and in doubt (a run that died may have sent them; not resent unless "
                    + "resendInDoubt=true). Running it again sends nothing twice. One run at a time in the cluster.")
    @APIResponse(responseCode = "200", description = "What the run did.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = DigestService.Run.class)))
    @APIResponse(responseCode = "400", description = "week is malformed or has not ended yet.")
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token, or none configured.")
    @APIResponse(responseCode = "409", description = "A digest run is already going on.")
    public DigestService.Run run(
            @Parameter(description = "The ISO week (in drivecat.price-changes.week-zone); default: the last week that has ended.",
                    example = "2026-W47") @QueryParam("week") String week,
            @Parameter(description = "Also send digests left in doubt by a run that died (default false): only after checking the "
                    + "mail server's log that they did not go out.", example = "false") @QueryParam("resendInDoubt") String resendInDoubt) {
        return digests.run(week(week), Params.bool("resendInDoubt", resendInDoubt).orElse(false));
    }

    @GET
    @Path("/preview")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Preview a subscriber's digest",
            description = "Renders the digest a run would send to this address for the week (subject, plain text and HTML), and says "
                    + "whether it would be sent; sends and records nothing. Any week, including the current one.")
    @APIResponse(responseCode = "200", description = "The rendered digest.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = DigestService.Preview.class)))
    @APIResponse(responseCode = "400", description = "week is malformed, or email is missing.")
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token, or none configured.")
    @APIResponse(responseCode = "404", description = "No subscriber has this address.")
    public DigestService.Preview preview(
            @Parameter(description = "The ISO week; default: the last week that has ended.", example = "2026-W47") @QueryParam("week") String week,
            @Parameter(required = true, description = "The subscriber's address.", example = "zfs-admin@example.org") @QueryParam("email") String email) {
        if (email == null || email.isBlank()) {
            throw Params.invalid("email", "", "the subscriber's address");
        }
        return digests.preview(week(week), email);
    }

    private IsoWeek week(String raw) {
        if (raw == null || raw.isBlank()) {
            return digests.lastEndedWeek();
        }
        return ChangeParams.week(raw, priceChangeSettings.weekZone(), "2026-W47");
    }
}
