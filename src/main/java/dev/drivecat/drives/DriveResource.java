package dev.drivecat.drives;

import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.drivecat.common.Accept;
import dev.drivecat.common.ApiSettings;
import dev.drivecat.drives.CatalogQueries.DriveQuery;
import dev.drivecat.drives.CatalogQueries.DriveSort;
import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.PlpClass;
import dev.drivecat.common.ApiToken;
import dev.drivecat.common.InvalidValueException;
import dev.drivecat.common.Params;
import dev.drivecat.common.Text;
import dev.drivecat.drives.DriveViews.DriveDetail;
import dev.drivecat.drives.DriveViews.DrivePage;
import dev.drivecat.drives.DriveViews.ObservationView;
import dev.drivecat.drives.DriveViews.PriceHistory;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/drives")
@Tag(name = "catalog", description = "Drives, their specs with provenance, and their prices.")
public class DriveResource {

    static final String CSV = "text/csv";
    private static final MediaType CSV_TYPE = MediaType.valueOf(CSV);

    @Inject
    CatalogQueries catalog;

    @Inject
    ApiSettings apiSettings;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "List drives",
            description = "Drives with their power-loss protection (class and the vendor's wording), endurance and the best in-stock "
                    + "offer. Filters combine with AND; a filter given several values (repeated or comma-separated) matches any of them.")
    @APIResponse(responseCode = "200", description = "A page of drives.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = DrivePage.class)))
    @APIResponse(responseCode = "400", description = "A filter value is not allowed (the detail names the allowed values) or limit is over the cap.")
    public DrivePage list(
            @Parameter(description = "A bus (sata, sas, nvme) or a slot (m2, u2, u3, aic, e1s).",
                    schema = @Schema(type = SchemaType.ARRAY, implementation = String.class), example = "m2")
            @QueryParam("interface") List<String> iface,
            @Parameter(description = "A bus the drive must use as well (sata, sas, nvme): interface=m2&bus=nvme lists M.2 NVMe drives only.",
                    schema = @Schema(type = SchemaType.ARRAY, implementation = String.class), example = "nvme")
            @QueryParam("bus") List<String> bus,
            @Parameter(description = "2.5in, u2, u3, m2-2280, m2-22110, aic, e1s.", schema = @Schema(type = SchemaType.ARRAY, implementation = String.class))
            @QueryParam("formFactor") List<String> formFactor,
            @Parameter(description = "3d-xpoint, slc, mlc, tlc, qlc, nand.", schema = @Schema(type = SchemaType.ARRAY, implementation = String.class))
            @QueryParam("media") List<String> media,
            @Parameter(description = "Power-loss protection class: STATED_YES, STATED_NO, MODEL_SPECIFIC, NOT_STATED, DATA_AT_REST_ONLY (protection of data at rest only, not PLP for a SLOG).",
                    schema = @Schema(type = SchemaType.ARRAY, implementation = String.class))
            @QueryParam("plp") List<String> plp,
            @Parameter(description = "Vendor name, case-insensitive.", schema = @Schema(type = SchemaType.ARRAY, implementation = String.class))
            @QueryParam("vendor") List<String> vendor,
            @Parameter(description = "Minimum drive writes per day (stated or derived).", example = "1")
            @QueryParam("minDwpd") String minDwpd,
            @Parameter(description = "Text searched in vendor, model, slug and part numbers.", example = "optane")
            @QueryParam("q") String q,
            @Parameter(description = "slug (default), vendor, capacity, price, dwpd or tbw; prefix - for descending.", example = "price")
            @QueryParam("sort") String sort,
            @Parameter(description = "Page size (default 20; at most drivecat.api.max-limit, 100).", example = "20")
            @QueryParam("limit") String limit,
            @Parameter(description = "Items to skip.", example = "0")
            @QueryParam("offset") String offset,
            @Parameter(description = "Currency of the best offer (ISO 4217); offers in other currencies are not compared.", example = "USD")
            @QueryParam("currency") String currency,
            @Parameter(description = "Let offers open only to business accounts be the best offer (default false).")
            @QueryParam("includeBusinessOnly") String includeBusinessOnly) {
        String sortToken = sort == null || sort.isBlank() ? "slug" : sort.trim();
        boolean descending = sortToken.startsWith("-");
        DriveSort driveSort = ApiToken.parse(DriveSort.class, descending ? sortToken.substring(1) : sortToken)
                .orElseThrow(() -> new InvalidValueException("sort", sort, sortValues()));
        DriveQuery query = new DriveQuery(
                Params.tokens(InterfaceFilter.class, "interface", iface),
                Params.tokens(Interface.class, "bus", bus),
                Params.tokens(FormFactor.class, "formFactor", formFactor),
                Params.tokens(Media.class, "media", media),
                Params.tokens(PlpClass.class, "plp", plp),
                Params.values(vendor),
                Params.decimal("minDwpd", minDwpd, BigDecimal.ZERO, null).orElse(null),
                q,
                driveSort,
                Params.limit(limit, apiSettings),
                Params.offset(offset),
                Params.currency(currency, apiSettings),
                Params.bool("includeBusinessOnly", includeBusinessOnly).orElse(false));
        return catalog.list(query, descending);
    }

    @GET
    @Path("/{slug}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "One drive with every spec value and listing",
            description = "Every spec value with its provenance (the chosen one and the alternatives other sources gave), and every "
                    + "listing with its current observation.")
    @APIResponse(responseCode = "200", description = "The drive.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = DriveDetail.class)))
    @APIResponse(responseCode = "404", description = "No drive has this slug.")
    public DriveDetail detail(
            @Parameter(example = "intel-optane-p4800x-375gb-u2") @PathParam("slug") String slug,
            @Parameter(description = "Currency of the best offer.", example = "USD") @QueryParam("currency") String currency,
            @QueryParam("includeBusinessOnly") String includeBusinessOnly) {
        return catalog.detail(slug, Params.currency(currency, apiSettings),
                        Params.bool("includeBusinessOnly", includeBusinessOnly).orElse(false))
                .orElseThrow(() -> CatalogQueries.noSuchDrive(slug));
    }

    @GET
    @Path("/{slug}/prices")
    @Produces({MediaType.APPLICATION_JSON, CSV})
    @Operation(summary = "A drive's price history",
            description = "Every observation of every listing of the drive, oldest first, optionally within [from, to). "
                    + "JSON by default; CSV with Accept: text/csv.")
    @APIResponse(responseCode = "200", description = "The observations.", content = {
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = PriceHistory.class)),
            @Content(mediaType = CSV, schema = @Schema(type = SchemaType.STRING),
                    example = "observedAt,marketplace,externalId,seller,sellerType,condition,businessOnly,price,priceHigh,currency,"
                            + "shipping,inStock,availability,suspect,source,sourceUrl\n"
                            + "2026-10-21T00:00:00Z,amazon-us,guide-2026-10-21/intel-optane-p4800x-375gb-u2,,THIRD_PARTY,NEW_OLD_STOCK,"
                            + "false,420.00,450.00,USD,,true,,false,\"SLOG and special vdev SSD buying guide, 2026\",urn:drivecat:source:slog-special-vdev-buying-guide-2026\n")})
    @APIResponse(responseCode = "400", description = "from or to is not an ISO 8601 time or date.")
    @APIResponse(responseCode = "404", description = "No drive has this slug.")
    public Response prices(
            @Parameter(example = "intel-optane-p4800x-375gb-u2") @PathParam("slug") String slug,
            @Parameter(description = "Inclusive start (ISO 8601 time, or a date meaning its start in UTC).", example = "2026-10-01")
            @QueryParam("from") String from,
            @Parameter(description = "Exclusive end.", example = "2026-12-01") @QueryParam("to") String to,
            HttpHeaders headers) {
        Params.TimeRange range = Params.timeRange(from, to);
        PriceHistory history = catalog.prices(slug, range.from(), range.to());
        if (Accept.prefers(headers, CSV_TYPE)) {
            return Response.ok(csv(history.observations()), CSV + ";charset=UTF-8")
                    .header("Content-Disposition", "inline; filename=\"" + slug + "-prices.csv\"").build();
        }
        return Response.ok(history, MediaType.APPLICATION_JSON_TYPE).build();
    }

    private static final ObjectWriter CSV_WRITER;

    static {
        CsvMapper mapper = CsvMapper.builder()
                .enable(com.fasterxml.jackson.dataformat.csv.CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING)
                .build();
        mapper.findAndRegisterModules();
        // text from pages (a seller name, an availability) never reaches a spreadsheet as a formula
        mapper.registerModule(new com.fasterxml.jackson.databind.module.SimpleModule("drivecat-csv-cells").addSerializer(String.class,
                new com.fasterxml.jackson.databind.ser.std.StdSerializer<String>(String.class) {
                    @Override
                    public void serialize(String value, com.fasterxml.jackson.core.JsonGenerator out,
                                          com.fasterxml.jackson.databind.SerializerProvider provider) throws java.io.IOException {
                        out.writeString(Text.csvCell(value));
                    }
                }));
        mapper.disable(com.fasterxml.jackson.databind.SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        CsvSchema schema = mapper.schemaFor(ObservationView.class).withHeader()
                .sortedBy("observedAt", "marketplace", "externalId", "seller", "sellerType", "condition", "businessOnly",
                        "price", "priceHigh", "currency", "shipping", "inStock", "availability", "suspect", "source", "sourceUrl");
        CSV_WRITER = mapper.writer(schema);
    }

    static String csv(List<ObservationView> observations) {
        try {
            return CSV_WRITER.writeValueAsString(observations);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> sortValues() {
        List<String> values = new ArrayList<>();
        for (String t : ApiToken.tokens(DriveSort.class)) {
            values.add(t);
            values.add("-" + t);
        }
        return values;
    }
}
