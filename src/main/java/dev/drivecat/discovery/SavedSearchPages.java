package dev.drivecat.discovery;

import dev.drivecat.identity.IdentityMatcher;
import dev.drivecat.identity.IdentityService;
import dev.drivecat.scraping.SearchPageImports;
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
 * A saved search result page (POST /admin/imports/pages with a search URL) as a discovery run of
 * its own, source {@code import:<site>}: every result goes through identity, and only a MATCH is
 * priced, exactly as in a run that fetched the page.
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
        String source = "import:" + site.site();
        Instant now = Instant.now();
        IdentityMatcher matcher = identity.matcher();
        SearchQuery query = new SearchQuery("saved page " + url, List.of());
        return QuarkusTransaction.requiringNew().call(() -> {
            long runId = ((Number) em.createNativeQuery("""
                    INSERT INTO discovery_run (source, trigger, status, started_at, queries) VALUES (:s, 'IMPORT', 'RUNNING', :now, 1)
                    RETURNING id""").setParameter("s", source).setParameter("now", now).getSingleResult()).longValue();
            String outcome;
            String reason = null;
            DiscoveryRecorder.Counts counts;
            if (parse instanceof SearchPageReader.Parse.Results results) {
                outcome = "SEARCHED";
                counts = recorder.record(runId, source, query, outcome, results.layout(), 1, null, results.results(), matcher, now, observedAt);
                metrics.results(source, results.layout(), counts);
            } else {
                outcome = parse instanceof SearchPageReader.Parse.Blocked ? "BLOCKED" : "NO_RESULTS";
                reason = parse instanceof SearchPageReader.Parse.Blocked b ? b.reason() : null;
                counts = recorder.record(runId, source, query, outcome, null, 1, reason, List.of(), matcher, now, observedAt);
            }
            String status = outcome.equals("BLOCKED") || (counts.results() == 0 && counts.malformed() > 0) ? "FAILED" : "SUCCEEDED";
            String runReason = status.equals("FAILED") ? (reason != null ? reason : "none of the results could be read") : null;
            em.createNativeQuery("""
                    UPDATE discovery_run SET status = :status, finished_at = :now, reason = :reason, failed_queries = :failed, results = :results,
                           matched = :matched, ambiguous = :ambiguous, rejected = :rejected, priced = :priced WHERE id = :id""")
                    .setParameter("status", status).setParameter("now", Instant.now()).setParameter("reason", runReason)
                    .setParameter("failed", status.equals("FAILED") ? 1 : 0).setParameter("results", counts.results())
                    .setParameter("matched", counts.matched()).setParameter("ambiguous", counts.ambiguous())
                    .setParameter("rejected", counts.rejected()).setParameter("priced", counts.priced()).setParameter("id", runId).executeUpdate();
            metrics.run(source, status);
            @SuppressWarnings("unchecked")
            List<Tuple> rows = em.createNativeQuery("""
                    SELECT r.external_id, r.title, r.decision, d.slug, r.observation_id, r.not_priced FROM discovery_result r
                      LEFT JOIN drive d ON d.id = r.drive_id WHERE r.run_id = :run ORDER BY r.id""", Tuple.class)
                    .setParameter("run", runId).getResultList();
            List<ImportedResult> items = rows.stream().map(t -> new ImportedResult((String) t.get(0), (String) t.get(1), (String) t.get(2),
                    (String) t.get(3), t.get(4) != null, (String) t.get(5))).toList();
            return new Imported(runId, outcome, runReason, counts.results(), counts.matched(), counts.ambiguous(), counts.rejected(),
                    counts.priced(), items);
        });
    }
}
