package dev.drivecat.scraping;

import dev.drivecat.pricing.Listing;
import dev.drivecat.pricing.ListingLifecycle;
import dev.drivecat.pricing.Marketplace;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Ends the listings of a product page's item (its featured offer's under the item id, the others'
 * under {@code itemId/offerKey}) through {@link ListingLifecycle}, in the caller's transaction:
 * for an item page that is gone (404) and for offers that are for parts or not working, the same
 * way for scrapes and saved pages.
 */
@ApplicationScoped
class ItemListings {

    @Inject
    ListingLifecycle lifecycle;

    /**
     * The offers a page says are for parts or not working.
     *
     * @param offerKeys null when the page has no other offer (every listing of the item ends)
     * @param why what the page says, for the attempt, the answer and the listing's end
     */
    record ForParts(List<String> offerKeys, String why) {

        /** What the parse says is for parts; empty when nothing is. */
        static Optional<ForParts> of(PageParse parse) {
            if (parse instanceof PageParse.NoOffer none && none.kind() == PageParse.NoOfferKind.FOR_PARTS) {
                return Optional.of(new ForParts(null, none.reason()));
            }
            if (parse instanceof PageParse.Product product && !product.forParts().isEmpty()) {
                return Optional.of(new ForParts(product.forParts().stream().map(PageParse.ForParts::offerKey).toList(),
                        product.forPartsReason()));
            }
            return Optional.empty();
        }

        /** Whether the item's own offer is for parts: its page then leaves the watch list, as for any listing that ends. */
        boolean item() {
            return offerKeys == null || offerKeys.contains(ParsedOffer.FEATURED);
        }
    }

    /** Ends every listing of the item; returns how many ended now (not before). */
    @Transactional(Transactional.TxType.MANDATORY)
    int endAll(Marketplace marketplace, String itemId, Instant now, String reason) {
        List<Listing> listings = Listing.list("identity.marketplace = ?1 and (identity.externalId = ?2 or identity.externalId like ?3)",
                marketplace, itemId, itemId + "/%");
        return (int) listings.stream().filter(l -> lifecycle.end(l, now, reason)).count();
    }

    /**
     * Ends the listings of the item's offers that are for parts or not working, and, when the
     * item's own offer is, takes its page off the watch list; returns how many listings ended now.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    int endForParts(Marketplace marketplace, String itemId, ForParts forParts, Instant now, String pageUrl) {
        String reason = forParts.why() + " (" + pageUrl + ")";
        int ended = forParts.offerKeys() == null ? endAll(marketplace, itemId, now, reason)
                : (int) forParts.offerKeys().stream().map(key -> Listing.find(marketplace, ParsedOffer.listingId(key, itemId)))
                        .flatMap(Optional::stream).filter(l -> lifecycle.end(l, now, reason)).count();
        if (forParts.item()) {
            WatchedPage.find(marketplace, itemId).ifPresent(w -> w.active = false);
        }
        return ended;
    }
}
