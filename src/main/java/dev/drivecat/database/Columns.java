package dev.drivecat.database;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;

/** Reads values of native-query result columns whatever Java type the driver hands back. */
public final class Columns {

    private Columns() {
    }

    /** A timestamptz column as an instant; null stays null. */
    public static Instant instant(Object column) {
        if (column == null) {
            return null;
        }
        if (column instanceof Instant i) {
            return i;
        }
        if (column instanceof OffsetDateTime odt) {
            return odt.toInstant();
        }
        if (column instanceof Timestamp ts) {
            return ts.toInstant();
        }
        if (column instanceof ZonedDateTime zdt) {
            return zdt.toInstant();
        }
        throw new IllegalArgumentException("not a timestamp: " + column.getClass());
    }
}
