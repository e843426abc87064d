package dev.drivecat.testing;

import dev.drivecat.database.EmbeddedDatabase.Login;
import dev.drivecat.database.EmbeddedDatabase.Role;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * One-line queries against a test database, for asserting what a child process or a migration
 * stored, logged in as the {@link Login} says (the embedded databases take no connection without a
 * password).
 */
public final class Sql {

    private Sql() {
    }

    /** The datasource of the running {@code @QuarkusTest}, logged in as the service is. */
    public static Login quarkusDatasource() {
        Config config = ConfigProvider.getConfig();
        String user = config.getValue("quarkus.datasource.username", String.class);
        Role role = Arrays.stream(Role.values()).filter(r -> r.roleName().equals(user)).findFirst()
                .orElseThrow(() -> new IllegalStateException("the test datasource logs in as " + user + ", no role of the embedded database"));
        return new Login(config.getValue("quarkus.datasource.jdbc.url", String.class), role,
                config.getValue("quarkus.datasource.password", String.class));
    }

    public static long count(Login db, String sql) {
        return ((Number) value(db, sql)).longValue();
    }

    public static Object value(Login db, String sql) {
        try (Connection c = db.connect();
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getObject(1) : null;
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    /** The first column of every row, as text. */
    public static List<String> column(Login db, String sql) {
        try (Connection c = db.connect();
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            List<String> values = new ArrayList<>();
            while (rs.next()) {
                values.add(rs.getString(1));
            }
            return values;
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    public static void execute(Login db, String sql) {
        try (Connection c = db.connect();
             Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }
}
