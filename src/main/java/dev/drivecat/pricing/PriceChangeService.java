package dev.drivecat.pricing;

import dev.drivecat.DrivecatConfig;
import dev.drivecat.catalog.Drive;
import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.common.ApiToken;
import dev.drivecat.database.Columns;
import dev.drivecat.database.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Change detection over a window, for the /price-changes feed and the digests alike. Two queries
 * whatever the catalog's size: every listing's state at the window's start and end (each found
 * through the (listing, observed_at) index), and the look-back lows per kind of offer. The rules
 * themselves are {@link PriceChangeRules}.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class PriceChangeService {

    @Inject
    EntityManager em;

    @Inject
    DrivecatConfig config;

    @Inject
    PriceChangeSettings priceChangeSettings;

    @Inject
    PriceSettings priceSettings;

    Clock clock = Clock.systemUTC();

    /**
     * A validated question. {@code drives} null means every drive (an empty set means none);
     * {@code currency} null means every currency, each compared only with itself.
     */
    public record ChangeQuery(Instant since, Instant until, List<InterfaceFilter> interfaces, Set<String> drives, String currency,
                              BigDecimal minPercent) {
    }

    /** The changes found, with the window and threshold they were found with. */
    @org.eclipse.microprofile.openapi.annotations.media.Schema(name = "PriceChangeReport")
    public record ChangeReport(
            @org.eclipse.microprofile.openapi.annotations.media.Schema(examples = "2026-11-16T00:00:00Z") Instant since,
            @org.eclipse.microprofile.openapi.annotations.media.Schema(examples = "2026-11-23T00:00:00Z") Instant until,
            @org.eclipse.microprofile.openapi.annotations.media.Schema(description = "When the changes were computed; a window that has "
                    + "not ended is judged as of then.") Instant evaluatedAt,
            @org.eclipse.microprofile.openapi.annotations.media.Schema(description = "Price moves smaller than this percentage were left out.",
                    examples = "2") BigDecimal minPercent,
            List<PriceChange> changes) {
    }

    private record DriveInfo(String slug, String vendor, String model, int capacityGb, Interface iface, FormFactor formFactor) {
        String name() {
            return vendor + " " + model + " " + capacity();
        }

        String capacity() {
            return Drive.capacityLabel(capacityGb);
        }
    }

    public ChangeReport changes(ChangeQuery q) {
        Instant now = clock.instant();
        if (q.drives() != null && q.drives().isEmpty()) {
            return new ChangeReport(q.since(), q.until(), now, q.minPercent(), List.of());
        }
        // offers open to everyone only; business-only is a fact of each observation. The lows query goes on with AND.
        Where filter = new Where().and("true");
        filter.and(InterfaceFilter.sqlCondition(q.interfaces(), filter.params()));
        if (q.drives() != null) {
            filter.and("d.slug IN (:drives)", "drives", q.drives());
        }
        PriceChangeRules.Window window = new PriceChangeRules.Window(q.since(), q.until(), now,
                priceSettings.staleAfter(), q.minPercent());
        Map<Long, DriveInfo> drives = new HashMap<>();
        List<PriceWindow> windows = windows(filter, q, window, drives);
        Map<ChangeGroup, BigDecimal> lows = lows(filter, q);
        List<PriceChange> changes = new ArrayList<>();
        for (PriceChangeRules.Detected d : PriceChangeRules.detect(windows, lows, window)) {
            if (q.currency() != null && !q.currency().equals(d.group().currency())) {
                continue;
            }
            changes.add(view(d, drives.get(d.group().driveId())));
        }
        changes.sort(Comparator.comparing(PriceChange::drive).thenComparing(PriceChange::currency)
                .thenComparing(c -> c.condition() == null ? "~" : c.condition().token())
                .thenComparing(c -> c.sellerType() == null ? "~" : c.sellerType().token()));
        return new ChangeReport(q.since(), q.until(), now, q.minPercent(), changes);
    }

    private static final String STATE_COLUMNS = "o.observed_at, o.price, o.currency, o.in_stock, o.seller_name, o.seller_type, o.condition";

    @SuppressWarnings("unchecked")
    private List<PriceWindow> windows(Where filter, ChangeQuery q, PriceChangeRules.Window w,
                                      Map<Long, DriveInfo> drives) {
        Query query = em.createNativeQuery("""
                SELECT l.id AS listing_id, l.drive_id, m.code AS marketplace, l.external_id, l.url, m.default_currency,
                       l.seller_name AS l_seller, l.seller_type AS l_seller_type, l.condition AS l_condition,
                       d.slug, d.vendor, d.model, d.capacity_gb, d.interface, d.form_factor,
                       s.observed_at AS s_at, s.price AS s_price, s.currency AS s_currency, s.in_stock AS s_in_stock,
                       s.seller_name AS s_seller, s.seller_type AS s_seller_type, s.condition AS s_condition,
                       e.observed_at AS e_at, e.price AS e_price, e.currency AS e_currency, e.in_stock AS e_in_stock,
                       e.seller_name AS e_seller, e.seller_type AS e_seller_type, e.condition AS e_condition,
                       NOT EXISTS (SELECT 1 FROM price_observation f WHERE f.listing_id = l.id AND f.observed_at < :since) AS first_seen
                  FROM listing l
                  JOIN drive d ON d.id = l.drive_id
                  JOIN marketplace m ON m.id = l.marketplace_id
                  JOIN LATERAL (SELECT %1$s FROM price_observation o
                                 WHERE o.listing_id = l.id AND NOT o.suspect AND NOT o.business_only
                                   AND o.observed_at < :until AND o.observed_at >= :endFresh
                                 ORDER BY o.observed_at DESC LIMIT 1) e ON true
                  LEFT JOIN LATERAL (SELECT %1$s FROM price_observation o
                                 WHERE o.listing_id = l.id AND NOT o.suspect AND NOT o.business_only AND o.observed_at < :since
                                 ORDER BY o.observed_at DESC LIMIT 1) s ON true
                """.formatted(STATE_COLUMNS) + filter.sql() + " ORDER BY l.id", Tuple.class);
        filter.bind(query);
        query.setParameter("since", q.since().atOffset(ZoneOffset.UTC));
        query.setParameter("until", q.until().atOffset(ZoneOffset.UTC));
        query.setParameter("endFresh", w.endReference().minus(w.staleAfter()).atOffset(ZoneOffset.UTC));
        List<PriceWindow> windows = new ArrayList<>();
        for (Tuple t : (List<Tuple>) query.getResultList()) {
            long driveId = ((Number) t.get("drive_id")).longValue();
            drives.computeIfAbsent(driveId, id -> new DriveInfo((String) t.get("slug"), (String) t.get("vendor"), (String) t.get("model"),
                    ((Number) t.get("capacity_gb")).intValue(),
                    ApiToken.parse(Interface.class, (String) t.get("interface")).orElseThrow(),
                    ApiToken.parse(FormFactor.class, (String) t.get("form_factor")).orElseThrow()));
            windows.add(new PriceWindow(((Number) t.get("listing_id")).longValue(), driveId, (String) t.get("marketplace"),
                    (String) t.get("external_id"), (String) t.get("url"), state(t, "s_"), state(t, "e_"),
                    (Boolean) t.get("first_seen")));
        }
        return windows;
    }

    private static PriceWindow.State state(Tuple t, String prefix) {
        Instant at = Columns.instant(t.get(prefix + "at"));
        if (at == null) {
            return null;
        }
        String currency = (String) t.get(prefix + "currency");
        String sellerType = (String) t.get(prefix + "seller_type");
        String condition = (String) t.get(prefix + "condition");
        String seller = (String) t.get(prefix + "seller");
        return new PriceWindow.State(at, (BigDecimal) t.get(prefix + "price"),
                currency != null ? currency : (String) t.get("default_currency"),
                (Boolean) t.get(prefix + "in_stock"),
                seller != null ? seller : (String) t.get("l_seller"),
                ApiToken.parse(SellerType.class, sellerType != null ? sellerType : (String) t.get("l_seller_type")).orElse(null),
                ApiToken.parse(Condition.class, condition != null ? condition : (String) t.get("l_condition")).orElse(null));
    }

    @SuppressWarnings("unchecked")
    private Map<ChangeGroup, BigDecimal> lows(Where filter, ChangeQuery q) {
        Query query = em.createNativeQuery("""
                SELECT l.drive_id, coalesce(o.currency, m.default_currency) AS currency,
                       coalesce(o.condition, l.condition) AS condition, coalesce(o.seller_type, l.seller_type) AS seller_type,
                       min(o.price) AS low
                  FROM price_observation o
                  JOIN listing l ON l.id = o.listing_id
                  JOIN drive d ON d.id = l.drive_id
                  JOIN marketplace m ON m.id = l.marketplace_id
                """ + filter.sql() + """
                   AND NOT o.suspect AND NOT o.business_only AND o.in_stock AND o.price IS NOT NULL
                   AND o.observed_at >= :lowFrom AND o.observed_at < :since
                 GROUP BY 1, 2, 3, 4
                """, Tuple.class);
        filter.bind(query);
        query.setParameter("since", q.since().atOffset(ZoneOffset.UTC));
        query.setParameter("lowFrom", q.since().minus(priceChangeSettings.lowestWithin()).atOffset(ZoneOffset.UTC));
        Map<ChangeGroup, BigDecimal> lows = new LinkedHashMap<>();
        for (Tuple t : (List<Tuple>) query.getResultList()) {
            lows.put(new ChangeGroup(((Number) t.get("drive_id")).longValue(), (String) t.get("currency"),
                            ApiToken.parse(Condition.class, (String) t.get("condition")).orElse(null),
                            ApiToken.parse(SellerType.class, (String) t.get("seller_type")).orElse(null)),
                    (BigDecimal) t.get("low"));
        }
        return lows;
    }

    private PriceChange view(PriceChangeRules.Detected d, DriveInfo drive) {
        return new PriceChange(drive.slug(), drive.name(), drive.model() + " " + drive.capacity(), drive.iface(), drive.formFactor(),
                config.publicBaseUrl() + "/drives/" + drive.slug(), d.group().currency(), d.group().condition(), d.group().sellerType(),
                d.kinds(), point(d.before()), point(d.after()), money(d.change()), d.percent(), money(d.previousLow()), d.newListings());
    }

    private static PriceChange.PricePoint point(PriceChangeRules.Side side) {
        if (side == null) {
            return null;
        }
        PriceWindow.State s = side.state();
        return new PriceChange.PricePoint(money(s.price()), s.inStock(), side.listing().marketplace(), side.listing().externalId(),
                side.listing().url(), s.seller(), s.sellerType(), s.condition(), s.observedAt());
    }

    private static BigDecimal money(BigDecimal value) {
        return value == null ? null : value.setScale(2, java.math.RoundingMode.HALF_UP);
    }
}
