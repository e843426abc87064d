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
import java.util.Optional;
import java.util.Set;
import java.util.HashSet;
import java.util.Collection;

/**
 * Loads ranking candidates in three queries whatever the catalog's size: the drives with their
 * chosen spec values, every drive's published sync-write measurements, and the drives' current
 * offers (each listing's current observation, found through the listing, so the cost does not
 * grow with the length of price histories). Plain JDBC: this is the one bulk read on a hot path,
 * and it maps tens of thousands of rows.
 */
@ApplicationScoped
public class RankingRepository {

    private static final List<String> EVIDENCE_FIELDS = List.of(
            "plp", "dwpd", "tbw", "warrantyYears", "writeLatency", "openzfsKnownGoodSlog");

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

    /** The database's change log since a version: the drives changed, or empty when everything must be read again. */
    public record Changes(long version, Optional<Set<Long>> drives) {
    }

    /**
     * What changed after {@code since}, from catalog_change: the drives named, or everything when a
     * change named no drive (a marketplace) or the log no longer reaches back that far.
     */
    public Changes changesSince(long since) {
        try (Connection c = dataSource.getConnection()) {
            long version;
            long prunedThrough;
            try (PreparedStatement s = c.prepareStatement("SELECT version, pruned_through FROM catalog_version WHERE id = 1");
                 ResultSet rs = s.executeQuery()) {
                rs.next();
                version = rs.getLong(1);
                prunedThrough = rs.getLong(2);
            }
            if (version == since) {
                return new Changes(version, Optional.of(Set.of()));
            }
            if (since < 0 || since < prunedThrough || version < since) {
                return new Changes(version, Optional.empty());
            }
            Set<Long> drives = new HashSet<>();
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT DISTINCT drive_id FROM catalog_change WHERE version > ? AND version <= ?")) {
                s.setLong(1, since);
                s.setLong(2, version);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        long id = rs.getLong(1);
                        if (rs.wasNull()) {
                            return new Changes(version, Optional.empty());
                        }
                        drives.add(id);
                    }
                }
            }
            return new Changes(version, Optional.of(drives));
        } catch (SQLException e) {
            throw new IllegalStateException("could not read the catalog change log", e);
        }
    }

    /** Every drive. */
    public List<Candidate> all() {
        return load(null);
    }

    /** The drives with these ids (those that still exist). */
    public List<Candidate> drives(Collection<Long> ids) {
        return ids.isEmpty() ? List.of() : load(List.copyOf(ids));
    }

    /** The SQL of the current offers (OfferQueries' columns) for the drives a condition selects, with the drive id. */
    static String offersSql(String where) {
        return "SELECT " + OfferQueries.OFFER_COLUMNS + ", d.id AS drive_id " + OfferQueries.OFFER_JOINS + where;
    }

    private List<Candidate> load(List<Long> ids) {
        String where = ids == null ? "" : " WHERE d.id = ANY(?)";
        StringBuilder columns = new StringBuilder();
        StringBuilder joins = new StringBuilder();
        for (String f : EVIDENCE_FIELDS) {
            String a = alias(f);
            for (String col : List.of("value_number", "value_token", "applies_to", "wording", "source_kind", "source_title", "source_url",
                    "claim")) {
                columns.append(", ").append(a).append('.').append(col).append(" AS ").append(a).append('_').append(col);
            }
            joins.append(" LEFT JOIN spec_value ").append(a).append(" ON ").append(a).append(".drive_id = d.id AND ")
                    .append(a).append(".field = '").append(f).append("' AND ").append(a).append(".chosen");
        }
        try (Connection c = dataSource.getConnection()) {
            Map<Long, List<Offer>> byDrive = new HashMap<>();
            try (PreparedStatement s = c.prepareStatement(offersSql(where))) {
                bind(c, s, ids);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        byDrive.computeIfAbsent(rs.getLong("drive_id"), k -> new ArrayList<>()).add(offers.toOffer(column(rs)));
                    }
                }
            }
            Measurements measurements = measurements(c);
            List<Candidate> candidates = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT d.id, d.slug, d.vendor, d.model, d.capacity_gb, d.interface, "
                    + "d.form_factor, d.media, d.discontinued" + columns + " FROM drive d" + joins + where + " ORDER BY d.id")) {
                bind(c, s, ids);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        long id = rs.getLong("id");
                        String vendor = rs.getString("vendor");
                        String model = rs.getString("model");
                        int capacity = rs.getInt("capacity_gb");
                        candidates.add(new Candidate(id,
                                rs.getString("slug"), vendor, model, capacity,
                                ApiToken.parse(Interface.class, rs.getString("interface")).orElseThrow(),
                                ApiToken.parse(FormFactor.class, rs.getString("form_factor")).orElseThrow(),
                                ApiToken.parse(Media.class, rs.getString("media")).orElse(null),
                                (Boolean) rs.getObject("discontinued"),
                                evidence(rs, "plp"), evidence(rs, "dwpd"), evidence(rs, "tbw"), evidence(rs, "warrantyYears"),
                                evidence(rs, "writeLatency"), evidence(rs, "openzfsKnownGoodSlog"),
                                measurements.of(id), measurements.sibling(id, vendor, model, capacity),
                                byDrive.getOrDefault(id, List.of())));
                    }
                }
            }
            return candidates;
        } catch (SQLException e) {
            throw new IllegalStateException("could not load ranking candidates", e);
        }
    }

    /** Every drive's 4K sync-write measurements, by drive and by model and capacity (a few hundred rows at most). */
    private record Measurements(Map<Long, List<Candidate.Measured>> byDrive, Map<String, List<Long>> byModel,
                                Map<Long, String> slugs, Map<Long, FormFactor> forms) {

        List<Candidate.Measured> of(long drive) {
            return byDrive.getOrDefault(drive, List.of());
        }

        /** The measured drive of the same vendor, model and capacity in another form factor, when this one has none. */
        Candidate.Sibling sibling(long drive, String vendor, String model, int capacityGb) {
            if (byDrive.containsKey(drive)) {
                return null;
            }
            for (long other : byModel.getOrDefault(modelKey(vendor, model, capacityGb), List.of())) {
                if (other != drive) {
                    return new Candidate.Sibling(slugs.get(other), forms.get(other), byDrive.get(other));
                }
            }
            return null;
        }
    }

    static String modelKey(String vendor, String model, int capacityGb) {
        return (vendor + "|" + model).toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9|]", "") + "|" + capacityGb;
    }

    private static Measurements measurements(Connection c) throws SQLException {
        Map<Long, List<Candidate.Measured>> byDrive = new HashMap<>();
        Map<String, List<Long>> byModel = new HashMap<>();
        Map<Long, String> slugs = new HashMap<>();
        Map<Long, FormFactor> forms = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("""
                SELECT m.drive_id, d.slug, d.vendor, d.model, d.capacity_gb, d.form_factor, m.latency_us, m.wording,
                       m.source_url, m.source_title
                  FROM drive_measurement m JOIN drive d ON d.id = m.drive_id
                 WHERE m.block_size_bytes = 4096
                 ORDER BY m.drive_id, m.latency_us""");
             ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                long id = rs.getLong("drive_id");
                if (!byDrive.containsKey(id)) {
                    byModel.computeIfAbsent(modelKey(rs.getString("vendor"), rs.getString("model"), rs.getInt("capacity_gb")),
                            k -> new ArrayList<>()).add(id);
                    slugs.put(id, rs.getString("slug"));
                    forms.put(id, ApiToken.parse(FormFactor.class, rs.getString("form_factor")).orElseThrow());
                }
                byDrive.computeIfAbsent(id, k -> new ArrayList<>()).add(new Candidate.Measured(rs.getDouble("latency_us"),
                        rs.getString("wording"), rs.getString("source_url"), rs.getString("source_title")));
            }
        }
        return new Measurements(byDrive, byModel, slugs, forms);
    }

    private static void bind(Connection c, PreparedStatement s, List<Long> ids) throws SQLException {
        if (ids != null) {
            s.setArray(1, c.createArrayOf("bigint", ids.toArray()));
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
                rs.getString(a + "_source_title"), rs.getString(a + "_source_url"), rs.getBoolean(a + "_claim"));
    }

    private static String alias(String field) {
        return "s_" + field.replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT);
    }
}
