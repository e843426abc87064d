package dev.drivecat.scraping;

import dev.drivecat.catalog.Drive;
import dev.drivecat.common.DomainException;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.Listing;
import dev.drivecat.pricing.Marketplace;
import dev.drivecat.pricing.ObservationInput;
import dev.drivecat.pricing.PriceRecorder;
import dev.drivecat.pricing.SellerType;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Records the offers read from one product page, for one drive, in the caller's transaction: the
 * same path for scrapes and for saved pages posted by users. Each offer is a listing (the
 * featured offer under the page's item id, the others under {@code itemId/offerKey}); its
 * observation is appended through {@link PriceRecorder}. A listing that already sells another
 * drive is a conflict (409 on page import, STORE_FAILED in a scrape), and the caller's
 * transaction stores nothing of the page.
 */
@ApplicationScoped
public class ParsedPageStore {

    @Inject
    PriceRecorder prices;

    /** One offer as stored. */
    public record StoredOffer(String externalId, ParsedOffer offer, Condition condition, boolean added, boolean suspect) {
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public List<StoredOffer> store(Drive drive, Marketplace marketplace, URI pageUrl, PageParse.Product page, Instant observedAt,
                                   String source, Long scrapeRunId) {
        List<StoredOffer> stored = new ArrayList<>();
        for (ParsedOffer offer : page.offers()) {
            String externalId = offer.listingId(page.externalId());
            Condition condition = condition(offer, drive);
            Listing listing = listing(marketplace, externalId, drive, pageUrl, offer, condition);
            // stock as the page said it, or unknown (null): a price alone is no evidence that it can be bought now
            PriceRecorder.Recorded recorded = prices.record(listing, new ObservationInput(observedAt, offer.price(), null,
                    offer.currency(), offer.shipping(), offer.memberPrice(), offer.inStock(), offer.availability(), offer.sellerName(),
                    offer.sellerType(), offer.fulfilledByMarketplace(), condition, offer.businessOnly(), offer.priceWording(), source,
                    pageUrl.toString(), scrapeRunId));
            stored.add(new StoredOffer(externalId, offer, condition, recorded.added(), recorded.suspect()));
        }
        return stored;
    }

    /**
     * New old stock: what the listing itself says, or a drive its maker no longer makes, sold new by
     * a third party (whose warranty may have lapsed: the serial number needs checking).
     */
    static Condition condition(ParsedOffer offer, Drive drive) {
        if (offer.condition() == Condition.NEW && Boolean.TRUE.equals(drive.discontinued)
                && offer.sellerType() == SellerType.THIRD_PARTY) {
            return Condition.NEW_OLD_STOCK;
        }
        return offer.condition();
    }

    private static Listing listing(Marketplace marketplace, String externalId, Drive drive, URI pageUrl, ParsedOffer offer,
                                   Condition condition) {
        Optional<Listing> found = Listing.find(marketplace, externalId);
        if (found.isPresent() && !found.get().drive.id.equals(drive.id)) {
            // a listing sells one drive: the page was given for the wrong drive, or the listing was
            String owner = found.get().drive.slug;
            throw new DomainException(DomainException.Kind.CONFLICT, "Listing " + externalId + " on " + marketplace.code
                    + " sells drive '" + owner + "', not '" + drive.slug + "'; nothing of the page was stored")
                    .with("listingDrive", owner);
        }
        Listing listing = found.orElseGet(() -> {
            Listing l = new Listing();
            l.marketplace = marketplace;
            l.externalId = externalId;
            l.drive = drive;
            return l;
        });
        // the listing shows who sells it now; the observation keeps who sold it then
        listing.url = pageUrl.toString();
        if (offer.sellerName() != null && !Objects.equals(offer.sellerName(), listing.sellerName)) {
            listing.sellerName = offer.sellerName();
        }
        if (offer.sellerType() != null) {
            listing.sellerType = offer.sellerType();
        }
        if (offer.fulfilledByMarketplace() != null) {
            listing.fulfilledByMarketplace = offer.fulfilledByMarketplace();
        }
        if (condition != null) {
            listing.condition = condition;
        }
        listing.businessOnly = offer.businessOnly();
        if (found.isEmpty()) {
            listing.persist();
        }
        return listing;
    }
}
