package dev.drivecat.ranking;

import dev.drivecat.pricing.Offer;
import dev.drivecat.pricing.SellerType;

/** An offer with a price as an explanation writes it: its price (with band and shipping) and whom it is from. */
record OfferWords(Offer offer, String price, String from) {
    static OfferWords of(Offer offer) {
        String from = (offer.seller() != null ? offer.seller() : offer.marketplace())
                + (offer.sellerType() == SellerType.MARKETPLACE ? " (sold by the marketplace itself)"
                : offer.sellerType() == SellerType.THIRD_PARTY ? " (a third-party seller)" : "")
                + (offer.condition() != null ? ", " + offer.condition().words() : "");
        String price = Explanations.money(offer.price(), offer.currency()) + (offer.priceHigh() != null
                ? " (the lower end of the stated band up to " + Explanations.money(offer.priceHigh(), offer.currency()) + ")" : "")
                + (offer.shipping() != null && offer.shipping().signum() > 0
                ? " plus " + Explanations.money(offer.shipping(), offer.currency()) + " shipping" : "");
        return new OfferWords(offer, price, from);
    }
}
