package dev.drivecat.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What drivecat makes of a drive's power-loss protection: one reading, shown by the drive's page and
 * used by /recommend, in the same words. It separates two questions people run together:
 * <ul>
 *   <li><b>safe</b>: does the drive keep what it acknowledged as flushed through a power cut? A NAND
 *       drive without PLP that honours flushes is slow, not unsafe; one that ignores flushes is
 *       unsafe, and ZFS relies on every device honouring them;</li>
 *   <li><b>flush</b>: can it acknowledge a flush at once (capacitor-protected cache, or 3D XPoint),
 *       or must each flush wait for the flash? That is what a log is bought for.</li>
 * </ul>
 * The class is the drive's protection; who said it is the {@link Confidence}, shown in words and
 * warnings, never as a different class. Evidence, strongest first: the catalog's chosen {@code plp}
 * statement (a vendor's own words, a review quoting a specification, a source's general claim), the
 * OpenZFS Hardware page's lists of drives with power failure protection ({@link OpenZfsHardwarePage}:
 * a listing shows flushed data is kept, not that flushes are cheap), and for 3D XPoint that page's
 * statement that it needs no power-loss-protection circuitry.
 */
@Schema(name = "PlpAssessment", description = "What drivecat makes of the drive's power-loss protection: the same reading, in the "
        + "same words, on the drive's page and in /recommend.")
public record PlpAssessment(
        @JsonProperty("class") @Schema(name = "class", description = "The drive's protection.") Protection protection,
        @Schema(description = "Whether a flush is cheap (acknowledged at once) or waits for the flash; unknown when no source says.")
        Flush flush,
        @Schema(description = "Whether it keeps what it acknowledged as flushed through a power cut: yes; if-it-honours-flushes "
                + "(no protection, and no source confirms it honours flushes; slow, not unsafe, while it does); disputed (sources "
                + "disagree); unknown.") Safe safe,
        @Schema(description = "How strong the evidence is: high (the vendor's own words), medium (a review quoting a "
                + "specification, or the OpenZFS hardware page), low (a source's general claim), none.") Confidence confidence,
        @Schema(description = "The reading in one sentence, with the evidence's own words.") String summary,
        @Schema(description = "What each source says, in its own words.") List<Evidence> evidence,
        @Schema(description = "What to check, where the evidence is weak or the sources disagree.") List<String> warnings) {

    /** A drive's protection class. */
    @Schema(name = "PlpProtection")
    public enum Protection implements ApiToken {
        /** Power-loss protection of writes in flight: flushes are cheap and safe. */
        PLP("plp", "yes, writes in flight too"),
        /** 3D XPoint with no PLP statement: cheap, safe flushes by its media. */
        XPOINT("xpoint", "3D XPoint, which needs none"),
        /** 3D XPoint whose vendor states no PLP: cheap flushes; safety disputed. */
        XPOINT_VENDOR_NO("xpoint-vendor-no", "3D XPoint, its vendor states none"),
        /** Keeps flushed data and its own metadata (data at rest), not writes in flight. */
        FLUSHED_DATA("flushed-data", "flushed data only"),
        /** No power-loss protection: flushes wait for the flash. */
        NONE("none", "none"),
        /** No source in the catalog says. */
        UNKNOWN("unknown", "unknown");

        private final String token;
        private final String words;

        Protection(String token, String words) {
            this.token = token;
            this.words = words;
        }

        @Override
        @JsonValue
        public String token() {
            return token;
        }

        /** The class in a few words, for a heading: "Power-loss protection: flushed data only". */
        public String words() {
            return words;
        }
    }

    /** What a flush costs. */
    @Schema(name = "PlpFlush")
    public enum Flush implements ApiToken {
        CHEAP("cheap"), WAITS_FOR_FLASH("waits-for-flash"), UNKNOWN("unknown");

        private final String token;

        Flush(String token) {
            this.token = token;
        }

        @Override
        @JsonValue
        public String token() {
            return token;
        }
    }

    /** Whether acknowledged writes survive a power cut. */
    @Schema(name = "PlpSafe")
    public enum Safe implements ApiToken {
        YES("yes"), IF_IT_HONOURS_FLUSHES("if-it-honours-flushes"), DISPUTED("disputed"), UNKNOWN("unknown");

        private final String token;

        Safe(String token) {
            this.token = token;
        }

        @Override
        @JsonValue
        public String token() {
            return token;
        }
    }

    /** How strong the evidence for the class is. */
    @Schema(name = "PlpConfidence")
    public enum Confidence implements ApiToken {
        HIGH("high"), MEDIUM("medium"), LOW("low"), NONE("none");

        private final String token;

        Confidence(String token) {
            this.token = token;
        }

        @Override
        @JsonValue
        public String token() {
            return token;
        }
    }

    /** One source's words about the drive's protection, and what drivecat reads in them. */
    @Schema(name = "PlpEvidence")
    public record Evidence(
            @Schema(description = "What drivecat reads in it.", examples = "states power-loss protection") String reading,
            @Schema(description = "The source's words, verbatim.") String wording,
            @Schema(nullable = true) String source,
            @Schema(nullable = true) String url,
            SourceKind kind) {
    }

    /** What the assessment reads of a drive. */
    public record Drive(String vendor, String model, int capacityGb, Interface iface, FormFactor formFactor, Media media,
                        Statement plp) {
    }

    /** The catalog's chosen plp statement: its class, the source's words, and whether it is only a general claim. */
    public record Statement(PlpClass plpClass, String wording, String appliesTo, SourceKind kind, String sourceTitle,
                            String sourceUrl, boolean claim) {

        /** Who said it, for a sentence: the source's title, else its URL. */
        public String source() {
            return sourceTitle == null ? sourceUrl : sourceTitle;
        }
    }

    /** Flushes are cheap and safe: what a log (or a special vdev that takes the ZIL) needs. */
    public boolean cheapFlush() {
        return flush == Flush.CHEAP;
    }

    /** Flushed data and the drive's own metadata are kept through a power cut: what every vdev needs. */
    public boolean keepsFlushedData() {
        return safe == Safe.YES;
    }

    public static PlpAssessment of(Drive d) {
        Statement st = d.plp();
        PlpClass cls = st == null ? null : st.plpClass();
        boolean xpoint = d.media() == Media.XPOINT_3D;
        Optional<OpenZfsHardwarePage.Entry> listed = OpenZfsHardwarePage.listing(d.vendor(), d.model(), d.iface());
        List<Evidence> evidence = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        if (st != null) {
            evidence.add(new Evidence(reading(st, d), st.wording(), st.source(), st.sourceUrl(), st.kind()));
        }
        listed.ifPresent(e -> evidence.add(new Evidence("lists it among " + e.list().heading() + " (drives that keep flushed data and "
                + "their own metadata; protection of writes in flight is not a criterion)", e.list().intro() + " … " + e.wording(),
                OpenZfsHardwarePage.TITLE, OpenZfsHardwarePage.URL, SourceKind.REVIEW)));
        if (xpoint) {
            evidence.add(new Evidence("3D XPoint needs no power-loss-protection circuitry", OpenZfsHardwarePage.XPOINT,
                    OpenZfsHardwarePage.TITLE, OpenZfsHardwarePage.URL, SourceKind.REVIEW));
        }
        boolean statesYes = cls == PlpClass.STATED_YES || cls == PlpClass.MODEL_SPECIFIC && appliesTo(st.appliesTo(), d);
        if (cls == PlpClass.MODEL_SPECIFIC && !statesYes) {
            warnings.add("PLP is stated for the " + st.appliesTo() + " model only (\"" + st.wording() + "\"), not this "
                    + d.formFactor().label() + " drive.");
        }
        if (statesYes) {
            Confidence confidence = confidence(st);
            if (st.claim()) {
                warnings.add("PLP is only claimed in general words by " + st.source() + " (\"" + st.wording() + "\"), not stated in a "
                        + "specification: confidence low; check the vendor's datasheet.");
            } else if (!st.kind().isVendor()) {
                warnings.add("PLP is stated by a " + st.kind().token().toLowerCase(Locale.ROOT).replace('_', ' ')
                        + " quoting the specification (\"" + st.wording() + "\"), not by a vendor page or datasheet in the catalog.");
            }
            return new PlpAssessment(Protection.PLP, Flush.CHEAP, Safe.YES, confidence,
                    "Power-loss protection: flushes are cheap and safe. " + said(st) + listedWords(listed) + confidenceWords(confidence, basis(st)),
                    evidence, warnings);
        }
        if (xpoint) {
            if (cls == PlpClass.STATED_NO) {
                warnings.add("Its vendor states no power-loss protection (\"" + st.wording() + "\"), while the OpenZFS hardware page says "
                        + "3D XPoint needs none (\"" + OpenZfsHardwarePage.XPOINT + "\"): the sources disagree on whether every "
                        + "acknowledged write survives a power cut.");
                Confidence confidence = confidence(st);
                return new PlpAssessment(Protection.XPOINT_VENDOR_NO, Flush.CHEAP, Safe.DISPUTED, confidence,
                        "3D XPoint, but its vendor states no power-loss protection: flushes are cheap (no NAND program cycle); whether "
                                + "they are safe the sources dispute, as the OpenZFS hardware page says 3D XPoint needs no such circuitry. "
                                + said(st) + confidenceWords(confidence, basis(st)), evidence, warnings);
            }
            warnings.add("3D XPoint without a PLP statement from its vendor in the catalog: its protection rests on the OpenZFS hardware "
                    + "page's account of 3D XPoint (\"" + OpenZfsHardwarePage.XPOINT + "\").");
            return new PlpAssessment(Protection.XPOINT, Flush.CHEAP, Safe.YES, Confidence.MEDIUM,
                    "3D XPoint: flushes are cheap and safe without power-loss-protection circuitry, by the OpenZFS hardware page (\""
                            + OpenZfsHardwarePage.XPOINT + "\"). " + (st == null ? "No PLP statement in the catalog. " : said(st))
                            + confidenceWords(Confidence.MEDIUM, "the OpenZFS hardware page on 3D XPoint"), evidence, warnings);
        }
        if (cls == PlpClass.DATA_AT_REST_ONLY) {
            Confidence confidence = confidence(st);
            return new PlpAssessment(Protection.FLUSHED_DATA, Flush.WAITS_FOR_FLASH, Safe.YES, confidence,
                    "Protects flushed data only (data at rest, not the writes in flight in its cache): safe, but each flush waits "
                            + "for the flash, so it is slow. " + said(st) + listedWords(listed) + confidenceWords(confidence, basis(st)),
                    evidence, warnings);
        }
        if (listed.isPresent()) {
            Confidence confidence = Confidence.MEDIUM;
            if (cls == PlpClass.STATED_NO) {
                confidence = Confidence.LOW;
                warnings.add("The sources disagree: " + st.source() + " states no power-loss protection (\"" + st.wording()
                        + "\"), while the OpenZFS hardware page lists it among " + listed.get().list().heading() + ".");
            }
            warnings.add("Only the OpenZFS hardware page's list vouches for its protection, and the list includes drives that protect "
                    + "flushed data only (\"" + OpenZfsHardwarePage.LISTS_INCLUDE + "\"): whether its flushes are cheap is not known.");
            return new PlpAssessment(Protection.FLUSHED_DATA, Flush.UNKNOWN, Safe.YES, confidence,
                    "Protects flushed data, by the OpenZFS hardware page's list: safe for ZFS; whether it also protects writes in "
                            + "flight, which makes a flush cheap, no source in the catalog says, so its flushes are taken to wait for "
                            + "the flash. " + listedWords(listed) + (st == null ? "" : said(st)) + confidenceWords(confidence,
                            confidence == Confidence.LOW ? "the sources disagree" : "the OpenZFS hardware page's list"),
                    evidence, warnings);
        }
        String media = d.media() == null ? "media not in the catalog"
                : d.media() == Media.NAND ? "NAND" : d.media().token().toUpperCase(Locale.ROOT) + " NAND";
        if (cls == PlpClass.STATED_NO || cls == PlpClass.NOT_STATED) {
            Confidence confidence = cls == PlpClass.NOT_STATED && !st.kind().isVendor() ? Confidence.LOW
                    : cls == PlpClass.NOT_STATED ? Confidence.MEDIUM : confidence(st);
            return new PlpAssessment(Protection.NONE, Flush.WAITS_FOR_FLASH, Safe.IF_IT_HONOURS_FLUSHES, confidence,
                    "No power-loss protection (" + media + "): each flush waits for the flash, so it is slow; it is safe as long as "
                            + "it honours flushes. " + said(st) + confidenceWords(confidence, cls == PlpClass.NOT_STATED
                            ? "a specification list silent on it" : basis(st)), evidence, warnings);
        }
        // a statement kept without a class (its words could not be read as one) says nothing drivecat can rank on
        boolean unread = st != null && cls == null;
        warnings.add(unread ? "Power-loss protection unknown: " + st.source() + "'s words (\"" + st.wording() + "\") could not be "
                + "read as a protection class (" + media + "); check them yourself."
                : "Power-loss protection unknown: no source in the catalog says whether it has it (" + media + ").");
        return new PlpAssessment(Protection.UNKNOWN, Flush.UNKNOWN, Safe.UNKNOWN, Confidence.NONE,
                "Power-loss protection unknown (" + media + "): no source in the catalog says"
                        + (st == null ? "" : unread ? " in words drivecat can read" : " for this drive")
                        + "; its flushes are taken to wait for the flash." + (st == null ? "" : " " + said(st).trim()), evidence, warnings);
    }

    /** The confidence a statement gives its class: the vendor's words high, a quoted specification medium, a general claim low. */
    private static Confidence confidence(Statement st) {
        return st.claim() ? Confidence.LOW : st.kind().isVendor() ? Confidence.HIGH : Confidence.MEDIUM;
    }

    private static String confidenceWords(Confidence c, String basis) {
        return "Confidence: " + c.token() + " (" + basis + ").";
    }

    /** What a statement's confidence rests on, in words. */
    private static String basis(Statement st) {
        return st.claim() ? "only a source's general claim" : st.kind().isVendor() ? "the vendor's own words"
                : "a " + st.kind().token().toLowerCase(Locale.ROOT).replace('_', ' ') + " quoting the specification";
    }

    /** A statement in a sentence, with who said it. */
    private static String said(Statement st) {
        if (st.plpClass() == null) {
            return "Not read as a protection class: the words of " + (st.claim() ? "a general claim by " + st.source() : who(st)) + ": "
                    + quoted(st.wording());
        }
        if (st.claim()) {
            return (st.plpClass() == PlpClass.STATED_NO ? "None" : "PLP") + " claimed in general words by " + st.source() + ": "
                    + quoted(st.wording());
        }
        String what = switch (st.plpClass()) {
            case STATED_YES -> "Stated by ";
            case MODEL_SPECIFIC -> "Stated for the " + st.appliesTo() + " model by ";
            case STATED_NO -> "None stated by ";
            case NOT_STATED -> "Not mentioned in the specifications listed by ";
            case DATA_AT_REST_ONLY -> "Protection of data at rest stated by ";
        };
        return what + who(st) + ": " + quoted(st.wording());
    }

    /** Who made a statement that is not a general claim, for a sentence. */
    private static String who(Statement st) {
        return (st.kind().isVendor() ? "the vendor" : "a " + st.kind().token().toLowerCase(Locale.ROOT).replace('_', ' ')
                + " quoting the specification") + " (" + st.source() + ")";
    }

    /** Words in quotes, ending a sentence. */
    private static String quoted(String words) {
        return "\"" + words + "\"" + (words.endsWith(".") ? " " : ". ");
    }

    private static String listedWords(Optional<OpenZfsHardwarePage.Entry> listed) {
        return listed.map(e -> "On the OpenZFS hardware page's list of " + e.list().heading() + ": " + quoted(e.wording())).orElse("");
    }

    private static String reading(Statement st, Drive d) {
        String reading = st.plpClass() == null ? "speaks of power-loss protection in words drivecat cannot read as a class"
                : switch (st.plpClass()) {
                    case STATED_YES -> "states power-loss protection";
                    case MODEL_SPECIFIC -> "states power-loss protection for " + (appliesTo(st.appliesTo(), d) ? "this" : "another")
                            + " model (" + st.appliesTo() + ")";
                    case STATED_NO -> "states no power-loss protection";
                    case NOT_STATED -> "lists the specifications without a word on power-loss protection";
                    case DATA_AT_REST_ONLY -> "states protection of data at rest only, not of writes in flight";
                };
        return st.claim() ? reading + " (a general claim in its own words, not a quoted specification)" : reading;
    }

    /** Whether a MODEL_SPECIFIC statement's model is this drive: by form factor ("M.2 22x80") or by model/part wording. */
    static boolean appliesTo(String appliesTo, Drive d) {
        if (appliesTo == null) {
            return false;
        }
        Optional<FormFactor> ff = ApiToken.parse(FormFactor.class, appliesTo);
        if (ff.isPresent()) {
            return ff.get() == d.formFactor();
        }
        String normal = appliesTo.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        String model = (d.model() + dev.drivecat.catalog.Drive.capacityLabel(d.capacityGb())).toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9]", "");
        return !normal.isEmpty() && model.contains(normal);
    }
}
