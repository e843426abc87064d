package dev.drivecat.pricing;

import dev.drivecat.common.Currencies;
import dev.drivecat.common.Text;
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

    /**
     * Text from a page or an import, normalised where it enters the price history: one line, no
     * control characters. The currency has been checked where the price was read
     * ({@link Currencies#iso4217}); one that was not is a mistake of that reader.
     */
    public ObservationInput {
        if (currency != null && !Currencies.isIso4217(currency)) {
            throw new IllegalArgumentException("a price's currency must be an ISO 4217 code as Currencies reads it, not '"
                    + Text.quote(currency) + "'");
        }
        availability = Text.singleLine(availability);
        sellerName = Text.singleLine(sellerName);
        wording = Text.singleLine(wording);
        source = Text.singleLine(source);
        sourceUrl = Text.singleLine(sourceUrl);
    }
}
