package dev.drivecat.scraping;

import dev.drivecat.common.ApiSettings;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Params;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/admin/scrapes")
@Tag(name = "admin")
@SecurityRequirement(name = "adminToken")
public class ScrapeResource {

    @Inject
    ScrapeService scrapes;

    @Inject
    ApiSettings apiSettings;

    @Schema(name = "ScrapeRun")
    public record RunView(long id, String trigger, String status, Instant startedAt, @Schema(nullable = true) Instant finishedAt,
                          int pagesFetched, int offersParsed, int failures,
                          @Schema(description = "The pages read in this run, by site and the layout of its definition that read "
                                  + "them (none: no layout could), so that a layout change shows as pages moving to another "
                                  + "layout or to none.") List<ParseCount> parses,
                          List<AttemptView> attempts) {
    }

    @Schema(name = "ScrapeParseCount")
    public record ParseCount(String site, String layout,
                             @Schema(description = "Read with offers (stored, or not stored for a storage failure).") int parsed,
                             @Schema(description = "Read as a product with nothing to buy.") int noOffer,
                             @Schema(description = "Not read: no layout found an offer, or the page was another item.") int failed,
                             @Schema(description = "A robot check instead of the page.") int blocked) {
    }

    @Schema(name = "ScrapeAttempt")
    public record AttemptView(String url, String outcome, @Schema(nullable = true) Integer httpStatus, int offersParsed,
                              int observationsAdded, @Schema(nullable = true) String reason,
                              @Schema(nullable = true, description = "The site of the page's host, e.g. amazon.") String site,
                              @Schema(nullable = true, description = "The layout of the site definition that read the page (none: "
                                      + "no layout could); null when the page was not read (not modified, not fetched).") String layout,
                              @Schema(nullable = true, description = "Where the page's structured data disagreed with its visible "
                                      + "offer, one line each.") String disagreements,
                              Instant startedAt, Instant finishedAt) {
    }

    /** A run without its pages, for the list. */
    @Schema(name = "ScrapeRunSummary")
    public record RunSummary(long id, String trigger, String status, Instant startedAt, @Schema(nullable = true) Instant finishedAt,
                             int pagesFetched, int offersParsed, int failures) {
    }

    @Schema(name = "ScrapeRunPage")
    public record RunPage(List<RunSummary> items, @Schema(description = "Runs on record, over all pages.") long total, int limit,
                          int offset) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Recent scrape runs",
            description = "Scrape runs, newest first, with their status and counts; GET /admin/scrapes/{id} has a run's pages.")
    @APIResponse(responseCode = "200", description = "A page of runs.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunPage.class)))
    @APIResponse(responseCode = "400", description = "limit or offset is not allowed.")
    public RunPage list(
            @Parameter(description = "Page size (default 20; at most drivecat.api.max-limit, 100).", example = "20")
            @QueryParam("limit") String limit,
            @Parameter(description = "Runs to skip.", example = "0") @QueryParam("offset") String offset) {
        int pageSize = Params.limit(limit, apiSettings);
        int skip = Params.offset(offset);
        return QuarkusTransaction.requiringNew().call(() -> {
            List<RunSummary> items = ScrapeRun.<ScrapeRun>find("order by startedAt desc, id desc").range(skip, skip + pageSize - 1)
                    .list().stream().map(ScrapeResource::summary).toList();
            return new RunPage(items, ScrapeRun.count(), pageSize, skip);
        });
    }

    @POST
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Start a scrape run now",
            description = "Starts a run over the watch list in the background and answers at once with the run; follow it at "
                    + "GET /admin/scrapes/{id}. One run at a time in the whole cluster.")
    @APIResponse(responseCode = "202", description = "The run started.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunView.class)))
    @APIResponse(responseCode = "409", description = "A run is already going on.")
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token.")
    public Response start() {
        long id = scrapes.start("MANUAL").orElseThrow(() -> new DomainException(DomainException.Kind.CONFLICT,
                "A scrape run is already going on" + scrapes.running().map(r -> " (run " + r + ", GET /admin/scrapes/" + r + ")")
                        .orElse("") + "; start another when it has finished"));
        // a relative Location: JAX-RS would make it absolute with the request's Host header
        return Response.accepted(view(id)).header(jakarta.ws.rs.core.HttpHeaders.LOCATION, "/admin/scrapes/" + id).build();
    }

    @GET
    @Path("/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "A scrape run", description = "Its status, counts, and every page it fetched with the outcome and the reason for each failure (for a parsed page: why its title may name another drive than the watched one).")
    @APIResponse(responseCode = "200", description = "The run.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunView.class)))
    @APIResponse(responseCode = "400", description = "The id is not a whole number.")
    @APIResponse(responseCode = "404", description = "No such run.")
    public RunView get(@Parameter(schema = @Schema(type = SchemaType.INTEGER, format = "int64")) @PathParam("id") String id) {
        return view(Params.id("id", id));
    }

    private static RunSummary summary(ScrapeRun run) {
        return new RunSummary(run.id, run.trigger, run.status, run.startedAt, run.finishedAt, run.pagesFetched, run.offersParsed,
                run.failures);
    }

    private RunView view(long id) {
        return QuarkusTransaction.requiringNew().call(() -> {
            ScrapeRun run = ScrapeRun.findById(id);
            if (run == null) {
                throw DomainException.notFound("No scrape run " + id);
            }
            List<ScrapeAttempt> rows = ScrapeAttempt.list("scrapeRunId = ?1 order by id", id);
            List<AttemptView> attempts = rows.stream()
                    .map(a -> new AttemptView(a.url, a.outcome, a.httpStatus, a.offersParsed, a.observationsAdded, a.reason,
                            a.site, a.layout, a.disagreements, a.startedAt, a.finishedAt)).toList();
            return new RunView(run.id, run.trigger, run.status, run.startedAt, run.finishedAt, run.pagesFetched, run.offersParsed,
                    run.failures, parses(rows), attempts);
        });
    }

    /** The attempts that read a page, counted by site, layout and result. */
    private static List<ParseCount> parses(List<ScrapeAttempt> attempts) {
        Map<List<String>, int[]> counts = new TreeMap<>(Comparator.comparing((List<String> k) -> k.get(0))
                .thenComparing(k -> k.get(1)));
        for (ScrapeAttempt a : attempts) {
            if (a.site == null || a.layout == null) {
                continue;
            }
            ScrapeMetrics.result(ScrapeOutcome.valueOf(a.outcome)).ifPresent(result -> {
                int[] c = counts.computeIfAbsent(List.of(a.site, a.layout), k -> new int[4]);
                c[switch (result) {
                    case "parsed" -> 0;
                    case "no_offer" -> 1;
                    case "failed" -> 2;
                    default -> 3;
                }]++;
            });
        }
        return counts.entrySet().stream().map(e -> new ParseCount(e.getKey().get(0), e.getKey().get(1), e.getValue()[0],
                e.getValue()[1], e.getValue()[2], e.getValue()[3])).toList();
    }
}
