package dev.drivecat.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.WritesData;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * A refresh reads again only the drives the change log names (and the drives of the same model and
 * capacity, whose flush may stand on a changed drive's measurements); everything else is carried
 * over from the previous snapshot. That shortcut must never leave the model behind the database:
 * after random writes of every kind the change triggers watch (prices, listings, spec values,
 * measurements, part numbers, drives, marketplaces; inserted, updated and deleted, where the schema
 * lets rows go), committed by another client in transactions of one to three writes, the refreshed
 * model equals a full load, drive for drive.
 */
@QuarkusTest
@TestProfile(IncrementalRefreshTest.OwnDatabase.class)
class IncrementalRefreshTest {

    /** A database of its own: the writes here are random, and no other test should meet them. */
    public static class OwnDatabase extends WritesData {
    }

    static final int ROUNDS = 80;

    @Inject
    CandidateModel model;

    @Inject
    RankingRepository repository;

    @ConfigProperty(name = "quarkus.datasource.jdbc.url")
    String url;

    @ConfigProperty(name = "quarkus.datasource.username")
    String user;

    @ConfigProperty(name = "quarkus.datasource.password")
    String password;

    private final Random random = new Random(20261203L);
    private Instant observedAt = Instant.parse("2026-11-25T00:00:00Z");

    @Test
    void afterRandomWritesOfEveryKindTheRefreshedModelEqualsAFullLoad() throws Exception {
        Ranker ranker = new Ranker();
        CandidateModel.Snapshot previous = model.refresh();
        Map<String, Integer> applied = new HashMap<>();
        int carriedOver = 0;
        for (int round = 0; round < ROUNDS; round++) {
            List<String> writes = new ArrayList<>();
            try (Connection c = DriverManager.getConnection(url, user, password)) {
                c.setAutoCommit(false);
                for (int k = 1 + random.nextInt(3); k > 0; k--) {
                    Savepoint before = c.setSavepoint();
                    String kind = KINDS.get(random.nextInt(KINDS.size()));
                    try {
                        if (write(c, kind)) {
                            writes.add(kind);
                            applied.merge(kind, 1, Integer::sum);
                        }
                    } catch (SQLException e) {
                        c.rollback(before); // a write the schema refuses (a unique key, say): not made
                    }
                }
                c.commit();
            }

            CandidateModel.Snapshot refreshed = model.refresh();
            List<Candidate> loaded = repository.all();
            assertThat(refreshed.profiles().stream().map(Ranker.Profile::candidate).toList())
                    .as("the model after round %d (%s) against a full load", round, writes).isEqualTo(loaded);
            assertThat(refreshed.profiles()).as("and the profiles made of them, after round %d", round)
                    .isEqualTo(loaded.stream().map(ranker::profile).toList());
            if (carriedOver(previous, refreshed)) {
                carriedOver++;
            }
            previous = refreshed;
        }
        assertThat(applied.keySet()).as("every kind of write was made at least once").containsExactlyInAnyOrderElementsOf(KINDS);
        assertThat(carriedOver).as("refreshes that carried drives over instead of loading everything").isGreaterThan(ROUNDS / 2);
    }

    /** Whether the refreshed snapshot holds a profile of the previous one itself, not read again. */
    private static boolean carriedOver(CandidateModel.Snapshot previous, CandidateModel.Snapshot refreshed) {
        Set<Ranker.Profile> before = Collections.newSetFromMap(new IdentityHashMap<>());
        before.addAll(previous.profiles());
        return refreshed.profiles().stream().anyMatch(before::contains);
    }

    static final List<String> KINDS = List.of("newer price", "older price", "listing", "new listing", "spec value", "spec choice",
            "spec value deleted", "measurement", "measurement deleted", "part number", "part number deleted", "drive",
            "drive renamed to a sibling", "drive deleted", "marketplace");

    /** One write of a kind; false when the catalog offers nothing to write it on. */
    private boolean write(Connection c, String kind) throws SQLException {
        switch (kind) {
            case "newer price", "older price" -> {
                observedAt = observedAt.plusSeconds(3600);
                Instant at = kind.equals("newer price") ? observedAt : Instant.parse("2026-01-01T00:00:00Z").plusSeconds(random.nextInt(86_400));
                return update(c, """
                        INSERT INTO price_observation (listing_id, observed_at, price, currency, in_stock, source)
                        VALUES (?, ?, ?, 'USD', ?, 'incremental refresh test')""",
                        any(c, "SELECT id FROM listing"), Timestamp.from(at), 20 + random.nextInt(2000), random.nextBoolean());
            }
            case "listing" -> {
                return update(c, "UPDATE listing SET condition = ?, seller_type = ? WHERE id = ?",
                        pick("NEW", "NEW_OLD_STOCK", "USED", "RENEWED"), pick("MARKETPLACE", "THIRD_PARTY"), any(c, "SELECT id FROM listing"));
            }
            case "new listing" -> {
                long drive = any(c, "SELECT id FROM drive");
                String external = "refresh-test-" + random.nextLong();
                update(c, """
                        INSERT INTO listing (marketplace_id, external_id, drive_id, seller_type, condition)
                        VALUES ((SELECT id FROM marketplace WHERE code = 'amazon-us'), ?, ?, 'THIRD_PARTY', 'NEW')""", external, drive);
                observedAt = observedAt.plusSeconds(3600);
                return update(c, """
                        INSERT INTO price_observation (listing_id, observed_at, price, currency, in_stock, source)
                        VALUES ((SELECT id FROM listing WHERE external_id = ?), ?, ?, 'USD', true, 'incremental refresh test')""",
                        external, Timestamp.from(observedAt), 20 + random.nextInt(2000));
            }
            case "spec value" -> {
                return update(c, "UPDATE spec_value SET value_number = value_number + 1 WHERE id = ?",
                        any(c, "SELECT id FROM spec_value WHERE value_number IS NOT NULL AND source_kind <> 'DERIVED'"));
            }
            case "spec choice" -> {
                return update(c, "UPDATE spec_value SET chosen = NOT chosen WHERE id = ?", any(c, "SELECT id FROM spec_value"));
            }
            case "spec value deleted" -> {
                return update(c, "DELETE FROM spec_value WHERE id = ?", any(c, "SELECT id FROM spec_value"));
            }
            case "measurement deleted" -> {
                return update(c, "DELETE FROM measurement WHERE id = ?", any(c, "SELECT id FROM measurement"));
            }
            case "part number deleted" -> {
                long drive = any(c, "SELECT DISTINCT drive_id FROM drive_part_number");
                return update(c, """
                        DELETE FROM drive_part_number
                         WHERE drive_id = ? AND part_number = (SELECT min(part_number) FROM drive_part_number WHERE drive_id = ?)""", drive, drive);
            }
            case "drive deleted" -> {
                // a drive no listing sells (observations are never deleted), with everything that describes it
                long drive = any(c, "SELECT id FROM drive d WHERE NOT EXISTS (SELECT 1 FROM listing l WHERE l.drive_id = d.id)");
                update(c, "DELETE FROM spec_value WHERE drive_id = ? AND derived_from IS NOT NULL", drive);
                update(c, "DELETE FROM spec_value WHERE drive_id = ?", drive);
                update(c, "DELETE FROM drive_part_number WHERE drive_id = ?", drive);
                update(c, "DELETE FROM measurement WHERE drive_id = ?", drive);
                return update(c, "DELETE FROM drive WHERE id = ?", drive);
            }
            case "measurement" -> {
                return update(c, """
                        INSERT INTO measurement (drive_id, tool, test, block_size_bytes, queue_depth, latency_us, raw_line, raw_output, source_url)
                        VALUES (?, 'fio', 'sync-write', 4096, 1, ?, 'lat (usec): avg=1', 'lat (usec): avg=1', 'https://example.org/refresh-test')""",
                        any(c, "SELECT id FROM drive"), 5 + random.nextInt(500));
            }
            case "part number" -> {
                return update(c, "INSERT INTO drive_part_number (drive_id, part_number) VALUES (?, ?)",
                        any(c, "SELECT id FROM drive"), "RT" + Math.abs(random.nextLong()));
            }
            case "drive" -> {
                return update(c, "UPDATE drive SET discontinued = NOT coalesce(discontinued, false) WHERE id = ?", any(c, "SELECT id FROM drive"));
            }
            case "drive renamed to a sibling" -> {
                // the same vendor, model and capacity as a drive in another form factor: the two now share measurements
                return update(c, """
                        UPDATE drive SET vendor = x.vendor, model = x.model, capacity_gb = x.capacity_gb
                          FROM drive x WHERE drive.id = ? AND x.id = ? AND x.form_factor <> drive.form_factor""",
                        any(c, "SELECT id FROM drive"), any(c, "SELECT drive_id FROM drive_measurement"));
            }
            case "marketplace" -> {
                return update(c, "UPDATE marketplace SET name = name || '.' WHERE id = ?", any(c, "SELECT id FROM marketplace"));
            }
            default -> throw new IllegalArgumentException(kind);
        }
    }

    private static boolean update(Connection c, String sql, Object... values) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                s.setObject(i + 1, values[i]);
            }
            return s.executeUpdate() > 0;
        }
    }

    /** A random row's id of those {@code sql} selects (none: -1, which no row has). */
    private long any(Connection c, String sql) throws SQLException {
        List<Long> ids = new ArrayList<>();
        // in a stable order, so that the seed makes a failing run repeatable
        try (PreparedStatement s = c.prepareStatement("SELECT * FROM (" + sql + ") r ORDER BY 1"); ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        return ids.isEmpty() ? -1 : ids.get(random.nextInt(ids.size()));
    }

    private String pick(String... values) {
        return values[random.nextInt(values.length)];
    }
}
