package dev.drivecat.pricing;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * What one listing showed at one moment, as an importer or a scraper read it. {@code price} is
 * null when none was shown; for a price band it is the band's lower end and {@code priceHigh}
 * its upper end. {@code memberPrice} is a price only members pay and is never the price.
 */
public record ObservationInput(
        Instant observedAt,
        BigDecimal price,
        BigDecimal priceHigh,
        String currency,
        BigDecimal shipping,
        BigDecimal memberPrice,
        Boolean inStock,
        String availability,
        String sellerName,
        SellerType sellerType,
        Boolean fulfilledByMarketplace,
        Condition condition,
        boolean businessOnly,
        String wording,
        String source,
        String sourceUrl,
        Long scrapeRunId) {
}
