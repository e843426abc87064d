package dev.drivecat.discovery.keepa;

import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;

/**
 * The kinds of Amazon offer drivecat keeps from Keepa, one listing each per ASIN ({@code <ASIN>/<key>}): the kinds
 * Keepa keeps a price history of, so that a listing's history and its current offer are one series. Each run's
 * observation of a kind is the cheapest live offer of the kind (price with shipping); its history is the kind's
 * {@code csv} series. Keepa's "new" series (index 1) is the least of Amazon's own, new FBA and new FBM, each kept
 * here with its seller kind: keeping it too would count one offer twice.
 */
enum OfferKind {
    /** Amazon itself (isAmazon; Warehouse Deals is not Amazon): {@code csv[0]} AMAZON. */
    AMAZON("keepa-amazon", 0, false, SellerType.MARKETPLACE, Boolean.TRUE, Condition.NEW),
    /** A third party, new, fulfilled by Amazon: {@code csv[10]} NEW_FBA. */
    NEW_FBA("keepa-new-fba", 10, false, SellerType.THIRD_PARTY, Boolean.TRUE, Condition.NEW),
    /** A third party, new, shipped by itself: {@code csv[7]} NEW_FBM_SHIPPING, [time, price with shipping, shipping]. */
    NEW_FBM("keepa-new-fbm", 7, true, SellerType.THIRD_PARTY, Boolean.FALSE, Condition.NEW),
    /** Used, any seller (conditions 2 to 5): {@code csv[2]} USED; who sold is on each observation of a live offer. */
    USED("keepa-used", 2, false, null, null, Condition.USED),
    /** Refurbished, any seller (condition 6): {@code csv[6]} REFURBISHED. */
    REFURBISHED("keepa-refurbished", 6, false, null, null, Condition.RENEWED);

    /** The listing's offer key: the listing is {@code <ASIN>/<key>}. */
    final String key;
    /** The index of the kind's series in the product's {@code csv}. */
    final int csvIndex;
    /** Whether the series is triples with the shipping cost, its price including it. */
    final boolean withShipping;
    /** Who sells offers of the kind; null when the kind says nothing of it. */
    final SellerType sellerType;
    /** Whether Amazon ships offers of the kind; null when the kind says nothing of it. */
    final Boolean fulfilledByMarketplace;
    final Condition condition;

    OfferKind(String key, int csvIndex, boolean withShipping, SellerType sellerType, Boolean fulfilledByMarketplace, Condition condition) {
        this.key = key;
        this.csvIndex = csvIndex;
        this.withShipping = withShipping;
        this.sellerType = sellerType;
        this.fulfilledByMarketplace = fulfilledByMarketplace;
        this.condition = condition;
    }

    /**
     * The kind of a Keepa offer: its condition code (1 new, 2 to 5 used, 6 refurbished), then who sells and ships it; empty
     * for an unknown condition (0) and collectibles (7 to 10), which are no drive to buy.
     */
    static java.util.Optional<OfferKind> of(int condition, boolean isAmazon, boolean isFba) {
        if (condition == 1) {
            return java.util.Optional.of(isAmazon ? AMAZON : isFba ? NEW_FBA : NEW_FBM);
        }
        if (condition >= 2 && condition <= 5) {
            return java.util.Optional.of(USED);
        }
        if (condition == 6) {
            return java.util.Optional.of(REFURBISHED);
        }
        return java.util.Optional.empty();
    }

    /** Keepa's words for a condition code. */
    static String words(int condition) {
        return switch (condition) {
            case 1 -> "New";
            case 2 -> "Used - Like New";
            case 3 -> "Used - Very Good";
            case 4 -> "Used - Good";
            case 5 -> "Used - Acceptable";
            case 6 -> "Refurbished";
            default -> "condition " + condition;
        };
    }
}
