package dev.drivecat.ranking;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.common.ApiToken;
import dev.drivecat.pricing.Offer;
import dev.drivecat.pricing.OfferQueries;
import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads ranking candidates in two queries whatever the catalog's size: the drives with their
 * chosen spec values, and the drives' current offers (each listing's current observation, found
 * through the listing, so the cost does not grow with the length of price histories). Plain JDBC:
 * this is the one bulk read on a hot path, and it maps tens of thousands of rows.
 */
@ApplicationScoped
public class RankingRepository {

    private static final List<String> EVIDENCE_FIELDS = List.of(
            "plp", "dwpd", "tbw", "warrantyYears", "writeLatency", "syncWriteLatency", "openzfsKnownGoodSlog");

    @Inject
    AgroalDataSource dataSource;

    @Inject
    OfferQueries offers;

    /** The catalog version: it moves whenever a drive, spec value, listing or observation changes. */
    public long version() {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT version FROM catalog_version WHERE id = 1");
             ResultSet rs = s.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the catalog version", e);
        }
    }

    public List<Candidate> candidates(List<InterfaceFilter> interfaces) {
        Map<String, Object> named = new LinkedHashMap<>();
        String condition = InterfaceFilter.sqlCondition(interfaces, named);
        List<Object> params = new ArrayList<>();
        String where = "";
        if (condition != null) {
            // the named parameters of the shared condition, as JDBC placeholders in order
            where = " WHERE " + condition.replace(" IN (:interfaceBuses)", " = ANY(?)").replace(" IN (:interfaceForms)", " = ANY(?)");
            if (named.containsKey("interfaceBuses")) {
                params.add(named.get("interfaceBuses"));
            }
            if (named.containsKey("interfaceForms")) {
                params.add(named.get("interfaceForms"));
            }
        }
        StringBuilder columns = new StringBuilder();
        StringBuilder joins = new StringBuilder();
        for (String f : EVIDENCE_FIELDS) {
            String a = alias(f);
            for (String col : List.of("value_number", "value_token", "applies_to", "wording", "source_kind", "source_title", "source_url")) {
                columns.append(", ").append(a).append('.').append(col).append(" AS ").append(a).append('_').append(col);
            }
            joins.append(" LEFT JOIN spec_value ").append(a).append(" ON ").append(a).append(".drive_id = d.id AND ")
                    .append(a).append(".field = '").append(f).append("' AND ").append(a).append(".chosen");
        }
        try (Connection c = dataSource.getConnection()) {
            Map<Long, List<Offer>> byDrive = new HashMap<>();
            try (PreparedStatement s = c.prepareStatement("SELECT " + OfferQueries.OFFER_COLUMNS + ", d.id AS drive_id "
                    + OfferQueries.OFFER_JOINS + where)) {
                bind(c, s, params);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        byDrive.computeIfAbsent(rs.getLong("drive_id"), k -> new ArrayList<>()).add(offers.toOffer(column(rs)));
                    }
                }
            }
            List<Candidate> candidates = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT d.id, d.slug, d.vendor, d.model, d.capacity_gb, d.interface, "
                    + "d.form_factor, d.media" + columns + " FROM drive d" + joins + where + " ORDER BY d.id")) {
                bind(c, s, params);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        candidates.add(new Candidate(
                                rs.getString("slug"), rs.getString("vendor"), rs.getString("model"), rs.getInt("capacity_gb"),
                                ApiToken.parse(Interface.class, rs.getString("interface")).orElseThrow(),
                                ApiToken.parse(FormFactor.class, rs.getString("form_factor")).orElseThrow(),
                                ApiToken.parse(Media.class, rs.getString("media")).orElse(null),
                                evidence(rs, "plp"), evidence(rs, "dwpd"), evidence(rs, "tbw"), evidence(rs, "warrantyYears"),
                                evidence(rs, "writeLatency"), evidence(rs, "syncWriteLatency"), evidence(rs, "openzfsKnownGoodSlog"),
                                byDrive.getOrDefault(rs.getLong("id"), List.of())));
                    }
                }
            }
            return candidates;
        } catch (SQLException e) {
            throw new IllegalStateException("could not load ranking candidates", e);
        }
    }

    private static void bind(Connection c, PreparedStatement s, List<Object> params) throws SQLException {
        for (int i = 0; i < params.size(); i++) {
            @SuppressWarnings("unchecked")
            List<String> values = (List<String>) params.get(i);
            s.setArray(i + 1, c.createArrayOf("text", values.toArray()));
        }
    }

    private static java.util.function.Function<String, Object> column(ResultSet rs) {
        return name -> {
            try {
                return rs.getObject(name);
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        };
    }

    private static Candidate.Evidence evidence(ResultSet rs, String field) throws SQLException {
        String a = alias(field);
        String kind = rs.getString(a + "_source_kind");
        if (kind == null) {
            return null;
        }
        return new Candidate.Evidence((BigDecimal) rs.getObject(a + "_value_number"), rs.getString(a + "_value_token"),
                rs.getString(a + "_applies_to"), rs.getString(a + "_wording"), SourceKind.valueOf(kind),
                rs.getString(a + "_source_title"), rs.getString(a + "_source_url"));
    }

    private static String alias(String field) {
        return "s_" + field.replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT);
    }
}
