package dev.drivecat.specs;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.common.BodyLimit;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.ImportSettings;
import dev.drivecat.common.MaxBody;
import dev.drivecat.common.Params;
import dev.drivecat.common.Text;
import dev.drivecat.scraping.PageReader;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jsoup.nodes.Document;

@Path("/admin/imports")
@Tag(name = "admin")
@SecurityRequirement(name = "adminToken")
public class SpecSourceResource {

    static final String CSV = "text/csv";
    private static final Set<SourceKind> IMPORTABLE = Set.of(SourceKind.VENDOR_PAGE, SourceKind.VENDOR_DATASHEET, SourceKind.REVIEW,
            SourceKind.MEASUREMENT);

    @Inject
    SpecSourceImportService imports;

    @Inject
    ObjectMapper mapper;

    @Inject
    ImportSettings importSettings;

    Clock clock = Clock.systemUTC();

    @POST
    @Path("/spec-pages")
    @Consumes({MediaType.TEXT_HTML, MediaType.APPLICATION_XHTML_XML})
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Import a vendor spec page",
            description = "Reads a vendor's product page (the HTML as the body, its address as url): finds the label/value pairs it lists "
                    + "(tables, definition lists, label/value elements), recognises the vendor from the host or page markers, maps each "
                    + "label through that vendor's dictionary in scrapers/specs/ and normalises units (PBW to TB, ms to µs, …). Labels no "
                    + "dictionary knows are kept as raw values. The page is matched to a drive by part number, else by vendor, model and "
                    + "capacity; drive= names the drive instead, create=true creates it when none matches. Every value is stored with the "
                    + "page's words, its address, the retrieval time and the importer; importing the same page again stores nothing new. "
                    + "A page that fits several drives, or none (without create=true), stores nothing and answers 409 with what it found. "
                    + "dryRun=true reports everything and stores nothing. See src/docs/spec-importers.md.")
    @RequestBody(description = "The page, as saved from the vendor's site.",
            content = @Content(mediaType = MediaType.TEXT_HTML, schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.STRING)))
    @APIResponse(responseCode = "200", description = "What the page says and what was stored.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = SpecSourceReport.class)))
    @APIResponse(responseCode = "400", description = "A parameter is missing or not allowed, or create=true and the page does not say "
            + "enough to create the drive (the detail names what is missing).")
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token, or none configured.")
    @APIResponse(responseCode = "409", description = "The page fits several drives or none, or gives a part number of another drive "
            + "than drive=; nothing was stored. The problem's report member lists what was found.")
    @APIResponse(responseCode = "413", description = "The body is larger than drivecat.imports.max-body-bytes.")
    @APIResponse(responseCode = "415", description = "The body is not text/html.")
    @MaxBody(property = "drivecat.imports.max-body-bytes")
    public SpecSourceReport importPage(
            @BeanParam SpecSourceParams params,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            InputStream body) {
        Common p = common(params);
        byte[] bytes = BodyLimit.read(body, importSettings.maxBodyBytes(), "A spec page");
        // a saved page: its own charset declaration beats the Content-Type's (upload tools add one)
        Document doc = PageReader.saved(bytes, PageReader.charset(contentType), p.url());
        SpecParse parse = parse(() -> SpecPageParser.parse(doc, p.url(), imports.dictionaries(), p.options()));
        return imports.importSource(parse, p.request(SpecPageParser.IMPORTER, SpecPageParser.VERSION));
    }

    @POST
    @Path("/spec-tables")
    @Consumes({CSV, MediaType.APPLICATION_JSON})
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Import a datasheet table (CSV or JSON)",
            description = "Reads a spec table through the same dictionaries, normalisation, matching and storage as spec pages. CSV "
                    + "layouts: two columns label,value; rows of model,label,value (with that header); or wide label,model1,model2,… whose "
                    + "first row names the models (each column is matched to its own drive). JSON: an array of {\"model\", \"label\", "
                    + "\"value\"} objects (model optional) or an array of arrays of cells laid out like the CSV. Columns that match no "
                    + "drive are reported and skipped when others match; a table that matches nothing, or a column that fits several "
                    + "drives, stores nothing (409). See src/docs/spec-importers.md.")
    @RequestBody(description = "The table.", content = {
            @Content(mediaType = CSV, schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.STRING),
                    example = "label,value\nCapacity,400GB\nEndurance Rating (Lifetime Writes),10 drive writes per day for 5 years = 7.3PB\n"),
            @Content(mediaType = MediaType.APPLICATION_JSON,
                    example = "[{\"model\": \"S3710 400GB\", \"label\": \"Endurance Rating (Lifetime Writes)\", \"value\": \"8.3PB\"}]")})
    @APIResponse(responseCode = "200", description = "What the table says and what was stored.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = SpecSourceReport.class)))
    @APIResponse(responseCode = "400", description = "A parameter is not allowed, the table cannot be read (the detail says where), or "
            + "create=true and a column does not say enough to create its drive.")
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token, or none configured.")
    @APIResponse(responseCode = "409", description = "A column fits several drives, nothing matches, or a part number belongs to another "
            + "drive than drive=; nothing was stored.")
    @APIResponse(responseCode = "413", description = "The body is larger than drivecat.imports.max-body-bytes.")
    @APIResponse(responseCode = "415", description = "The body is neither text/csv nor application/json.")
    @MaxBody(property = "drivecat.imports.max-body-bytes")
    public SpecSourceReport importTable(
            @BeanParam SpecSourceParams params,
            @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
            InputStream body) {
        Common p = common(params);
        byte[] bytes = BodyLimit.read(body, importSettings.maxBodyBytes(), "A spec table");
        boolean json = contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith(MediaType.APPLICATION_JSON);
        SpecParse parse = parse(() -> json
                ? SpecTableParser.parseJson(bytes, mapper, p.url(), imports.dictionaries(), p.options())
                : SpecTableParser.parseCsv(bytes, PageReader.charset(contentType), p.url(), imports.dictionaries(), p.options()));
        return imports.importSource(parse, p.request(SpecTableParser.IMPORTER, SpecTableParser.VERSION));
    }

    /** The parameters both endpoints take, checked. */
    private record Common(String url, String drive, boolean dryRun, boolean create, String slug, SourceKind kind, Instant retrievedAt,
                          String dictionary, String vendor, String model) {

        SpecSourceOptions options() {
            return new SpecSourceOptions(dictionary, kind, vendor, model);
        }

        SpecSourceImportService.Request request(String importer, String version) {
            return new SpecSourceImportService.Request(url, retrievedAt, drive, create, slug, dryRun, importer, version);
        }
    }

    private Common common(SpecSourceParams params) {
        String url = params.url();
        String slug = params.slug();
        String dictionary = params.dictionary();
        if (url == null || url.isBlank()) {
            throw problem("url", "url is required: the address of the source, an absolute http(s) URL or a urn: for a document with none");
        }
        if (!ImportValidator.isSourceUri(url.trim())) {
            throw problem("url", "url must be an absolute http(s) URL or a urn:, not '" + Text.quote(url) + "'");
        }
        String driveSlug = Text.strippedOrNull(params.drive());
        boolean creating = Params.bool("create", params.create()).orElse(false);
        if (driveSlug != null && creating) {
            throw problem("create", "create=true and drive= cannot be combined: drive= names an existing drive, create=true makes a new one");
        }
        String newSlug = Text.strippedOrNull(slug);
        if (newSlug != null && !creating) {
            throw problem("slug", "slug names a drive to create and needs create=true");
        }
        if (newSlug != null && (!newSlug.matches("^[a-z0-9]+(-[a-z0-9]+)*$") || newSlug.length() > 120)) {
            throw problem("slug", "slug must be lower-case words of a-z and 0-9 joined by single hyphens, at most 120 characters, not '" + Text.quote(slug) + "'");
        }
        SourceKind sourceKind = Params.token(SourceKind.class, "kind", params.kind()).orElse(null);
        if (sourceKind != null && !IMPORTABLE.contains(sourceKind)) {
            throw new DomainException(DomainException.Kind.INVALID_PARAMETER,
                    "kind " + sourceKind.token() + " is drivecat's own mark for values it computes; allowed: VENDOR_PAGE, VENDOR_DATASHEET, REVIEW, MEASUREMENT")
                    .with("parameter", "kind").with("allowed", List.of("VENDOR_PAGE", "VENDOR_DATASHEET", "REVIEW", "MEASUREMENT"));
        }
        Instant now = clock.instant();
        Instant at = Params.instant("retrievedAt", params.retrievedAt()).orElse(now);
        if (at.isAfter(now.plusSeconds(3600))) {
            throw problem("retrievedAt", "retrievedAt lies in the future (" + at + "); give the time the source was read");
        }
        String dict = Text.strippedOrNull(dictionary);
        if (dict != null && imports.dictionaries().byId(dict).isEmpty()) {
            throw new DomainException(DomainException.Kind.INVALID_PARAMETER,
                    "'" + Text.quote(dictionary) + "' is not a spec dictionary; allowed: " + String.join(", ", imports.dictionaries().ids()))
                    .with("parameter", "dictionary").with("allowed", imports.dictionaries().ids());
        }
        return new Common(url.trim(), driveSlug, Params.bool("dryRun", params.dryRun()).orElse(false), creating, newSlug, sourceKind,
                at, dict, Text.strippedOrNull(params.vendor()), Text.strippedOrNull(params.model()));
    }

    private static SpecParse parse(java.util.function.Supplier<SpecParse> parser) {
        try {
            return parser.get();
        } catch (SpecTableParser.MalformedTableException e) {
            throw new DomainException(DomainException.Kind.INVALID_BODY, "The table could not be read: " + e.getMessage());
        } catch (UnknownDictionaryException e) {
            throw new DomainException(DomainException.Kind.INVALID_PARAMETER, e.getMessage())
                    .with("parameter", "dictionary").with("allowed", e.known());
        }
    }

    private static DomainException problem(String parameter, String detail) {
        return DomainException.invalidParameter(parameter, detail);
    }

}
