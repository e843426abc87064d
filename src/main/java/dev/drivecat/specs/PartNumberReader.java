package dev.drivecat.specs;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** Part numbers as a row lists them: upper-cased, split on commas, semicolons, " / " and "or". Pure. */
final class PartNumberReader {

    private static final Pattern PART_NUMBER_SPLIT = Pattern.compile("\\s*(?:[,;]|/\\s|\\s/|\\bor\\b|\\n)\\s*", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Pattern PART_NUMBER_SHAPE = Pattern.compile("[A-Z0-9][A-Z0-9\\-_/.#]{3,}");

    private PartNumberReader() {
    }

    /** The part numbers a value lists, upper-cased ("SSDPE21K375GA01, SSDPE21K375GAX1"). */
    static List<String> partNumbers(String value) {
        String text = SpecUnits.clean(value).toUpperCase(Locale.ROOT);
        Set<String> parts = new LinkedHashSet<>();
        for (String candidate : PART_NUMBER_SPLIT.split(text)) {
            String pn = candidate.trim();
            if (PART_NUMBER_SHAPE.matcher(pn).matches() && pn.chars().anyMatch(Character::isDigit)) {
                parts.add(pn);
            }
        }
        return List.copyOf(parts);
    }
}
