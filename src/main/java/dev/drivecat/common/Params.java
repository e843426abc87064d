package dev.drivecat.common;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads query parameters as strings and checks them, so that every bad value is a 400 that names
 * the parameter and what it accepts (JAX-RS would turn a failed conversion into a bare 404).
 */
public final class Params {

    private Params() {
    }

    /** The single value of a parameter, null when absent; given twice, a 400. */
    public static String one(Map<String, List<String>> raw, String name) {
        List<String> values = raw.get(name);
        if (values == null || values.isEmpty()) {
            return null;
        }
        if (values.size() > 1) {
            throw invalid(name, String.join(",", values), "given once");
        }
        return values.get(0);
    }

    /** Values of a parameter given repeated ({@code a=x&a=y}) or comma-separated ({@code a=x,y}). */
    public static List<String> values(List<String> raw) {
        List<String> values = new ArrayList<>();
        if (raw == null) {
            return values;
        }
        for (String r : raw) {
            if (r == null) {
                continue;
            }
            for (String part : r.split(",")) {
                if (!part.isBlank()) {
                    values.add(part.trim());
                }
            }
        }
        return values;
    }

    public static <E extends Enum<E> & ApiToken> List<E> tokens(Class<E> type, String name, List<String> raw) {
        LinkedHashSet<E> parsed = new LinkedHashSet<>();
        for (String value : values(raw)) {
            parsed.add(ApiToken.require(type, name, value));
        }
        return List.copyOf(parsed);
    }

    public static <E extends Enum<E> & ApiToken> Optional<E> token(Class<E> type, String name, String raw) {
        if (raw == null || raw.isBlank()) {
            return Optional.empty();
        }
        return Optional.of(ApiToken.require(type, name, raw.trim()));
    }

    /** A list request's {@code limit} as given: the default page size when absent, a 400 naming the largest above it. */
    public static int limit(String raw, ApiSettings api) {
        return limit(raw, api.defaultLimit(), api.maxLimit());
    }

    public static int limit(String raw, int defaultLimit, int max) {
        if (raw == null || raw.isBlank()) {
            return defaultLimit;
        }
        Integer value = integer(raw);
        if (value == null || value < 1 || value > max) {
            throw DomainException.invalidParameter("limit",
                    "limit must be a whole number from 1 to " + max + " (the largest page this server returns), not '" + Text.quote(raw) + "'")
                    .with("maximum", max);
        }
        return value;
    }

    public static int offset(String raw) {
        if (raw == null || raw.isBlank()) {
            return 0;
        }
        Integer value = integer(raw);
        if (value == null || value < 0) {
            throw DomainException.invalidParameter("offset", "offset must be a whole number of 0 or more, not '" + Text.quote(raw) + "'");
        }
        return value;
    }

    /**
     * A decimal number within [min, max] (either may be null), and within {@link DecimalInput}'s
     * bounds whatever the range: {@code 1e100000000} and {@code 1e-100000} are refused here, before
     * anything compares, rounds or writes them out.
     */
    public static Optional<BigDecimal> decimal(String name, String raw, BigDecimal min, BigDecimal max) {
        if (raw == null || raw.isBlank()) {
            return Optional.empty();
        }
        String expected = "a number" + range(min, max);
        String problem = DecimalInput.problem(raw);
        if (problem != null) {
            throw invalid(name, raw, problem.equals(DecimalInput.NOT_A_NUMBER) ? expected
                    : expected + " (" + DecimalInput.ALLOWED + "; " + problem + ")");
        }
        BigDecimal value = DecimalInput.normal(new BigDecimal(raw.trim()));
        if ((min != null && value.compareTo(min) < 0) || (max != null && value.compareTo(max) > 0)) {
            throw invalid(name, raw, expected);
        }
        return Optional.of(value);
    }

    public static Optional<Integer> integer(String name, String raw, int min, int max) {
        if (raw == null || raw.isBlank()) {
            return Optional.empty();
        }
        return Optional.of((int) whole(name, raw, min, max));
    }

    /** A whole number within [min, max] (Long.MIN_VALUE and Long.MAX_VALUE for no bound); the text must not be blank. */
    public static long whole(String name, String raw, long min, long max) {
        long value;
        try {
            value = Long.parseLong(raw.trim());
        } catch (NumberFormatException e) {
            throw invalid(name, raw, wholeRange(min, max));
        }
        if (value < min || value > max) {
            throw invalid(name, raw, wholeRange(min, max));
        }
        return value;
    }

    private static String wholeRange(long min, long max) {
        boolean low = min != Long.MIN_VALUE && min != Integer.MIN_VALUE;
        boolean high = max != Long.MAX_VALUE && max != Integer.MAX_VALUE;
        return "a whole number" + (low && high ? " from " + min + " to " + max : low ? " of at least " + min
                : high ? " of at most " + max : "");
    }

    /**
     * A numeric id from the path (e.g. {@code /admin/scrapes/{id}}): taken as text so that
     * {@code /admin/scrapes/abc} is a 400 that says so, not a 404 "No resource".
     */
    public static long id(String name, String raw) {
        if (raw != null) {
            try {
                return Long.parseLong(raw.trim());
            } catch (NumberFormatException e) {
                // answered below
            }
        }
        throw invalid(name, raw, "a whole number");
    }

    public static Optional<Boolean> bool(String name, String raw) {
        if (raw == null || raw.isBlank()) {
            return Optional.empty();
        }
        return switch (raw.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "true", "yes", "1" -> Optional.of(true);
            case "false", "no", "0" -> Optional.of(false);
            default -> throw invalid(name, raw, "true or false");
        };
    }

    /** The earliest and latest instants a time parameter takes: years 1 to 9999, as ISO 8601 writes them without a sign. */
    static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");
    static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999999Z");

    /** An ISO 8601 instant, or a date (meaning its start, UTC), within the years 1 to 9999. */
    public static Optional<Instant> instant(String name, String raw) {
        if (raw == null || raw.isBlank()) {
            return Optional.empty();
        }
        String v = raw.trim();
        Instant parsed;
        try {
            parsed = OffsetDateTime.parse(v).toInstant();
        } catch (DateTimeParseException notOffset) {
            try {
                parsed = LocalDate.parse(v).atStartOfDay(ZoneOffset.UTC).toInstant();
            } catch (DateTimeParseException notDate) {
                throw invalid(name, raw, "an ISO 8601 time such as 2026-10-21T00:00:00Z or a date such as 2026-10-21");
            }
        }
        // the database holds no time beyond these (year -999999999 made PostgreSQL fail with a 500)
        if (parsed.isBefore(EARLIEST) || parsed.isAfter(LATEST)) {
            throw invalid(name, raw, "a time within the years 0001 to 9999");
        }
        return Optional.of(parsed);
    }

    /** A half-open time range [from, to); either end may be open (null). */
    public record TimeRange(Instant from, Instant to) {
    }

    /**
     * The parameters {@code from} and {@code to} as a {@link TimeRange}, each read as {@link #instant}
     * reads it; given both, {@code to} must be after {@code from}.
     */
    public static TimeRange timeRange(String from, String to) {
        Instant fromInstant = instant("from", from).orElse(null);
        Instant toInstant = instant("to", to).orElse(null);
        if (fromInstant != null && toInstant != null && !fromInstant.isBefore(toInstant)) {
            throw invalid("to", to, "after from (" + from + ")");
        }
        return new TimeRange(fromInstant, toInstant);
    }

    /** A request's {@code currency} as given (ISO 4217), or the default currency when absent. */
    public static String currency(String raw, ApiSettings api) {
        return currency(raw, api.defaultCurrency().getCurrencyCode());
    }

    public static String currency(String raw, String defaultCurrency) {
        if (raw == null || raw.isBlank()) {
            return defaultCurrency;
        }
        return Currencies.iso4217(raw).orElseThrow(() -> invalid("currency", raw, "an ISO 4217 currency code such as USD, EUR or GBP"));
    }

    public static DomainException invalid(String name, String raw, String expected) {
        return DomainException.invalidParameter(name, name + " must be " + expected + ", not '" + Text.quote(raw) + "'");
    }

    private static Integer integer(String raw) {
        try {
            return Integer.valueOf(raw.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String range(BigDecimal min, BigDecimal max) {
        if (min != null && max != null) {
            return " from " + min.toPlainString() + " to " + max.toPlainString();
        }
        if (min != null) {
            return " of at least " + min.toPlainString();
        }
        return max != null ? " of at most " + max.toPlainString() : "";
    }
}
