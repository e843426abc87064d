package dev.drivecat.adoption;

import dev.drivecat.catalog.SourceKind;
import dev.drivecat.common.BodyLimit;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.ImportSettings;
import dev.drivecat.common.MaxBody;
import dev.drivecat.common.Params;
import dev.drivecat.scraping.PageReader;
import dev.drivecat.specs.SpecSources;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Adopting a proposal: a vendor page or datasheet makes it a catalog drive. */
@Path("/admin/catalog/proposals/{id}/adopt")
@Tag(name = "admin")
@SecurityRequirement(name = "adminToken")
public class AdoptionResource {

    static final String PDF = "application/pdf";
    private static final Set<SourceKind> DOCUMENT_KINDS = Set.of(SourceKind.VENDOR_PAGE, SourceKind.VENDOR_DATASHEET);

    @Inject
    Adoption adoption;

    @Inject
    ImportSettings importSettings;

    Clock clock = Clock.systemUTC();

    @POST
    @Consumes({MediaType.TEXT_HTML, MediaType.APPLICATION_XHTML_XML, PDF, MediaType.TEXT_PLAIN, MediaType.WILDCARD})
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Adopt a proposal with a vendor page or datasheet",
            description = "Makes the proposed drive a catalog drive from a vendor source: the page as a browser saved it (text/html), a "
                    + "datasheet (application/pdf), or text taken from one (text/plain) in the body; or no body, when url is a page on a "
                    + "vendor host of scrapers/specs/vendors.yaml, which drivecat then fetches politely. The spec importers read it "
                    + "(label dictionaries, tables, PDF text), the column that describes the proposed drive is found by identity, and "
                    + "the drive is created from the document alone: its vendor, model, capacity, bus and form factor, and every value "
                    + "it states, each cited to url in the document's words; what it does not state stays unknown, and nothing of the "
                    + "market evidence becomes a value. Identity knows the drive at once: the proposal's listings are identified again, "
                    + "and those that now name it are priced as their source showed them; the next discovery run searches for it like "
                    + "any drive. The same page again changes nothing (200). See src/docs/discovery.md.")
    @RequestBody(required = false, description = "The vendor document, or nothing to have url fetched.", content = {
            @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(type = SchemaType.STRING)),
            @Content(mediaType = PDF, schema = @Schema(type = SchemaType.STRING, format = "binary")),
            @Content(mediaType = MediaType.TEXT_PLAIN, schema = @Schema(type = SchemaType.STRING))})
    @APIResponse(responseCode = "201", description = "The drive was created; Location is its address.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Adoption.Adopted.class)))
    @APIResponse(responseCode = "200", description = "The proposal was adopted from this page already: nothing new was stored.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Adoption.Adopted.class)))
    @APIResponse(responseCode = "400", description = "The id, url, kind or retrievedAt is not allowed, or there is no body and url is "
            + "not a page of a vendor host.")
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token.")
    @APIResponse(responseCode = "404", description = "No such proposal.")
    @APIResponse(responseCode = "409", description = "The proposal is dismissed, or adopted from another page, or the document "
            + "describes a drive the catalog holds already.")
    @APIResponse(responseCode = "413", description = "The body is larger than drivecat.imports.max-body-bytes.")
    @APIResponse(responseCode = "415", description = "The body is not text/html, application/pdf or text/plain.")
    @APIResponse(responseCode = "422", description = "The document does not describe the proposed drive (another model, capacity or "
            + "form; no drive at all), is no datasheet, does not state what a catalog drive needs (its bus or form factor), or "
            + "could not be fetched; nothing was stored.")
    @MaxBody(property = "drivecat.imports.max-body-bytes")
    public Response adopt(@Parameter(schema = @Schema(type = SchemaType.INTEGER, format = "int64")) @PathParam("id") String id,
                          @Parameter(description = "The address of the vendor page or datasheet: every value is cited to it.",
                                  required = true, example = "https://semiconductor.samsung.com/ssd/datacenter-ssd/pm893/")
                          @QueryParam("url") String url,
                          @Parameter(description = "VENDOR_PAGE or VENDOR_DATASHEET: what the document is. Default: what a "
                                  + "vendor host's path says; else a datasheet for PDF and text, the dictionary's kind for a page.")
                          @QueryParam("kind") String kind,
                          @Parameter(description = "When the document was read (ISO 8601); default now.") @QueryParam("retrievedAt")
                          String retrievedAt,
                          @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                          InputStream body) {
        long proposal = Params.id("id", id);
        SourceKind as = Params.token(SourceKind.class, "kind", kind).orElse(null);
        if (as != null && !DOCUMENT_KINDS.contains(as)) {
            throw DomainException.invalidParameter("kind", "kind must be VENDOR_PAGE or VENDOR_DATASHEET: a proposal is adopted from its "
                    + "vendor's page or datasheet, not " + as.token()).with("allowed", List.of("VENDOR_PAGE", "VENDOR_DATASHEET"));
        }
        Instant now = clock.instant();
        Instant at = Params.instant("retrievedAt", retrievedAt).orElse(now);
        if (at.isAfter(now.plusSeconds(3600))) {
            throw DomainException.invalidParameter("retrievedAt", "retrievedAt lies in the future (" + at + "); give the time the document was read");
        }
        byte[] bytes = BodyLimit.readOptional(body, importSettings.maxBodyBytes(), "A vendor document");
        String mediaType = contentType == null ? null : contentType.split(";", 2)[0].strip();
        if (bytes.length > 0 && SpecSources.format(mediaType, bytes) == null) {
            throw new DomainException(DomainException.Kind.UNSUPPORTED_MEDIA_TYPE, "A vendor document is a page (text/html), a datasheet "
                    + "(application/pdf) or text taken from one (text/plain), not " + (mediaType == null ? "a body of no stated type" : mediaType))
                    .with("allowed", List.of(MediaType.TEXT_HTML, PDF, MediaType.TEXT_PLAIN));
        }
        Adoption.Adopted adopted = adoption.adopt(proposal, url, as, at, new Adoption.Document(bytes, mediaType,
                PageReader.charset(contentType)));
        // a relative reference: JAX-RS's location() would make it absolute with the Host header a client chooses
        return Response.status(adopted.created() ? Response.Status.CREATED : Response.Status.OK).entity(adopted)
                .header(HttpHeaders.LOCATION, "/drives/" + adopted.drive()).build();
    }
}
