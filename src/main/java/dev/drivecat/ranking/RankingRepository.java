package dev.drivecat.ranking;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.ChosenSpecs;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.catalog.SpecField;
import dev.drivecat.common.ApiToken;
import dev.drivecat.pricing.Offer;
import dev.drivecat.pricing.OfferQueries;
import io.agroal.api.AgroalDataSource;
import io.smallrye.context.api.ManagedExecutorConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.eclipse.microprofile.context.ManagedExecutor;
import org.eclipse.microprofile.context.ThreadContext;

/**
 * Loads ranking candidates in three queries whatever the catalog's size: the drives with their
 * chosen spec values, every drive's published sync-write measurements, and the drives' current
 * offers (each listing's current observation, found through the listing, so the cost does not
 * grow with the length of price histories). Plain JDBC: this is the one bulk read on a hot path,
 * and it maps tens of thousands of rows, reading columns by position. A load of every drive (at
 * start, and after a change that names no drive) reads the offers over a second connection while
 * it reads the drives: the two are about half each of a load's time. A reload of a few drives
 * reads their offers first, one query after the other.
 */
@ApplicationScoped
public class RankingRepository {

    private static final List<SpecField> EVIDENCE_FIELDS = List.of(SpecField.PLP, SpecField.DWPD, SpecField.TBW,
            SpecField.WARRANTY_YEARS, SpecField.WRITE_LATENCY, SpecField.OPENZFS_KNOWN_GOOD_SLOG, SpecField.SEQ_WRITE);

    /** The spec_value columns selected per evidence field, each as {@code <alias>_<column>}. */
    private static final List<String> EVIDENCE_COLUMNS = List.of(
            "value_number", "value_token", "applies_to", "wording", "source_kind", "source_title", "source_url", "claim");

    private static final Pattern NOT_IN_MODEL_KEY = Pattern.compile("[^a-z0-9|]");

    @Inject
    AgroalDataSource dataSource;

    @Inject
    OfferQueries offers;

    /**
     * Reads every drive's offers, on the worker pool, while the drives are read. No context goes
     * with the read: a refresh after a commit must not hand its finished transaction (and with it
     * the same pooled connection) to a second thread.
     */
    @Inject
    @ManagedExecutorConfig(propagated = {}, cleared = ThreadContext.ALL_REMAINING)
    ManagedExecutor offerReader;

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
        for (SpecField f : EVIDENCE_FIELDS) {
            String a = alias(f);
            for (String col : EVIDENCE_COLUMNS) {
                columns.append(", ").append(a).append('.').append(col).append(" AS ").append(a).append('_').append(col);
            }
            joins.append(ChosenSpecs.join(f, a, "d"));
        }
        // every drive: the offers (the larger read) come over a second connection while the drives are read
        CompletableFuture<Map<Long, List<Offer>>> offersRead = ids == null
                ? offerReader.supplyAsync(() -> readOffers(null, where))
                : CompletableFuture.completedFuture(readOffers(ids, where));
        try (Connection c = dataSource.getConnection()) {
            Measurements measurements = measurements(c);
            List<Candidate> candidates = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT d.id, d.slug, d.vendor, d.model, d.capacity_gb, d.interface, "
                    + "d.form_factor, d.media, d.discontinued" + columns + " FROM drive d" + joins + where + " ORDER BY d.id")) {
                bind(c, s, ids);
                try (ResultSet rs = s.executeQuery()) {
                    Map<Long, List<Offer>> byDrive = offersRead.join();
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
                                evidence(rs, SpecField.PLP), evidence(rs, SpecField.DWPD), evidence(rs, SpecField.TBW),
                                evidence(rs, SpecField.WARRANTY_YEARS), evidence(rs, SpecField.WRITE_LATENCY),
                                evidence(rs, SpecField.OPENZFS_KNOWN_GOOD_SLOG), evidence(rs, SpecField.SEQ_WRITE),
                                measurements.of(id), measurements.sibling(id, vendor, model, capacity),
                                byDrive.getOrDefault(id, List.of())));
                    }
                }
            }
            return candidates;
        } catch (SQLException e) {
            throw new IllegalStateException("could not load ranking candidates", e);
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        } finally {
            // after a failed drive read: the offers' read, if not started yet, never starts; a running one finishes and is dropped
            offersRead.cancel(false);
        }
    }

    /** The current offers of the drives ({@code ids}; every drive when null), by drive id, on a connection of their own. */
    private Map<Long, List<Offer>> readOffers(List<Long> ids, String where) {
        Map<Long, List<Offer>> byDrive = new HashMap<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(offersSql(where))) {
            bind(c, s, ids);
            try (ResultSet rs = s.executeQuery()) {
                Row row = new Row(rs);
                int driveId = row.index("drive_id");
                while (rs.next()) {
                    byDrive.computeIfAbsent(rs.getLong(driveId), k -> new ArrayList<>()).add(offers.toOffer(row));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not load ranking candidates' offers", e);
        }
        return byDrive;
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
        return NOT_IN_MODEL_KEY.matcher((vendor + "|" + model).toLowerCase(java.util.Locale.ROOT)).replaceAll("") + "|" + capacityGb;
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

    /**
     * A result set's columns by label, resolved to their positions once: a row of tens of thousands
     * then costs no label look-up in the driver per column.
     */
    private static final class Row implements Function<String, Object> {
        private final ResultSet rs;
        private final Map<String, Integer> positions = new HashMap<>();

        Row(ResultSet rs) throws SQLException {
            this.rs = rs;
            ResultSetMetaData meta = rs.getMetaData();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                positions.putIfAbsent(meta.getColumnLabel(i), i);
            }
        }

        int index(String label) {
            Integer position = positions.get(label);
            if (position == null) {
                throw new IllegalArgumentException("no column " + label + " in " + positions.keySet());
            }
            return position;
        }

        @Override
        public Object apply(String label) {
            try {
                return rs.getObject(index(label));
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** The field's chosen statement as the candidates' SQL selects it ({@code <alias>_<column>}); null when the drive has none. */
    private static Candidate.Evidence evidence(ResultSet rs, SpecField field) throws SQLException {
        String a = alias(field) + "_";
        String kind = rs.getString(a + "source_kind");
        if (kind == null) {
            return null;
        }
        return new Candidate.Evidence(rs.getBigDecimal(a + "value_number"), rs.getString(a + "value_token"),
                rs.getString(a + "applies_to"), rs.getString(a + "wording"), SourceKind.valueOf(kind),
                rs.getString(a + "source_title"), rs.getString(a + "source_url"), rs.getBoolean(a + "claim"));
    }

    private static String alias(SpecField field) {
        return "s_" + field.token().replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT);
    }
}
