package dev.drivecat.pricing;

import java.math.BigDecimal;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A listing's current offer: its newest observation that is not suspect. {@code price} is the
 * price everyone pays (for a band from a report, its lower end; {@code priceHigh} is the upper
 * end); a member-only price is kept apart in {@code memberPrice}.
 */
@Schema(name = "Offer")
public record Offer(
        @Schema(description = "The drive this listing sells.", examples = "intel-optane-p4800x-375gb-u2") String drive,
        @Schema(examples = "amazon-us") String marketplace,
        @Schema(description = "The marketplace's id for the offer, or a key scoped to the report it comes from.") String externalId,
        @Schema(nullable = true) String url,
        @Schema(nullable = true, examples = "Amazon.com") String seller,
        @Schema(nullable = true) SellerType sellerType,
        @Schema(nullable = true) Boolean fulfilledByMarketplace,
        @Schema(nullable = true) Condition condition,
        boolean businessOnly,
        @Schema(nullable = true, examples = "420.00") BigDecimal price,
        @Schema(nullable = true, description = "Upper end of a price band as the source stated it.", examples = "450.00") BigDecimal priceHigh,
        @Schema(nullable = true, examples = "USD") String currency,
        @Schema(nullable = true) BigDecimal shipping,
        @Schema(nullable = true, description = "A price only members (e.g. Prime) pay; never the offer's price.") BigDecimal memberPrice,
        @Schema(nullable = true, description = "null when the source did not say.") Boolean inStock,
        @Schema(nullable = true) String availability,
        @Schema(description = "When this price was observed.", examples = "2026-10-21T00:00:00Z") Instant observedAt,
        @Schema(description = "Whole days since observedAt.", examples = "39") long ageDays,
        @Schema(description = "True when observedAt is older than drivecat.prices.stale-after.") boolean stale) {
}
