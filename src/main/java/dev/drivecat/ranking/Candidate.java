package dev.drivecat.ranking;

import dev.drivecat.catalog.Drive;
import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.PlpAssessment;
import dev.drivecat.catalog.PlpClass;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.pricing.Offer;
import java.math.BigDecimal;
import java.util.List;

/**
 * Everything the ranking knows about one drive: its chosen spec values with their evidence, its
 * published sync-write measurements (and those of the same model and capacity in another form
 * factor), and its current offers.
 */
public record Candidate(
        long id,
        String slug,
        String vendor,
        String model,
        int capacityGb,
        Interface iface,
        FormFactor formFactor,
        Media media,
        Boolean discontinued,
        Evidence plp,
        Evidence dwpd,
        Evidence tbw,
        Evidence warrantyYears,
        Evidence writeLatency,
        Evidence openzfsKnownGoodSlog,
        Evidence seqWrite,
        List<Measured> measured,
        Sibling sibling,
        List<Offer> offers) {

    /** A chosen spec value: its number or token, the source's words, the kind of source, and whether it is only a claim. */
    public record Evidence(BigDecimal number, String token, String appliesTo, String wording, SourceKind kind,
                           String sourceTitle, String sourceUrl, boolean claim) {

        public boolean derived() {
            return kind == SourceKind.DERIVED;
        }

        public PlpClass plpClass() {
            return token == null ? null : PlpClass.valueOf(token);
        }

        /** Who said it, for a sentence: the source's title, else its URL. */
        public String source() {
            return sourceTitle == null ? sourceUrl : sourceTitle;
        }
    }

    /** One published 4K sync-write latency of the drive. */
    public record Measured(double latencyUs, String wording, String sourceUrl, String sourceTitle) {

        public String source() {
            return sourceTitle == null ? sourceUrl : sourceTitle;
        }
    }

    /** The same model and capacity in another form factor, with its measurements (the U.2 and the add-in card of one drive, say). */
    public record Sibling(String slug, FormFactor formFactor, List<Measured> measured) {
    }

    /** What the PLP assessment reads of this drive. */
    public PlpAssessment.Drive plpFacts() {
        return new PlpAssessment.Drive(vendor, model, capacityGb, iface, formFactor, media, plp == null ? null
                : new PlpAssessment.Statement(plp.plpClass(), plp.wording(), plp.appliesTo(), plp.kind(),
                plp.sourceTitle(), plp.sourceUrl(), plp.claim()));
    }

    public String capacityLabel() {
        return Drive.capacityLabel(capacityGb);
    }
}
