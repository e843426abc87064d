package dev.drivecat.digest;

import dev.drivecat.DrivecatConfig;
import dev.drivecat.common.Accept;
import dev.drivecat.pricing.PriceChangeService.ChangeReport;
import dev.drivecat.pricing.PriceChangeSettings;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.Clock;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameters;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/price-changes")
@Tag(name = "price changes", description = "What changed in prices and stock, as JSON or Atom, and the weekly digest by mail.")
public class PriceChangeResource {

    private static final MediaType ATOM = MediaType.valueOf(AtomFeed.MEDIA_TYPE);

    @Inject
    ChangeFeed feed;

    @Inject
    DrivecatConfig config;

    @Inject
    PriceChangeSettings priceChangeSettings;

    Clock clock = Clock.systemUTC();

    @GET
    @Produces({MediaType.APPLICATION_JSON, AtomFeed.MEDIA_TYPE})
    @Operation(summary = "Price changes over a window",
            description = "Per drive and kind of offer (currency, condition, seller type): the best in-stock price at the window's "
                    + "start and end with the change in money and percent, a new lowest price within the look-back (90 days), back in "
                    + "stock, out of stock, a new seller type, and new listings. Suspect prices and stale listings are never changes, "
                    + "prices are compared only within one currency, and moves below drivecat.price-changes.min-percent are left out. "
                    + "JSON by default; an Atom feed (RFC 4287) with Accept: application/atom+xml. The rules are in src/docs/digests.md.")
    @Parameters({
            @Parameter(name = "since", in = ParameterIn.QUERY, description = "Start of the window (ISO 8601 time, or a date meaning "
                    + "its start in UTC); default: 7 days before until.", example = "2026-11-16T00:00:00Z"),
            @Parameter(name = "until", in = ParameterIn.QUERY, description = "End of the window (exclusive); default: now.",
                    example = "2026-11-23T00:00:00Z"),
            @Parameter(name = "week", in = ParameterIn.QUERY, description = "An ISO week instead of since/until, counted in "
                    + "drivecat.price-changes.week-zone.", example = "2026-W47"),
            @Parameter(name = "interface", in = ParameterIn.QUERY, description = "One or more of m2, u2, u3, aic, sata, sas, nvme, e1s "
                    + "(comma-separated or repeated); absent means all.", schema = @Schema(type = SchemaType.ARRAY, implementation = String.class),
                    example = "u2"),
            @Parameter(name = "role", in = ParameterIn.QUERY, description = "slog or special: only drives that pass the role's "
                    + "power-loss-protection requirement (as /recommend applies it by default).",
                    schema = @Schema(type = SchemaType.ARRAY, implementation = String.class), example = "slog"),
            @Parameter(name = "drive", in = ParameterIn.QUERY, description = "Drive slugs.",
                    schema = @Schema(type = SchemaType.ARRAY, implementation = String.class), example = "intel-optane-p4800x-375gb-u2"),
            @Parameter(name = "currency", in = ParameterIn.QUERY, description = "Only changes in this ISO 4217 currency; absent means "
                    + "every currency, each compared only with itself.", example = "USD"),
            @Parameter(name = "minChangePercent", in = ParameterIn.QUERY, description = "Leave out price moves smaller than this "
                    + "(at least drivecat.price-changes.min-percent, the default).", example = "5")
    })
    @APIResponse(responseCode = "200", description = "The changes.", content = {
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ChangeReport.class)),
            @Content(mediaType = AtomFeed.MEDIA_TYPE, schema = @Schema(type = SchemaType.STRING))})
    @APIResponse(responseCode = "400", description = "A parameter is unknown, malformed or out of range; the detail names what is allowed.")
    public Response changes(@Context UriInfo uri, @Context HttpHeaders headers) {
        ChangeParams.Parsed parsed = ChangeParams.parse(uri.getQueryParameters(), priceChangeSettings, clock.instant());
        ChangeReport report = feed.changes(parsed);
        if (Accept.prefers(headers, ATOM)) {
            String query = uri.getRequestUri().getRawQuery();
            String self = config.publicBaseUrl() + "/price-changes" + (query == null ? "" : "?" + query);
            return Response.ok(AtomFeed.write(report, self), AtomFeed.MEDIA_TYPE + ";charset=UTF-8").build();
        }
        return Response.ok(report, MediaType.APPLICATION_JSON_TYPE).build();
    }
}
