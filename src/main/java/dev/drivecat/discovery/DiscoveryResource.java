package dev.drivecat.discovery;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.DrivecatConfig;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Params;
import dev.drivecat.database.Columns;
import dev.drivecat.database.Where;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Discovery runs for operators: what each source searched, found and priced, and the results kept for review. */
@Path("/admin/discoveries")
@Tag(name = "admin")
@SecurityRequirement(name = "adminToken")
public class DiscoveryResource {

    @Inject
    DiscoveryService discovery;

    @Inject
    DiscoveryReview review;

    @Inject
    EntityManager em;

    @Inject
    DrivecatConfig config;

    @Inject
    ObjectMapper json;

    @Schema(name = "DiscoverySource")
    public record SourceView(@Schema(examples = "ebay-browse") String name, boolean usable,
                             @Schema(nullable = true, description = "Why the source cannot be searched now (no API keys, off by "
                                     + "configuration, forbidden by robots.txt).") String reason,
                             @Schema(nullable = true) RunSummary lastRun) {
    }

    @Schema(name = "DiscoveryRunSummary")
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS)
    public record RunSummary(long id, String source, @Schema(enumeration = {"SCHEDULE", "MANUAL", "IMPORT"}) String trigger,
                             @Schema(enumeration = {"RUNNING", "SUCCEEDED", "PARTIAL", "FAILED", "SKIPPED", "INTERRUPTED"}) String status,
                             Instant startedAt, @Schema(nullable = true) Instant finishedAt, int queries, int failedQueries, int results,
                             int matched, int ambiguous,
                             @Schema(description = "Results that are no catalog drive or no drive at all.") int rejected,
                             @Schema(description = "Observations recorded from results.") int priced,
                             @Schema(description = "Listings ended after this run.") int listingsEnded,
                             @Schema(description = "Calls to a metered API.") int apiCalls,
                             @Schema(nullable = true, description = "Why the run failed, was skipped or is partial.") String reason) {
    }

    @Schema(name = "DiscoveryQuery")
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS)
    public record QueryView(String query, @Schema(description = "The drives the query was made for.") List<String> drives,
                            @Schema(enumeration = {"SEARCHED", "NO_RESULTS", "BLOCKED", "REFUSED", "AUTH", "BUDGET", "FAILED"}) String outcome,
                            @Schema(nullable = true) String layout, int pages, int results, int matched, int ambiguous, int rejected,
                            @Schema(nullable = true) String reason) {
    }

    @Schema(name = "DiscoveryRun")
    public record RunView(RunSummary run, List<QueryView> queries) {
    }

    @Schema(name = "DiscoveryOverview")
    public record Overview(List<SourceView> sources, List<RunSummary> items, long total, int limit, int offset) {
    }

    @Schema(name = "DiscoveryCandidate")
    public record CandidateView(String slug, String why) {
    }

    @Schema(name = "DiscoveryResult")
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS)
    public record ResultView(long id, long runId, String source, String query, String marketplace, String externalId,
                             @Schema(nullable = true) String url, String title, @Schema(nullable = true) BigDecimal price,
                             @Schema(nullable = true) String currency, @Schema(nullable = true) BigDecimal shipping,
                             @Schema(nullable = true, enumeration = {"NEW", "NEW_OLD_STOCK", "USED", "RENEWED"}) String condition,
                             @Schema(nullable = true) String conditionWording, @Schema(nullable = true) String seller,
                             @Schema(nullable = true) Integer sellerFeedbackScore, @Schema(nullable = true) BigDecimal sellerFeedbackPercent,
                             @Schema(nullable = true) String buyingOptions, @Schema(nullable = true) Instant endsAt,
                             @Schema(nullable = true) String location, boolean sponsored, boolean variations,
                             @Schema(enumeration = {"MATCH", "AMBIGUOUS", "NO_MATCH", "NOT_A_DRIVE"}) String decision,
                             @Schema(nullable = true) String drive, List<CandidateView> candidates, String evidence,
                             @Schema(enumeration = {"AUTO", "PENDING", "ACCEPTED", "REJECTED"}) String review,
                             @Schema(nullable = true) String reviewNote, @Schema(nullable = true) Instant reviewedAt,
                             @Schema(description = "An observation was recorded from it.") boolean priced,
                             @Schema(nullable = true, description = "Why no price was recorded from it.") String notPriced, Instant seenAt) {
    }

    @Schema(name = "DiscoveryResultPage")
    public record ResultPage(List<ResultView> items, long total, int limit, int offset) {
    }

    @Schema(name = "DiscoveryAccept")
    public record AcceptRequest(@Schema(nullable = true, description = "The drive the result sells; needed unless identity matched it or "
            + "named exactly one candidate.", examples = "intel-optane-p4800x-375gb-u2") String drive,
                                @Schema(nullable = true, description = "Keep the result's title as an alias of the drive (with the URL it "
                                        + "was seen at), so that the same title is matched next time. Default false.") Boolean alias) {
    }

    @Schema(name = "DiscoveryReject")
    public record RejectRequest(@Schema(nullable = true, description = "Why, for the record.", examples = "a caddy, not a drive")
                                String reason) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Discovery sources and runs", description = "Every source with whether it can be searched now and why not, "
            + "and the discovery runs, newest first, with their counts: queries, results, matched, ambiguous, rejected, priced.")
    @APIResponse(responseCode = "200", description = "The sources and a page of runs.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Overview.class)))
    @APIResponse(responseCode = "400", description = "limit, offset or source is not allowed.")
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token.")
    public Overview list(@Parameter(description = "Only runs of this source (import:<site> for saved search pages).", example = "ebay-browse") @QueryParam("source") String source,
                         @Parameter(description = "Page size (default 20; at most 100).", example = "20") @QueryParam("limit") String limit,
                         @Parameter(description = "Runs to skip.", example = "0") @QueryParam("offset") String offset) {
        int pageSize = Params.limit(limit, config.api().defaultLimit(), config.api().maxLimit());
        int skip = Params.offset(offset);
        String only = source == null || source.isBlank() ? null : source.strip();
        if (only != null && !only.matches("[a-z0-9]+([-:][a-z0-9]+)*")) {
            throw Params.invalid("source", only, "a source name such as ebay-browse, search-page:newegg or import:ebay");
        }
        List<SourceView> sources = new ArrayList<>();
        discovery.sources().forEach((name, s) -> {
            Optional<String> why = s.unusable();
            sources.add(new SourceView(name, why.isEmpty(), why.orElse(null), lastRun(name)));
        });
        Where where = only == null ? new Where() : new Where().and("source = :source", "source", only);
        return QuarkusTransaction.requiringNew().call(() -> {
            jakarta.persistence.Query page = where.bind(em.createNativeQuery("SELECT * FROM discovery_run" + where.sql()
                    + " ORDER BY started_at DESC, id DESC LIMIT :limit OFFSET :offset", Tuple.class))
                    .setParameter("limit", pageSize).setParameter("offset", skip);
            jakarta.persistence.Query count = where.bind(em.createNativeQuery("SELECT count(*) FROM discovery_run" + where.sql()));
            @SuppressWarnings("unchecked")
            List<Tuple> rows = page.getResultList();
            return new Overview(sources, rows.stream().map(DiscoveryResource::summary).toList(), ((Number) count.getSingleResult()).longValue(),
                    pageSize, skip);
        });
    }

    @POST
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Start a discovery run now", description = "Starts a run of one source in the background and answers at once; "
            + "follow it at GET /admin/discoveries/{id}. One run of a source at a time in the whole cluster. A source that cannot be "
            + "searched now makes a SKIPPED run that says why.")
    @APIResponse(responseCode = "202", description = "The run started.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunView.class)))
    @APIResponse(responseCode = "400", description = "No or an unknown source (allowed lists the sources).")
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token.")
    @APIResponse(responseCode = "409", description = "A run of the source is already going on.")
    public Response start(@Parameter(description = "The source to search.", required = true, example = "ebay-browse")
                          @QueryParam("source") String source) {
        if (source == null || source.isBlank()) {
            throw DomainException.invalidParameter("source", "source is required; the sources are "
                    + String.join(", ", discovery.sources().keySet())).with("allowed", List.copyOf(discovery.sources().keySet()));
        }
        long id = discovery.start(source.strip(), "MANUAL");
        return Response.accepted(view(id)).location(URI.create("/admin/discoveries/" + id)).build();
    }

    @GET
    @Path("/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "A discovery run", description = "Its status and counts, and every query with its outcome, the layout that "
            + "read its results, its counts and the reason it failed.")
    @APIResponse(responseCode = "200", description = "The run.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunView.class)))
    @APIResponse(responseCode = "400", description = "The id is not a whole number.")
    @APIResponse(responseCode = "404", description = "No such run.")
    public RunView get(@Parameter(schema = @Schema(type = SchemaType.INTEGER, format = "int64")) @PathParam("id") String id) {
        return view(Params.id("id", id));
    }

    @GET
    @Path("/{id}/results")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "The results of a discovery run", description = "Every result the run's searches showed, with identity's "
            + "decision and evidence and what was done with it.")
    @APIResponse(responseCode = "200", description = "A page of results.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ResultPage.class)))
    @APIResponse(responseCode = "400", description = "The id, decision, limit or offset is not allowed.")
    @APIResponse(responseCode = "404", description = "No such run.")
    public ResultPage runResults(@Parameter(schema = @Schema(type = SchemaType.INTEGER, format = "int64")) @PathParam("id") String id,
                                 @Parameter(description = "Only results of this decision: MATCH, AMBIGUOUS, NO_MATCH or NOT_A_DRIVE.")
                                 @QueryParam("decision") String decision,
                                 @Parameter(description = "Page size (default 20; at most 100).") @QueryParam("limit") String limit,
                                 @Parameter(description = "Results to skip.") @QueryParam("offset") String offset) {
        long run = Params.id("id", id);
        view(run);
        return results(run, null, decision, limit, offset);
    }

    @GET
    @Path("/results")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Discovery results to review", description = "Results of every run, newest first; by default those kept for "
            + "an operator (PENDING: ambiguous, no drive, no catalog drive). Accept one to make its listing, or reject it to keep its "
            + "item from ever being priced.")
    @APIResponse(responseCode = "200", description = "A page of results.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ResultPage.class)))
    @APIResponse(responseCode = "400", description = "review, decision, limit or offset is not allowed.")
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token.")
    public ResultPage queue(@Parameter(description = "AUTO, PENDING (the default), ACCEPTED or REJECTED.") @QueryParam("review") String reviewState,
                            @Parameter(description = "Only results of this decision.") @QueryParam("decision") String decision,
                            @Parameter(description = "Page size (default 20; at most 100).") @QueryParam("limit") String limit,
                            @Parameter(description = "Results to skip.") @QueryParam("offset") String offset) {
        String state = reviewState == null || reviewState.isBlank() ? "PENDING" : reviewState.strip();
        if (!List.of("AUTO", "PENDING", "ACCEPTED", "REJECTED").contains(state)) {
            throw Params.invalid("review", state, "one of AUTO, PENDING, ACCEPTED, REJECTED");
        }
        return results(null, state, decision, limit, offset);
    }

    @POST
    @Path("/results/{id}/accept")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Accept a discovery result", description = "Names the drive the result sells (identity's, its one candidate, "
            + "or drive), makes the listing and records the result's price when it showed one with a condition; with alias=true the "
            + "title becomes an alias of the drive, with the URL it was seen at as its source.")
    @APIResponse(responseCode = "200", description = "Accepted.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ResultView.class)))
    @APIResponse(responseCode = "400", description = "The id is not a whole number, or the drive is needed or unknown.")
    @APIResponse(responseCode = "404", description = "No such result.")
    @APIResponse(responseCode = "409", description = "Reviewed already, or the listing sells another drive.")
    public ResultView accept(@Parameter(schema = @Schema(type = SchemaType.INTEGER, format = "int64")) @PathParam("id") String id,
                             AcceptRequest request) {
        long key = Params.id("id", id);
        review.accept(key, request == null ? null : request.drive(), request != null && Boolean.TRUE.equals(request.alias()));
        return result(key);
    }

    @POST
    @Path("/results/{id}/reject")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Reject a discovery result", description = "Its item is never priced: later results of it are rejected too, "
            + "and a listing made from it ends.")
    @APIResponse(responseCode = "200", description = "Rejected.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ResultView.class)))
    @APIResponse(responseCode = "400", description = "The id is not a whole number.")
    @APIResponse(responseCode = "404", description = "No such result.")
    @APIResponse(responseCode = "409", description = "Rejected already.")
    public ResultView reject(@Parameter(schema = @Schema(type = SchemaType.INTEGER, format = "int64")) @PathParam("id") String id,
                             RejectRequest request) {
        long key = Params.id("id", id);
        review.reject(key, request == null ? null : request.reason());
        return result(key);
    }

    private RunSummary lastRun(String source) {
        return QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<Tuple> rows = em.createNativeQuery("SELECT * FROM discovery_run WHERE source = :s ORDER BY started_at DESC, id DESC LIMIT 1",
                    Tuple.class).setParameter("s", source).getResultList();
            return rows.isEmpty() ? null : summary(rows.get(0));
        });
    }

    private RunView view(long id) {
        return QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<Tuple> runs = em.createNativeQuery("SELECT * FROM discovery_run WHERE id = :id", Tuple.class).setParameter("id", id)
                    .getResultList();
            if (runs.isEmpty()) {
                throw DomainException.notFound("No discovery run " + id);
            }
            @SuppressWarnings("unchecked")
            List<Tuple> queries = em.createNativeQuery("SELECT * FROM discovery_query WHERE run_id = :id ORDER BY id", Tuple.class)
                    .setParameter("id", id).getResultList();
            return new RunView(summary(runs.get(0)), queries.stream().map(q -> new QueryView((String) q.get("query"),
                    List.of((String[]) q.get("drives")), (String) q.get("outcome"), (String) q.get("layout"), num(q, "pages"), num(q, "results"),
                    num(q, "matched"), num(q, "ambiguous"), num(q, "rejected"), (String) q.get("reason"))).toList());
        });
    }

    private ResultPage results(Long run, String reviewState, String decision, String limit, String offset) {
        int pageSize = Params.limit(limit, config.api().defaultLimit(), config.api().maxLimit());
        int skip = Params.offset(offset);
        String only = decision == null || decision.isBlank() ? null : decision.strip();
        if (only != null && !List.of("MATCH", "AMBIGUOUS", "NO_MATCH", "NOT_A_DRIVE").contains(only)) {
            throw Params.invalid("decision", only, "one of MATCH, AMBIGUOUS, NO_MATCH, NOT_A_DRIVE");
        }
        Where where = new Where();
        if (run != null) {
            where.and("r.run_id = :run", "run", run);
        }
        if (reviewState != null) {
            where.and("r.review = :review", "review", reviewState);
        }
        if (only != null) {
            where.and("r.decision = :decision", "decision", only);
        }
        return QuarkusTransaction.requiringNew().call(() -> {
            jakarta.persistence.Query page = where.bind(em.createNativeQuery(RESULT_SELECT + where.sql()
                    + " ORDER BY r.seen_at DESC, r.id DESC LIMIT :limit OFFSET :offset", Tuple.class))
                    .setParameter("limit", pageSize).setParameter("offset", skip);
            jakarta.persistence.Query count = where.bind(em.createNativeQuery("SELECT count(*) FROM discovery_result r" + where.sql()));
            @SuppressWarnings("unchecked")
            List<Tuple> rows = page.getResultList();
            return new ResultPage(rows.stream().map(this::resultView).toList(), ((Number) count.getSingleResult()).longValue(), pageSize, skip);
        });
    }

    private static final String RESULT_SELECT = """
            SELECT r.*, m.code AS marketplace, d.slug AS drive, run.source, q.query, CAST(r.candidates AS text) AS candidates_json
              FROM discovery_result r JOIN marketplace m ON m.id = r.marketplace_id JOIN discovery_run run ON run.id = r.run_id
              JOIN discovery_query q ON q.id = r.query_id LEFT JOIN drive d ON d.id = r.drive_id""";

    private ResultView result(long id) {
        return QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<Tuple> rows = em.createNativeQuery(RESULT_SELECT + " WHERE r.id = :id", Tuple.class).setParameter("id", id).getResultList();
            if (rows.isEmpty()) {
                throw DomainException.notFound("No discovery result " + id);
            }
            return resultView(rows.get(0));
        });
    }

    private ResultView resultView(Tuple t) {
        List<CandidateView> candidates;
        try {
            List<Map<String, String>> raw = json.readValue((String) t.get("candidates_json"), new TypeReference<>() { });
            candidates = raw.stream().map(c -> new CandidateView(c.get("slug"), c.get("why"))).toList();
        } catch (java.io.IOException e) {
            candidates = List.of();
        }
        return new ResultView(((Number) t.get("id")).longValue(), ((Number) t.get("run_id")).longValue(), (String) t.get("source"),
                (String) t.get("query"), (String) t.get("marketplace"), (String) t.get("external_id"), (String) t.get("url"),
                (String) t.get("title"), (BigDecimal) t.get("price"), (String) t.get("currency"), (BigDecimal) t.get("shipping"),
                (String) t.get("condition"), (String) t.get("condition_wording"), (String) t.get("seller_name"),
                t.get("seller_feedback_score") == null ? null : num(t, "seller_feedback_score"), (BigDecimal) t.get("seller_feedback_percent"),
                (String) t.get("buying_options"), Columns.instant(t.get("ends_at")), (String) t.get("location"),
                (Boolean) t.get("sponsored"), (Boolean) t.get("variations"), (String) t.get("decision"), (String) t.get("drive"), candidates,
                (String) t.get("evidence"), (String) t.get("review"), (String) t.get("review_note"), Columns.instant(t.get("reviewed_at")),
                t.get("observation_id") != null, (String) t.get("not_priced"), Columns.instant(t.get("seen_at")));
    }

    private static RunSummary summary(Tuple t) {
        return new RunSummary(((Number) t.get("id")).longValue(), (String) t.get("source"), (String) t.get("trigger"), (String) t.get("status"),
                Columns.instant(t.get("started_at")), Columns.instant(t.get("finished_at")), num(t, "queries"),
                num(t, "failed_queries"), num(t, "results"), num(t, "matched"), num(t, "ambiguous"), num(t, "rejected"), num(t, "priced"),
                num(t, "listings_ended"), num(t, "api_calls"), (String) t.get("reason"));
    }

    private static int num(Tuple t, String column) {
        return ((Number) t.get(column)).intValue();
    }
}
