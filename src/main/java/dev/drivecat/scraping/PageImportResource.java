package dev.drivecat.scraping;

import dev.drivecat.common.BodyLimit;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.ImportSettings;
import dev.drivecat.common.MaxBody;
import dev.drivecat.common.Params;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import java.time.Clock;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/admin/imports/pages")
@Tag(name = "admin")
@SecurityRequirement(name = "adminToken")
public class PageImportResource {

    @Inject
    PageImportService pages;

    @Inject
    ImportSettings importSettings;

    Clock clock = Clock.systemUTC();

    @POST
    @Consumes({MediaType.TEXT_HTML, "application/xhtml+xml"})
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Import a product page saved by a browser",
            description = "Reads the page with the same parser as a scrape and stores its offers for the drive (given, or known from "
                    + "a listing or watched page of the same item). Posting the same page again with the same observedAt stores "
                    + "nothing new. A robot-check page stores nothing.")
    @RequestBody(content = @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.STRING)))
    @APIResponse(responseCode = "200", description = "What the page held, and what was stored.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PageImportService.Result.class)))
    @APIResponse(responseCode = "400", description = "url is not a product page of a marketplace in scrapers/, or observedAt is not a time.")
    @APIResponse(responseCode = "409", description = "A listing of the page sells another drive (named in listingDrive); nothing was stored.")
    @APIResponse(responseCode = "413", description = "The page is larger than drivecat.imports.max-body-bytes.")
    @APIResponse(responseCode = "422", description = "The page could not be read as a product page, or it is another item than its "
            + "URL names (pageExternalId, urlExternalId); nothing was stored.")
    @MaxBody(property = "drivecat.imports.max-body-bytes")
    public PageImportService.Result importPage(
            @Parameter(description = "The page's URL (where it was saved from).", example = "https://www.amazon.com/dp/B0EXAMPLE1",
                    required = true) @QueryParam("url") String url,
            @Parameter(description = "The drive the page sells.", example = "intel-optane-p4800x-375gb-u2") @QueryParam("drive") String drive,
            @Parameter(description = "When the page was saved (ISO 8601); default now.", example = "2026-11-28T09:30:00Z")
            @QueryParam("observedAt") String observedAt,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            InputStream body) {
        Instant now = clock.instant();
        Instant at = Params.instant("observedAt", observedAt).orElse(now);
        if (at.isAfter(now.plusSeconds(3600))) {
            throw DomainException.invalidParameter("observedAt", "observedAt lies in the future (" + at + ")");
        }
        byte[] bytes = BodyLimit.read(body, importSettings.maxBodyBytes(), "A saved page");
        return pages.importPage(url, drive, at, bytes, PageReader.charset(contentType));
    }
}
