package dev.drivecat.digest;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.drivecat.common.BodyLimit;
import dev.drivecat.common.ClientAddress;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.FormFields;
import dev.drivecat.common.JsonErrors;
import dev.drivecat.common.JsonPointers;
import dev.drivecat.common.MaxBody;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.PostConstruct;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/subscriptions")
@Tag(name = "price changes")
public class SubscriptionResource {

    static final long MAX_BODY_BYTES = 16 * 1024;
    /** A confirmation or unsubscribe form holds one token (or List-Unsubscribe=One-Click). */
    static final long FORM_BODY_BYTES = 4 * 1024;
    static final java.util.List<String> MEMBERS = java.util.List.of("email", "drives", "interfaces", "roles", "minChangePercent");

    @Inject
    SubscriptionService subscriptions;

    @Inject
    DigestSettings digestSettings;

    @Inject
    ObjectMapper mapper;

    private ObjectReader requests;

    @PostConstruct
    void init() {
        // only the request record's members are read: anything else is an error, never silently assigned
        requests = mapper.readerFor(SubscriptionRequest.class).with(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }

    /** The same answer to every valid sign-up, so that it never tells whether an address is subscribed. */
    @Schema(name = "SignupAccepted")
    public record SignupAccepted(@Schema(examples = "confirmation-pending") String status, String detail) {
    }

    /** What a confirmation or unsubscribe POST did, for clients that do not ask for HTML. */
    @Schema(name = "SubscriptionChange")
    public record Changed(@Schema(examples = "unsubscribed") String status, String detail) {
    }

    /** A small HTML page. */
    public record Page(String title, String message, String action, String token, boolean oneClick, String button) {
    }

    /** The confirmation and unsubscribe pages (templates/subscriptions/), checked by Qute at build time. */
    @CheckedTemplate(basePath = "subscriptions")
    static class Templates {
        static native TemplateInstance page(Page p);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Sign up for the weekly price digest",
            description = "Double opt-in: a confirmation mail with a link goes to the address, and nothing else is sent to it until the "
                    + "link is followed; following it applies the settings of this request. Every valid request gets the same answer, "
                    + "whether the address is new, pending, subscribed or unsubscribed, and the confirmation mail is resent at most once "
                    + "per drivecat.digest.confirmation-resend-interval. Only the members of SubscriptionRequest are read; any other "
                    + "(an id, a confirmed flag, a token) is a 400. Rate-limited per client, valid sign-ups or not (429 with "
                    + "Retry-After); at most drivecat.digest.signups-per-address confirmation mails go to one address per sign-up window, "
                    + "and a sign-up past that sends none and is answered like any other. The mail is sent after the answer, so the "
                    + "answer takes as long whether one goes out or not.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = SubscriptionRequest.class),
            example = "{\"email\": \"zfs-admin@example.org\", \"roles\": [\"slog\"], \"interfaces\": [\"u2\"], \"minChangePercent\": 5}"))
    @APIResponse(responseCode = "202", description = "Accepted; a confirmation mail may be on its way.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = SignupAccepted.class)))
    @APIResponse(responseCode = "400", description = "The body is malformed, has an unknown member, or a value is not allowed; the detail says which.")
    @APIResponse(responseCode = "413", description = "The body is larger than 16 KiB.")
    @APIResponse(responseCode = "429", description = "Too many sign-ups from this client; Retry-After says when to try again.")
    @MaxBody(bytes = MAX_BODY_BYTES)
    public Response signUp(InputStream body, @Context HttpServerRequest request) throws java.io.IOException {
        // counted first: a client's invalid sign-ups count as much as its valid ones
        subscriptions.admit(ClientAddress.key(request.remoteAddress() == null ? null : request.remoteAddress().hostAddress()));
        byte[] bytes = BodyLimit.read(body, MAX_BODY_BYTES, "A sign-up");
        SubscriptionRequest parsed;
        try {
            parsed = requests.readValue(bytes);
        } catch (com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException e) {
            throw new DomainException(DomainException.Kind.INVALID_BODY, "\"" + e.getPropertyName()
                    + "\" is not a member of a sign-up; it takes " + String.join(", ", MEMBERS) + " and nothing else")
                    .with("pointer", JsonPointers.of(e.getPath())).with("allowed", MEMBERS);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw JsonErrors.invalidBody(e, "a sign-up takes " + String.join(", ", MEMBERS));
        }
        subscriptions.signUp(parsed);
        return Response.accepted(new SignupAccepted("confirmation-pending", accepted())).type(MediaType.APPLICATION_JSON_TYPE).build();
    }

    @GET
    @Path("/confirm")
    @Produces(MediaType.TEXT_HTML)
    @Operation(summary = "The confirmation page",
            description = "The page a confirmation link opens: a button that confirms (POST /subscriptions/confirm). Opening the link "
                    + "changes nothing, so a mail scanner that follows links does not subscribe anyone.")
    @APIResponse(responseCode = "200", description = "The page.", content = @Content(mediaType = MediaType.TEXT_HTML,
            schema = @Schema(type = SchemaType.STRING)))
    @APIResponse(responseCode = "404", description = "The token is not one drivecat sent, or it has expired.",
            content = @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(type = SchemaType.STRING)))
    public Response confirmPage(@Parameter(description = "The token from the confirmation mail.") @QueryParam("token") String token) {
        return switch (subscriptions.checkConfirmation(token)) {
            case CONFIRMED -> html(200, new Page("Confirm your weekly price digest",
                    "Press the button to start receiving drivecat's weekly price-change digest at the address this link was sent to.",
                    "/subscriptions/confirm", token, false, "Confirm"));
            case ALREADY_CONFIRMED -> html(200, message("Already confirmed", "This link has been used; the digest is confirmed."));
            case EXPIRED -> html(404, message("This link has expired", "Sign up again to get a new confirmation link."));
            case UNKNOWN -> html(404, message("Unknown link", "This is not a confirmation link drivecat sent. Check that the whole link was copied."));
        };
    }

    @POST
    @Path("/confirm")
    @Produces({MediaType.TEXT_HTML, MediaType.APPLICATION_JSON})
    @Operation(summary = "Confirm a sign-up",
            description = "Applies the settings the confirmation link carries and starts the digest. The token comes as the form field "
                    + "token (the page's button) or the query parameter token. Confirming again changes nothing.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_FORM_URLENCODED, schema = @Schema(type = SchemaType.STRING),
            example = "token=…"))
    @APIResponse(responseCode = "200", description = "Confirmed (HTML for browsers, JSON otherwise).", content = {
            @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(type = SchemaType.STRING)),
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Changed.class))})
    @APIResponse(responseCode = "404", description = "The token is not one drivecat sent, or it has expired.")
    @MaxBody(bytes = FORM_BODY_BYTES)
    public Response confirm(@QueryParam("token") String queryToken, InputStream body, @Context HttpHeaders headers) {
        String token = queryToken != null ? queryToken : form(body, "A confirmation").get("token");
        boolean html = wantsHtml(headers);
        return switch (subscriptions.confirm(token)) {
            case CONFIRMED, ALREADY_CONFIRMED -> html
                    ? html(200, message("Subscribed", "The weekly price digest is confirmed. Every digest has a link to unsubscribe."))
                    : json(new Changed("confirmed", "The weekly price digest is confirmed."));
            case EXPIRED -> notFound(html, "This confirmation link has expired; sign up again to get a new one");
            case UNKNOWN -> notFound(html, "This is not a confirmation link drivecat sent");
        };
    }

    @GET
    @Path("/unsubscribe")
    @Produces(MediaType.TEXT_HTML)
    @Operation(summary = "The unsubscribe page",
            description = "The page the link in every digest opens: a button that unsubscribes (POST). Opening it changes nothing.")
    @APIResponse(responseCode = "200", description = "The page.", content = @Content(mediaType = MediaType.TEXT_HTML,
            schema = @Schema(type = SchemaType.STRING)))
    @APIResponse(responseCode = "404", description = "The token is not one drivecat sent.",
            content = @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(type = SchemaType.STRING)))
    public Response unsubscribePage(@Parameter(description = "The token from the digest.") @QueryParam("token") String token) {
        if (!subscriptions.isUnsubscribeToken(token)) {
            return html(404, message("Unknown link", "This is not an unsubscribe link drivecat sent. Check that the whole link was copied."));
        }
        return html(200, new Page("Unsubscribe from the price digest",
                "Press the button and no more digests are sent to the address this link was mailed to.",
                "/subscriptions/unsubscribe?token=" + token, null, true, "Unsubscribe"));
    }

    @POST
    @Path("/unsubscribe")
    @MaxBody(bytes = FORM_BODY_BYTES)
    @Produces({MediaType.TEXT_HTML, MediaType.APPLICATION_JSON})
    @Operation(summary = "Unsubscribe (RFC 8058 one-click)",
            description = "The target of every digest's List-Unsubscribe header: a POST with the body List-Unsubscribe=One-Click "
                    + "unsubscribes the address the token was mailed to, with no login and no cookie. Repeating it changes nothing. "
                    + "The token comes in the query (as in the header) or as the form field token.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_FORM_URLENCODED, schema = @Schema(type = SchemaType.STRING),
            example = "List-Unsubscribe=One-Click"))
    @APIResponse(responseCode = "200", description = "Unsubscribed (HTML for browsers, JSON otherwise).", content = {
            @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(type = SchemaType.STRING)),
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Changed.class))})
    @APIResponse(responseCode = "404", description = "The token is not one drivecat sent.")
    public Response unsubscribe(@Parameter(description = "The token from the digest.") @QueryParam("token") String queryToken,
                                InputStream body, @Context HttpHeaders headers) {
        String token = queryToken != null ? queryToken : form(body, "An unsubscribe request").get("token");
        boolean html = wantsHtml(headers);
        if (!subscriptions.unsubscribe(token)) {
            return notFound(html, "This is not an unsubscribe link drivecat sent");
        }
        return html ? html(200, message("Unsubscribed", "No more digests are sent to this address. Signing up again needs a new confirmation."))
                : json(new Changed("unsubscribed", "No more digests are sent to this address."));
    }

    /** The same words for every valid sign-up. */
    private String accepted() {
        java.time.Duration every = digestSettings.confirmationResendInterval();
        String interval = every.toMinutes() % 60 == 0 ? every.toHours() + (every.toHours() == 1 ? " hour" : " hours")
                : every.toMinutes() + " minutes";
        return "If this address can receive mail, a confirmation link is on its way; nothing else is sent to it until the link is "
                + "followed. Signing up again resends the link at most once every " + interval + ".";
    }

    private Page message(String title, String message) {
        return new Page(title, message, null, null, false, null);
    }

    private Response html(int status, Page p) {
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .header("Cache-Control", "no-store")
                .entity(Templates.page(p).render()).build();
    }

    private static Response json(Changed changed) {
        return Response.ok(changed, MediaType.APPLICATION_JSON_TYPE).header("Cache-Control", "no-store").build();
    }

    private Response notFound(boolean html, String detail) {
        if (!html) {
            throw DomainException.notFound(detail);
        }
        return html(404, message("Unknown link", detail + "."));
    }

    private static boolean wantsHtml(HttpHeaders headers) {
        return headers.getAcceptableMediaTypes().stream()
                .anyMatch(m -> "text".equals(m.getType()) && "html".equals(m.getSubtype()));
    }

    /** The fields of an application/x-www-form-urlencoded body (anything else reads as no fields). */
    static Map<String, String> form(InputStream body, String what) {
        return form(new String(BodyLimit.readOptional(body, FORM_BODY_BYTES, what), StandardCharsets.UTF_8));
    }

    /** The first value of each field. */
    static Map<String, String> form(String body) {
        Map<String, String> fields = new java.util.HashMap<>();
        FormFields.read(body).forEach((name, values) -> fields.put(name, values.get(0)));
        return fields;
    }
}
