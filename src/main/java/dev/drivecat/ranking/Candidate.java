package dev.drivecat.ranking;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.PlpClass;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.pricing.Offer;
import java.math.BigDecimal;
import java.util.List;

/** Everything the ranking knows about one drive: its chosen spec values with their evidence, and its current offers. */
public record Candidate(
        String slug,
        String vendor,
        String model,
        int capacityGb,
        Interface iface,
        FormFactor formFactor,
        Media media,
        Evidence plp,
        Evidence dwpd,
        Evidence tbw,
        Evidence warrantyYears,
        Evidence writeLatency,
        Evidence syncWriteLatency,
        Evidence openzfsKnownGoodSlog,
        List<Offer> offers) {

    /** A chosen spec value: its number or token, the source's words, and the kind of source. */
    public record Evidence(BigDecimal number, String token, String appliesTo, String wording, SourceKind kind,
                           String sourceTitle, String sourceUrl) {

        public boolean derived() {
            return kind == SourceKind.DERIVED;
        }

        public PlpClass plpClass() {
            return token == null ? null : PlpClass.valueOf(token);
        }
    }

    public String capacityLabel() {
        return dev.drivecat.catalog.Drive.capacityLabel(capacityGb);
    }
}
