package dev.drivecat.discovery;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.catalog.Drive;
import dev.drivecat.identity.ForPartsWords;
import dev.drivecat.identity.Identification;
import dev.drivecat.identity.IdentityMatcher;
import dev.drivecat.identity.ProposedDrive;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.Listing;
import dev.drivecat.pricing.ListingLifecycle;
import dev.drivecat.pricing.Listings;
import dev.drivecat.pricing.Marketplace;
import dev.drivecat.pricing.ObservationInput;
import dev.drivecat.pricing.PriceRecorder;
import dev.drivecat.pricing.PriceSettings;
import dev.drivecat.pricing.SellerType;
import dev.drivecat.proposals.Proposals;
import dev.drivecat.scraping.SearchPageReader;
import dev.drivecat.scraping.SearchResult;
import dev.drivecat.scraping.SiteDefinitions;
import dev.drivecat.scraping.WatchService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Records one page of search results, in the caller's transaction: every result with its identity
 * decision and evidence; for a MATCH, its listing (created, or seen again) and, when the result
 * shows a price to buy at and a condition, an observation. Nothing else is ever priced: an
 * ambiguous result, a result that is no drive, a listing of several variations, an auction, a
 * listing that sells another drive, an item an operator rejected, an ended item.
 */
@ApplicationScoped
public class DiscoveryRecorder {

    /** Results that say so little or so much that they are no result: a blank title, or one longer than this. */
    public static final int MAX_TITLE = SearchPageReader.MAX_TITLE;

    @Inject
    EntityManager em;

    @Inject
    Listings listings;

    @Inject
    ListingLifecycle lifecycle;

    @Inject
    PriceRecorder prices;

    @Inject
    SiteDefinitions sites;

    @Inject
    PriceSettings priceSettings;

    @Inject
    DiscoverySettings discoverySettings;

    @Inject
    ObjectMapper json;

    @Inject
    WatchService watch;

    @Inject
    Proposals proposals;

    /** What one query came to; {@code proposed}: results that name a drive the catalog lacks (evidence for its proposal). */
    public record Counts(int results, int matched, int ambiguous, int rejected, int priced, int malformed, int proposed) {
    }

    /**
     * Records a query's outcome and, for a page, each result; returns the counts.
     *
     * @param seenAt when the page was had
     * @param observedAt the instant the run's observations carry (its start): a listing shown by several queries of one run
     *     is observed once
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Counts record(long runId, String source, SearchQuery query, String outcome, String layout, int pages, String reason,
                         List<SearchResult> results, IdentityMatcher matcher, Instant seenAt, Instant observedAt) {
        long queryId = ((Number) em.createNativeQuery("""
                INSERT INTO discovery_query (run_id, query, drives, sweep, outcome, layout, pages, reason)
                VALUES (:run, :query, CAST(:drives AS text[]), :sweep, :outcome, :layout, :pages, :reason) RETURNING id""")
                .setParameter("run", runId).setParameter("query", query.text())
                .setParameter("drives", query.drives().toArray(String[]::new)).setParameter("sweep", query.sweep())
                .setParameter("outcome", outcome).setParameter("layout", layout).setParameter("pages", pages)
                .setParameter("reason", reason).getSingleResult()).longValue();
        int matched = 0;
        int ambiguous = 0;
        int rejected = 0;
        int priced = 0;
        int malformed = 0;
        int proposed = 0;
        int stored = 0;
        for (SearchResult r : results) {
            if (r.title() == null || r.title().isBlank() || r.title().length() > MAX_TITLE || r.externalId() == null
                    || r.externalId().isBlank() || r.externalId().length() > 100) {
                malformed++;
                continue;
            }
            Optional<Marketplace> marketplace = Marketplace.findByCode(r.marketplace());
            if (marketplace.isEmpty()) {
                malformed++;
                continue;
            }
            Outcome o = decide(r, marketplace.get(), matcher, seenAt, observedAt, source);
            long resultId = insertResult(runId, queryId, marketplace.get(), r, o, seenAt);
            stored++;
            if (o.proposed != null) {
                proposals.record(o.proposed, marketplace.get().id, r.externalId(), resultId, seenAt);
                proposed++;
            }
            switch (o.decision) {
                case MATCH -> matched++;
                case AMBIGUOUS -> ambiguous++;
                default -> rejected++;
            }
            if (o.observationId != null) {
                priced++;
            }
            if (stored % FLUSH_EVERY == 0) {
                // every native statement flushes the session, and a flush checks every entity it holds:
                // a page of 1,000 results would cost the square of its size, so the session is emptied as it goes
                em.flush();
                em.clear();
            }
        }
        String finalOutcome = outcome;
        String finalReason = reason;
        if ("SEARCHED".equals(outcome) && stored == 0 && malformed > 0) {
            finalOutcome = "FAILED";
            finalReason = "none of the " + malformed + " results could be read (a blank title, a title longer than " + MAX_TITLE
                    + " characters, no item id, or an unknown marketplace): nothing was stored";
        }
        em.createNativeQuery("""
                UPDATE discovery_query SET outcome = :outcome, reason = :reason, results = :results, matched = :matched,
                       ambiguous = :ambiguous, rejected = :rejected WHERE id = :id""")
                .setParameter("outcome", finalOutcome).setParameter("reason", finalReason).setParameter("results", stored)
                .setParameter("matched", matched).setParameter("ambiguous", ambiguous).setParameter("rejected", rejected)
                .setParameter("id", queryId).executeUpdate();
        return new Counts(stored, matched, ambiguous, rejected, priced, malformed, proposed);
    }

    /** Results recorded between two flushes of the session (see the loop in {@link #record}). */
    private static final int FLUSH_EVERY = 50;

    /** What became of one result. */
    private static final class Outcome {
        Identification.Decision decision;
        Long driveId;
        String candidates = "[]";
        String evidence;
        String review = "PENDING";
        String reviewNote;
        Long listingId;
        Long observationId;
        String notPriced;
        /** The drive the catalog lacks that a NO_MATCH result names, or null. */
        ProposedDrive proposed;
    }

    private Outcome decide(SearchResult r, Marketplace marketplace, IdentityMatcher matcher, Instant now, Instant observedAt, String source) {
        Outcome o = new Outcome();
        Identification id = matcher.identify(r.title());
        if (r.variations()) {
            id = new Identification(Identification.Decision.NOT_A_DRIVE, null, id.candidates(),
                    List.of("not one drive: a listing of several variations (a price range or an item group) is never one SKU"));
        } else if (ForPartsWords.in(r.conditionWording()).isPresent()) {
            id = new Identification(Identification.Decision.NOT_A_DRIVE, null, id.candidates(),
                    List.of("not one drive: the condition says \"" + r.conditionWording() + "\""));
        }
        o.decision = id.decision();
        o.evidence = id.because();
        o.candidates = candidatesJson(id.candidates());
        Optional<Listing> known = Listing.find(marketplace, r.externalId());
        Optional<String> rejectedBefore = rejectedBefore(marketplace, r.externalId());
        if (rejectedBefore.isPresent()) {
            o.review = "REJECTED";
            o.reviewNote = "rejected by an operator before: " + rejectedBefore.get();
            o.notPriced = "an operator rejected this item";
            return o;
        }
        Drive drive = null;
        if (known.isPresent()) {
            // a listing sells one drive for good: the item is that drive, whatever the title now says
            drive = known.get().drive;
            if (id.matched() && !id.drive().equals(drive.slug)) {
                o.notPriced = "the listing sells " + drive.slug + ", and the title now names " + id.drive() + ": an operator must look";
                return o;
            }
            if (o.decision == Identification.Decision.NOT_A_DRIVE) {
                o.notPriced = "the title now says it is no drive: an operator must look";
                return o;
            }
            o.driveId = drive.id;
            o.review = id.matched() ? "AUTO" : "ACCEPTED";
            o.reviewNote = id.matched() ? null : "its listing was accepted for " + drive.slug + " before";
        } else if (id.matched()) {
            drive = Drive.<Drive>findBySlug(id.drive()).orElse(null);
            if (drive == null) {
                o.notPriced = "the drive " + id.drive() + " is no longer in the catalog";
                o.decision = Identification.Decision.NO_MATCH;
                return o;
            }
            o.driveId = drive.id;
            o.review = "AUTO";
        } else {
            o.notPriced = switch (o.decision) {
                case AMBIGUOUS -> "ambiguous: kept for review, never priced";
                case NOT_A_DRIVE -> "not one drive";
                case NO_MATCH -> proposal(o, r, matcher);
                case MATCH -> throw new IllegalStateException("a match names its drive");
            };
            return o;
        }
        act(o, r, marketplace, drive, known, now, observedAt, source);
        return o;
    }

    /** A NO_MATCH result's note: the drive the catalog lacks that it proposes, or why it proposes none. */
    private static String proposal(Outcome o, SearchResult r, IdentityMatcher matcher) {
        ProposedDrive.Reading reading = matcher.propose(r.title());
        if (reading instanceof ProposedDrive.Proposes p) {
            o.proposed = p.drive();
            return "no catalog drive: it names " + p.drive().makerName() + " " + p.drive().model() + " " + p.drive().capacityGb()
                    + " GB, evidence for its proposal";
        }
        return "no catalog drive, and it proposes none: " + ((ProposedDrive.ProposesNothing) reading).why();
    }

    /** What naming a result's drive did: its listing (null when it made none), its observation, or why it was not priced. */
    public record Priced(Long listingId, Long observationId, String notPriced) {
    }

    /**
     * For a result named to a drive (by identity or an operator), in the caller's transaction: its
     * listing, made or seen again, and its observation when the result shows a price to buy at and
     * a condition; an item past its end date ends its listing instead.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Priced price(SearchResult r, Marketplace marketplace, Drive drive, Instant now, Instant observedAt, String source) {
        Outcome o = new Outcome();
        act(o, r, marketplace, drive, Listing.find(marketplace, r.externalId()), now, observedAt, source);
        return new Priced(o.listingId, o.observationId, o.notPriced);
    }

    /** For a result named to a drive: its listing, and its observation when the result shows what one needs. */
    private void act(Outcome o, SearchResult r, Marketplace marketplace, Drive drive, Optional<Listing> known, Instant now,
                     Instant observedAt, String source) {
        if (r.endsAt() != null && r.endsAt().isBefore(now)) {
            known.ifPresent(l -> lifecycle.end(l, now, "the marketplace gave its end as " + r.endsAt()));
            o.listingId = known.map(l -> l.id).orElse(null);
            o.notPriced = "the item ended on " + r.endsAt();
            return;
        }
        Condition condition = r.condition() == Condition.NEW && Boolean.TRUE.equals(drive.discontinued)
                && r.sellerType() == SellerType.THIRD_PARTY ? Condition.NEW_OLD_STOCK : r.condition();
        Listings.Upserted up = listings.upsert(marketplace, r.externalId(), drive, new Listings.Facts(r.url(), r.sellerName(),
                r.sellerType(), r.fulfilledByMarketplace(), condition, null), known);
        Listing listing = up.listing();
        if (up.created()) {
            listing.foundBy = source;
        }
        lifecycle.seen(listing, now, r.endsAt());
        o.listingId = listing.id;
        if (up.created() && discoverySettings.watchMatched()) {
            watch.watchDiscovered(r.url(), drive);
        }
        if (r.history() != null) {
            prices.recordPast(listing, r.history(), condition);
        }
        if (r.variations()) {
            o.notPriced = "a listing of several variations: its price range is no price";
        } else if (r.auctionOnly()) {
            o.notPriced = "only bids can be placed: the price shown is a bid";
        } else if (r.price() == null || r.currency() == null) {
            o.notPriced = "the result shows no price to buy at";
        } else if (condition == null) {
            o.notPriced = "the result states no condition: its item page gives the offer";
        } else if (itemPageWins(marketplace, r.externalId(), now)) {
            o.notPriced = "its item page is scraped, and the page's price wins over the search result's";
        } else {
            PriceRecorder.Recorded rec = prices.record(listing, new ObservationInput(observedAt, r.price(), null, r.currency(), r.shipping(), null,
                    true, r.buyingOptions(), r.sellerName(), r.sellerType(), r.fulfilledByMarketplace(), condition, false, r.priceWording(),
                    "discovery:" + source, r.url(), null));
            rec.id().ifPresent(idValue -> o.observationId = idValue);
            if (rec.id().isEmpty()) {
                o.notPriced = "observed already in this run";
            }
        }
    }

    /** Whether the listing's item page is watched and was read within the stale window: it wins over a search snippet. */
    private boolean itemPageWins(Marketplace marketplace, String externalId, Instant now) {
        Instant since = now.minus(priceSettings.staleAfter());
        return !em.createNativeQuery("""
                SELECT 1 FROM watched_page WHERE marketplace_id = :m AND external_id = :e AND active AND last_success_at >= :since""")
                .setParameter("m", marketplace.id).setParameter("e", externalId).setParameter("since", since).getResultList().isEmpty();
    }

    /** Why an operator rejected an item before (the note of the latest rejection), or empty when none did. */
    Optional<String> rejectedBefore(Marketplace marketplace, String externalId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                SELECT review_note, reviewed_at FROM discovery_result WHERE marketplace_id = :m AND external_id = :e AND review = 'REJECTED'
                 ORDER BY reviewed_at DESC NULLS LAST LIMIT 1""").setParameter("m", marketplace.id).setParameter("e", externalId)
                .getResultList();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Object note = rows.get(0)[0];
        return Optional.of(note == null ? "no reason given" : note.toString());
    }

    private long insertResult(long runId, long queryId, Marketplace marketplace, SearchResult r, Outcome o, Instant seenAt) {
        return ((Number) em.createNativeQuery("""
                INSERT INTO discovery_result (run_id, query_id, marketplace_id, external_id, url, title, price, currency, price_wording,
                    shipping, condition, condition_wording, seller_name, seller_type, seller_feedback_score, seller_feedback_percent, buying_options,
                    ends_at, location, sponsored, variations, auction_only, decision, drive_id, candidates, evidence, review, review_note,
                    listing_id, observation_id, not_priced, seen_at)
                VALUES (:run, :query, :m, :e, :url, :title, :price, :currency, :wording, :shipping, :condition, :conditionWording,
                    :seller, :sellerType, :score, :percent, :buying, :endsAt, :location, :sponsored, :variations, :auctionOnly, :decision,
                    :drive, CAST(:candidates AS jsonb), :evidence, :review, :reviewNote, :listing, :observation, :notPriced, :seen)
                RETURNING id""")
                .setParameter("run", runId).setParameter("query", queryId).setParameter("m", marketplace.id)
                .setParameter("e", r.externalId()).setParameter("url", r.url()).setParameter("title", r.title())
                .setParameter("price", r.price()).setParameter("currency", r.price() == null ? null : r.currency())
                .setParameter("wording", cut(r.priceWording(), 200)).setParameter("shipping", r.shipping())
                .setParameter("condition", r.condition() == null ? null : r.condition().name())
                .setParameter("conditionWording", cut(r.conditionWording(), 200)).setParameter("seller", cut(r.sellerName(), 200))
                .setParameter("sellerType", r.sellerType() == null ? null : r.sellerType().name())
                .setParameter("score", r.sellerFeedbackScore()).setParameter("percent", r.sellerFeedbackPercent())
                .setParameter("buying", cut(r.buyingOptions(), 200)).setParameter("endsAt", r.endsAt())
                .setParameter("location", cut(r.location(), 200)).setParameter("sponsored", r.sponsored())
                .setParameter("variations", r.variations()).setParameter("auctionOnly", r.auctionOnly())
                .setParameter("decision", o.decision.name())
                .setParameter("drive", o.driveId).setParameter("candidates", o.candidates).setParameter("evidence", cut(o.evidence, 4000))
                .setParameter("review", o.review).setParameter("reviewNote", o.reviewNote).setParameter("listing", o.listingId)
                .setParameter("observation", o.observationId).setParameter("notPriced", o.notPriced).setParameter("seen", seenAt)
                .getSingleResult()).longValue();
    }

    private String candidatesJson(List<Identification.Candidate> candidates) {
        List<Map<String, String>> out = new ArrayList<>();
        for (Identification.Candidate c : candidates) {
            out.add(Map.of("slug", c.slug(), "why", cut(c.why(), 1000)));
        }
        try {
            return json.writeValueAsString(out);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String cut(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }
}
