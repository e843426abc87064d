package dev.drivecat.specs;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A value that lists one entry per capacity ("480GB — 876TBW, 960GB — 1752TBW"), narrowed to the
 * entry for one capacity. Pure.
 */
final class PerCapacity {

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
    private static final Pattern CAPACITY_KEY = Pattern.compile(
            "(?<![A-Za-z0-9.,])(\\d+(?:[.,]\\d+)?)\\s*(GB|TB)\\s*(?:-|:|=)", FLAGS);

    /** Whether the value is keyed by capacity, the entry for the drive's (null: none), and how it was read. */
    record Segment(boolean keyed, String text, String note) {
    }

    private PerCapacity() {
    }

    static Segment segmentFor(String text, Integer capacityGb) {
        Matcher m = CAPACITY_KEY.matcher(text);
        List<int[]> starts = new ArrayList<>();
        List<BigDecimal> capacities = new ArrayList<>();
        while (m.find()) {
            Optional<BigDecimal> n = SpecUnits.parseNumber(m.group(1));
            if (n.isEmpty()) {
                continue;
            }
            BigDecimal gb = m.group(2).equalsIgnoreCase("TB") ? n.get().multiply(BigDecimal.valueOf(1000)) : n.get();
            starts.add(new int[] {m.start()});
            capacities.add(gb);
        }
        if (starts.size() < 2) {
            return new Segment(false, text, null);
        }
        if (capacityGb == null) {
            return new Segment(true, null, "one entry per capacity, and the drive's capacity is not known");
        }
        for (int i = 0; i < starts.size(); i++) {
            if (capacities.get(i).compareTo(BigDecimal.valueOf(capacityGb)) == 0) {
                int end = i + 1 < starts.size() ? starts.get(i + 1)[0] : text.length();
                String part = text.substring(starts.get(i)[0], end).replaceAll("[,;\\s]+$", "");
                // drop the capacity key itself so that it is not read as a value
                String withoutKey = part.replaceFirst("^\\s*\\d+(?:[.,]\\d+)?\\s*(?i:GB|TB)\\s*(?:-|:|=)\\s*", "");
                return new Segment(true, withoutKey, "from the entry for " + SpecUnits.tidy(capacities.get(i)).toPlainString() + " GB");
            }
        }
        return new Segment(true, null, "one entry per capacity, none for " + capacityGb + " GB");
    }
}
