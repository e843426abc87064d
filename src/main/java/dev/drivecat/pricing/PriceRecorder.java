package dev.drivecat.pricing;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

/**
 * The one way price observations are written, whether they come from an import, a scrape or a
 * saved page. Appends (never updates), stores an observation of a listing at a given instant
 * once, and flags a price jump as suspect by {@link SuspectPriceRule}.
 */
@ApplicationScoped
public class PriceRecorder {

    @Inject
    EntityManager em;

    @Inject
    dev.drivecat.DrivecatConfig config;

    /** What happened to one observation. */
    public record Recorded(Optional<Long> id, boolean suspect) {
        public boolean added() {
            return id.isPresent();
        }
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public Recorded record(Listing listing, ObservationInput o) {
        em.flush();
        boolean suspect = o.price() != null && SuspectPriceRule.isSuspect(
                Optional.of(o.price()), currentPrice(listing.id, o.currency()), previousPrice(listing.id, o), config.prices().suspectFactor());
        @SuppressWarnings("unchecked")
        List<Object> ids = em.createNativeQuery("""
                INSERT INTO price_observation (listing_id, observed_at, price, price_high, currency, shipping, member_price,
                    in_stock, availability, seller_name, seller_type, fulfilled_by_marketplace, condition, business_only, wording, source,
                    source_url, scrape_run_id, suspect)
                VALUES (:listing, :observedAt, :price, :priceHigh, :currency, :shipping, :memberPrice,
                    :inStock, :availability, :sellerName, :sellerType, :fulfilled, :condition, :businessOnly, :wording, :source,
                    :sourceUrl, :scrapeRun, :suspect)
                ON CONFLICT ON CONSTRAINT price_observation_listing_time_uq DO NOTHING
                RETURNING id
                """)
                .setParameter("listing", listing.id)
                .setParameter("observedAt", o.observedAt().atOffset(ZoneOffset.UTC))
                .setParameter("price", o.price())
                .setParameter("priceHigh", o.priceHigh())
                .setParameter("currency", o.currency())
                .setParameter("shipping", o.shipping())
                .setParameter("memberPrice", o.memberPrice())
                .setParameter("inStock", o.inStock())
                .setParameter("availability", o.availability())
                .setParameter("sellerName", o.sellerName())
                .setParameter("sellerType", o.sellerType() == null ? null : o.sellerType().token())
                .setParameter("fulfilled", o.fulfilledByMarketplace())
                .setParameter("condition", o.condition() == null ? null : o.condition().token())
                .setParameter("businessOnly", o.businessOnly())
                .setParameter("wording", o.wording())
                .setParameter("source", o.source())
                .setParameter("sourceUrl", o.sourceUrl())
                .setParameter("scrapeRun", o.scrapeRunId())
                .setParameter("suspect", suspect)
                .getResultList();
        return new Recorded(ids.stream().findFirst().map(id -> ((Number) id).longValue()), suspect && !ids.isEmpty());
    }

    private Optional<BigDecimal> currentPrice(long listingId, String currency) {
        @SuppressWarnings("unchecked")
        List<BigDecimal> prices = em.createNativeQuery("""
                SELECT o.price FROM listing l JOIN price_observation o ON o.id = l.current_observation_id
                 WHERE l.id = :listing AND o.price IS NOT NULL AND o.currency = :currency
                """).setParameter("listing", listingId).setParameter("currency", currency).getResultList();
        return prices.stream().findFirst();
    }

    private Optional<SuspectPriceRule.PreviousPrice> previousPrice(long listingId, ObservationInput o) {
        @SuppressWarnings("unchecked")
        List<Tuple> rows = em.createNativeQuery("""
                SELECT price, suspect FROM price_observation
                 WHERE listing_id = :listing AND observed_at < :at AND price IS NOT NULL AND currency = :currency
                 ORDER BY observed_at DESC LIMIT 1
                """, Tuple.class)
                .setParameter("listing", listingId)
                .setParameter("at", o.observedAt().atOffset(ZoneOffset.UTC))
                .setParameter("currency", o.currency())
                .getResultList();
        return rows.stream().findFirst()
                .map(t -> new SuspectPriceRule.PreviousPrice((BigDecimal) t.get("price"), (Boolean) t.get("suspect")));
    }
}
