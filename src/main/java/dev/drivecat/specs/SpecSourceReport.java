package dev.drivecat.specs;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.catalog.SpecField;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What a spec page or table import found and did: per drive it describes, the values found (each
 * with the source's label and words, the field and normalised value), which drive they went to
 * and whether each was new or already stored. A dry run reports what a real import would store,
 * derived values included, and stores nothing.
 */
@Schema(name = "SpecSourceImport", description = "What a spec page or table says, and what the import stored.")
public record SpecSourceReport(
        @Schema(examples = "https://ark.intel.com/content/www/us/en/ark/products/123626.html") String url,
        @Schema(nullable = true, description = "The page title.") String title,
        SourceKind kind,
        Instant retrievedAt,
        @Schema(description = "The importer and its version.", examples = "spec-page/1") String importer,
        DictionaryView dictionary,
        boolean dryRun,
        @Schema(description = "True when anything was written to the catalog.") boolean stored,
        @Schema(description = "One entry per drive the source describes: one for a page, one per model column of a table.")
        List<VariantReport> variants) {

    @Schema(name = "SpecDictionaryUsed", description = "The label dictionary that read the source, and how it was recognised.")
    public record DictionaryView(
            @Schema(examples = "intel") String id,
            @Schema(examples = "Intel ARK-style product pages") String name,
            @Schema(examples = "host ark.intel.com") String recognisedBy) {
    }

    @Schema(name = "SpecSourceVariant")
    public record VariantReport(
            @Schema(nullable = true, description = "The table column or model the values came from; null for a page.", examples = "S3700 400GB")
            String name,
            IdentityView identity,
            MatchView match,
            List<ValueView> values,
            @Schema(description = "Values drivecat derived for the drive after storing (TBW from DWPD and the reverse), each naming its "
                    + "inputs; in a dry run, the ones it would derive after a real import.")
            List<DerivedView> derived,
            @Schema(description = "Values stored by this import; in a dry run, the values a real import would store.") int added,
            @Schema(description = "Values this source had already given.") int unchanged) {
    }

    @Schema(name = "SpecSourceIdentity", description = "Who the drive is, as far as the source (and the vendor/model parameters) say.")
    public record IdentityView(
            @Schema(nullable = true, examples = "Intel") String vendor,
            @Schema(nullable = true, examples = "Optane SSD 900P") String model,
            List<String> partNumbers,
            @Schema(nullable = true, examples = "280") Integer capacityGb,
            @JsonProperty("interface") @Schema(name = "interface", nullable = true) Interface iface,
            @Schema(nullable = true) FormFactor formFactor,
            @Schema(nullable = true) Integer pcieGen,
            @Schema(nullable = true) Integer pcieLanes) {

        static IdentityView of(SpecParse.Identity id) {
            return new IdentityView(id.vendor(), id.model(), id.partNumbers(), id.capacityGb(), id.iface(), id.formFactor(),
                    id.pcieGen(), id.pcieLanes());
        }
    }

    /** How the source was matched to a drive. */
    public enum MatchOutcome {
        /** Matched by part number, or by vendor, model and capacity. */
        MATCHED,
        /** The request named the drive ({@code drive=}). */
        NAMED,
        /** No drive matched and the import created one ({@code create=true}). */
        CREATED,
        /** A dry run: no drive matched, and {@code create=true} would create this one. */
        WOULD_CREATE,
        /** Several drives fit; nothing is stored. */
        AMBIGUOUS,
        /** No drive fits; nothing is stored. */
        UNMATCHED,
        /** A table column the request did not ask for ({@code drive=} names one drive). */
        SKIPPED
    }

    @Schema(name = "SpecSourceMatch")
    public record MatchView(
            MatchOutcome outcome,
            @Schema(nullable = true, description = "The drive the values belong to.", examples = "intel-optane-900p-280gb-aic") String drive,
            @Schema(description = "Why, in words.", examples = "part number SSDPED1D280GA") String reason,
            @Schema(description = "For AMBIGUOUS: the drives that fit.") List<String> candidates,
            @Schema(description = "For UNMATCHED with create=true: what the source does not say that a new drive needs.")
            List<String> missing) {
    }

    /**
     * Whether a value was stored: NEW, UNCHANGED (the source had already said it), NOT_STORED (its
     * variant went to no drive), or in a dry run WOULD_ADD (a real import would store it).
     */
    public enum Stored { NEW, UNCHANGED, NOT_STORED, WOULD_ADD }

    @Schema(name = "SpecSourceValue", description = "One value found, with the source's words and the normalised reading.")
    public record ValueView(
            @Schema(nullable = true, description = "The label as the source writes it; null for a value drivecat concluded (NOT_STATED).",
                    examples = "Enhanced Power Loss Data Protection") String label,
            @Schema(nullable = true, description = "The value as the source writes it.", examples = "No") String sourceValue,
            @Schema(description = "What is stored as the verbatim evidence.", examples = "Enhanced Power Loss Data Protection: No")
            String wording,
            @Schema(description = "The catalog field; raw for a label no dictionary maps (appliesTo holds the label).") SpecField field,
            @Schema(nullable = true, description = "The normalised value (number, token or text); null when the wording could not be read as one.",
                    examples = "STATED_NO") Object value,
            @Schema(nullable = true, examples = "TB") String unit,
            @Schema(nullable = true, description = "The model a MODEL_SPECIFIC statement applies to, or the label of a raw value.") String appliesTo,
            @Schema(nullable = true, description = "How the value was read, when that is not obvious.", examples = "PB written kept as TB (× 1000)")
            String note,
            @Schema(nullable = true, description = "The dictionary whose label matched.", examples = "intel") String dictionary,
            @Schema(nullable = true, description = "vendor or model when the row was read as the drive's identity.") String identity,
            Stored stored) {
    }

    @Schema(name = "SpecSourceDerived")
    public record DerivedView(
            SpecField field,
            @Schema(examples = "10") BigDecimal value,
            @Schema(nullable = true, examples = "DWPD") String unit,
            @Schema(examples = "10 DWPD = 5110 TB ÷ (0.28 TB × 365 × 5 years)") String wording,
            @Schema(description = "The stated values it was derived from.") String derivedFrom) {
    }
}
