package dev.drivecat.pricing;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * The prices one offer had before drivecat observed it, as a price-history service recorded them
 * (Keepa's {@code csv} series of a product): stored as observations of the offer's listing at
 * their own times, marked by {@code source} as history, once (a later import adds only the points
 * after the listing's newest observation).
 *
 * @param source what the observations are marked with, e.g. {@code keepa-history:amazon-us}
 * @param currency the currency of every point
 * @param sellerType who sold at those prices, when the series says (null: it does not)
 * @param fulfilledByMarketplace whether the marketplace shipped, when the series says
 * @param points oldest first; a point without a price is a time when there was no such offer
 */
public record PastPrices(String source, String sourceUrl, String currency, SellerType sellerType, Boolean fulfilledByMarketplace,
                         List<Point> points) {

    public PastPrices {
        points = List.copyOf(points);
    }

    /**
     * One point of a series.
     *
     * @param price null: no offer of the kind at that time
     * @param shipping null: not stated
     */
    public record Point(Instant at, BigDecimal price, BigDecimal shipping) {
    }

    /** The observations of the points after {@code since} (all of them when null), in the given condition. */
    List<ObservationInput> after(Instant since, Condition condition) {
        return points.stream().filter(p -> since == null || p.at().isAfter(since))
                .map(p -> new ObservationInput(p.at(), p.price(), null, p.price() == null && p.shipping() == null ? null : currency,
                        p.shipping(), null, p.price() != null, null, null, sellerType, fulfilledByMarketplace, condition, false,
                        null, source, sourceUrl, null))
                .toList();
    }
}
