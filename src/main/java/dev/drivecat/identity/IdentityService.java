package dev.drivecat.identity;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.common.ApiToken;
import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The one identity matcher of the service, over the catalog as it is now: its index is built from
 * the database once and again only after drives, part numbers, aliases or spec values change (the
 * database's identity version says so, for writes of any instance).
 */
@ApplicationScoped
public class IdentityService {

    @Inject
    AgroalDataSource dataSource;

    private record Current(long version, IdentityMatcher matcher) {
    }

    private volatile Current current;

    /** What a text (a title, a model string) names. */
    public Identification identify(String text) {
        return matcher().identify(text);
    }

    /** What one device of a tool output names. */
    public Identification identify(ToolOutput.Device device) {
        return matcher().identify(device);
    }

    /** The matcher over the catalog as it is now ({@link IdentityMatcher#catalog} is the index it reads). */
    public IdentityMatcher matcher() {
        return fresh().matcher();
    }

    private Current fresh() {
        try (Connection c = dataSource.getConnection()) {
            long version = version(c);
            Current known = current;
            if (known != null && known.version() == version) {
                return known;
            }
            synchronized (this) {
                if (current != null && current.version() == version) {
                    return current;
                }
                Current loaded = new Current(version, new IdentityMatcher(load(c)));
                current = loaded;
                return loaded;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the catalog could not be read for identification", e);
        }
    }

    private static long version(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT version FROM identity_version WHERE id = 1");
             ResultSet r = s.executeQuery()) {
            return r.next() ? r.getLong(1) : 0;
        }
    }

    /** The catalog as identity reads it, in four queries whatever its size. */
    static IdentityCatalog load(Connection c) throws SQLException {
        Map<Long, List<IdentityCatalog.PartNumber>> numbers = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("""
                SELECT p.drive_id, p.part_number,
                       (SELECT v.source_url FROM spec_value v WHERE v.drive_id = p.drive_id AND v.field = 'partNumber'
                           AND upper(v.value_text) = p.part_number ORDER BY v.id LIMIT 1)
                  FROM drive_part_number p ORDER BY p.drive_id, p.part_number""");
             ResultSet r = s.executeQuery()) {
            while (r.next()) {
                numbers.computeIfAbsent(r.getLong(1), k -> new ArrayList<>()).add(new IdentityCatalog.PartNumber(r.getString(2), r.getString(3)));
            }
        }
        Map<Long, List<IdentityCatalog.Alias>> aliases = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT drive_id, alias, source_url FROM drive_alias ORDER BY id");
             ResultSet r = s.executeQuery()) {
            while (r.next()) {
                aliases.computeIfAbsent(r.getLong(1), k -> new ArrayList<>()).add(new IdentityCatalog.Alias(r.getString(2), r.getString(3)));
            }
        }
        Map<Long, String[]> seriesOf = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("""
                SELECT drive_id, value_text, source_url FROM spec_value
                 WHERE field = 'seriesFormFactors' AND chosen AND value_text IS NOT NULL""");
             ResultSet r = s.executeQuery()) {
            while (r.next()) {
                seriesOf.put(r.getLong(1), new String[] {r.getString(2), r.getString(3)});
            }
        }
        List<IdentityCatalog.Drive> drives = new ArrayList<>();
        List<IdentityCatalog.Series> series = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(
                "SELECT id, slug, vendor, model, capacity_gb, interface, form_factor FROM drive ORDER BY id");
             ResultSet r = s.executeQuery()) {
            while (r.next()) {
                long id = r.getLong(1);
                Interface iface = ApiToken.parse(Interface.class, r.getString(6)).orElseThrow();
                FormFactor ff = ApiToken.parse(FormFactor.class, r.getString(7)).orElseThrow();
                drives.add(new IdentityCatalog.Drive(r.getString(2), r.getString(3), r.getString(4), r.getInt(5), iface, ff,
                        numbers.getOrDefault(id, List.of()), aliases.getOrDefault(id, List.of())));
                String[] fact = seriesOf.get(id);
                IdentityCatalog.Series made = fact == null ? null : IdentityCatalog.Series.of(r.getString(3), r.getString(4), fact[0], fact[1]);
                if (made != null) {
                    series.add(made);
                }
            }
        }
        return IdentityCatalog.of(drives, series);
    }
}
