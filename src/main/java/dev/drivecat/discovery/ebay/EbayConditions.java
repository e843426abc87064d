package dev.drivecat.discovery.ebay;

import dev.drivecat.pricing.Condition;
import java.util.Map;
import java.util.Optional;

/**
 * eBay's numeric condition ids (an item summary's {@code conditionId}) as drivecat's conditions.
 * eBay's own definitions, quoted in src/docs/discovery-ebay.md with their pages:
 * <ul>
 * <li><a href="https://developer.ebay.com/api-docs/sell/static/metadata/condition-id-values.html">Item condition ID and name values</a>:
 *     "We consistently use the same IDs for similar condition qualities (across all sites and categories)";
 *     1000 New, 1500 New other (see details), 1750 New with defects, 2000 Certified refurbished.</li>
 * <li><a href="https://developer.ebay.com/api-docs/sell/inventory/types/slr:ConditionEnum">ConditionEnum</a>: each
 *     value "should be used if the Condition ID value is" 1000 NEW, 2750 LIKE_NEW, 1500 NEW_OTHER, 1750 NEW_WITH_DEFECTS,
 *     2000 CERTIFIED_REFURBISHED, 2010 EXCELLENT_REFURBISHED, 2020 VERY_GOOD_REFURBISHED, 2030 GOOD_REFURBISHED,
 *     2500 SELLER_REFURBISHED, 3000 USED_EXCELLENT, 4000 USED_VERY_GOOD, 5000 USED_GOOD, 6000 USED_ACCEPTABLE and
 *     7000 FOR_PARTS_OR_NOT_WORKING ("not fully functioning as originally designed").</li>
 * </ul>
 * Only the id decides: the {@code condition} text is a display name that "can vary by category" and
 * is kept as the result's wording. An id not listed here, and 7000 (for parts or not working), map to
 * no condition: such a result is never priced as a working drive, and its wording stays for the
 * matcher and the reviewer. eBay has no condition for new old stock; a result never says it.
 */
final class EbayConditions {

    /** eBay's "For parts or not working". */
    static final String FOR_PARTS_OR_NOT_WORKING = "7000";

    private static final Map<String, Condition> BY_ID = Map.ofEntries(
            // NEW: "A brand-new, unused, unopened, unworn, undamaged item"
            Map.entry("1000", Condition.NEW),
            // NEW_OTHER: "A brand-new new, unused item with no signs of wear. Packaging may be missing or opened."
            Map.entry("1500", Condition.NEW),
            // NEW_WITH_DEFECTS: "A brand-new, unused, and unworn item. The item may have cosmetic defects"
            Map.entry("1750", Condition.NEW),
            // CERTIFIED_REFURBISHED: "refurbished by the manufacturer or a manufacturer-approved vendor"
            Map.entry("2000", Condition.RENEWED),
            Map.entry("2010", Condition.RENEWED),
            Map.entry("2020", Condition.RENEWED),
            Map.entry("2030", Condition.RENEWED),
            // SELLER_REFURBISHED: "restored to working order by the eBay seller or a third party"
            Map.entry("2500", Condition.RENEWED),
            // LIKE_NEW: "the item has been opened, but very lightly used if used at all"
            Map.entry("2750", Condition.USED),
            // USED_EXCELLENT ("Used" on most of the site), USED_VERY_GOOD, USED_GOOD, USED_ACCEPTABLE
            Map.entry("3000", Condition.USED),
            Map.entry("4000", Condition.USED),
            Map.entry("5000", Condition.USED),
            Map.entry("6000", Condition.USED));

    private EbayConditions() {
    }

    /** The condition an eBay condition id states; empty for for-parts items, unknown ids and none. */
    static Optional<Condition> of(String conditionId) {
        return conditionId == null ? Optional.empty() : Optional.ofNullable(BY_ID.get(conditionId.strip()));
    }
}
