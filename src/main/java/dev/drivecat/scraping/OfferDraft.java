package dev.drivecat.scraping;

import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import java.math.BigDecimal;

/** A {@link ParsedOffer} being read, field by field. */
final class OfferDraft {

    String offerKey = ParsedOffer.FEATURED;
    BigDecimal price;
    String currency;
    String priceWording;
    BigDecimal shipping;
    BigDecimal memberPrice;
    Boolean inStock;
    String availability;
    String sellerName;
    SellerType sellerType;
    Boolean fulfilledByMarketplace;
    Condition condition;
    String conditionWording;
    boolean businessOnly;
    Boolean bestOfferAccepted;
    Boolean privateSeller;

    ParsedOffer build() {
        return new ParsedOffer(offerKey, price, currency, priceWording, shipping, memberPrice, inStock, availability,
                sellerName, sellerType, fulfilledByMarketplace, condition, conditionWording, businessOnly,
                bestOfferAccepted, privateSeller);
    }
}
