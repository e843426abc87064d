package dev.drivecat.drives;

import dev.drivecat.catalog.ChosenSpecs;
import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.PlpAssessment;
import dev.drivecat.catalog.PlpClass;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.catalog.SpecField;
import dev.drivecat.catalog.SpecRow;
import dev.drivecat.catalog.SpecService;
import dev.drivecat.common.ApiToken;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Text;
import dev.drivecat.database.Columns;
import dev.drivecat.database.Where;
import dev.drivecat.drives.DriveViews.DriveDetail;
import dev.drivecat.drives.DriveViews.DrivePage;
import dev.drivecat.drives.DriveViews.DriveSummary;
import dev.drivecat.drives.DriveViews.EnduranceView;
import dev.drivecat.drives.DriveViews.ListingView;
import dev.drivecat.drives.DriveViews.MeasuredLatency;
import dev.drivecat.drives.DriveViews.ObservationView;
import dev.drivecat.drives.DriveViews.PlpView;
import dev.drivecat.drives.DriveViews.PriceHistory;
import dev.drivecat.drives.DriveViews.SourceView;
import dev.drivecat.drives.DriveViews.SpecValueView;
import dev.drivecat.drives.DriveViews.SpecView;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.Offer;
import dev.drivecat.pricing.OfferQueries;
import dev.drivecat.pricing.SellerType;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The catalog's read side: drive lists, drive details and price histories, in a bounded number of queries. */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class CatalogQueries {

    @Inject
    EntityManager em;

    @Inject
    OfferQueries offers;

    /** A validated drive-list request. */
    public record DriveQuery(List<InterfaceFilter> interfaces, List<Interface> buses, List<FormFactor> formFactors, List<Media> media,
                             List<PlpClass> plp, List<String> vendors, BigDecimal minDwpd, String q, DriveSort sort,
                             int limit, int offset, String currency, boolean includeBusinessOnly) {
    }

    /** How a drive list may be ordered; {@code -} before the token reverses it. */
    public enum DriveSort implements ApiToken {
        SLUG("slug", "f.slug"),
        VENDOR("vendor", "lower(f.vendor)"),
        CAPACITY("capacity", "f.capacity_gb"),
        PRICE("price", "best_price"),
        DWPD("dwpd", "f.dwpd"),
        TBW("tbw", "f.tbw");

        private final String token;
        private final String column;

        DriveSort(String token, String column) {
            this.token = token;
            this.column = column;
        }

        @Override
        public String token() {
            return token;
        }
    }

    private static final String DRIVE_COLUMNS = """
            d.id, d.slug, d.vendor, d.model, d.capacity_gb, d.interface, d.form_factor, d.pcie_gen, d.pcie_lanes, d.media,
            d.discontinued,
            plp.value_token AS plp_class, plp.wording AS plp_wording, plp.applies_to AS plp_applies_to,
            plp.source_url AS plp_source_url, plp.source_title AS plp_source_title, plp.source_kind AS plp_source_kind,
            plp.retrieved_at AS plp_retrieved_at, plp.claim AS plp_claim,
            dwpd.value_number AS dwpd, dwpd.source_kind = 'DERIVED' AS dwpd_derived,
            tbw.value_number AS tbw, tbw.source_kind = 'DERIVED' AS tbw_derived,
            warranty.value_number AS warranty_years
            """;

    private static final String DRIVE_JOINS = " FROM drive d" + ChosenSpecs.join(SpecField.PLP, "plp", "d")
            + ChosenSpecs.join(SpecField.DWPD, "dwpd", "d") + ChosenSpecs.join(SpecField.TBW, "tbw", "d")
            + ChosenSpecs.join(SpecField.WARRANTY_YEARS, "warranty", "d") + "\n";

    public DrivePage list(DriveQuery query, boolean descending) {
        Where where = where(query);
        String filtered = "SELECT " + DRIVE_COLUMNS + DRIVE_JOINS + where.sql();
        long total = ((Number) where.bind(em.createNativeQuery("SELECT count(*) FROM (" + filtered + ") f"))
                .getSingleResult()).longValue();
        String bestPrice = query.sort() != DriveSort.PRICE ? "NULL::numeric AS best_price" : """
                (SELECT min(o.price + coalesce(o.shipping, 0)) FROM listing l JOIN marketplace m ON m.id = l.marketplace_id
                   JOIN current_offer o ON o.listing_id = l.id
                  WHERE l.drive_id = f.id AND """ + OfferQueries.shownAsCurrent("o") + """
                    AND o.in_stock AND o.price IS NOT NULL AND o.currency = :currency
                    AND (NOT o.business_only OR :includeBusinessOnly)) AS best_price""";
        String direction = descending ? " DESC" : "";
        String order = query.sort() == DriveSort.SLUG ? "f.slug" + direction
                : query.sort().column + direction + " NULLS LAST, f.slug";
        String sql = "SELECT f.*, " + bestPrice + " FROM (" + filtered + ") f ORDER BY " + order + " LIMIT :limit OFFSET :offset";
        Query page = where.bind(em.createNativeQuery(sql, Tuple.class))
                .setParameter("limit", query.limit()).setParameter("offset", query.offset());
        if (query.sort() == DriveSort.PRICE) {
            page.setParameter("currency", query.currency()).setParameter("includeBusinessOnly", query.includeBusinessOnly());
        }
        @SuppressWarnings("unchecked")
        List<Tuple> rows = page.getResultList();
        Map<Long, Offer> best = offers.bestOffers(rows.stream().map(t -> ((Number) t.get("id")).longValue()).toList(),
                query.currency(), query.includeBusinessOnly());
        List<DriveSummary> items = rows.stream()
                .map(t -> summary(t, best.get(((Number) t.get("id")).longValue())))
                .toList();
        return new DrivePage(items, total, query.limit(), query.offset(), query.currency());
    }

    public Optional<DriveDetail> detail(String slug, String currency, boolean includeBusinessOnly) {
        @SuppressWarnings("unchecked")
        List<Tuple> rows = em.createNativeQuery("SELECT " + DRIVE_COLUMNS + DRIVE_JOINS + " WHERE d.slug = :slug", Tuple.class)
                .setParameter("slug", slug).getResultList();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Tuple t = rows.get(0);
        long id = ((Number) t.get("id")).longValue();
        DriveSummary s = summary(t, offers.bestOffers(List.of(id), currency, includeBusinessOnly).get(id));
        @SuppressWarnings("unchecked")
        List<String> partNumbers = em.createNativeQuery(
                "SELECT part_number FROM drive_part_number WHERE drive_id = :id ORDER BY part_number")
                .setParameter("id", id).getResultList();
        return Optional.of(new DriveDetail(s.slug(), s.vendor(), s.model(), s.capacityGb(), s.iface(), s.formFactor(),
                s.pcieGen(), s.pcieLanes(), s.media(), s.discontinued(), partNumbers, s.plp(), s.plpAssessment(), s.endurance(),
                s.bestOffer(),
                specs(id), listings(id), measurements(id)));
    }

    private List<MeasuredLatency> measurements(long driveId) {
        @SuppressWarnings("unchecked")
        List<Tuple> rows = em.createNativeQuery("""
                SELECT latency_us, tool, test, block_size_bytes, wording, source_url, source_title, measured_at
                  FROM drive_measurement WHERE drive_id = :drive ORDER BY latency_us, source_url""", Tuple.class)
                .setParameter("drive", driveId).getResultList();
        return rows.stream().map(r -> new MeasuredLatency((BigDecimal) r.get("latency_us"), (String) r.get("tool"),
                (String) r.get("test"), ((Number) r.get("block_size_bytes")).intValue(), (String) r.get("wording"),
                (String) r.get("source_url"), (String) r.get("source_title"), Columns.instant(r.get("measured_at")))).toList();
    }

    /** The 404 of every read of one drive that the catalog does not hold. */
    public static DomainException noSuchDrive(String slug) {
        return DomainException.notFound("No drive with slug '" + Text.quote(slug) + "'");
    }

    public PriceHistory prices(String slug, Instant from, Instant to) {
        @SuppressWarnings("unchecked")
        List<Object> ids = em.createNativeQuery("SELECT id FROM drive WHERE slug = :slug").setParameter("slug", slug).getResultList();
        if (ids.isEmpty()) {
            throw noSuchDrive(slug);
        }
        @SuppressWarnings("unchecked")
        List<Tuple> rows = em.createNativeQuery("""
                SELECT o.observed_at, m.code AS marketplace, l.external_id,
                       coalesce(o.seller_name, l.seller_name) AS seller, coalesce(o.seller_type, l.seller_type) AS seller_type,
                       coalesce(o.condition, l.condition) AS condition, o.business_only, o.price, o.price_high, o.currency,
                       o.shipping, o.in_stock, o.availability,
                       o.suspect, o.source, o.source_url
                  FROM listing l
                  JOIN marketplace m ON m.id = l.marketplace_id
                  JOIN price_observation o ON o.listing_id = l.id
                 WHERE l.drive_id = :drive
                   AND o.observed_at >= coalesce(CAST(:from AS timestamptz), '-infinity')
                   AND o.observed_at < coalesce(CAST(:to AS timestamptz), 'infinity')
                 ORDER BY o.observed_at, l.id
                """, Tuple.class)
                .setParameter("drive", ((Number) ids.get(0)).longValue())
                .setParameter("from", from == null ? null : from.atOffset(ZoneOffset.UTC))
                .setParameter("to", to == null ? null : to.atOffset(ZoneOffset.UTC))
                .getResultList();
        List<ObservationView> observations = rows.stream().map(r -> new ObservationView(
                Columns.instant(r.get("observed_at")),
                (String) r.get("marketplace"),
                (String) r.get("external_id"),
                (String) r.get("seller"),
                ApiToken.parse(SellerType.class, (String) r.get("seller_type")).orElse(null),
                ApiToken.parse(Condition.class, (String) r.get("condition")).orElse(null),
                (Boolean) r.get("business_only"),
                (BigDecimal) r.get("price"),
                (BigDecimal) r.get("price_high"),
                (String) r.get("currency"),
                (BigDecimal) r.get("shipping"),
                (Boolean) r.get("in_stock"),
                (String) r.get("availability"),
                (Boolean) r.get("suspect"),
                (String) r.get("source"),
                (String) r.get("source_url"))).toList();
        return new PriceHistory(slug, from, to, observations);
    }

    private Map<String, SpecView> specs(long driveId) {
        Map<SpecField, List<SpecRow>> byField = new LinkedHashMap<>();
        for (SpecRow row : specRows(driveId)) {
            byField.computeIfAbsent(row.field(), f -> new ArrayList<>()).add(row);
        }
        Map<String, SpecView> specs = new LinkedHashMap<>();
        for (SpecField field : SpecField.values()) {
            List<SpecRow> rows = byField.get(field);
            if (rows == null) {
                continue;
            }
            SpecValueView chosen = rows.stream().filter(SpecRow::chosen).findFirst().map(CatalogQueries::view).orElse(null);
            List<SpecValueView> alternatives = rows.stream().filter(r -> !r.chosen()).map(CatalogQueries::view).toList();
            specs.put(field.token(), new SpecView(chosen, alternatives));
        }
        return specs;
    }

    @SuppressWarnings("unchecked")
    private List<SpecRow> specRows(long driveId) {
        List<Tuple> tuples = em.createNativeQuery("""
                SELECT id, field, value_number, value_token, value_text, unit, applies_to, wording, source_url,
                       source_title, source_kind, retrieved_at, derived_from, importer, importer_version, chosen, claim
                  FROM spec_value WHERE drive_id = :drive ORDER BY field, chosen DESC, id
                """, Tuple.class).setParameter("drive", driveId).getResultList();
        return tuples.stream().map(SpecService::toRow).toList();
    }

    private List<ListingView> listings(long driveId) {
        @SuppressWarnings("unchecked")
        List<Tuple> rows = em.createNativeQuery("""
                SELECT l.id, m.code AS marketplace, l.external_id, l.url, l.seller_name, l.seller_type,
                       l.fulfilled_by_marketplace, l.condition, l.business_only, c.observation_id AS current_observation_id,
                       (SELECT n.id FROM (SELECT o.id, o.suspect FROM price_observation o WHERE o.listing_id = l.id
                         ORDER BY o.observed_at DESC LIMIT 1) n WHERE n.suspect) AS pending_observation_id
                  FROM listing l JOIN marketplace m ON m.id = l.marketplace_id
                  LEFT JOIN current_offer c ON c.listing_id = l.id AND """ + OfferQueries.shownAsCurrent("c") + """
                 WHERE l.drive_id = :drive
                 ORDER BY m.code, l.external_id
                """, Tuple.class).setParameter("drive", driveId).getResultList();
        List<Long> observationIds = new ArrayList<>();
        for (Tuple r : rows) {
            Optional.ofNullable((Number) r.get("current_observation_id")).ifPresent(n -> observationIds.add(n.longValue()));
            Optional.ofNullable((Number) r.get("pending_observation_id")).ifPresent(n -> observationIds.add(n.longValue()));
        }
        Map<Long, Offer> byObservation = observationsAsOffers(observationIds);
        return rows.stream().map(r -> {
            Long current = r.get("current_observation_id") == null ? null : ((Number) r.get("current_observation_id")).longValue();
            Long latest = r.get("pending_observation_id") == null ? null : ((Number) r.get("pending_observation_id")).longValue();
            Offer pending = latest != null && !latest.equals(current) ? byObservation.get(latest) : null;
            return new ListingView(
                    (String) r.get("marketplace"),
                    (String) r.get("external_id"),
                    (String) r.get("url"),
                    (String) r.get("seller_name"),
                    ApiToken.parse(SellerType.class, (String) r.get("seller_type")).orElse(null),
                    (Boolean) r.get("fulfilled_by_marketplace"),
                    ApiToken.parse(Condition.class, (String) r.get("condition")).orElse(null),
                    (Boolean) r.get("business_only"),
                    current == null ? null : byObservation.get(current),
                    pending);
        }).toList();
    }

    private Map<Long, Offer> observationsAsOffers(List<Long> observationIds) {
        Map<Long, Offer> result = new HashMap<>();
        if (observationIds.isEmpty()) {
            return result;
        }
        @SuppressWarnings("unchecked")
        List<Tuple> rows = em.createNativeQuery("SELECT o.id AS observation_id, " + OfferQueries.OFFER_COLUMNS + """
                FROM price_observation o
                JOIN listing l ON l.id = o.listing_id
                JOIN drive d ON d.id = l.drive_id
                JOIN marketplace m ON m.id = l.marketplace_id
                WHERE o.id IN (:ids)
                """, Tuple.class).setParameter("ids", observationIds).getResultList();
        for (Tuple t : rows) {
            result.put(((Number) t.get("observation_id")).longValue(), offers.toOffer(t));
        }
        return result;
    }

    private static Where where(DriveQuery query) {
        Where where = new Where();
        where.and(InterfaceFilter.sqlCondition(query.interfaces(), where.params()))
                .inTokens("d.interface", "buses", query.buses())
                .inTokens("d.form_factor", "formFactors", query.formFactors())
                .inTokens("d.media", "media", query.media())
                .inTokens("plp.value_token", "plp", query.plp())
                .in("lower(d.vendor)", "vendors", query.vendors().stream().map(v -> v.toLowerCase(java.util.Locale.ROOT)).toList());
        if (query.minDwpd() != null) {
            where.and("dwpd.value_number >= :minDwpd", "minDwpd", query.minDwpd());
        }
        if (query.q() != null && !query.q().isBlank()) {
            where.and("""
                    (d.vendor || ' ' || d.model || ' ' || d.slug ILIKE :q ESCAPE '\\'
                     OR EXISTS (SELECT 1 FROM drive_part_number p WHERE p.drive_id = d.id AND p.part_number ILIKE :q ESCAPE '\\'))""",
                    "q", "%" + query.q().trim().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%");
        }
        return where;
    }

    private static DriveSummary summary(Tuple t, Offer bestOffer) {
        PlpView plp = t.get("plp_class") == null && t.get("plp_wording") == null ? null : new PlpView(
                ApiToken.parse(PlpClass.class, (String) t.get("plp_class")).orElse(null),
                (String) t.get("plp_wording"),
                (String) t.get("plp_applies_to"),
                new SourceView((String) t.get("plp_source_url"), (String) t.get("plp_source_title"),
                        SourceKind.valueOf((String) t.get("plp_source_kind")), Columns.instant(t.get("plp_retrieved_at"))));
        EnduranceView endurance = new EnduranceView(
                plain((BigDecimal) t.get("dwpd")), Boolean.TRUE.equals(t.get("dwpd_derived")),
                plain((BigDecimal) t.get("tbw")), Boolean.TRUE.equals(t.get("tbw_derived")),
                plain((BigDecimal) t.get("warranty_years")));
        String vendor = (String) t.get("vendor");
        String model = (String) t.get("model");
        int capacityGb = ((Number) t.get("capacity_gb")).intValue();
        Interface iface = ApiToken.parse(Interface.class, (String) t.get("interface")).orElseThrow();
        FormFactor formFactor = ApiToken.parse(FormFactor.class, (String) t.get("form_factor")).orElseThrow();
        Media media = ApiToken.parse(Media.class, (String) t.get("media")).orElse(null);
        PlpAssessment.Statement statement = plp == null ? null : new PlpAssessment.Statement(plp.plpClass(), plp.wording(),
                plp.appliesTo(), plp.source().kind(), plp.source().title(), plp.source().url(), Boolean.TRUE.equals(t.get("plp_claim")));
        return new DriveSummary(
                (String) t.get("slug"),
                vendor,
                model,
                capacityGb,
                iface,
                formFactor,
                t.get("pcie_gen") == null ? null : ((Number) t.get("pcie_gen")).intValue(),
                t.get("pcie_lanes") == null ? null : ((Number) t.get("pcie_lanes")).intValue(),
                media,
                (Boolean) t.get("discontinued"),
                plp,
                PlpAssessment.of(new PlpAssessment.Drive(vendor, model, capacityGb, iface, formFactor, media, statement)),
                endurance,
                bestOffer);
    }

    static SpecValueView view(SpecRow row) {
        Object value = row.number() != null ? plain(row.number()) : row.token() != null ? row.token() : row.text();
        return new SpecValueView(value, row.unit(), row.appliesTo(), row.wording(),
                new SourceView(row.sourceUrl(), row.sourceTitle(), row.sourceKind(), row.retrievedAt()),
                row.derived(), row.derivedFrom(), row.importer() + "/" + row.importerVersion(), row.claim());
    }

    static BigDecimal plain(BigDecimal value) {
        if (value == null) {
            return null;
        }
        BigDecimal stripped = value.stripTrailingZeros();
        return stripped.scale() < 0 ? stripped.setScale(0) : stripped;
    }
}
