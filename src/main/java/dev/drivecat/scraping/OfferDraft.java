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

    /** A draft of an offer already read, to change some of its fields. */
    static OfferDraft of(ParsedOffer offer) {
        OfferDraft d = new OfferDraft();
        d.offerKey = offer.offerKey();
        d.price = offer.price();
        d.currency = offer.currency();
        d.priceWording = offer.priceWording();
        d.shipping = offer.shipping();
        d.memberPrice = offer.memberPrice();
        d.inStock = offer.inStock();
        d.availability = offer.availability();
        d.sellerName = offer.sellerName();
        d.sellerType = offer.sellerType();
        d.fulfilledByMarketplace = offer.fulfilledByMarketplace();
        d.condition = offer.condition();
        d.conditionWording = offer.conditionWording();
        d.businessOnly = offer.businessOnly();
        d.bestOfferAccepted = offer.bestOfferAccepted();
        d.privateSeller = offer.privateSeller();
        return d;
    }

    ParsedOffer build() {
        return new ParsedOffer(offerKey, price, currency, priceWording, shipping, memberPrice, inStock, availability,
                sellerName, sellerType, fulfilledByMarketplace, condition, conditionWording, businessOnly,
                bestOfferAccepted, privateSeller);
    }
}
