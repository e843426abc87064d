package dev.drivecat.pricing;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One listing seen at both ends of a window: its newest observation that is not suspect before
 * the window's start, and before its end. This is what change detection reads; it is built from
 * one query over all listings ({@link PriceChangeService}).
 *
 * @param start null when the listing had no (non-suspect) observation before the window
 * @param end null when it had none before the window's end
 * @param firstSeenInWindow true when the listing has no observation at all before the window's start
 */
public record PriceWindow(long listingId, long driveId, String marketplace, String externalId, String url,
                          State start, State end, boolean firstSeenInWindow) {

    /**
     * What the listing showed at one moment. {@code currency} is the observation's, or for an
     * observation without a price the marketplace's, so that a listing stays in its currency when it
     * goes out of stock.
     */
    public record State(Instant observedAt, BigDecimal price, String currency, Boolean inStock, String seller,
                        SellerType sellerType, Condition condition) {

        /** In stock with a price shown: an offer someone can buy at a known price. */
        public boolean priced() {
            return Boolean.TRUE.equals(inStock) && price != null;
        }

        /** Known to be out of stock. */
        public boolean outOfStock() {
            return Boolean.FALSE.equals(inStock);
        }
    }
}
