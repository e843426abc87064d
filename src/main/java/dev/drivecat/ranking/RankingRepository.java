package dev.drivecat.ranking;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.pricing.Offer;
import dev.drivecat.pricing.OfferQueries;
import dev.drivecat.web.ApiToken;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads ranking candidates in two queries whatever the catalog's size: the drives with their
 * chosen spec values, and the drives' current offers (each listing's current observation, found
 * through the listing, so the cost does not grow with the length of price histories).
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class RankingRepository {

    private static final List<String> EVIDENCE_FIELDS = List.of(
            "plp", "dwpd", "tbw", "warrantyYears", "writeLatency", "syncWriteLatency", "openzfsKnownGoodSlog");

    @Inject
    EntityManager em;

    @Inject
    OfferQueries offers;

    /** The catalog version: it moves whenever a drive, spec value, listing or observation changes. */
    public long version() {
        return ((Number) em.createNativeQuery("SELECT version FROM catalog_version WHERE id = 1").getSingleResult()).longValue();
    }

    @SuppressWarnings("unchecked")
    public List<Candidate> candidates(List<InterfaceFilter> interfaces) {
        Map<String, Object> params = new HashMap<>();
        String where = interfaceClause(interfaces, params);
        StringBuilder columns = new StringBuilder();
        StringBuilder joins = new StringBuilder();
        for (String f : EVIDENCE_FIELDS) {
            String a = alias(f);
            columns.append(", ").append(a).append(".value_number AS ").append(a).append("_number, ")
                    .append(a).append(".value_token AS ").append(a).append("_token, ")
                    .append(a).append(".applies_to AS ").append(a).append("_applies_to, ")
                    .append(a).append(".wording AS ").append(a).append("_wording, ")
                    .append(a).append(".source_kind AS ").append(a).append("_kind, ")
                    .append(a).append(".source_title AS ").append(a).append("_title, ")
                    .append(a).append(".source_url AS ").append(a).append("_url");
            joins.append(" LEFT JOIN spec_value ").append(a).append(" ON ").append(a).append(".drive_id = d.id AND ")
                    .append(a).append(".field = '").append(f).append("' AND ").append(a).append(".chosen");
        }
        Query drives = em.createNativeQuery("SELECT d.id, d.slug, d.vendor, d.model, d.capacity_gb, d.interface, d.form_factor, d.media"
                + columns + " FROM drive d" + joins + where + " ORDER BY d.id", Tuple.class);
        params.forEach(drives::setParameter);
        List<Tuple> driveRows = drives.getResultList();

        Query offerQuery = em.createNativeQuery("SELECT " + OfferQueries.OFFER_COLUMNS + ", d.id AS drive_id " + OfferQueries.OFFER_JOINS
                + where + " ORDER BY d.id, o.price NULLS LAST", Tuple.class);
        params.forEach(offerQuery::setParameter);
        Map<Long, List<Offer>> byDrive = new HashMap<>();
        for (Tuple t : (List<Tuple>) offerQuery.getResultList()) {
            byDrive.computeIfAbsent(((Number) t.get("drive_id")).longValue(), k -> new ArrayList<>()).add(offers.toOffer(t));
        }
        List<Candidate> candidates = new ArrayList<>(driveRows.size());
        for (Tuple t : driveRows) {
            long id = ((Number) t.get("id")).longValue();
            candidates.add(new Candidate(
                    (String) t.get("slug"), (String) t.get("vendor"), (String) t.get("model"),
                    ((Number) t.get("capacity_gb")).intValue(),
                    ApiToken.parse(Interface.class, (String) t.get("interface")).orElseThrow(),
                    ApiToken.parse(FormFactor.class, (String) t.get("form_factor")).orElseThrow(),
                    ApiToken.parse(Media.class, (String) t.get("media")).orElse(null),
                    evidence(t, "plp"), evidence(t, "dwpd"), evidence(t, "tbw"), evidence(t, "warrantyYears"),
                    evidence(t, "writeLatency"), evidence(t, "syncWriteLatency"), evidence(t, "openzfsKnownGoodSlog"),
                    byDrive.getOrDefault(id, List.of())));
        }
        return candidates;
    }

    private static Candidate.Evidence evidence(Tuple t, String field) {
        String a = alias(field);
        String kind = (String) t.get(a + "_kind");
        if (kind == null) {
            return null;
        }
        return new Candidate.Evidence((BigDecimal) t.get(a + "_number"), (String) t.get(a + "_token"),
                (String) t.get(a + "_applies_to"), (String) t.get(a + "_wording"), SourceKind.valueOf(kind),
                (String) t.get(a + "_title"), (String) t.get(a + "_url"));
    }

    private static String alias(String field) {
        return "s_" + field.replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT);
    }

    private static String interfaceClause(List<InterfaceFilter> interfaces, Map<String, Object> params) {
        String condition = InterfaceFilter.sqlCondition(interfaces, params);
        return condition == null ? "" : " WHERE " + condition;
    }
}
