package dev.drivecat.discovery;

import dev.drivecat.common.AlreadyRunningException;
import dev.drivecat.common.DomainException;
import dev.drivecat.database.ClusterLock;
import dev.drivecat.identity.IdentityCatalog;
import dev.drivecat.identity.IdentityMatcher;
import dev.drivecat.identity.IdentityService;
import dev.drivecat.pricing.ListingLifecycle;
import dev.drivecat.scraping.SiteDefinitions;
import dev.drivecat.scraping.fetch.PoliteFetcher;
import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * Runs discovery: one source at a time per source across the cluster (a PostgreSQL advisory lock
 * per source, held for the run), every query the catalog gives, each page of results recorded in
 * a transaction of its own with its identity decisions. A query that fails stores nothing of its
 * page; a failure no later query can escape (credentials refused, budget spent, the source
 * forbidden) ends the run. Only after a run in which every query succeeded do listings the source
 * no longer shows count a missed run, and end after enough of them.
 */
@ApplicationScoped
public class DiscoveryService {

    private static final Logger LOG = Logger.getLogger(DiscoveryService.class);
    private static final long LOCK_BASE = 0x5c7a_d100_0000L;
    /** A source that fails this many queries in a row is failing, not unlucky: the run stops rather than ask it more. */
    static final int FAILURES_THAT_END_A_RUN = 3;

    @Inject
    AgroalDataSource dataSource;

    @Inject
    EntityManager em;

    @Inject
    IdentityService identity;

    @Inject
    DiscoveryRecorder recorder;

    @Inject
    ListingLifecycle lifecycle;

    @Inject
    DiscoveryMetrics metrics;

    @Inject
    DiscoverySettings discoverySettings;

    @Inject
    SiteDefinitions sites;

    @Inject
    PoliteFetcher fetcher;

    private final Sweeps sweeps = Sweeps.fromClasspath();
    /** The official APIs that plug in as beans (eBay's Browse API, then Keepa), in the order of their priority. */
    @Inject
    jakarta.enterprise.inject.Instance<OfficialApi> officialApis;

    Clock clock = Clock.systemUTC();

    private final ExecutorService runner = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "drivecat-discovery");
        t.setDaemon(true);
        return t;
    });

    /** Every source drivecat knows, usable or not, by name: the official APIs, then each site's search pages. */
    public Map<String, SearchSource> sources() {
        Map<String, SearchSource> out = new LinkedHashMap<>();
        officialApis.forEach(api -> api.sources().forEach(s -> out.putIfAbsent(s.name(), s)));
        for (String site : SiteDefinitions.SITES) {
            sites.search(site).ifPresent(search -> out.computeIfAbsent(SearchPageSource.nameOf(site),
                    n -> new SearchPageSource(search, fetcher, discoverySettings.searchSites().contains(site),
                            discoverySettings.searchUrls().get(site))));
        }
        return out;
    }

    /** The source of a name, or a 400 naming the sources there are. */
    public SearchSource source(String name) {
        SearchSource s = sources().get(name);
        if (s == null) {
            throw DomainException.invalidParameter("source", "there is no discovery source '" + name + "'; the sources are "
                    + String.join(", ", sources().keySet())).with("allowed", List.copyOf(sources().keySet()));
        }
        return s;
    }

    /** Starts a run of a source in the background; a 409 when a run of it is going on somewhere in the cluster. */
    public long start(String sourceName, String trigger) {
        SearchSource source = source(sourceName);
        ClusterLock lock = ClusterLock.tryTake(dataSource, lockKey(source.name()))
                .orElseThrow(() -> new AlreadyRunningException("A discovery run of " + source.name() + " is already going on"));
        long runId;
        try {
            runId = begin(source.name(), trigger);
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
        runner.submit(() -> {
            try {
                execute(runId, source);
            } catch (RuntimeException e) {
                LOG.errorf(e, "Discovery run %d stopped", runId);
                finish(runId, "FAILED", "stopped by an unexpected error: " + e.getClass().getSimpleName());
            } finally {
                lock.close();
            }
        });
        return runId;
    }

    /** Runs a source on the calling thread; empty when a run of it is going on elsewhere. */
    public Optional<Long> runNow(String sourceName, String trigger) {
        SearchSource source = source(sourceName);
        Optional<ClusterLock> lock = ClusterLock.tryTake(dataSource, lockKey(source.name()));
        if (lock.isEmpty()) {
            LOG.infof("A discovery run of %s is already going on in the cluster; this one is skipped", source.name());
            return Optional.empty();
        }
        try (ClusterLock held = lock.get()) {
            long runId = begin(source.name(), trigger);
            try {
                execute(runId, source);
            } catch (RuntimeException e) {
                finish(runId, "FAILED", "stopped by an unexpected error: " + e.getClass().getSimpleName());
                throw e;
            }
            return Optional.of(runId);
        }
    }

    /** A malformed scrapers/sweeps.yaml stops the service at start, not at the first run. */
    void onStart(@Observes io.quarkus.runtime.StartupEvent event) {
        sweeps.of("", 0);
    }

    void onShutdown(@Observes ShutdownEvent event) {
        runner.shutdownNow();
        try {
            runner.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static long lockKey(String source) {
        return LOCK_BASE + (source.hashCode() & 0xffff_ffffL);
    }

    private long begin(String source, String trigger) {
        Instant now = clock.instant();
        return QuarkusTransaction.requiringNew().call(() -> {
            // this instance holds the source's lock: a run of it still marked RUNNING died with its process
            em.createNativeQuery("UPDATE discovery_run SET status = 'INTERRUPTED', finished_at = :now WHERE source = :source AND status = 'RUNNING'")
                    .setParameter("now", now).setParameter("source", source).executeUpdate();
            return ((Number) em.createNativeQuery("""
                    INSERT INTO discovery_run (source, trigger, status, started_at) VALUES (:source, :trigger, 'RUNNING', :now) RETURNING id""")
                    .setParameter("source", source).setParameter("trigger", trigger).setParameter("now", now).getSingleResult()).longValue();
        });
    }

    private void execute(long runId, SearchSource source) {
        Optional<String> unusable = source.unusable();
        if (unusable.isPresent()) {
            finish(runId, "SKIPPED", unusable.get());
            return;
        }
        Instant started = clock.instant();
        IdentityMatcher matcher = identity.matcher();
        IdentityCatalog catalog = matcher.catalog();
        List<SearchQuery> queries = DiscoveryQueries.of(catalog.drives(), discoverySettings.maxPartNumberQueriesPerDrive());
        Tally tally = new Tally();
        Set<String> searched = new LinkedHashSet<>();
        String reason = null;
        boolean endedEarly = false;
        int failedInARow = 0;
        for (SearchQuery query : queries) {
            if (Thread.currentThread().isInterrupted()) {
                finishWith(runId, "INTERRUPTED", "the service stopped during the run", tally);
                return;
            }
            tally.queries++;
            Failure failure = runQuery(runId, source, query, matcher, tally, started);
            if (failure == null) {
                searched.addAll(query.drives());
                failedInARow = 0;
                continue;
            }
            tally.failedQueries++;
            failedInARow++;
            reason = reason == null ? failure.reason() : reason;
            if (failure.endsRun() || failedInARow >= FAILURES_THAT_END_A_RUN) {
                reason = failure.endsRun() ? failure.reason()
                        : failedInARow + " queries in a row failed, the run stopped; the last: " + failure.reason();
                endedEarly = true;
                break;
            }
        }
        boolean complete = tally.failedQueries == 0 && !endedEarly;
        if (!endedEarly) {
            String sweepsEnded = sweep(runId, source, matcher, tally, started);
            if (sweepsEnded != null && reason == null) {
                reason = sweepsEnded;
            }
        }
        if (complete) {
            List<Long> drives = driveIds(searched);
            tally.ended = QuarkusTransaction.requiringNew().call(() -> lifecycle.afterCompleteRun(source.name(), started, drives,
                    discoverySettings.endedAfterMissedRuns(), clock.instant()));
        }
        String status = complete ? "SUCCEEDED" : tally.failedQueries == tally.queries ? "FAILED" : "PARTIAL";
        finishWith(runId, status, reason, tally);
        LOG.infof("Discovery run %d of %s: %s, %d queries (%d failed), %d results, %d matched, %d priced, %d proposing a drive the "
                + "catalog lacks", runId, source.name(), status, tally.queries, tally.failedQueries, tally.results, tally.matched, tally.priced,
                tally.proposed);
    }

    /**
     * The source's sweeps of the market (scrapers/sweeps.yaml), after its searches for catalog drives:
     * their results are identified and recorded like any, and propose drives the catalog lacks. A
     * sweep that fails ends the sweeps (after three in a row, or at once when no later query can
     * succeed, such as a spent budget), never the searches already made: the run's status and its
     * listings' lives are the catalog searches'. Returns why the sweeps ended early, or null.
     */
    private String sweep(long runId, SearchSource source, IdentityMatcher matcher, Tally tally, Instant observedAt) {
        int failedInARow = 0;
        for (SearchQuery query : sweeps.of(source.name(), discoverySettings.maxSweepQueries())) {
            if (Thread.currentThread().isInterrupted()) {
                return "the service stopped during the sweeps";
            }
            tally.sweeps++;
            Failure failure = runQuery(runId, source, query, matcher, tally, observedAt);
            if (failure == null) {
                failedInARow = 0;
                continue;
            }
            failedInARow++;
            tally.failedSweeps++;
            if (failure.endsRun() || failedInARow >= FAILURES_THAT_END_A_RUN) {
                return "the sweeps stopped: " + failure.reason();
            }
        }
        return null;
    }

    /** Why a query failed, and whether no later query of the run can succeed. */
    private record Failure(String reason, boolean endsRun) {
    }

    /** Runs one query's pages; null when it succeeded. */
    private Failure runQuery(long runId, SearchSource source, SearchQuery query, IdentityMatcher matcher, Tally tally, Instant observedAt) {
        int pages = 0;
        for (int page = 0; page < discoverySettings.maxPagesPerQuery(); page++) {
            Instant seen = clock.instant();
            SearchSource.Page result;
            try {
                result = source.search(query, page);
            } catch (SearchSource.SearchFailure f) {
                tally.apiCalls += f.apiCalls();
                String kind = f.kind().name();
                String reason = f.getMessage();
                QuarkusTransaction.requiringNew().run(() -> recorder.record(runId, source.name(), query, kind, null, 0, reason, List.of(),
                        matcher, seen, observedAt));
                metrics.query(source.name(), kind);
                return new Failure(reason, f.endsTheRun());
            }
            pages++;
            tally.apiCalls += result.apiCalls();
            String outcome = result.results().isEmpty() ? "NO_RESULTS" : "SEARCHED";
            int pagesSoFar = pages;
            DiscoveryRecorder.Counts counts = QuarkusTransaction.requiringNew().call(() -> recorder.record(runId, source.name(), query,
                    outcome, result.layout(), pagesSoFar, null, result.results(), matcher, seen, observedAt));
            tally.add(counts);
            metrics.results(source.name(), result.layout(), counts);
            if (counts.results() == 0 && counts.malformed() > 0) {
                metrics.query(source.name(), "FAILED");
                return new Failure("the results of \"" + query.text() + "\" could not be read: " + counts.malformed() + " malformed", false);
            }
            metrics.query(source.name(), outcome);
            if (!result.more()) {
                break;
            }
        }
        return null;
    }

    private List<Long> driveIds(Set<String> slugs) {
        if (slugs.isEmpty()) {
            return List.of();
        }
        return QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<Number> ids = em.createNativeQuery("SELECT id FROM drive WHERE slug = ANY(CAST(:slugs AS text[]))")
                    .setParameter("slugs", slugs.toArray(String[]::new)).getResultList();
            List<Long> out = new ArrayList<>();
            ids.forEach(n -> out.add(n.longValue()));
            return out;
        });
    }

    /** What a run has done so far. */
    static final class Tally {
        int queries;
        int failedQueries;
        int results;
        int matched;
        int ambiguous;
        int rejected;
        int priced;
        int proposed;
        int sweeps;
        int failedSweeps;
        int ended;
        int apiCalls;

        void add(DiscoveryRecorder.Counts c) {
            results += c.results();
            matched += c.matched();
            ambiguous += c.ambiguous();
            rejected += c.rejected();
            priced += c.priced();
            proposed += c.proposed();
        }
    }

    private void finish(long runId, String status, String reason) {
        finishWith(runId, status, reason, new Tally());
    }

    private void finishWith(long runId, String status, String reason, Tally t) {
        Instant now = clock.instant();
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("""
                UPDATE discovery_run SET status = :status, finished_at = :now, reason = :reason, queries = greatest(queries, :queries),
                       failed_queries = greatest(failed_queries, :failed), results = greatest(results, :results),
                       matched = greatest(matched, :matched), ambiguous = greatest(ambiguous, :ambiguous),
                       rejected = greatest(rejected, :rejected), priced = greatest(priced, :priced), proposed = greatest(proposed, :proposed),
                       listings_ended = greatest(listings_ended, :ended), api_calls = greatest(api_calls, :calls)
                 WHERE id = :id AND status = 'RUNNING'""")
                .setParameter("status", status).setParameter("now", now).setParameter("reason", reason == null ? null : cut(reason))
                .setParameter("queries", t.queries + t.sweeps).setParameter("failed", t.failedQueries + t.failedSweeps).setParameter("results", t.results)
                .setParameter("matched", t.matched).setParameter("ambiguous", t.ambiguous).setParameter("rejected", t.rejected)
                .setParameter("priced", t.priced).setParameter("proposed", t.proposed).setParameter("ended", t.ended).setParameter("calls", t.apiCalls)
                .setParameter("id", runId).executeUpdate());
        metrics.run(sourceOf(runId), status);
    }

    private String sourceOf(long runId) {
        return QuarkusTransaction.requiringNew().call(() -> (String) em.createNativeQuery("SELECT source FROM discovery_run WHERE id = :id")
                .setParameter("id", runId).getSingleResult());
    }

    private static String cut(String s) {
        return s.length() > 2000 ? s.substring(0, 2000) : s;
    }
}
