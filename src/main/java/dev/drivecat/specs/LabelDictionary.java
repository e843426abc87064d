package dev.drivecat.specs;

import dev.drivecat.catalog.SourceKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One source's spec labels mapped to catalog fields, and how to recognise that source: loaded
 * from a YAML file in scrapers/specs/ (format in src/docs/spec-importers.md). Labels are compared
 * after {@link #key normalisation}, first exactly, then as a phrase contained in the label.
 */
public record LabelDictionary(
        String id,
        String name,
        /* the vendor a recognised source is about, unless the source names one; null for retailers and the fallback */
        String vendor,
        Side side,
        List<String> hosts,
        List<String> siteMarkers,
        List<String> labelMarkers,
        List<String> modelFrom,
        List<Pattern> modelStrip,
        List<PairLayout> pairs,
        List<Entry> entries) {

    /** Whose page it is: the vendor's own, or a retailer's listing of someone else's drive. */
    public enum Side {
        VENDOR, RETAILER;

        /** The source kind an import assumes when the admin names none. */
        public SourceKind defaultKind() {
            return this == VENDOR ? SourceKind.VENDOR_PAGE : SourceKind.REVIEW;
        }
    }

    /** A label/value layout this source uses beyond the ones every page is read for (CSS selectors). */
    public record PairLayout(String row, String label, String value) {
    }

    /** Labels that mean one target. {@code mentions}: the value is a feature list searched for PLP wording. */
    public record Entry(LabelTarget target, boolean mentions, List<String> labels, List<String> keys) {
    }

    /** How a label was matched: by which entry, which phrase, exactly or as a contained phrase. */
    public record Match(LabelDictionary dictionary, Entry entry, String phrase, boolean exact) {
    }

    public static final String GENERIC = "generic";

    public boolean isGeneric() {
        return GENERIC.equals(id);
    }

    /** The best match of a label in this dictionary: exact first, then the longest contained phrase. */
    public Optional<Match> lookup(String label) {
        String key = key(label);
        if (key.isEmpty()) {
            return Optional.empty();
        }
        Match best = null;
        int bestLength = -1;
        for (Entry entry : entries) {
            for (int i = 0; i < entry.keys().size(); i++) {
                String phrase = entry.keys().get(i);
                if (phrase.equals(key)) {
                    return Optional.of(new Match(this, entry, entry.labels().get(i), true));
                }
                if (phrase.length() > bestLength && containsLabel(key, phrase)) {
                    best = new Match(this, entry, entry.labels().get(i), false);
                    bestLength = phrase.length();
                }
            }
        }
        return Optional.ofNullable(best);
    }

    /** True when some label of the source contains one of this dictionary's label markers. */
    public Optional<String> labelMarkerIn(List<String> labels) {
        for (String marker : labelMarkers) {
            String markerKey = key(marker);
            for (String label : labels) {
                if (containsPhrase(key(label), markerKey)) {
                    return Optional.of(marker);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * A label reduced for comparison: plain typography, lower case, every run of characters that
     * are neither letters nor digits one space ("Latency – Write:" and "latency - write" are one key).
     */
    public static String key(String label) {
        return SpecUnits.clean(label).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").trim();
    }

    /**
     * A label contains a dictionary phrase when it begins with it ("Random Read (100% Span)"), or
     * when the phrase is several words long and occurs anywhere ("耐用度Endurance Rating (Lifetime
     * Writes)"). A single word elsewhere is not enough: "DRAM Cache Capacity" is not a capacity.
     */
    static boolean containsLabel(String key, String phrase) {
        if (phrase.indexOf(' ') >= 0) {
            return containsPhrase(key, phrase);
        }
        return key.startsWith(phrase) && (key.length() == phrase.length() || !wordChar(key.charAt(phrase.length()))
                || !wordChar(phrase.charAt(phrase.length() - 1)));
    }

    /**
     * The phrase occurs in the key and is not glued to a longer word: a Latin, Cyrillic or digit
     * character on both sides of an edge means a different word ("capacity" is not in
     * "capacitor"); CJK text may touch it ("耐用度Endurance Rating").
     */
    static boolean containsPhrase(String key, String phrase) {
        if (phrase.isEmpty()) {
            return false;
        }
        int from = 0;
        while (true) {
            int at = key.indexOf(phrase, from);
            if (at < 0) {
                return false;
            }
            int end = at + phrase.length();
            boolean leftOk = at == 0 || !(wordChar(key.charAt(at - 1)) && wordChar(phrase.charAt(0)));
            boolean rightOk = end == key.length() || !(wordChar(key.charAt(end)) && wordChar(phrase.charAt(phrase.length() - 1)));
            if (leftOk && rightOk) {
                return true;
            }
            from = at + 1;
        }
    }

    private static boolean wordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || Character.UnicodeBlock.of(c) == Character.UnicodeBlock.CYRILLIC;
    }

    static Entry entry(LabelTarget target, boolean mentions, List<String> labels) {
        List<String> keys = new ArrayList<>();
        for (String label : labels) {
            keys.add(key(label));
        }
        return new Entry(target, mentions, List.copyOf(labels), List.copyOf(keys));
    }
}
