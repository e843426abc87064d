package dev.drivecat.specs;

import dev.drivecat.common.Typography;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Reads numbers and quantities the way spec sheets write them: thousands separators, decimal
 * commas, non-breaking spaces, footnote markers, "up to" and "≤" bounds, ranges. Pure functions;
 * anything that is not clearly one value reads as nothing, never as a guess.
 */
public final class SpecUnits {

    /** A number with the unit written after it, and where it stands in the cleaned text. */
    public record Quantity(BigDecimal value, String unit, int start, int end) {
    }

    /**
     * A number where it is not glued to a Latin or Cyrillic word or to another digit ("S3700",
     * "x4", "Gen4" hold no quantity); CJK text may touch it ("每天10次").
     */
    static final String NUMBER = "(?<![A-Za-z\\p{IsCyrillic}0-9.,])\\d+(?:[.,]\\d+)*(?: \\d{3}(?![0-9]))*";

    private static final Pattern NUMBER_PATTERN = Pattern.compile(NUMBER);
    private static final Pattern EMPTY = Pattern.compile("[-\\s/]*");
    private static final Pattern RANGE_BEFORE =
            Pattern.compile("\\d\\s*([A-Za-zµ/]*)\\s*(?:-|~|to|bis)\\s*$", Pattern.CASE_INSENSITIVE);
    private static final Pattern RANGE_AFTER =
            Pattern.compile("\\s*(?:-|~|to|bis)\\s*\\d+(?:[.,]\\d+)*\\s*([A-Za-zµ/]*)", Pattern.CASE_INSENSITIVE);
    private static final Map<String, Integer> WORD_NUMBERS = Map.of(
            "one", 1, "two", 2, "three", 3, "four", 4, "five", 5, "six", 6, "seven", 7, "eight", 8, "nine", 9, "ten", 10);
    private static final Pattern WORD_NUMBER = Pattern.compile(
            "(?i)(?<![A-Za-z])(one|two|three|four|five|six|seven|eight|nine|ten)(?=[\\s-]*(?:years?|yrs?|months?|drive writes?)(?![A-Za-z]))");

    private SpecUnits() {
    }

    /** The text with its typography made plain: see {@link Typography#plain(String)}. */
    public static String clean(String raw) {
        return Typography.plain(raw);
    }

    /** True for a cell that says nothing: empty, or only dashes ("—", "-", "–"). */
    public static boolean isEmptyMarker(String raw) {
        return EMPTY.matcher(clean(raw)).matches();
    }

    /** Spelled-out small numbers before a unit ("five years", "Five-year") as digits. */
    static String digitsForWords(String cleaned) {
        Matcher m = WORD_NUMBER.matcher(cleaned);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, String.valueOf(WORD_NUMBERS.get(m.group(1).toLowerCase(Locale.ROOT))));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * A number as written: "1,200" and "36 000" are 1200 and 36000, "7,3" and "0,279" are decimals.
     * A single comma followed by exactly three digits is a thousands separator unless the whole
     * part is 0; several dots ("1.000.000") are thousands separators; with both, the last one is
     * the decimal mark.
     */
    public static Optional<BigDecimal> parseNumber(String written) {
        if (written == null) {
            return Optional.empty();
        }
        String s = written.replace(" ", "").trim();
        if (!s.matches("\\d+(?:[.,]\\d+)*")) {
            return Optional.empty();
        }
        int commas = count(s, ',');
        int dots = count(s, '.');
        String plain;
        if (commas > 0 && dots > 0) {
            char decimal = s.lastIndexOf(',') > s.lastIndexOf('.') ? ',' : '.';
            char thousands = decimal == ',' ? '.' : ',';
            if (count(s, decimal) > 1) {
                return Optional.empty();
            }
            plain = s.replace(String.valueOf(thousands), "").replace(decimal, '.');
        } else if (commas > 0) {
            String whole = s.substring(0, s.indexOf(','));
            String after = s.substring(s.indexOf(',') + 1);
            boolean thousands = commas > 1 || (after.length() == 3 && !whole.equals("0"));
            plain = thousands ? s.replace(",", "") : s.replace(',', '.');
        } else if (dots > 1) {
            plain = s.replace(".", "");
        } else {
            plain = s;
        }
        try {
            return Optional.of(new BigDecimal(plain));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * Every number in the cleaned text followed by a unit the pattern accepts. The pattern is
     * matched right after the number (spaces allowed); its first group, if any, is kept as the
     * unit, else the whole match.
     */
    static List<Quantity> quantities(String cleaned, Pattern unitAfter) {
        List<Quantity> found = new ArrayList<>();
        Matcher n = NUMBER_PATTERN.matcher(cleaned);
        while (n.find()) {
            Matcher u = unitAfter.matcher(cleaned);
            u.region(n.end(), cleaned.length());
            if (!u.lookingAt()) {
                continue;
            }
            Optional<BigDecimal> value = parseNumber(n.group());
            if (value.isEmpty()) {
                continue;
            }
            String unit = u.groupCount() >= 1 && u.group(1) != null ? u.group(1) : u.group().trim();
            found.add(new Quantity(value.get(), unit, n.start(), u.end()));
        }
        return found;
    }

    /** Every number in the cleaned text, whatever follows it. */
    static List<Quantity> numbers(String cleaned) {
        List<Quantity> found = new ArrayList<>();
        Matcher n = NUMBER_PATTERN.matcher(cleaned);
        while (n.find()) {
            parseNumber(n.group()).ifPresent(v -> found.add(new Quantity(v, "", n.start(), n.end())));
        }
        return found;
    }

    /** True when the quantity is the upper end of a range ("5-10 µs", "175 TB to 1,400 TB"). */
    static boolean endsRange(String cleaned, Quantity q) {
        Matcher m = RANGE_BEFORE.matcher(cleaned.substring(0, q.start()));
        return m.find() && compatible(m.group(1), q.unit());
    }

    /** True when the quantity is the lower end of a range. */
    static boolean startsRange(String cleaned, Quantity q) {
        Matcher m = RANGE_AFTER.matcher(cleaned.substring(q.end()));
        return m.lookingAt() && compatible(m.group(1), q.unit());
    }

    /** Two ends of a range share a unit, or one of them has none ("5-10 µs"). */
    private static boolean compatible(String otherUnit, String unit) {
        return otherUnit == null || otherUnit.isBlank() || unit == null || unit.isBlank()
                || otherUnit.trim().equalsIgnoreCase(unit.trim());
    }

    /** The one value the quantities agree on; nothing when they are none, several, or part of a range. */
    static Optional<BigDecimal> single(String cleaned, List<Quantity> quantities) {
        BigDecimal value = null;
        for (Quantity q : quantities) {
            if (endsRange(cleaned, q) || startsRange(cleaned, q)) {
                return Optional.empty();
            }
            if (value != null && value.compareTo(q.value()) != 0) {
                return Optional.empty();
            }
            value = q.value();
        }
        return Optional.ofNullable(value);
    }

    /** A value as the catalog keeps it: at most four decimals, no trailing zeros. */
    static BigDecimal tidy(BigDecimal value) {
        BigDecimal scaled = value.setScale(4, RoundingMode.HALF_UP).stripTrailingZeros();
        return scaled.scale() < 0 ? scaled.setScale(0) : scaled;
    }

    private static int count(String s, char c) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == c) {
                n++;
            }
        }
        return n;
    }

    // --- shared by the field readers -----------------------------------------------------------

    /** A number followed by a K or M multiplier ("94K"). */
    static final Pattern IOPS_SUFFIX = Pattern.compile("\\s*([KkMm])(?![A-Za-z])");
    private static final Pattern NO_UNIT = Pattern.compile("\\s*(?![A-Za-z\\p{IsCyrillic}%µ])");

    /** Numbers standing alone: no unit or word glued after them (a trailing '%' or letter disqualifies). */
    static List<Quantity> bare(String text) {
        return SpecUnits.numbers(text).stream()
                .filter(q -> NO_UNIT.matcher(text).region(q.end(), text.length()).lookingAt() || isSuffixed(text, q))
                .toList();
    }

    private static boolean isSuffixed(String text, Quantity q) {
        Matcher m = IOPS_SUFFIX.matcher(text);
        m.region(q.end(), text.length());
        return m.lookingAt();
    }

    /** The unit a label names ("Capacity (GB)", "Latency (µs)"), found with a pattern whose first group is the unit. */
    static Optional<String> labelUnit(String label, String regex) {
        Matcher m = Pattern.compile(regex, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE).matcher(label.toLowerCase(Locale.ROOT));
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** The distinct values of quantities, for a note ("several capacities (480, 960 GB)"). */
    static String list(List<Quantity> qs) {
        return qs.stream().map(q -> SpecUnits.tidy(q.value()).toPlainString()).distinct().collect(Collectors.joining(", "));
    }
}
