package dev.drivecat.discovery;

import dev.drivecat.identity.IdentityCatalog;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The searches a discovery run makes: for every catalog drive its maker, model and capacity
 * ("Intel Optane DC P4800X 375GB"), and up to a few of its part numbers, the longest first (a part
 * number finds the listings that name only it). Drives that share a search (one model and capacity
 * in two form factors) share one query. Pure.
 */
public final class DiscoveryQueries {

    private DiscoveryQueries() {
    }

    public static List<SearchQuery> of(List<IdentityCatalog.Drive> drives, int partNumbersPerDrive) {
        Map<String, List<String>> byText = new LinkedHashMap<>();
        Map<String, String> spelled = new LinkedHashMap<>();
        for (IdentityCatalog.Drive d : drives) {
            add(byText, spelled, modelQuery(d), d.slug());
            d.partNumbers().stream().map(IdentityCatalog.PartNumber::value)
                    .filter(pn -> pn.length() >= 8)
                    .sorted(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()))
                    .limit(Math.max(0, partNumbersPerDrive))
                    .forEach(pn -> add(byText, spelled, pn, d.slug()));
        }
        List<SearchQuery> out = new ArrayList<>();
        byText.forEach((key, slugs) -> out.add(new SearchQuery(spelled.get(key), slugs)));
        return out;
    }

    private static void add(Map<String, List<String>> byText, Map<String, String> spelled, String text, String slug) {
        String key = text.toLowerCase(Locale.ROOT);
        spelled.putIfAbsent(key, text);
        List<String> slugs = byText.computeIfAbsent(key, k -> new ArrayList<>());
        if (!slugs.contains(slug)) {
            slugs.add(slug);
        }
    }

    /** The maker, the model without the word "SSD", and the capacity as sellers write it. */
    static String modelQuery(IdentityCatalog.Drive d) {
        StringBuilder q = new StringBuilder(d.vendor());
        for (String word : d.model().split("\\s+")) {
            if (!word.equalsIgnoreCase("ssd") && !word.equalsIgnoreCase(d.vendor()) && !word.isBlank()) {
                q.append(' ').append(word);
            }
        }
        return q.append(' ').append(capacity(d.capacityGb())).toString();
    }

    /** 480GB, 1TB, 1.92TB, 1.6TB, 15.36TB. */
    static String capacity(int gb) {
        if (gb < 1000) {
            return gb + "GB";
        }
        java.math.BigDecimal tb = java.math.BigDecimal.valueOf(gb).movePointLeft(3).stripTrailingZeros();
        return tb.toPlainString() + "TB";
    }
}
