package dev.drivecat.pages;

import dev.drivecat.common.Dates;
import dev.drivecat.digest.ChangeWords;
import dev.drivecat.pricing.Money;
import dev.drivecat.pricing.Offer;

/**
 * One offer as a page shows it: the price with its symbol, who sells it and how, and how old the
 * price is. {@code href} is the listing, when the marketplace gave an address.
 */
public record OfferView(String price, String priceHigh, String memberPrice, String shipping, String seller, String sellerType,
                        String fulfilment, String condition, boolean businessOnly, String stock, String marketplace, String href,
                        String observed, String age, boolean stale) {

    static OfferView of(Offer o) {
        if (o == null) {
            return null;
        }
        String stock = o.inStock() == null ? "stock not stated"
                : o.inStock() ? "in stock" : "out of stock";
        if (o.availability() != null && !o.availability().isBlank()) {
            stock += " (\u201c" + o.availability() + "\u201d)";
        }
        return new OfferView(
                Money.format(o.price(), o.currency()),
                o.priceHigh() == null ? null : Money.format(o.priceHigh(), o.currency()),
                o.memberPrice() == null ? null : Money.format(o.memberPrice(), o.currency()),
                o.shipping() == null ? null : o.shipping().signum() == 0 ? "free shipping" : Money.format(o.shipping(), o.currency()) + " shipping",
                o.seller() == null ? "seller not named" : o.seller(),
                ChangeWords.sellerType(o.sellerType()),
                Boolean.TRUE.equals(o.fulfilledByMarketplace()) ? "fulfilled by the marketplace" : null,
                ChangeWords.condition(o.condition()),
                o.businessOnly(),
                stock,
                o.marketplace(),
                Words.href(o.url()),
                Dates.day(o.observedAt()),
                Dates.age(o.ageDays()),
                o.stale());
    }
}
