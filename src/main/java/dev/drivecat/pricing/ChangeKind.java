package dev.drivecat.pricing;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;

/** What changed for one kind of offer of a drive over a window (see src/docs/digests.md for each rule). */
public enum ChangeKind implements ApiToken {
    /** The best in-stock price fell by at least the threshold. */
    PRICE_DROP,
    /** The best in-stock price rose by at least the threshold. */
    PRICE_RISE,
    /** The new best price is below every in-stock price of this kind of offer in the look-back before the window (90 days by default). */
    NEW_LOW,
    /** Every offer was out of stock at the start; one is in stock with a price at the end. */
    BACK_IN_STOCK,
    /** An offer was in stock at the start; at the end every one is out of stock. */
    OUT_OF_STOCK,
    /** The drive is now sold by a seller type (e.g. the marketplace itself) that had no offer in stock at the start. */
    NEW_SELLER_TYPE,
    /** A listing first seen in the window is in stock. */
    NEW_LISTING;

    @Override
    @JsonValue
    public String token() {
        return name();
    }

    /** Kinds that are price movements, to which a percentage threshold applies. */
    public boolean isPriceMove() {
        return this == PRICE_DROP || this == PRICE_RISE;
    }
}
