package dev.drivecat.ranking;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;

/** Why /recommend left a drive out, as {@code filteredOut} counts and lists it (src/docs/ranking.md §2). */
public enum Exclusion implements ApiToken {
    /** plp=required, and the drive lacks the protection the role needs. */
    NO_PLP("noPlp"),
    /** Smaller than what the log, or the vdev, must hold. */
    TOO_SMALL("tooSmall"),
    /** No listing at all. */
    NO_OFFER("noOffer"),
    /** Offers only in other currencies than the one asked for. */
    OTHER_CURRENCY("otherCurrency"),
    /** Offers only open to business accounts. */
    BUSINESS_ONLY("businessOnly"),
    /** No offer in the conditions asked for. */
    CONDITION("condition"),
    /** No offer from the seller types asked for. */
    SELLER_TYPE("sellerType"),
    /** No offer in stock with a price. */
    OUT_OF_STOCK("outOfStock"),
    /** The cheapest drive costs more than maxPrice. */
    OVER_MAX_PRICE("overMaxPrice"),
    /** The whole set costs more than maxSetPrice. */
    OVER_MAX_SET_PRICE("overMaxSetPrice");

    private final String token;

    Exclusion(String token) {
        this.token = token;
    }

    @Override
    @JsonValue
    public String token() {
        return token;
    }

    /** Why, in words: "no offer in stock". */
    public String words() {
        return switch (this) {
            case OUT_OF_STOCK -> "no offer in stock";
            case NO_PLP -> "no power-loss protection";
            case BUSINESS_ONLY -> "offered to business accounts only";
            case NO_OFFER -> "no offer";
            case OTHER_CURRENCY -> "priced in another currency only";
            case OVER_MAX_PRICE -> "over the price per drive";
            case OVER_MAX_SET_PRICE -> "over the price for the set";
            case SELLER_TYPE -> "no offer from the seller type asked for";
            case CONDITION -> "no offer in the condition asked for";
            case TOO_SMALL -> "too small";
        };
    }
}
