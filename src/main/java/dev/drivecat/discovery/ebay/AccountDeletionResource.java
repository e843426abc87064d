package dev.drivecat.discovery.ebay;

import dev.drivecat.common.BodyLimit;
import dev.drivecat.common.MaxBody;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.logging.Logger;

/**
 * The endpoint eBay calls with marketplace account deletion notifications (registered on the keyset's notification page
 * with DRIVECAT_EBAY_VERIFICATION_TOKEN; see src/docs/operations.md). Public, since eBay calls it; rate-limited per
 * client and its body limited like every public operation's.
 */
@Path(AccountDeletion.PATH)
@Tag(name = "eBay notifications")
public class AccountDeletionResource {

    private static final Logger LOG = Logger.getLogger(AccountDeletionResource.class);
    /** eBay's notification is a small JSON object; 16 KiB is far more than one. */
    static final int MAX_BODY_BYTES = 16 * 1024;

    @Inject
    AccountDeletion deletion;

    /** The answer to eBay's challenge. */
    @Schema(name = "EbayChallengeResponse")
    public record ChallengeResponse(
            @Schema(description = "Hex SHA-256 of the challenge code, the verification token and the endpoint, in that order.")
            String challengeResponse) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Answer eBay's challenge",
            description = "eBay validates the endpoint before it sends notifications: the answer is the hex SHA-256 of challenge_code, "
                    + "the verification token and the endpoint (DRIVECAT_PUBLIC_BASE_URL + this path), concatenated in that order.")
    @APIResponse(responseCode = "200", description = "The challenge answered.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ChallengeResponse.class)))
    @APIResponse(responseCode = "400", description = "No challenge_code, or one longer than 512 characters.")
    @APIResponse(responseCode = "404", description = "The notifications are not set up: no verification token is configured.")
    @APIResponse(responseCode = "429", description = "Too many requests from this client; Retry-After says when to try again.")
    public ChallengeResponse challenge(@Parameter(description = "The code eBay sends.", required = true)
                                       @QueryParam("challenge_code") String challengeCode) {
        return new ChallengeResponse(deletion.challengeResponse(challengeCode));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Take a marketplace account deletion notification",
            description = "Verifies X-EBAY-SIGNATURE (ECDSA with SHA-1, by the key its kid names in eBay's Notification API) over the body "
                    + "as received; a valid notification removes that eBay user's name from everything drivecat keeps and keeps the prices. "
                    + "A notification is acted on once by its notificationId; a repeat is acknowledged again.")
    @APIResponse(responseCode = "204", description = "Verified and acted on (or acted on before).")
    @APIResponse(responseCode = "404", description = "The notifications are not set up: no verification token is configured.")
    @APIResponse(responseCode = "412", description = "The signature is missing or does not verify: nothing was changed.")
    @APIResponse(responseCode = "413", description = "The body is larger than 16 KiB.")
    @APIResponse(responseCode = "422", description = "Signed, but not a marketplace account deletion notification.")
    @APIResponse(responseCode = "429", description = "Too many requests from this client; Retry-After says when to try again.")
    @APIResponse(responseCode = "503", description = "eBay's key for the signature cannot be had now; eBay sends the notification again.")
    @MaxBody(bytes = MAX_BODY_BYTES)
    public Response notification(InputStream body, @Parameter(description = "eBay's signature: base64 of {alg, kid, signature, digest}.")
                                 @HeaderParam("X-EBAY-SIGNATURE") String signature) throws IOException {
        byte[] bytes = BodyLimit.read(body, MAX_BODY_BYTES, "A notification");
        try {
            deletion.accept(bytes, signature);
        } catch (NotificationKeys.Unavailable e) {
            LOG.warnf("An eBay notification could not be verified now: %s", e.getMessage());
            return Response.status(503).header("Retry-After", 60).build();
        }
        return Response.noContent().build();
    }
}
