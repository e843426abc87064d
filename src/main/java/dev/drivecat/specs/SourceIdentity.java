package dev.drivecat.specs;

import dev.drivecat.catalog.PartNumbers;
import dev.drivecat.identity.Identification;
import dev.drivecat.identity.IdentityMatcher;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which catalog drive a spec source describes, decided by the one identity matcher: what the
 * source states of the drive (its vendor, model, capacity, form factor, bus and part numbers, and
 * the part numbers its title or heading names) is read as identity reads any text that names a
 * drive. A part number decides when nothing the source states contradicts it; otherwise the model,
 * capacity and form factor must name one drive. Pure.
 */
final class SourceIdentity {

    enum Outcome { MATCHED, AMBIGUOUS, UNMATCHED }

    /** The outcome, the drive when matched, the drives that fit when ambiguous, and identity's reasons in words. */
    record Match(Outcome outcome, String slug, List<String> candidates, String reason) {
    }

    private SourceIdentity() {
    }

    /**
     * @param names texts naming the product outside its spec rows (a page's title and heading): the
     *     part numbers they name count as the source's
     */
    static Match identify(SpecParse.Identity id, List<String> names, IdentityMatcher matcher) {
        String text = text(id, names);
        if (text.isBlank()) {
            return new Match(Outcome.UNMATCHED, null, List.of(), "the source states no vendor, model, capacity or part number");
        }
        Identification found = matcher.identify(text);
        Set<String> fromNames = new LinkedHashSet<>();
        names.forEach(n -> fromNames.addAll(PartNumbers.candidates(n)));
        fromNames.removeAll(id.partNumbers());
        String where = fromNames.stream().anyMatch(found.because()::contains) ? "the page's title or heading names it: " : "";
        return switch (found.decision()) {
            case MATCH -> new Match(Outcome.MATCHED, found.drive(), List.of(), where + found.because());
            case AMBIGUOUS -> new Match(Outcome.AMBIGUOUS, null, found.candidateSlugs(), found.because());
            case NO_MATCH, NOT_A_DRIVE -> new Match(Outcome.UNMATCHED, null, List.of(), "\"" + text + "\": " + found.because());
        };
    }

    /** What the source states of the drive, as one text: "Intel Optane SSD DC P4800X 375GB U.2 NVMe SSDPE21K375GA". */
    static String text(SpecParse.Identity id, List<String> names) {
        List<String> words = new ArrayList<>();
        add(words, id.vendor());
        add(words, id.model());
        if (id.capacityGb() != null) {
            words.add(id.capacityGb() + "GB");
        }
        if (id.formFactor() != null) {
            words.add(id.formFactor().label());
        }
        if (id.iface() != null) {
            words.add(id.iface().token().toUpperCase(java.util.Locale.ROOT));
        }
        Set<String> codes = new LinkedHashSet<>(id.partNumbers());
        names.forEach(n -> codes.addAll(PartNumbers.candidates(n)));
        words.addAll(codes);
        return String.join(" ", words);
    }

    private static void add(List<String> words, String s) {
        if (s != null && !s.isBlank()) {
            words.add(s.strip());
        }
    }
}
