package dev.drivecat.pricing;

/**
 * The kind of offer changes are computed for: one drive, in one currency, in one condition, from one
 * seller type. Prices are compared only within a group, never across currencies; a null condition or
 * seller type is its own group ("not stated").
 */
public record ChangeGroup(long driveId, String currency, Condition condition, SellerType sellerType) {
}
