package dev.drivecat.scraping;

import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.PastPrices;
import dev.drivecat.pricing.SellerType;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * One item of a marketplace's search results, as the source shows it, before anyone has said which
 * drive it is. Null: the result does not show it.
 *
 * @param marketplace the drivecat marketplace code the item is offered on (e.g. {@code ebay-us})
 * @param externalId the marketplace's id of the item (eBay legacy item id, ASIN, Newegg item number)
 * @param url the item's page, without tracking parameters
 * @param price the price everyone pays for one, without shipping; null when the result shows none,
 *     a range (several variations), or only a bid
 * @param priceWording the price as the result writes it
 * @param shipping the shipping cost when the result states a fixed one (0 for free)
 * @param condition the condition the result states, read by the site's rules; null when it states none
 * @param conditionWording the condition as the result writes it
 * @param sellerType who sells, when the site says (every eBay seller is a third party)
 * @param sellerFeedbackScore the seller's feedback count, when shown
 * @param sellerFeedbackPercent the seller's positive feedback share, when shown
 * @param buyingOptions how it is sold, as the source names it ("FIXED_PRICE", "BEST_OFFER", "Buy It Now")
 * @param endsAt when the listing ends, when the source says (an eBay item's end date)
 * @param location where the item is, as shown
 * @param sponsored a paid placement
 * @param variations the result is a listing of several variations (a price range, an item group): never one SKU
 * @param auctionOnly only bids can be placed: the price shown is a bid, not a price to buy at
 * @param fulfilledByMarketplace whether the marketplace ships it (Amazon's FBA), when the source says
 * @param history the offer's past prices, when the source has them (Keepa's price history); null when it has none
 */
public record SearchResult(
        String marketplace,
        String externalId,
        String url,
        String title,
        BigDecimal price,
        String currency,
        String priceWording,
        BigDecimal shipping,
        Condition condition,
        String conditionWording,
        String sellerName,
        SellerType sellerType,
        Integer sellerFeedbackScore,
        BigDecimal sellerFeedbackPercent,
        String buyingOptions,
        Instant endsAt,
        String location,
        boolean sponsored,
        boolean variations,
        boolean auctionOnly,
        Boolean fulfilledByMarketplace,
        PastPrices history) {

    /** A result of a source that says nothing of who ships and has no history (search pages, eBay's API). */
    public SearchResult(String marketplace, String externalId, String url, String title, BigDecimal price, String currency,
                        String priceWording, BigDecimal shipping, Condition condition, String conditionWording, String sellerName,
                        SellerType sellerType, Integer sellerFeedbackScore, BigDecimal sellerFeedbackPercent, String buyingOptions,
                        Instant endsAt, String location, boolean sponsored, boolean variations, boolean auctionOnly) {
        this(marketplace, externalId, url, title, price, currency, priceWording, shipping, condition, conditionWording, sellerName,
                sellerType, sellerFeedbackScore, sellerFeedbackPercent, buyingOptions, endsAt, location, sponsored, variations, auctionOnly,
                null, null);
    }
}
