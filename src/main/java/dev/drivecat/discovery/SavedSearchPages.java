package dev.drivecat.discovery;

import dev.drivecat.identity.IdentityMatcher;
import dev.drivecat.identity.IdentityService;
import dev.drivecat.scraping.PageParse;
import dev.drivecat.scraping.ParsedOffer;
import dev.drivecat.scraping.SearchPageImports;
import dev.drivecat.scraping.SearchResult;
import dev.drivecat.scraping.SearchPageReader;
import dev.drivecat.scraping.SiteDefinitions;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.time.Instant;
import java.util.List;

/**
 * A saved search result page (POST /admin/imports/pages with a search URL), or a saved item page
 * whose title names no one catalog drive, as a discovery run of its own, source
 * {@code import:<site>}: every result goes through identity, only a MATCH is priced, and a result
 * that names a drive the catalog lacks is evidence for its proposal, exactly as in a run that
 * fetched the page.
 */
@ApplicationScoped
public class SavedSearchPages implements SearchPageImports {

    @Inject
    DiscoveryRecorder recorder;

    @Inject
    IdentityService identity;

    @Inject
    EntityManager em;

    @Inject
    DiscoveryMetrics metrics;

    @Override
    public Imported importSearchPage(SiteDefinitions.SearchSite site, SearchPageReader.Parse parse, String url, Instant observedAt) {
        if (parse instanceof SearchPageReader.Parse.Results results) {
            return record(site.site(), "saved page " + url, "SEARCHED", results.layout(), null, results.results(), observedAt);
        }
        String outcome = parse instanceof SearchPageReader.Parse.Blocked ? "BLOCKED" : "NO_RESULTS";
        String reason = parse instanceof SearchPageReader.Parse.Blocked b ? b.reason() : null;
        return record(site.site(), "saved page " + url, outcome, null, reason, List.of(), observedAt);
    }

    @Override
    public Imported importItemPage(String site, String marketplace, PageParse.Product page, String url, Instant observedAt) {
        ParsedOffer offer = page.offers().stream().filter(o -> ParsedOffer.FEATURED.equals(o.offerKey())).findFirst()
                .orElse(page.offers().isEmpty() ? null : page.offers().get(0));
        SearchResult result = new SearchResult(marketplace, page.externalId(), url, page.title(),
                offer == null ? null : offer.price(), offer == null ? null : offer.currency(), offer == null ? null : offer.priceWording(),
                offer == null ? null : offer.shipping(), offer == null ? null : offer.condition(), offer == null ? null : offer.conditionWording(),
                offer == null ? null : offer.sellerName(), offer == null ? null : offer.sellerType(), null, null, null, null, null, false, false,
                false);
        return record(site, "saved item page " + url, "SEARCHED", page.layout(), null, List.of(result), observedAt);
    }

    /** Records a saved page's results as a discovery run of source import:&lt;site&gt; with one query. */
    private Imported record(String site, String queryText, String outcome, String layout, String reason, List<SearchResult> results,
                            Instant observedAt) {
        String source = "import:" + site;
        Instant now = Instant.now();
        IdentityMatcher matcher = identity.matcher();
        SearchQuery query = new SearchQuery(queryText, List.of());
        return QuarkusTransaction.requiringNew().call(() -> {
            long runId = ((Number) em.createNativeQuery("""
                    INSERT INTO discovery_run (source, trigger, status, started_at, queries) VALUES (:s, 'IMPORT', 'RUNNING', :now, 1)
                    RETURNING id""").setParameter("s", source).setParameter("now", now).getSingleResult()).longValue();
            DiscoveryRecorder.Counts counts = recorder.record(runId, source, query, outcome, layout, 1, reason, results, matcher, now,
                    observedAt);
            if (layout != null) {
                metrics.results(source, layout, counts);
            }
            String status = outcome.equals("BLOCKED") || (counts.results() == 0 && counts.malformed() > 0) ? "FAILED" : "SUCCEEDED";
            String runReason = status.equals("FAILED") ? (reason != null ? reason : "none of the results could be read") : null;
            em.createNativeQuery("""
                    UPDATE discovery_run SET status = :status, finished_at = :now, reason = :reason, failed_queries = :failed, results = :results,
                           matched = :matched, ambiguous = :ambiguous, rejected = :rejected, priced = :priced, proposed = :proposed
                     WHERE id = :id""")
                    .setParameter("status", status).setParameter("now", Instant.now()).setParameter("reason", runReason)
                    .setParameter("failed", status.equals("FAILED") ? 1 : 0).setParameter("results", counts.results())
                    .setParameter("matched", counts.matched()).setParameter("ambiguous", counts.ambiguous())
                    .setParameter("rejected", counts.rejected()).setParameter("priced", counts.priced()).setParameter("proposed", counts.proposed())
                    .setParameter("id", runId).executeUpdate();
            metrics.run(source, status);
            @SuppressWarnings("unchecked")
            List<Tuple> rows = em.createNativeQuery("""
                    SELECT r.external_id, r.title, r.decision, d.slug, r.observation_id, r.not_priced FROM discovery_result r
                      LEFT JOIN drive d ON d.id = r.drive_id WHERE r.run_id = :run ORDER BY r.id""", Tuple.class)
                    .setParameter("run", runId).getResultList();
            List<ImportedResult> items = rows.stream().map(t -> new ImportedResult((String) t.get(0), (String) t.get(1), (String) t.get(2),
                    (String) t.get(3), t.get(4) != null, (String) t.get(5))).toList();
            return new Imported(runId, outcome, runReason, counts.results(), counts.matched(), counts.ambiguous(), counts.rejected(),
                    counts.priced(), counts.proposed(), items);
        });
    }
}
