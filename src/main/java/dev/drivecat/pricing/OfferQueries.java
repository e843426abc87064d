package dev.drivecat.pricing;

import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.common.ApiToken;
import dev.drivecat.database.Columns;
import dev.drivecat.database.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads current offers: one row per listing, from current_offer. */
@ApplicationScoped
public class OfferQueries {

    /**
     * Columns of a current offer; joins listing l, drive d, marketplace m and current_offer o (the
     * listing's newest observation that is not suspect, kept beside the history so that reading all
     * current offers never touches the history).
     */
    public static final String OFFER_COLUMNS = """
            l.id AS listing_id, d.slug AS drive_slug, m.code AS marketplace, l.external_id, l.url,
            coalesce(o.seller_name, l.seller_name) AS seller, coalesce(o.seller_type, l.seller_type) AS seller_type,
            coalesce(o.fulfilled_by_marketplace, l.fulfilled_by_marketplace) AS fulfilled,
            coalesce(o.condition, l.condition) AS condition, o.business_only,
            o.price, o.price_high, o.currency, o.shipping, o.member_price, o.in_stock, o.availability, o.observed_at
            """;

    /**
     * The SQL condition under which the current offer {@code alias} of a listing of marketplace {@code m} is shown as
     * current: while it is no older than its marketplace's terms allow ({@link OfferFreshness}).
     */
    public static String shownAsCurrent(String alias) {
        return "(m.current_for_seconds IS NULL OR " + alias + ".observed_at > now() - make_interval(secs => m.current_for_seconds))";
    }

    /** ... and only offers their marketplace's terms let be shown as current ({@link #shownAsCurrent}). */
    public static final String OFFER_JOINS = """
            FROM listing l
            JOIN drive d ON d.id = l.drive_id
            JOIN marketplace m ON m.id = l.marketplace_id
            JOIN current_offer o ON o.listing_id = l.id
            """ + " AND " + shownAsCurrent("o") + "\n";

    @Inject
    EntityManager em;

    @Inject
    PriceSettings priceSettings;

    Clock clock = Clock.systemUTC();

    /**
     * The best offer per drive: the lowest price in stock in {@code currency} (plus shipping when
     * the offer states it), open to everyone unless {@code includeBusinessOnly}; ties go to the
     * newest observation.
     */
    @SuppressWarnings("unchecked")
    public Map<Long, Offer> bestOffers(Collection<Long> driveIds, String currency, boolean includeBusinessOnly) {
        Map<Long, Offer> best = new LinkedHashMap<>();
        if (driveIds.isEmpty()) {
            return best;
        }
        List<Tuple> rows = em.createNativeQuery("SELECT DISTINCT ON (l.drive_id) l.drive_id, " + OFFER_COLUMNS + OFFER_JOINS + """
                 WHERE l.drive_id IN (:drives) AND o.in_stock AND o.price IS NOT NULL AND o.currency = :currency
                   AND (NOT o.business_only OR :includeBusinessOnly)
                 ORDER BY l.drive_id, o.price + coalesce(o.shipping, 0), o.observed_at DESC, l.id
                """, Tuple.class)
                .setParameter("drives", driveIds)
                .setParameter("currency", currency)
                .setParameter("includeBusinessOnly", includeBusinessOnly)
                .getResultList();
        for (Tuple t : rows) {
            best.put(((Number) t.get("drive_id")).longValue(), toOffer(t));
        }
        return best;
    }

    /** A validated request for current offers. */
    public record OfferQuery(List<SellerType> sellerTypes, List<Condition> conditions, List<String> marketplaces,
                             Boolean inStock, List<InterfaceFilter> interfaces, List<String> drives, int limit, int offset,
                             String currency, boolean includeBusinessOnly) {
    }

    /** A page of current offers. */
    @org.eclipse.microprofile.openapi.annotations.media.Schema(name = "OfferPage")
    public record OfferPage(List<Offer> items, long total, int limit, int offset) {
    }

    /** Current offers, cheapest first (offers without a price last). */
    @SuppressWarnings("unchecked")
    public OfferPage current(OfferQuery q) {
        // an offer without a price has no currency to compare; it is listed with the currency asked for
        Where where = new Where().and("(o.currency = :currency OR o.currency IS NULL)", "currency", q.currency());
        if (!q.includeBusinessOnly()) {
            where.and("NOT o.business_only");
        }
        where.inTokens("coalesce(o.seller_type, l.seller_type)", "sellerTypes", q.sellerTypes())
                .inTokens("coalesce(o.condition, l.condition)", "conditions", q.conditions())
                .in("m.code", "marketplaces", q.marketplaces());
        if (q.inStock() != null) {
            where.and(q.inStock() ? "o.in_stock" : "o.in_stock IS NOT TRUE");
        }
        where.in("d.slug", "drives", q.drives())
                .and(InterfaceFilter.sqlCondition(q.interfaces(), where.params()));
        long total = ((Number) where.bind(em.createNativeQuery("SELECT count(*) " + OFFER_JOINS + where.sql()))
                .getSingleResult()).longValue();
        jakarta.persistence.Query page = where.bind(em.createNativeQuery("SELECT " + OFFER_COLUMNS + OFFER_JOINS + where.sql()
                + " ORDER BY o.price + coalesce(o.shipping, 0) NULLS LAST, d.slug, l.id LIMIT :limit OFFSET :offset", Tuple.class))
                .setParameter("limit", q.limit()).setParameter("offset", q.offset());
        List<Offer> items = ((List<Tuple>) page.getResultList()).stream().map(this::toOffer).toList();
        return new OfferPage(items, total, q.limit(), q.offset());
    }

    public Offer toOffer(Tuple t) {
        return toOffer(t::get);
    }

    /** Maps a row of {@link #OFFER_COLUMNS}, whatever reads it (a JPA tuple, a JDBC result set). */
    public Offer toOffer(java.util.function.Function<String, Object> t) {
        Instant observedAt = Columns.instant(t.apply("observed_at"));
        Instant now = clock.instant();
        Duration age = Duration.between(observedAt, now);
        return new Offer(
                (String) t.apply("drive_slug"),
                (String) t.apply("marketplace"),
                (String) t.apply("external_id"),
                (String) t.apply("url"),
                (String) t.apply("seller"),
                ApiToken.parse(SellerType.class, (String) t.apply("seller_type")).orElse(null),
                (Boolean) t.apply("fulfilled"),
                ApiToken.parse(Condition.class, (String) t.apply("condition")).orElse(null),
                (Boolean) t.apply("business_only"),
                money(t.apply("price")),
                money(t.apply("price_high")),
                (String) t.apply("currency"),
                money(t.apply("shipping")),
                money(t.apply("member_price")),
                (Boolean) t.apply("in_stock"),
                (String) t.apply("availability"),
                observedAt,
                Math.max(0, age.toDays()),
                age.compareTo(priceSettings.staleAfter()) > 0);
    }

    private static BigDecimal money(Object value) {
        return value == null ? null : ((BigDecimal) value).setScale(2, java.math.RoundingMode.UNNECESSARY);
    }
}
