package dev.drivecat.specs;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.PartNumbers;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which catalog drive a source describes. A part number names exactly one SKU, so it decides
 * first: one the source states in a row, else one its title or heading names; otherwise the
 * vendor, model and capacity must all agree, and the form factor and interface too when the source
 * states them. Pure.
 */
public final class DriveMatcher {

    /** A catalog drive as matching sees it. */
    public record Candidate(String slug, String vendor, String model, int capacityGb, Interface iface, FormFactor formFactor,
                            Set<String> partNumbers) {
    }

    public enum Outcome { MATCHED, AMBIGUOUS, UNMATCHED }

    /** The outcome, the drive when matched, the drives that fit when ambiguous, and why, in words. */
    public record Match(Outcome outcome, String slug, List<String> candidates, String reason) {
    }

    private DriveMatcher() {
    }

    public static Match match(SpecParse.Identity id, List<Candidate> catalog) {
        return match(id, List.of(), catalog);
    }

    /**
     * @param names texts naming the product outside its spec rows (a page's title and heading):
     *     a catalog part number in them decides when the rows state none the catalog knows
     */
    public static Match match(SpecParse.Identity id, List<String> names, List<Candidate> catalog) {
        Match byRows = byPartNumbers(id.partNumbers(), catalog, "part number ");
        if (byRows != null) {
            return byRows;
        }
        List<String> named = new ArrayList<>();
        names.forEach(n -> named.addAll(PartNumbers.candidates(n)));
        Match byNames = byPartNumbers(named, catalog, "part number in the page's title or heading: ");
        if (byNames != null) {
            return byNames;
        }
        return byModel(id, catalog);
    }

    /** The match the part numbers decide, or null when the catalog knows none of them. */
    private static Match byPartNumbers(List<String> partNumbers, List<Candidate> catalog, String words) {
        Set<String> owners = new LinkedHashSet<>();
        List<String> ownedPartNumbers = new ArrayList<>();
        for (String pn : partNumbers) {
            for (Candidate c : catalog) {
                if (c.partNumbers().contains(pn.toUpperCase(Locale.ROOT)) && !ownedPartNumbers.contains(pn)) {
                    owners.add(c.slug());
                    ownedPartNumbers.add(pn);
                }
            }
        }
        if (owners.size() == 1) {
            return new Match(Outcome.MATCHED, owners.iterator().next(), List.of(), words + String.join(", ", ownedPartNumbers));
        }
        if (owners.size() > 1) {
            return new Match(Outcome.AMBIGUOUS, null, List.copyOf(owners),
                    "the part numbers " + String.join(", ", ownedPartNumbers) + " belong to different drives");
        }
        return null;
    }

    private static Match byModel(SpecParse.Identity id, List<Candidate> catalog) {
        List<String> missing = new ArrayList<>();
        if (id.model() == null) {
            missing.add("model");
        }
        if (id.capacityGb() == null) {
            missing.add("capacity");
        }
        String pnWords = id.partNumbers().isEmpty() ? "no part number" : "no drive has part number " + String.join(", ", id.partNumbers());
        if (!missing.isEmpty()) {
            return new Match(Outcome.UNMATCHED, null, List.of(),
                    pnWords + ", and the source states no " + String.join(" or ", missing) + " to match by");
        }
        List<String> fits = new ArrayList<>();
        for (Candidate c : catalog) {
            if (c.capacityGb() != id.capacityGb()) {
                continue;
            }
            if (id.vendor() != null && !id.vendor().equalsIgnoreCase(c.vendor())) {
                continue;
            }
            if (id.formFactor() != null && id.formFactor() != c.formFactor()) {
                continue;
            }
            if (id.iface() != null && id.iface() != c.iface()) {
                continue;
            }
            if (ModelNames.sameModel(id.model(), c.model(), c.vendor())) {
                fits.add(c.slug());
            }
        }
        String described = (id.vendor() == null ? "" : id.vendor() + " ") + id.model() + " " + id.capacityGb() + " GB"
                + (id.formFactor() == null ? "" : " " + id.formFactor().token())
                + (id.iface() == null ? "" : " " + id.iface().token());
        if (fits.size() == 1) {
            return new Match(Outcome.MATCHED, fits.get(0), List.of(), "model and capacity (" + described + ")");
        }
        if (fits.size() > 1) {
            return new Match(Outcome.AMBIGUOUS, null, List.copyOf(fits),
                    pnWords + ", and " + fits.size() + " drives fit " + described
                            + (id.formFactor() == null ? " (the source states no form factor)" : ""));
        }
        return new Match(Outcome.UNMATCHED, null, List.of(), pnWords + ", and no drive fits " + described);
    }
}
