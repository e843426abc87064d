package dev.drivecat.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** One-line queries against a test database, for asserting what a child process or a migration stored. */
public final class Sql {

    private Sql() {
    }

    public static long count(String jdbcUrl, String sql) {
        return ((Number) value(jdbcUrl, sql)).longValue();
    }

    public static Object value(String jdbcUrl, String sql) {
        try (Connection c = DriverManager.getConnection(jdbcUrl, "postgres", "");
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getObject(1) : null;
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    /** The first column of every row, as text. */
    public static List<String> column(String jdbcUrl, String sql) {
        try (Connection c = DriverManager.getConnection(jdbcUrl, "postgres", "");
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

    public static void execute(String jdbcUrl, String sql) {
        try (Connection c = DriverManager.getConnection(jdbcUrl, "postgres", "");
             Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }
}
