package dev.drivecat.common;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * How drivecat writes dates for people, in pages and mail: "16 Nov 2026", "23–29 Nov 2026",
 * "30 Nov 2026, 14:05 UTC". The JSON API keeps ISO 8601; these are for reading, not parsing.
 */
public final class Dates {

    /** U+2013, the en dash of a range ("23–29 Nov"). */
    static final String DASH = "\u2013";

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("d MMM yyyy", Locale.ENGLISH);
    private static final DateTimeFormatter DAY_MONTH = DateTimeFormatter.ofPattern("d MMM", Locale.ENGLISH);
    private static final DateTimeFormatter MONTH_YEAR = DateTimeFormatter.ofPattern("MMM yyyy", Locale.ENGLISH);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm", Locale.ENGLISH);

    private Dates() {
    }

    /** "16 Nov 2026". */
    public static String day(LocalDate date) {
        return date == null ? "" : DAY.format(date);
    }

    /** The UTC day of an instant, as {@link #day(LocalDate)}. */
    public static String day(Instant instant) {
        return instant == null ? "" : day(instant.atOffset(ZoneOffset.UTC).toLocalDate());
    }

    /** "16 Nov", for chart axes where the year is said once elsewhere. */
    public static String dayMonth(LocalDate date) {
        return DAY_MONTH.format(date);
    }

    /** "Nov 2026". */
    public static String monthYear(LocalDate date) {
        return MONTH_YEAR.format(date);
    }

    /** "30 Nov 2026, 14:05 UTC". */
    public static String dateTime(Instant instant) {
        if (instant == null) {
            return "";
        }
        var t = instant.atOffset(ZoneOffset.UTC);
        return day(t.toLocalDate()) + ", " + TIME.format(t) + " UTC";
    }

    /**
     * The days from {@code first} to {@code last}, both included, as people write a range: "23–29 Nov 2026",
     * "30 Nov – 6 Dec 2026", "28 Dec 2026 – 3 Jan 2027", or one day alone.
     */
    public static String range(LocalDate first, LocalDate last) {
        if (first.equals(last)) {
            return day(first);
        }
        if (first.getYear() != last.getYear()) {
            return day(first) + " " + DASH + " " + day(last);
        }
        if (first.getMonth() != last.getMonth()) {
            return dayMonth(first) + " " + DASH + " " + day(last);
        }
        return first.getDayOfMonth() + DASH + day(last);
    }

    /** A half-open window [since, until) of whole days in a zone, such as an ISO week, as {@link #range}. */
    public static String window(Instant since, Instant until, ZoneId zone) {
        LocalDate first = since.atZone(zone).toLocalDate();
        LocalDate last = until.atZone(zone).toLocalDate().minusDays(1);
        return range(first, last.isBefore(first) ? first : last);
    }

    /** "today", "yesterday", "12 days ago". */
    public static String age(long days) {
        if (days <= 0) {
            return "today";
        }
        return days == 1 ? "yesterday" : days + " days ago";
    }
}
