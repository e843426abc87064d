package dev.drivecat.pricing;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** An ISO 8601 week such as {@code 2026-W48}: Monday 00:00 to the next Monday 00:00 in a time zone. */
public record IsoWeek(int year, int week) {

    private static final Pattern FORMAT = Pattern.compile("(\\d{4})-?W(\\d{2})");

    public IsoWeek {
        if (week < 1 || week > weeksIn(year)) {
            throw new IllegalArgumentException(year + " has no ISO week " + week);
        }
    }

    /** Parses {@code 2026-W48} (or {@code 2026W48}); empty when the text is not an ISO week that exists. */
    public static Optional<IsoWeek> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = FORMAT.matcher(text.trim().toUpperCase(java.util.Locale.ROOT));
        if (!m.matches()) {
            return Optional.empty();
        }
        int year = Integer.parseInt(m.group(1));
        int week = Integer.parseInt(m.group(2));
        if (year < 1970 || week < 1 || week > weeksIn(year)) {
            return Optional.empty();
        }
        return Optional.of(new IsoWeek(year, week));
    }

    /** The week an instant falls in, in a time zone. */
    public static IsoWeek of(Instant instant, ZoneId zone) {
        LocalDate date = instant.atZone(zone).toLocalDate();
        return new IsoWeek(date.get(IsoFields.WEEK_BASED_YEAR), date.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
    }

    public LocalDate monday() {
        return LocalDate.of(year, 1, 4).with(IsoFields.WEEK_OF_WEEK_BASED_YEAR, week)
                .with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
    }

    public Instant start(ZoneId zone) {
        return monday().atStartOfDay(zone).toInstant();
    }

    public Instant end(ZoneId zone) {
        return monday().plusWeeks(1).atStartOfDay(zone).toInstant();
    }

    public IsoWeek previous() {
        LocalDate d = monday().minusWeeks(1);
        return new IsoWeek(d.get(IsoFields.WEEK_BASED_YEAR), d.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "%04d-W%02d", year, week);
    }

    private static int weeksIn(int year) {
        return (int) IsoFields.WEEK_OF_WEEK_BASED_YEAR.rangeRefinedBy(LocalDate.of(year, 6, 1)).getMaximum();
    }
}
