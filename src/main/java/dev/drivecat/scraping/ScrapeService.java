package dev.drivecat.scraping;

import dev.drivecat.catalog.Drive;
import dev.drivecat.catalog.PartNumbers;
import dev.drivecat.database.ClusterLock;
import dev.drivecat.pricing.Marketplace;
import dev.drivecat.scraping.fetch.FetchRequest;
import dev.drivecat.scraping.fetch.FetchResult;
import dev.drivecat.scraping.fetch.PoliteFetcher;
import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * Runs scrapes: every active page of the watch list is fetched politely, read by its site's
 * parser, and its offers recorded. One run at a time in the whole cluster (a PostgreSQL advisory
 * lock held for the run's length; it goes with the session if the process dies). Each page is
 * stored in one transaction with its attempt record: a failure or a crash never leaves part of a
 * page, and only a parsed page writes prices.
 */
@ApplicationScoped
public class ScrapeService {

    private static final Logger LOG = Logger.getLogger(ScrapeService.class);
    static final long CLUSTER_LOCK = 0x5c7a_9e00L;

    @Inject
    AgroalDataSource dataSource;

    @Inject
    PoliteFetcher fetcher;

    @Inject
    SiteDefinitions sites;

    @Inject
    PartNumbers partNumbers;

    @Inject
    ParsedPageStore store;

    @Inject
    ScrapeMetrics metrics;

    @Inject
    ItemListings items;

    /** The official APIs that read watched pages instead of the fetcher (Keepa for Amazon, with a key). */
    @Inject
    jakarta.enterprise.inject.Instance<ProductFeed> feeds;

    Clock clock = Clock.systemUTC();

    private final ExecutorService runner = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "drivecat-scrape");
        t.setDaemon(true);
        return t;
    });

    /** Starts a run in the background; empty when a run is already going on somewhere in the cluster. */
    public Optional<Long> start(String trigger) {
        ClusterLock lock = ClusterLock.tryTake(dataSource, CLUSTER_LOCK).orElse(null);
        if (lock == null) {
            return Optional.empty();
        }
        long runId;
        try {
            runId = begin(trigger);
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
        runner.submit(() -> {
            try {
                execute(runId);
            } catch (RuntimeException e) {
                LOG.errorf(e, "Scrape run %d stopped", runId);
                finish(runId, ScrapeRun.FAILED);
            } finally {
                lock.close();
            }
        });
        return Optional.of(runId);
    }

    /** Runs on the calling thread (the scheduler's); empty when another instance is running one. */
    public Optional<Long> runNow(String trigger) {
        Optional<ClusterLock> lock = ClusterLock.tryTake(dataSource, CLUSTER_LOCK);
        if (lock.isEmpty()) {
            LOG.info("A scrape run is already going on in the cluster; this one is skipped");
            return Optional.empty();
        }
        try (ClusterLock held = lock.get()) {
            long runId = begin(trigger);
            try {
                execute(runId);
            } catch (RuntimeException e) {
                finish(runId, ScrapeRun.FAILED);
                throw e;
            }
            return Optional.of(runId);
        }
    }

    /** The id of the run going on now, if any. */
    public Optional<Long> running() {
        return QuarkusTransaction.requiringNew().call(() -> ScrapeRun.<ScrapeRun>find("status", ScrapeRun.RUNNING)
                .firstResultOptional().map(r -> r.id));
    }

    void onShutdown(@Observes ShutdownEvent event) {
        runner.shutdownNow();
        try {
            runner.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private long begin(String trigger) {
        Instant now = clock.instant();
        return QuarkusTransaction.requiringNew().call(() -> {
            // this instance holds the cluster lock, so a run still marked RUNNING died with its process
            ScrapeRun.update("status = ?1, finishedAt = ?2 where status = ?3", ScrapeRun.INTERRUPTED, now, ScrapeRun.RUNNING);
            ScrapeRun run = new ScrapeRun();
            run.trigger = trigger;
            run.status = ScrapeRun.RUNNING;
            run.startedAt = now;
            run.persist();
            return run.id;
        });
    }

    private void execute(long runId) {
        List<Long> pages = QuarkusTransaction.requiringNew().call(() -> WatchedPage.<WatchedPage>find(
                "active = true order by lastAttemptAt nulls first, id").list().stream().map(p -> p.id).toList());
        LOG.infof("Scrape run %d: %d page(s) to fetch", runId, pages.size());
        for (long pageId : pages) {
            if (Thread.currentThread().isInterrupted()) {
                finish(runId, ScrapeRun.INTERRUPTED);
                return;
            }
            Instant started = clock.instant();
            try {
                scrape(runId, pageId, started);
            } catch (RuntimeException e) {
                // one page's trouble is that page's failed attempt; the others are still fetched
                LOG.errorf(e, "Scrape run %d: page %d failed unexpectedly", runId, pageId);
                recordUnexpected(runId, pageId, started, e);
            }
        }
        boolean allFailed = QuarkusTransaction.requiringNew().call(() -> {
            ScrapeRun run = ScrapeRun.findById(runId);
            return run.failures > 0 && run.failures == pages.size();
        });
        finish(runId, allFailed ? ScrapeRun.FAILED : ScrapeRun.SUCCEEDED);
    }

    private record Page(long id, String url, String marketplace, String externalId, String etag, String lastModified) {
    }

    /** What one page came to, ready to record; {@code layout} and {@code disagreements} only for a page that was read. */
    private record Attempt(ScrapeOutcome outcome, Integer status, String reason, int offers, int added,
                           String etag, String lastModified, boolean fetched, String layout, String disagreements) {

        Attempt(ScrapeOutcome outcome, Integer status, String reason, int offers, int added, String etag,
                String lastModified, boolean fetched) {
            this(outcome, status, reason, offers, added, etag, lastModified, fetched, null, null);
        }

        Attempt read(PageParse parse) {
            String lines = parse instanceof PageParse.Product product && !product.disagreements().isEmpty()
                    ? String.join("\n", product.disagreements().stream().map(Object::toString).toList()) : null;
            return new Attempt(outcome, status, reason, offers, added, etag, lastModified, fetched, parse.layout(), lines);
        }
    }

    private Page load(long pageId) {
        return QuarkusTransaction.requiringNew().call(() -> {
            WatchedPage p = WatchedPage.findById(pageId);
            return new Page(p.id, p.url, p.identity.marketplace.code, p.identity.externalId, p.etag, p.lastModified);
        });
    }

    /**
     * Records a page that failed in an unexpected way as a failed fetch with the reason. Its
     * validators are forgotten, so the next run fetches it in full: a stored validator may be what
     * failed, and a full fetch costs only bandwidth.
     */
    private void recordUnexpected(long runId, long pageId, Instant started, RuntimeException e) {
        try {
            record(runId, load(pageId), started, new Attempt(ScrapeOutcome.FETCH_FAILED, null,
                    "unexpected error, nothing stored: " + (e.getMessage() != null ? e.getMessage()
                            : "no detail (see the log of run " + runId + ")"), 0, 0, null, null, false), null, true);
        } catch (RuntimeException again) {
            LOG.errorf(again, "Scrape run %d: the failure of page %d could not be recorded", runId, pageId);
        }
    }

    private void scrape(long runId, long pageId, Instant started) {
        Page page = load(pageId);
        Optional<ProductFeed> feed = feeds.stream().filter(f -> f.reads(page.marketplace())).findFirst();
        if (feed.isPresent()) {
            readFromFeed(runId, page, started, feed.get());
            return;
        }
        FetchResult result = fetcher.fetch(FetchRequest.conditional(page.url(), page.etag(), page.lastModified()));
        Instant fetchedAt = clock.instant();
        if (result instanceof FetchResult.Fetched fetched) {
            PageParse read = PageParsing.fetched(sites, fetched);
            PageParse parse = notAnotherItem(read, fetched.finalUrl(), page);
            // the layout that read the page, also when the page turned out to be another item
            store(runId, page, started, read, parse, fetched.status(), fetched.etag(), fetched.lastModified(), true, fetchedAt,
                    fetched.finalUrl());
            return;
        }
        Attempt attempt;
        if (result instanceof FetchResult.NotModified nm) {
            attempt = new Attempt(ScrapeOutcome.NOT_MODIFIED, 304, null, 0, 0, nm.etag(), nm.lastModified(), true);
        } else if (result instanceof FetchResult.Refused refused) {
            attempt = new Attempt(ScrapeOutcome.REFUSED, null, refused.reason() + ": " + refused.detail(), 0, 0, null, null, false);
        } else {
            FetchResult.Failed failed = (FetchResult.Failed) result;
            attempt = new Attempt(ScrapeOutcome.FETCH_FAILED, failed.status(), failed.reason() + ": " + failed.detail(), 0, 0,
                    null, null, false);
        }
        record(runId, page, started, attempt, null);
    }

    /** A watched page an official API reads: stored as a fetched page is, without asking the marketplace's host. */
    private void readFromFeed(long runId, Page page, Instant started, ProductFeed feed) {
        PageParse parse;
        try {
            parse = notAnotherItem(feed.read(page.marketplace(), page.externalId()), URI.create(page.url()), page);
        } catch (ProductFeed.Unanswered e) {
            record(runId, page, started, new Attempt(ScrapeOutcome.FETCH_FAILED, null, e.getMessage(), 0, 0, null, null, false), null);
            return;
        }
        store(runId, page, started, parse, parse, null, null, null, false, clock.instant(), URI.create(page.url()));
    }

    /**
     * Records what a page came to: a product's offers with the attempt, or the attempt alone.
     *
     * @param read the page as its layout read it (its layout is recorded, also when the page is another item)
     * @param parse what is stored: {@code read}, or a failure when the page turned out to be another item
     */
    private void store(long runId, Page page, Instant started, PageParse read, PageParse parse, Integer status, String etag,
                       String lastModified, boolean fetched, Instant observedAt, URI url) {
        Attempt attempt;
        if (parse instanceof PageParse.Product product) {
            attempt = new Attempt(ScrapeOutcome.PARSED, status, null, product.offers().size(), 0, etag, lastModified, fetched);
        } else if (parse instanceof PageParse.NoOffer none) {
            attempt = new Attempt(ScrapeOutcome.NO_OFFER, status, none.kind() + ": " + none.reason(), 0, 0, null, null, fetched);
        } else if (parse instanceof PageParse.Blocked blocked) {
            attempt = new Attempt(ScrapeOutcome.BLOCKED, status, blocked.reason(), 0, 0, null, null, fetched);
        } else {
            attempt = new Attempt(ScrapeOutcome.PARSE_FAILED, status, ((PageParse.Failed) parse).reason(), 0, 0, null, null, fetched);
        }
        attempt = attempt.read(read);
        PageParse.Product product = parse instanceof PageParse.Product p ? p : null;
        try {
            record(runId, page, started, attempt, product == null ? null : new Observed(product, observedAt, url),
                    false, ItemListings.ForParts.of(parse).orElse(null));
        } catch (RuntimeException e) {
            LOG.warnf(e, "Scrape run %d: storing %s failed", runId, page.url());
            record(runId, page, started, new Attempt(ScrapeOutcome.STORE_FAILED, status, "storing the offers failed: " + e.getMessage(),
                    attempt.offers(), 0, null, null, fetched).read(read), null);
        }
    }

    /**
     * The parse, or a failed one when the page is another item than the watched page: another
     * external id (a variation chosen by the site, a relisted item), or another marketplace
     * (a redirect to another country's site). Its offers are then never stored for the watched
     * page's drive.
     */
    private PageParse notAnotherItem(PageParse parse, URI finalUrl, Page page) {
        Optional<String> shown = PageParsing.externalId(parse);
        if (shown.isEmpty()) {
            return parse;
        }
        String marketplace = sites.marketplaceFor(finalUrl.getHost()).orElse(finalUrl.getHost());
        if (PageParsing.sameItem(shown.get(), page.externalId()) && marketplace.equals(page.marketplace())) {
            return parse;
        }
        return new PageParse.Failed("the page is item " + shown.get() + " on marketplace " + marketplace
                + ", the watched page is item " + page.externalId() + " on " + page.marketplace() + " (" + finalUrl
                + "); nothing was stored");
    }

    private record Observed(PageParse.Product product, Instant at, URI url) {
    }

    private void record(long runId, Page page, Instant started, Attempt attempt, Observed observed) {
        record(runId, page, started, attempt, observed, false, null);
    }

    private void record(long runId, Page page, Instant started, Attempt attempt, Observed observed, boolean forgetValidators) {
        record(runId, page, started, attempt, observed, forgetValidators, null);
    }

    /** Stores the page's offers (if any), its attempt, the watch list's state and the run's counts, all or nothing. */
    private void record(long runId, Page page, Instant started, Attempt attempt, Observed observed, boolean forgetValidators,
                        ItemListings.ForParts forParts) {
        Instant now = clock.instant();
        QuarkusTransaction.requiringNew().run(() -> {
            WatchedPage watched = WatchedPage.findById(page.id());
            int added = 0;
            String reason = attempt.reason();
            if (observed != null) {
                Drive drive = watched.drive;
                Marketplace marketplace = watched.identity.marketplace;
                added = (int) store.store(drive, marketplace, observed.url(), observed.product(), observed.at(),
                        "scrape run " + runId, runId).stream().filter(ParsedPageStore.StoredOffer::added).count();
                // stored as the watch list says, but flagged: the title may name another drive
                reason = reason != null ? reason : partNumbers.otherDriveNamedIn(observed.product().title(), drive.id, drive.slug).orElse(null);
            }
            if (forParts != null) {
                // an item for parts or not working is never a drive to buy: its listings no longer offer it
                int ended = items.endForParts(watched.identity.marketplace, watched.identity.externalId, forParts, now, page.url());
                String said = forParts.offerKeys() == null ? "" : forParts.why();
                if (forParts.item()) {
                    watched.active = false;
                    said += (said.isEmpty() ? "" : "; ") + (ended == 0 ? "the page left the watch list"
                            : "its listing" + (ended == 1 ? "" : "s") + " ended, and the page left the watch list");
                }
                reason = reason == null ? said : reason + "; " + said;
            }
            if (attempt.outcome() == ScrapeOutcome.FETCH_FAILED && attempt.status() != null
                    && (attempt.status() == 404 || attempt.status() == 410)) {
                // the item page is gone: its listings end, and the page leaves the watch list
                endListingsOf(watched, now, "its item page answered HTTP " + attempt.status() + " (" + page.url() + ")");
            }
            watched.lastAttemptAt = now;
            watched.lastOutcome = attempt.outcome().name();
            watched.lastReason = reason;
            if (!attempt.outcome().failure()) {
                watched.lastSuccessAt = now;
            }
            if (attempt.outcome() == ScrapeOutcome.PARSED || attempt.outcome() == ScrapeOutcome.NOT_MODIFIED) {
                // validators are kept only with a stored page, so a 304 always means "as stored";
                // one that could not be sent back (e.g. a byte >= 0x7F) is not kept at all
                watched.etag = FetchRequest.isSendable(attempt.etag()) ? attempt.etag() : null;
                watched.lastModified = FetchRequest.isSendable(attempt.lastModified()) ? attempt.lastModified() : null;
            } else if (forgetValidators) {
                watched.etag = null;
                watched.lastModified = null;
            }
            ScrapeAttempt a = new ScrapeAttempt();
            a.scrapeRunId = runId;
            a.watchedPageId = page.id();
            a.url = page.url();
            a.startedAt = started;
            a.finishedAt = now;
            a.outcome = attempt.outcome().name();
            a.httpStatus = attempt.status();
            a.offersParsed = attempt.offers();
            a.observationsAdded = added;
            a.reason = reason;
            a.site = siteOf(page.url()).map(site -> site.definition().site()).orElse(null);
            a.layout = attempt.layout();
            a.disagreements = attempt.disagreements();
            a.persist();
            ScrapeRun run = ScrapeRun.findById(runId);
            if (attempt.fetched()) {
                run.pagesFetched++;
            }
            run.offersParsed += attempt.offers();
            if (attempt.outcome().failure()) {
                run.failures++;
            }
        });
        siteOf(page.url()).ifPresent(site -> {
            metrics.page(site.definition().site(), site.marketplace(), attempt.outcome());
            if (attempt.layout() != null) {
                ScrapeMetrics.result(attempt.outcome()).ifPresent(result ->
                        metrics.parse(site.definition().site(), attempt.layout(), result, ScrapeMetrics.SCRAPE));
            }
        });
    }

    /** Ends the listings of a watched page's item, and the page leaves the watch list; returns how many ended now. */
    private int endListingsOf(WatchedPage watched, Instant now, String reason) {
        watched.active = false;
        return items.endAll(watched.identity.marketplace, watched.identity.externalId, now, reason);
    }

    private Optional<SiteDefinitions.Site> siteOf(String url) {
        try {
            return sites.forHost(URI.create(url).getHost());
        } catch (IllegalArgumentException notAUrl) {
            // the attempt is recorded already; a URL that does not parse was refused by the fetcher
            return Optional.empty();
        }
    }

    private void finish(long runId, String status) {
        Instant now = clock.instant();
        QuarkusTransaction.requiringNew().run(() -> {
            ScrapeRun run = ScrapeRun.findById(runId);
            if (ScrapeRun.RUNNING.equals(run.status)) {
                run.status = status;
                run.finishedAt = now;
            }
        });
    }
}
