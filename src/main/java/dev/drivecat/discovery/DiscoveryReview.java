package dev.drivecat.discovery;

import dev.drivecat.catalog.Drive;
import dev.drivecat.common.DomainException;
import dev.drivecat.database.CatalogWrites;
import dev.drivecat.database.Columns;
import dev.drivecat.identity.ForPartsWords;
import dev.drivecat.identity.Identification;
import dev.drivecat.identity.IdentityMatcher;
import dev.drivecat.identity.IdentityService;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.Listing;
import dev.drivecat.pricing.ListingLifecycle;
import dev.drivecat.pricing.Marketplace;
import dev.drivecat.pricing.SellerType;
import dev.drivecat.scraping.SearchResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * An operator's word on a discovery result. Accepting names the drive (the matcher's, the one
 * candidate, or the operator's), makes the listing and records the result's price as the search
 * showed it; it may also keep the title as an alias of the drive, with the URL it was seen at, so
 * the same title is matched next time. Rejecting keeps the item from ever being priced: later
 * results of it are rejected too, and a listing made from it ends.
 */
@ApplicationScoped
public class DiscoveryReview {

    @Inject
    EntityManager em;

    @Inject
    DiscoveryRecorder recorder;

    @Inject
    ListingLifecycle lifecycle;

    @Inject
    CatalogWrites writes;

    @Inject
    IdentityService identity;

    Clock clock = Clock.systemUTC();

    /** A result as review reads it. */
    private record Row(long id, long marketplaceId, String externalId, String url, String title, BigDecimal price, String currency,
                       BigDecimal shipping, Condition condition, String sellerName, SellerType sellerType, String buyingOptions, Instant endsAt, String decision,
                       Long driveId, String review, boolean variations, String priceWording, Instant seenAt, String source,
                       List<String> candidates, Long listingId, boolean auctionOnly, String conditionWording) {
    }

    @Transactional
    public void accept(long resultId, String driveSlug, boolean alias) {
        Row row = row(resultId);
        if (row.review().equals("ACCEPTED") || row.review().equals("REJECTED")) {
            throw DomainException.conflict("Discovery result " + resultId + " was " + row.review().toLowerCase(java.util.Locale.ROOT)
                    + " already");
        }
        Drive drive = drive(row, driveSlug);
        if (alias) {
            identity.matcher().whyNotAnAlias(row.title(), drive.slug).ifPresent(why -> {
                throw DomainException.invalidParameter("alias", "the title cannot be an alias of " + drive.slug + ": " + why
                        + "; accept it without alias, and nothing was stored");
            });
        }
        Marketplace marketplace = Marketplace.<Marketplace>findById(row.marketplaceId());
        Optional<Listing> known = Listing.find(marketplace, row.externalId());
        if (known.isPresent() && !known.get().drive.id.equals(drive.id)) {
            throw DomainException.conflict("Listing " + row.externalId() + " on " + marketplace.code + " sells drive '"
                    + known.get().drive.slug + "', not '" + drive.slug + "'; nothing was stored").with("listingDrive", known.get().drive.slug);
        }
        Instant now = clock.instant();
        DiscoveryRecorder.Priced priced = recorder.price(searchResult(row, marketplace), marketplace, drive, now, row.seenAt(), row.source());
        Long observation = priced.observationId();
        String notPriced = priced.notPriced();
        Listing listing = Listing.findById(priced.listingId());
        if (alias) {
            em.createNativeQuery("""
                    INSERT INTO drive_alias (drive_id, alias, source_url) VALUES (:drive, :alias, :url)
                    ON CONFLICT (alias) DO NOTHING""")
                    .setParameter("drive", drive.id).setParameter("alias", row.title()).setParameter("url", httpOrNull(row.url()))
                    .executeUpdate();
        }
        em.createNativeQuery("""
                UPDATE discovery_result SET review = 'ACCEPTED', reviewed_at = :now, drive_id = :drive, listing_id = :listing,
                       observation_id = coalesce(:observation, observation_id), not_priced = :notPriced,
                       review_note = :note WHERE id = :id""")
                .setParameter("now", now).setParameter("drive", drive.id).setParameter("listing", listing.id)
                .setParameter("observation", observation).setParameter("notPriced", observation == null ? notPriced : null)
                .setParameter("note", "accepted for " + drive.slug + (alias ? "; its title is now an alias of the drive" : ""))
                .setParameter("id", resultId).executeUpdate();
        writes.mark();
    }

    /** What identifying a result again came to: whether it now names a drive, and whether its price was recorded. */
    @org.eclipse.microprofile.openapi.annotations.media.Schema(name = "DiscoveryResultIdentifiedAgain")
    public record IdentifiedAgain(long resultId, boolean matched,
                                  @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true) String drive,
                                  boolean priced,
                                  @org.eclipse.microprofile.openapi.annotations.media.Schema(nullable = true, description = "Why no "
                                          + "price was recorded.") String notPriced) {
    }

    /**
     * Identifies a result still waiting for an operator (PENDING) again, with a matcher that knows
     * more drives: a MATCH makes its listing and records its price as the source showed it then,
     * exactly as if identity had named the drive when the result came; anything else leaves it as
     * it is. A result an operator decided, or that identity named already, is left alone.
     */
    @Transactional
    public IdentifiedAgain identifyAgain(long resultId, IdentityMatcher matcher) {
        Row row = row(resultId);
        if (!row.review().equals("PENDING")) {
            return new IdentifiedAgain(resultId, row.driveId() != null, null, false, "reviewed already (" + row.review() + ")");
        }
        Identification id = matcher.identify(row.title());
        if (!id.matched() || row.variations()) {
            return new IdentifiedAgain(resultId, false, null, false, "still " + id.decision() + ": " + id.because());
        }
        Marketplace marketplace = Marketplace.<Marketplace>findById(row.marketplaceId());
        // what keeps discovery from pricing a result keeps this from it too: a for-parts condition, an item an operator rejected
        Optional<String> forParts = ForPartsWords.in(row.conditionWording());
        Optional<String> rejected = recorder.rejectedBefore(marketplace, row.externalId());
        if (forParts.isPresent() || rejected.isPresent()) {
            return new IdentifiedAgain(resultId, false, id.drive(), false, forParts.isPresent()
                    ? "the condition says \"" + row.conditionWording() + "\"" : "an operator rejected this item: " + rejected.get());
        }
        Drive drive = Drive.<Drive>findBySlug(id.drive()).orElse(null);
        Optional<Listing> known = Listing.find(marketplace, row.externalId());
        if (drive == null || known.isPresent() && !known.get().drive.id.equals(drive.id)) {
            return new IdentifiedAgain(resultId, false, id.drive(), false, drive == null ? "the drive is no longer in the catalog"
                    : "its listing sells " + known.get().drive.slug + ": an operator must look");
        }
        Instant now = clock.instant();
        DiscoveryRecorder.Priced priced = recorder.price(searchResult(row, marketplace), marketplace, drive, now, row.seenAt(), row.source());
        em.createNativeQuery("""
                UPDATE discovery_result SET decision = 'MATCH', drive_id = :drive, candidates = '[]', evidence = :evidence, review = 'AUTO',
                       listing_id = :listing, observation_id = :observation, not_priced = :notPriced WHERE id = :id""")
                .setParameter("drive", drive.id).setParameter("evidence", cut(id.because(), 4000)).setParameter("listing", priced.listingId())
                .setParameter("observation", priced.observationId()).setParameter("notPriced", priced.notPriced()).setParameter("id", resultId)
                .executeUpdate();
        writes.mark();
        return new IdentifiedAgain(resultId, true, drive.slug, priced.observationId() != null, priced.notPriced());
    }

    private static SearchResult searchResult(Row row, Marketplace marketplace) {
        return new SearchResult(marketplace.code, row.externalId(), row.url(), row.title(), row.price(), row.currency(), row.priceWording(),
                row.shipping(), row.condition(), row.conditionWording(), row.sellerName(), row.sellerType(), null, null, row.buyingOptions(), row.endsAt(), null,
                false, row.variations(), row.auctionOnly());
    }

    private static String cut(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }

    @Transactional
    public void reject(long resultId, String reason) {
        Row row = row(resultId);
        if (row.review().equals("REJECTED")) {
            throw DomainException.conflict("Discovery result " + resultId + " was rejected already");
        }
        Instant now = clock.instant();
        String note = reason == null || reason.isBlank() ? "rejected by an operator" : reason.strip();
        if (row.listingId() != null) {
            Listing listing = Listing.findById(row.listingId());
            if (listing != null) {
                lifecycle.end(listing, now, "an operator rejected the discovery result it came from: " + note);
            }
        }
        em.createNativeQuery("UPDATE discovery_result SET review = 'REJECTED', reviewed_at = :now, review_note = :note WHERE id = :id")
                .setParameter("now", now).setParameter("note", note).setParameter("id", resultId).executeUpdate();
    }

    private Drive drive(Row row, String slug) {
        if (slug != null && !slug.isBlank()) {
            return Drive.<Drive>findBySlug(slug.strip()).orElseThrow(() -> DomainException.invalidParameter("drive",
                    "there is no drive '" + slug.strip() + "' in the catalog"));
        }
        if (row.driveId() != null) {
            return Drive.findById(row.driveId());
        }
        if (row.candidates().size() == 1) {
            return Drive.<Drive>findBySlug(row.candidates().get(0)).orElseThrow(() -> DomainException.invalidParameter("drive",
                    "name the drive: its one candidate " + row.candidates().get(0) + " is no longer in the catalog"));
        }
        throw DomainException.invalidParameter("drive", "name the drive this result sells (drive=<slug>)"
                + (row.candidates().isEmpty() ? "" : "; its candidates are " + String.join(", ", row.candidates())))
                .with("candidates", row.candidates());
    }

    private Row row(long id) {
        @SuppressWarnings("unchecked")
        List<Tuple> rows = em.createNativeQuery("""
                SELECT r.id, r.marketplace_id, r.external_id, r.url, r.title, r.price, r.currency, r.shipping, r.condition, r.seller_name,
                       r.seller_type, r.buying_options, r.ends_at, r.decision, r.drive_id, r.review, r.variations, r.price_wording, r.seen_at, run.source,
                       ARRAY(SELECT c->>'slug' FROM jsonb_array_elements(r.candidates) c) AS candidates, r.listing_id, r.auction_only,
                       r.condition_wording
                  FROM discovery_result r JOIN discovery_run run ON run.id = r.run_id WHERE r.id = :id""", Tuple.class)
                .setParameter("id", id).getResultList();
        if (rows.isEmpty()) {
            throw DomainException.notFound("No discovery result " + id);
        }
        Tuple t = rows.get(0);
        String[] candidates = (String[]) t.get("candidates");
        return new Row(((Number) t.get("id")).longValue(), ((Number) t.get("marketplace_id")).longValue(), (String) t.get("external_id"),
                (String) t.get("url"), (String) t.get("title"), (BigDecimal) t.get("price"), (String) t.get("currency"),
                (BigDecimal) t.get("shipping"), t.get("condition") == null ? null : Condition.valueOf((String) t.get("condition")),
                (String) t.get("seller_name"), t.get("seller_type") == null ? null : SellerType.valueOf((String) t.get("seller_type")),
                (String) t.get("buying_options"), Columns.instant(t.get("ends_at")), (String) t.get("decision"),
                t.get("drive_id") == null ? null : ((Number) t.get("drive_id")).longValue(), (String) t.get("review"),
                (Boolean) t.get("variations"), (String) t.get("price_wording"), Columns.instant(t.get("seen_at")), (String) t.get("source"),
                candidates == null ? List.of() : List.of(candidates),
                t.get("listing_id") == null ? null : ((Number) t.get("listing_id")).longValue(), (Boolean) t.get("auction_only"),
                (String) t.get("condition_wording"));
    }


    private static String httpOrNull(String url) {
        return url != null && url.matches("^https?://.*") ? url : null;
    }
}
