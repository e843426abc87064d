package dev.drivecat.discovery.keepa;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What a Keepa source reads of drivecat's own tables (read-only): the ASINs already known, and when a query was last searched. */
@ApplicationScoped
class KeepaReads {

    @Inject
    AgroalDataSource dataSource;

    /**
     * The ASINs of these drives on a marketplace that drivecat already knows: listings that have not ended (an ASIN, or
     * one of its offers {@code ASIN/…}) and active watched pages, oldest first.
     */
    List<String> knownAsins(String marketplace, List<String> drives) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("""
                     SELECT asin FROM (
                         SELECT split_part(l.external_id, '/', 1) AS asin, l.created_at AS since
                           FROM listing l JOIN drive d ON d.id = l.drive_id JOIN marketplace m ON m.id = l.marketplace_id
                          WHERE m.code = ? AND d.slug = ANY(?) AND l.ended_at IS NULL
                         UNION ALL
                         SELECT w.external_id, w.created_at
                           FROM watched_page w JOIN drive d ON d.id = w.drive_id JOIN marketplace m ON m.id = w.marketplace_id
                          WHERE m.code = ? AND d.slug = ANY(?) AND w.active) k
                      WHERE asin ~ '^[A-Z0-9]{10}$'
                      GROUP BY asin ORDER BY min(since), asin""")) {
            s.setString(1, marketplace);
            s.setArray(2, c.createArrayOf("text", drives.toArray()));
            s.setString(3, marketplace);
            s.setArray(4, c.createArrayOf("text", drives.toArray()));
            List<String> asins = new ArrayList<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    asins.add(r.getString(1));
                }
            }
            return asins;
        } catch (SQLException e) {
            throw new IllegalStateException("the known ASINs could not be read", e);
        }
    }

    /** When a source last searched these words successfully (not a refresh of known ASINs). */
    Optional<Instant> lastSearched(String source, String query, String layout) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("""
                     SELECT max(r.started_at) FROM discovery_query q JOIN discovery_run r ON r.id = q.run_id
                      WHERE r.source = ? AND q.query = ? AND q.layout = ? AND q.outcome IN ('SEARCHED', 'NO_RESULTS')""")) {
            s.setString(1, source);
            s.setString(2, query);
            s.setString(3, layout);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return Optional.ofNullable(r.getObject(1, OffsetDateTime.class)).map(OffsetDateTime::toInstant);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the last search could not be read", e);
        }
    }
}
