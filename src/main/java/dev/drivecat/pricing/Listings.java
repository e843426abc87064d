package dev.drivecat.pricing;

import dev.drivecat.catalog.Drive;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Text;
import dev.drivecat.database.CatalogWrites;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The one owner of listings: every importer and the scraper create and update them here, with one
 * rule for what a source may change. A listing sells one drive for good; a fact the source leaves
 * out (null) keeps the stored value.
 */
@ApplicationScoped
public class Listings {

    @Inject
    CatalogWrites writes;

    /** What a source says about a listing now; null: it does not say. */
    public record Facts(String url, String sellerName, SellerType sellerType, Boolean fulfilledByMarketplace, Condition condition,
                        Boolean businessOnly) {

        /** A seller name from a page or an import: one line, no control characters. */
        public Facts {
            url = Text.singleLine(url);
            sellerName = Text.singleLine(sellerName);
        }
    }

    /** The listing, and whether it was created or changed. */
    public record Upserted(Listing listing, boolean created, boolean changed) {
    }

    /** The listings of one marketplace with these external ids, by external id: one query for a whole import. */
    public Map<String, Listing> find(Marketplace marketplace, Collection<String> externalIds) {
        Map<String, Listing> found = new HashMap<>();
        if (externalIds.isEmpty()) {
            return found;
        }
        List<Listing> listings = Listing.list("identity.marketplace = ?1 and identity.externalId in ?2", marketplace, List.copyOf(externalIds));
        for (Listing l : listings) {
            found.put(l.identity.externalId, l);
        }
        return found;
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public Upserted upsert(Marketplace marketplace, String externalId, Drive drive, Facts facts) {
        return upsert(marketplace, externalId, drive, facts, Listing.find(marketplace, externalId));
    }

    /**
     * As {@link #upsert(Marketplace, String, Drive, Facts)}, with the stored listing already looked
     * up (empty: there is none).
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Upserted upsert(Marketplace marketplace, String externalId, Drive drive, Facts facts, Optional<Listing> found) {
        if (found.isPresent() && !found.get().drive.id.equals(drive.id)) {
            String owner = found.get().drive.slug;
            throw DomainException.conflict("Listing " + externalId + " on " + marketplace.code + " sells drive '" + owner
                    + "', not '" + drive.slug + "'; nothing was stored").with("listingDrive", owner);
        }
        Listing listing = found.orElseGet(() -> {
            Listing l = new Listing();
            l.identity = new ListingIdentity(marketplace, externalId);
            l.drive = drive;
            return l;
        });
        boolean changed = false;
        if (facts.url() != null && !facts.url().equals(listing.url)) {
            listing.url = facts.url();
            changed = true;
        }
        if (facts.sellerName() != null && !facts.sellerName().equals(listing.sellerName)) {
            listing.sellerName = facts.sellerName();
            changed = true;
        }
        if (facts.sellerType() != null && facts.sellerType() != listing.sellerType) {
            listing.sellerType = facts.sellerType();
            changed = true;
        }
        if (facts.fulfilledByMarketplace() != null && !Objects.equals(facts.fulfilledByMarketplace(), listing.fulfilledByMarketplace)) {
            listing.fulfilledByMarketplace = facts.fulfilledByMarketplace();
            changed = true;
        }
        if (facts.condition() != null && facts.condition() != listing.condition) {
            listing.condition = facts.condition();
            changed = true;
        }
        if (facts.businessOnly() != null && facts.businessOnly() != listing.businessOnly) {
            listing.businessOnly = facts.businessOnly();
            changed = true;
        }
        if (found.isEmpty()) {
            listing.persist();
        }
        if (found.isEmpty() || changed) {
            writes.mark();
        }
        return new Upserted(listing, found.isEmpty(), found.isPresent() && changed);
    }
}
