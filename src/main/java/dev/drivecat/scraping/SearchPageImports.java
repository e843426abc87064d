package dev.drivecat.scraping;

import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reads a saved search result page, or a saved item page no catalog drive is known for: every
 * result through identity, as a discovery run of its own, so that saved pages can be replayed with
 * no network. Discovery provides it; the page import asks it for a search URL, or an item page whose
 * title names no one catalog drive.
 */
public interface SearchPageImports {

    /** What a saved search page held and what came of each result. */
    @Schema(name = "SearchPageImport")
    record Imported(@Schema(description = "The discovery run that recorded the results (GET /admin/discoveries/{id}).") long runId,
                    @Schema(description = "SEARCHED, NO_RESULTS, BLOCKED or FAILED.") String outcome,
                    @Schema(nullable = true) String reason, int results, int matched, int ambiguous, int rejected, int priced,
                    @Schema(description = "Results that name a drive the catalog lacks: evidence for its proposal.") int proposed,
                    List<ImportedResult> items) {
    }

    @Schema(name = "SearchPageImportResult")
    record ImportedResult(String externalId, String title, String decision, @Schema(nullable = true) String drive,
                          boolean priced, @Schema(nullable = true) String notPriced) {
    }

    Imported importSearchPage(SiteDefinitions.SearchSite site, SearchPageReader.Parse parse, String url, Instant observedAt);

    /**
     * A saved item page whose title names no one catalog drive, as a one-result discovery run of
     * its own: its result is kept for an operator's review and, when it names a drive the catalog
     * lacks, is evidence for that drive's proposal.
     */
    Imported importItemPage(String site, String marketplace, PageParse.Product page, String url, Instant observedAt);
}
