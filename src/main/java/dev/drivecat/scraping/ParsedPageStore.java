package dev.drivecat.scraping;

import dev.drivecat.catalog.Drive;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.Listing;
import dev.drivecat.pricing.Listings;
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

    @Inject
    Listings listings;

    /** One offer as stored. */
    public record StoredOffer(String externalId, ParsedOffer offer, Condition condition, boolean added, boolean suspect) {
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public List<StoredOffer> store(Drive drive, Marketplace marketplace, URI pageUrl, PageParse.Product page, Instant observedAt,
                                   String source, Long scrapeRunId) {
        List<PriceRecorder.Entry> entries = new ArrayList<>();
        List<Condition> conditions = new ArrayList<>();
        for (ParsedOffer offer : page.offers()) {
            String externalId = offer.listingId(page.externalId());
            Condition condition = condition(offer, drive);
            Listing listing = listing(marketplace, externalId, drive, pageUrl, offer, condition);
            conditions.add(condition);
            // stock as the page said it, or unknown (null): a price alone is no evidence that it can be bought now
            entries.add(new PriceRecorder.Entry(listing, new ObservationInput(observedAt, offer.price(), null,
                    offer.currency(), offer.shipping(), offer.memberPrice(), offer.inStock(), offer.availability(), offer.sellerName(),
                    offer.sellerType(), offer.fulfilledByMarketplace(), condition, offer.businessOnly(), offer.priceWording(), source,
                    pageUrl.toString(), scrapeRunId)));
        }
        // an offer's past prices first (those after its newest observation), then what the page shows now
        for (int i = 0; i < entries.size(); i++) {
            ParsedOffer offer = page.offers().get(i);
            if (offer.history() != null) {
                prices.recordPast(entries.get(i).listing(), offer.history(), conditions.get(i));
            }
        }
        List<PriceRecorder.Recorded> recorded = prices.recordAll(entries);
        List<StoredOffer> stored = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            ParsedOffer offer = page.offers().get(i);
            stored.add(new StoredOffer(offer.listingId(page.externalId()), offer, conditions.get(i), recorded.get(i).added(),
                    recorded.get(i).suspect()));
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

    private Listing listing(Marketplace marketplace, String externalId, Drive drive, URI pageUrl, ParsedOffer offer,
                            Condition condition) {
        // the listing shows who sells it now; the observation keeps who sold it then
        return listings.upsert(marketplace, externalId, drive, new Listings.Facts(pageUrl.toString(), offer.sellerName(),
                offer.sellerType(), offer.fulfilledByMarketplace(), condition, offer.businessOnly())).listing();
    }
}
