package dev.drivecat.scraping;

import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.PastPrices;
import dev.drivecat.pricing.SellerType;
import java.math.BigDecimal;

/**
 * One offer read from a marketplace page.
 *
 * @param offerKey which offer of the page this is: {@code featured} for the buy box / the item
 *     itself, otherwise a stable key such as {@code used} or {@code renewed-2}; the listing's
 *     external id is the page's item id for the featured offer and {@code itemId/offerKey} for others
 * @param price the price everyone pays, or null when none is shown (out of stock, hidden
 *     "add to cart" price); never a member-only, list, unit, carousel, shipping or import-fee price
 * @param priceWording the price as printed on the page, verbatim (e.g. {@code 1.234,56 €})
 * @param memberPrice a price only members pay (e.g. Prime), kept apart from {@code price}
 * @param inStock null when the page does not say
 * @param availability the availability text as printed
 * @param sellerType {@code MARKETPLACE} when the marketplace itself sells; null when no seller is shown
 * @param fulfilledByMarketplace whether the marketplace ships it (e.g. FBA); null when not shown
 * @param condition null when the page does not say (a listing is then treated as new only if
 *     the marketplace shows new by default; see the site definition)
 * @param bestOfferAccepted eBay "or Best Offer"; null when not applicable
 * @param privateSeller eBay private seller; null when not shown
 * @param history the offer's past prices, when the source has them (Keepa's price history); null for a page
 */
public record ParsedOffer(
        String offerKey,
        BigDecimal price,
        String currency,
        String priceWording,
        BigDecimal shipping,
        BigDecimal memberPrice,
        Boolean inStock,
        String availability,
        String sellerName,
        SellerType sellerType,
        Boolean fulfilledByMarketplace,
        Condition condition,
        String conditionWording,
        boolean businessOnly,
        Boolean bestOfferAccepted,
        Boolean privateSeller,
        PastPrices history) {

    /** An offer read from a page, which has no history. */
    public ParsedOffer(String offerKey, BigDecimal price, String currency, String priceWording, BigDecimal shipping, BigDecimal memberPrice,
                       Boolean inStock, String availability, String sellerName, SellerType sellerType, Boolean fulfilledByMarketplace,
                       Condition condition, String conditionWording, boolean businessOnly, Boolean bestOfferAccepted, Boolean privateSeller) {
        this(offerKey, price, currency, priceWording, shipping, memberPrice, inStock, availability, sellerName, sellerType,
                fulfilledByMarketplace, condition, conditionWording, businessOnly, bestOfferAccepted, privateSeller, null);
    }

    public static final String FEATURED = "featured";

    /** The listing this offer is stored as: the item's id for the featured offer, item id/offer key for the others. */
    public String listingId(String itemId) {
        return listingId(offerKey, itemId);
    }

    /** The listing the offer {@code offerKey} of item {@code itemId} is stored as. */
    public static String listingId(String offerKey, String itemId) {
        return FEATURED.equals(offerKey) ? itemId : itemId + "/" + offerKey;
    }
}
