package dev.drivecat.common;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * The one rule for a decimal number taken from outside: a query parameter ({@link Params#decimal}),
 * a JSON member (the web layer's deserializer), an import's spec value, a price in a page's
 * structured data. Such a number has at most {@value #MAX_INTEGER_DIGITS} digits before the
 * decimal point and {@value #MAX_FRACTION_DIGITS} after it (trailing zeros do not count), and its
 * text at most {@value #MAX_TEXT_LENGTH} characters.
 *
 * <p>Why: {@code BigDecimal} reads {@code 1e100000000} in a moment and keeps it as the digit 1 and
 * a scale, but writing it out ({@code toPlainString}, a money format, an error message) makes a
 * hundred million digits, and {@code setScale} or PostgreSQL's {@code numeric} does the same work;
 * {@code 1e-100000} is past the scale PostgreSQL accepts. Every number drivecat takes (prices,
 * percentages, endurance, sizes) fits well inside these bounds; each parameter's own range is
 * checked after this.
 */
public final class DecimalInput {

    /** Digits before the decimal point: up to 999,999,999,999,999. */
    public static final int MAX_INTEGER_DIGITS = 15;
    /** Digits after the decimal point, trailing zeros left out. */
    public static final int MAX_FRACTION_DIGITS = 12;
    /** The longest text read as a number at all. */
    public static final int MAX_TEXT_LENGTH = 64;

    /** What every refusal says is allowed. */
    public static final String ALLOWED = "a decimal number with at most " + MAX_INTEGER_DIGITS + " digits before the decimal point and "
            + MAX_FRACTION_DIGITS + " after it";

    /** What {@link #problem(String)} says of text that is no number at all. */
    public static final String NOT_A_NUMBER = "it is not a number";

    private DecimalInput() {
    }

    /** Why the value is outside the bounds, or null when it is inside. Cheap whatever the value's scale. */
    public static String problem(BigDecimal value) {
        if (value == null || value.signum() == 0) {
            return null;
        }
        // precision and scale are read, never the digits written out: 1e100000000 is one digit and a scale
        long integerDigits = (long) value.precision() - value.scale();
        if (integerDigits > MAX_INTEGER_DIGITS) {
            return "it has more than " + MAX_INTEGER_DIGITS + " digits before the decimal point";
        }
        if (value.scale() > MAX_FRACTION_DIGITS && fractionDigits(value) > MAX_FRACTION_DIGITS) {
            return "it has more than " + MAX_FRACTION_DIGITS + " digits after the decimal point";
        }
        return null;
    }

    /**
     * A value inside the bounds with a scale of at least 0, so that it writes out as it reads
     * ({@code 1e1} as 10, not 1E+1); the digits after the point are kept as given.
     */
    public static BigDecimal normal(BigDecimal value) {
        return value.scale() < 0 ? value.setScale(0) : value;
    }

    /** Whether the value is inside the bounds. */
    public static boolean fits(BigDecimal value) {
        return problem(value) == null;
    }

    /**
     * The JSON number as a number inside the bounds; empty when the node is no number, is not finite
     * (a double node of 1e999 is Infinity, which {@code BigDecimal} cannot hold) or is outside them.
     */
    public static Optional<BigDecimal> read(JsonNode node) {
        if (node == null || !node.isNumber() || node.isFloatingPointNumber() && !Double.isFinite(node.doubleValue())) {
            return Optional.empty();
        }
        BigDecimal value = node.decimalValue();
        return fits(value) ? Optional.of(normal(value)) : Optional.empty();
    }

    /** The text as a number inside the bounds; empty when it is no number, too long, or outside them. */
    public static Optional<BigDecimal> read(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.trim();
        if (t.isEmpty() || t.length() > MAX_TEXT_LENGTH) {
            return Optional.empty();
        }
        try {
            BigDecimal value = new BigDecimal(t);
            return fits(value) ? Optional.of(normal(value)) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * Why the text is not a number inside the bounds, or null when it is one: "it is not a number",
     * "it is longer than 64 characters", or what {@link #problem} says.
     */
    public static String problem(String text) {
        String t = text == null ? "" : text.trim();
        if (t.length() > MAX_TEXT_LENGTH) {
            return "it is longer than " + MAX_TEXT_LENGTH + " characters";
        }
        try {
            return problem(new BigDecimal(t));
        } catch (NumberFormatException e) {
            return NOT_A_NUMBER;
        }
    }

    /** A value inside the bounds, written out for people: never more than the bounds' digits. */
    public static String plain(BigDecimal value) {
        return fits(value) ? value.stripTrailingZeros().toPlainString() : Text.quote(value.toString());
    }

    /** Stripping walks the unscaled digits only, as many as the text had, whatever the scale. */
    private static long fractionDigits(BigDecimal value) {
        return Math.max(0, value.stripTrailingZeros().scale());
    }
}
