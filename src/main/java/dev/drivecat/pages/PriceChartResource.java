package dev.drivecat.pages;

import dev.drivecat.catalog.Drive;
import dev.drivecat.charts.PriceChart;
import dev.drivecat.charts.SvgChart;
import dev.drivecat.common.ApiSettings;
import dev.drivecat.common.Params;
import dev.drivecat.drives.CatalogQueries;
import dev.drivecat.drives.DriveViews.DriveDetail;
import dev.drivecat.web.Problem;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** A drive's price history as an SVG image, for forums, wikis and dashboards: the drive page's chart alone. */
@Path("/drives/{slug}/prices.svg")
@Tag(name = "catalog")
public class PriceChartResource {

    static final String SVG = "image/svg+xml";

    @Inject
    CatalogQueries catalog;

    @Inject
    ApiSettings apiSettings;

    @GET
    @Produces(SVG)
    @Operation(summary = "A drive's price history as a chart",
            description = "The lowest in-stock price per day for each condition (new, new old stock, used, renewed), with the range of "
                    + "all offers that day as a band and the latest price of each condition labelled, optionally within [from, to). "
                    + "Suspect prices are left out. Every point carries its date and price as its title; the image has a title and a "
                    + "description for screen readers.")
    @APIResponse(responseCode = "200", description = "The chart.",
            content = @Content(mediaType = SVG, schema = @Schema(type = SchemaType.STRING)))
    @APIResponse(responseCode = "400", description = "from or to is not an ISO 8601 time or date, to is not after from, or the currency "
            + "is not an ISO 4217 code.",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "No drive has this slug.",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public Response chart(
            @Parameter(example = "intel-optane-p4800x-375gb-u2") @PathParam("slug") String slug,
            @Parameter(description = "Inclusive start (ISO 8601 time, or a date meaning its start in UTC); the date axis starts on its day.",
                    example = "2026-10-01") @QueryParam("from") String from,
            @Parameter(description = "Exclusive end; the date axis ends on the day before.", example = "2026-12-01")
            @QueryParam("to") String to,
            @Parameter(description = "The currency to draw (ISO 4217); default: the service's currency when the history has prices in "
                    + "it, else the one most prices are in.", example = "USD") @QueryParam("currency") String currency) {
        Params.TimeRange range = Params.timeRange(from, to);
        String preferred = Params.currency(currency, apiSettings);
        DriveDetail drive = catalog.detail(slug, preferred, false)
                .orElseThrow(() -> CatalogQueries.noSuchDrive(slug));
        List<PriceChart.Sample> samples = PriceChart.samples(catalog.prices(slug, range.from(), range.to()).observations());
        String drawn = currency == null || currency.isBlank() ? PriceChart.currency(samples, preferred) : preferred;
        LocalDate firstDay = range.from() == null ? null : range.from().atOffset(ZoneOffset.UTC).toLocalDate();
        LocalDate lastDay = range.to() == null ? null : range.to().minusNanos(1).atOffset(ZoneOffset.UTC).toLocalDate();
        PriceChart.Chart chart = PriceChart.build(Drive.name(drive.vendor(), drive.model(), drive.capacityGb()), samples, drawn,
                firstDay, lastDay, PriceChart.Size.PAGE);
        return Response.ok(SvgChart.render(chart, "price-chart"), SVG + ";charset=UTF-8").build();
    }
}
