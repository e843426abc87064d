package dev.drivecat.ranking;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.PlpClass;
import dev.drivecat.common.ApiToken;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a drive's power-loss-protection evidence for the ranking. PLP wording is evidence, not a
 * boolean: a vendor's own "Yes" counts fully; a "Yes" found only in a review counts a little
 * less; protection stated for another model of the family does not count; and 3D XPoint without
 * stated PLP is a safe flush by the OpenZFS hardware page's account (3D XPoint needs no PLP
 * circuitry) but carries a warning, because its known-good SLOG list names only the P4800X,
 * P4801X and P1600X.
 *
 * @param safeFlush whether flushes count as safe (what {@code plp=required} demands)
 * @param safety 0 to 1, the strength of the evidence
 * @param summary one plain sentence
 */
public record PlpAssessment(boolean safeFlush, double safety, String summary, List<String> warnings) {

    static final double VENDOR_STATED = 1.0;
    static final double STATED_ELSEWHERE = 0.9;
    static final double XPOINT_KNOWN_GOOD = 0.9;
    static final double XPOINT_NOT_STATED = 0.7;

    public static PlpAssessment of(Candidate c) {
        Candidate.Evidence plp = c.plp();
        boolean xpoint = c.media() == Media.XPOINT_3D;
        boolean knownGood = c.openzfsKnownGoodSlog() != null && "YES".equals(c.openzfsKnownGoodSlog().token());
        List<String> warnings = new ArrayList<>();
        PlpClass cls = plp == null ? null : plp.plpClass();
        if (cls == PlpClass.MODEL_SPECIFIC) {
            if (appliesTo(plp.appliesTo(), c)) {
                cls = PlpClass.STATED_YES;
            } else {
                warnings.add("PLP is stated for the " + plp.appliesTo() + " model only (\"" + plp.wording() + "\"), not this "
                        + c.formFactor().label() + " drive.");
                cls = PlpClass.NOT_STATED;
            }
        }
        if (cls == PlpClass.STATED_YES) {
            if (plp.kind().isVendor()) {
                return new PlpAssessment(true, VENDOR_STATED, "Power-loss protection stated by the vendor: \"" + plp.wording() + "\".", warnings);
            }
            warnings.add("PLP is stated by a " + plp.kind().token().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
                    + " (\"" + plp.wording() + "\"), not in the vendor's own specifications in the catalog.");
            return new PlpAssessment(true, STATED_ELSEWHERE, "Power-loss protection: \"" + plp.wording() + "\" ("
                    + (plp.sourceTitle() == null ? plp.sourceUrl() : plp.sourceTitle()) + ").", warnings);
        }
        if (xpoint) {
            String said = plp == null ? "no PLP statement in the catalog" : "\"" + plp.wording() + "\"";
            warnings.add("3D XPoint without stated PLP (" + said + "): the OpenZFS hardware page says 3D XPoint needs no "
                    + "power-loss protection circuitry, but its known-good SLOG list names only the P4800X, P4801X and P1600X.");
            return new PlpAssessment(true, knownGood ? XPOINT_KNOWN_GOOD : XPOINT_NOT_STATED,
                    "3D XPoint, which acknowledges a flush without a NAND program cycle; PLP: " + said + ".", warnings);
        }
        String said = plp == null ? "no PLP statement in the catalog" : "\"" + plp.wording() + "\"";
        String what = cls == PlpClass.STATED_NO ? "No power-loss protection, as its source states"
                : cls == PlpClass.DATA_AT_REST_ONLY ? "Power-loss protection for data at rest only: it keeps what is already on the "
                + "flash through a power cut, not the writes in flight in its cache, so it is no PLP for a log"
                : "No power-loss protection stated";
        String media = c.media() == null ? "media not in the catalog"
                : c.media() == Media.NAND ? "NAND" : c.media().token().toUpperCase(java.util.Locale.ROOT) + " NAND";
        warnings.add(what + " (" + said + "; " + media + "): its flushes are taken to wait for the flash; the buying guide's "
                + "flush-honoring log reached 252 sync IOPS where a cheap-flush log reached 4,277.");
        return new PlpAssessment(false, 0, what + " (" + said + "; " + media + ").", warnings);
    }

    /** Whether a MODEL_SPECIFIC statement's model is this drive: by form factor ("M.2 22x80") or by model/part wording. */
    static boolean appliesTo(String appliesTo, Candidate c) {
        if (appliesTo == null) {
            return false;
        }
        Optional<FormFactor> ff = ApiToken.parse(FormFactor.class, appliesTo);
        if (ff.isPresent()) {
            return ff.get() == c.formFactor();
        }
        String normal = appliesTo.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]", "");
        String model = (c.model() + c.capacityLabel()).toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]", "");
        return !normal.isEmpty() && model.contains(normal);
    }
}
