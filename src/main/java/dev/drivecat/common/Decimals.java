package dev.drivecat.common;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Rounding and writing figures as their decimal values read: half up on the shortest decimal that
 * names the double (so 0.15 rounds to 0.2 although its binary value lies a hair below), and
 * written as {@code String.format(Locale.ROOT, "%.Nf")} and {@code "%,.0f"} write them.
 *
 * <p>A ranking writes a few hundred figures into its explanations, and {@code Formatter} parses
 * its pattern with a regular expression and looks up locale symbols on every call; these do the
 * arithmetic in doubles and longs, and fall back to {@code BigDecimal} or {@code Formatter} for
 * what the fast path cannot prove (a huge value, a negative one written).
 * {@code DecimalsTest} holds them to the slow forms on random values and exact ties.
 */
public final class Decimals {

    private static final long[] POWERS = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000};

    private Decimals() {
    }

    /** v rounded half up to {@code places} decimals, as its decimal value reads. */
    public static double round(double v, int places) {
        double scale = places == 1 ? 10 : Math.pow(10, places);
        double x = v * scale;
        double fraction = x - Math.floor(x);
        if (!(Math.abs(x) < 1e9) || places > 22) {
            return BigDecimal.valueOf(v).setScale(places, RoundingMode.HALF_UP).doubleValue();
        }
        if (Math.abs(fraction - 0.5) < 1e-6) {
            // Near the tie T = (n + 0.5) × 10^-places. Its nearest double is tie (n + 0.5 and 10^places,
            // up to 10^22, are exact; the division is rounded once). The decimal that names v (Double.toString's,
            // which parses back to v) lies in v's rounding interval, and T is never the boundary of
            // one: below 1e9 a tie of a few places is a double itself or no binary fraction at all,
            // and a boundary is a binary fraction of 54 bits. So v reads as T only when it is tie, and
            // otherwise lies on its own side of T: above it rounds up, below it down. A ranking meets
            // such values for thousands of candidates (weight × a value of three places: 35 × 0.93),
            // and the decimal way writes the double out as text (Double.toString) for each.
            double n = Math.floor(x);
            double tie = (n + 0.5) / scale;
            if (v == tie) {
                return (v < 0 ? n : n + 1) / scale;
            }
            return (v > tie ? n + 1 : n) / scale;
        }
        return Math.floor(x + 0.5) / scale;
    }

    /** As {@code String.format(Locale.ROOT, "%.<places>f", v)}. */
    public static String fixed(double v, int places) {
        return write(v, places, false);
    }

    /** As {@code String.format(Locale.ROOT, "%,.0f", v)}: a whole number with thousands separated by commas. */
    public static String grouped(double v) {
        return write(v, 0, true);
    }

    /** As {@code String.format(Locale.ROOT, "%,d", v)}. */
    public static String grouped(long v) {
        if (v < 0 || v >= 1_000_000_000_000L) {
            return String.format(Locale.ROOT, "%,d", v);
        }
        StringBuilder out = new StringBuilder(16);
        appendGrouped(out, v);
        return out.toString();
    }

    private static String write(double v, int places, boolean grouping) {
        // negative values (Formatter writes -0.0 for a small one), NaN, infinities and the huge go the slow way
        if (!(v >= 0 && v < 1e9) || places >= POWERS.length || (v == 0 && 1 / v < 0)) {
            return String.format(Locale.ROOT, grouping ? "%,." + places + "f" : "%." + places + "f", v);
        }
        long scale = POWERS[places];
        long units = Math.round(round(v, places) * scale);
        long whole = units / scale;
        StringBuilder out = new StringBuilder(20);
        if (grouping) {
            appendGrouped(out, whole);
        } else {
            out.append(whole);
        }
        if (places > 0) {
            String fraction = Long.toString(units % scale);
            out.append('.');
            for (int i = fraction.length(); i < places; i++) {
                out.append('0');
            }
            out.append(fraction);
        }
        return out.toString();
    }

    private static void appendGrouped(StringBuilder out, long whole) {
        String digits = Long.toString(whole);
        int head = digits.length() % 3 == 0 ? 3 : digits.length() % 3;
        out.append(digits, 0, head);
        for (int i = head; i < digits.length(); i += 3) {
            out.append(',').append(digits, i, i + 3);
        }
    }
}
