package dev.drivecat.discovery;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The JSON shapes of the discovery API: sources, runs with their queries, and results. */
public final class DiscoveryViews {

    private DiscoveryViews() {
    }

    @Schema(name = "DiscoverySource")
    public record SourceView(@Schema(examples = "ebay-browse") String name, boolean usable,
                             @Schema(nullable = true, description = "Why the source cannot be searched now (no API keys, off by "
                                     + "configuration, forbidden by robots.txt).") String reason,
                             @Schema(nullable = true) RunSummary lastRun) {
    }

    @Schema(name = "DiscoveryRunSummary")
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record RunSummary(long id, String source, @Schema(enumeration = {"SCHEDULE", "MANUAL", "IMPORT"}) String trigger,
                             @Schema(enumeration = {"RUNNING", "SUCCEEDED", "PARTIAL", "FAILED", "SKIPPED", "INTERRUPTED"}) String status,
                             Instant startedAt, @Schema(nullable = true) Instant finishedAt, int queries, int failedQueries, int results,
                             int matched, int ambiguous,
                             @Schema(description = "Results that are no catalog drive or no drive at all.") int rejected,
                             @Schema(description = "Observations recorded from results.") int priced,
                             @Schema(description = "Results that name a drive the catalog lacks: evidence for its proposal "
                                     + "(GET /admin/catalog/proposals).") int proposed,
                             @Schema(description = "Listings ended after this run.") int listingsEnded,
                             @Schema(description = "Calls to a metered API.") int apiCalls,
                             @Schema(nullable = true, description = "Why the run failed, was skipped or is partial.") String reason) {
    }

    @Schema(name = "DiscoveryQuery")
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record QueryView(String query, @Schema(description = "The drives the query was made for.") List<String> drives,
                            @Schema(description = "A sweep of the market (scrapers/sweeps.yaml), made for no catalog drive: it finds "
                                    + "the drives the catalog lacks.") boolean sweep,
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
    @JsonInclude(JsonInclude.Include.ALWAYS)
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
}
