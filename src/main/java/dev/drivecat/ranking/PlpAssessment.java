package dev.drivecat.ranking;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.PlpClass;
import dev.drivecat.common.ApiToken;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads a drive's power-loss-protection evidence for the ranking. PLP wording is evidence, not a
 * boolean, and it weighs by who said it:
 * <ul>
 *   <li>the vendor's own page or datasheet saying yes counts fully;</li>
 *   <li>a review quoting the vendor's specification counts a little less;</li>
 *   <li>a source's general claim in its own words ("all of these drives have a capacitor…") does
 *       not count as stated at all;</li>
 *   <li>protection stated for another model of the family does not count;</li>
 *   <li>3D XPoint without a stated yes has safe flushes by the OpenZFS hardware page's account
 *       (3D XPoint needs no PLP circuitry) but carries a warning, because its known-good SLOG list
 *       names only the P4800X, P4801X and P1600X; when its vendor says No, it ranks below every
 *       drive with stated PLP ({@link #vendorSaysNo()}).</li>
 * </ul>
 *
 * @param safeFlush whether flushes count as safe (what {@code plp=required} demands)
 * @param safety 0 to 1, the strength of the evidence
 * @param vendorSaysNo the vendor (or a source quoting it) states no PLP, yet flushes count as safe by the media
 * @param unknown no source in the catalog says anything about PLP
 * @param summary one plain sentence
 */
public record PlpAssessment(boolean safeFlush, double safety, boolean vendorSaysNo, boolean unknown, String summary,
                            List<String> warnings) {

    static final double VENDOR_STATED = 1.0;
    static final double QUOTED_BY_REVIEW = 0.9;
    static final double XPOINT_KNOWN_GOOD = 0.9;
    static final double XPOINT_NOT_STATED = 0.7;
    static final double XPOINT_VENDOR_SAYS_NO = 0.5;

    public static PlpAssessment of(Candidate c) {
        Candidate.Evidence plp = c.plp();
        boolean xpoint = c.media() == Media.XPOINT_3D;
        boolean knownGood = c.openzfsKnownGoodSlog() != null && "YES".equals(c.openzfsKnownGoodSlog().token());
        List<String> warnings = new ArrayList<>();
        PlpClass cls = plp == null ? null : plp.plpClass();
        if (plp != null && plp.claim() && cls != null) {
            warnings.add("PLP is only claimed in general words by " + plp.source() + " (\"" + plp.wording()
                    + "\"), not stated in a specification: it does not count.");
            cls = PlpClass.NOT_STATED;
        }
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
                return new PlpAssessment(true, VENDOR_STATED, false, false,
                        "Power-loss protection stated by the vendor: \"" + plp.wording() + "\".", warnings);
            }
            warnings.add("PLP is stated by a " + plp.kind().token().toLowerCase(Locale.ROOT).replace('_', ' ')
                    + " quoting the specification (\"" + plp.wording() + "\"), not by a vendor page or datasheet in the catalog.");
            return new PlpAssessment(true, QUOTED_BY_REVIEW, false, false,
                    "Power-loss protection: \"" + plp.wording() + "\" (" + plp.source() + ").", warnings);
        }
        boolean saysNo = cls == PlpClass.STATED_NO;
        String said = plp == null ? "no source in the catalog says" : "\"" + plp.wording() + "\"";
        if (xpoint) {
            if (saysNo) {
                warnings.add("Its vendor states no power-loss protection (" + said + "). It passes plp=required only because the "
                        + "OpenZFS hardware page says 3D XPoint needs no power-loss protection circuitry; its known-good SLOG list "
                        + "names only the P4800X, P4801X and P1600X, so it ranks below every drive with stated PLP.");
                return new PlpAssessment(true, XPOINT_VENDOR_SAYS_NO, true, false,
                        "3D XPoint, which acknowledges a flush without a NAND program cycle, but its vendor states no "
                                + "power-loss protection: " + said + ".", warnings);
            }
            warnings.add("3D XPoint without stated PLP (" + said + "): the OpenZFS hardware page says 3D XPoint needs no "
                    + "power-loss protection circuitry, but its known-good SLOG list names only the P4800X, P4801X and P1600X.");
            return new PlpAssessment(true, knownGood ? XPOINT_KNOWN_GOOD : XPOINT_NOT_STATED, false, plp == null,
                    "3D XPoint, which acknowledges a flush without a NAND program cycle; PLP: " + said + ".", warnings);
        }
        String media = c.media() == null ? "media not in the catalog"
                : c.media() == Media.NAND ? "NAND" : c.media().token().toUpperCase(Locale.ROOT) + " NAND";
        if (plp == null) {
            warnings.add("Power-loss protection unknown: no source in the catalog says whether it has it (" + media
                    + "). Its flushes are taken to wait for the flash until a source says otherwise.");
            return new PlpAssessment(false, RankingModel.UNKNOWN, false, true,
                    "Power-loss protection unknown: no source in the catalog says (" + media + ").", warnings);
        }
        String what = saysNo ? "No power-loss protection, as its source states"
                : cls == PlpClass.DATA_AT_REST_ONLY ? "Power-loss protection for data at rest only: it keeps what is already on the "
                + "flash through a power cut, not the writes in flight in its cache, so it is no PLP for a log"
                : "No power-loss protection stated";
        warnings.add(what + " (" + said + "; " + media + "): its flushes are taken to wait for the flash; the buying guide's "
                + "flush-honoring log reached 252 sync IOPS where a cheap-flush log reached 4,277.");
        return new PlpAssessment(false, 0, false, false, what + " (" + said + "; " + media + ").", warnings);
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
        String normal = appliesTo.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        String model = (c.model() + c.capacityLabel()).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        return !normal.isEmpty() && model.contains(normal);
    }
}
