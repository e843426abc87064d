package dev.drivecat.specs;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The structured import format, {@value #FORMAT}: drives with spec values, listings with price
 * observations, and the sources they come from. Documented in src/docs/import-format.md.
 */
@Schema(name = "ImportDocument", description = "A structured import document (format drivecat-import/1); see src/docs/import-format.md.")
public record ImportDocument(
        @Schema(description = "Always drivecat-import/1.", examples = "drivecat-import/1") String format,
        @Schema(description = "The sources the values come from, by an id local to this document.") Map<String, Source> sources,
        List<DriveEntry> drives,
        List<ListingEntry> listings) {

    public static final String FORMAT = "drivecat-import/1";

    @Schema(name = "ImportSource")
    public record Source(
            @Schema(description = "Absolute URL of the source, or a urn: naming a document with no public address.") String url,
            String title,
            @Schema(description = "VENDOR_PAGE, VENDOR_DATASHEET, REVIEW or MEASUREMENT.") String kind,
            @Schema(description = "When the source was read (ISO 8601).", examples = "2026-10-21T00:00:00Z") String retrievedAt) {
    }

    @Schema(name = "ImportDrive")
    public record DriveEntry(
            @Schema(examples = "intel-optane-p4800x-375gb-u2") String slug,
            String vendor,
            String model,
            Integer capacityGb,
            @JsonProperty("interface") @Schema(description = "sata, sas or nvme") String iface,
            @Schema(description = "2.5in, u2, u3, m2-2280, m2-22110, aic or e1s") String formFactor,
            Integer pcieGen,
            Integer pcieLanes,
            Boolean discontinued,
            List<String> partNumbers,
            List<SpecEntry> specs) {
    }

    @Schema(name = "ImportSpec")
    public record SpecEntry(
            @Schema(description = "A spec field, e.g. plp, dwpd, tbw, media.") String field,
            @Schema(description = "The normalised value: a number, or a token for token fields (e.g. STATED_YES); omit when the wording cannot be read as a value.",
                    examples = "30")
            JsonNode value,
            @Schema(description = "The field's unit; if given it must be the field's canonical unit.") String unit,
            @Schema(description = "The model a MODEL_SPECIFIC statement applies to, or the label of a raw value.") String appliesTo,
            @Schema(description = "The source's own words, verbatim.") String wording,
            @Schema(description = "The id of an entry in sources.") String source,
            @Schema(nullable = true, description = "true when the source says this in its own words as a general claim (\"all of these "
                    + "drives have a capacitor backed write cache\") rather than by quoting a specification: kept as evidence, never "
                    + "counted as stated. Default false.") Boolean claim) {
    }

    @Schema(name = "ImportListing")
    public record ListingEntry(
            @Schema(examples = "amazon-us") String marketplace,
            String externalId,
            String url,
            @Schema(description = "The slug of the drive this listing sells.") String drive,
            String sellerName,
            @Schema(description = "MARKETPLACE or THIRD_PARTY") String sellerType,
            Boolean fulfilledByMarketplace,
            @Schema(description = "NEW, NEW_OLD_STOCK, USED or RENEWED") String condition,
            Boolean businessOnly,
            @Schema(description = "Put url on the watch list: every scrape run fetches it for this drive. url must be a product page "
                    + "of a marketplace in scrapers/.") Boolean watch,
            List<ObservationEntry> observations) {
    }

    @Schema(name = "ImportObservation")
    public record ObservationEntry(
            String observedAt,
            @Schema(description = "Decimal price; for a band, its lower end.", examples = "420.00") BigDecimal price,
            @Schema(description = "The upper end of a price band as the source states it.", examples = "450.00") BigDecimal priceHigh,
            @Schema(examples = "USD") String currency,
            BigDecimal shipping,
            @Schema(description = "A price only members pay (e.g. Prime); never used as the price.") BigDecimal memberPrice,
            Boolean inStock,
            String availability,
            @Schema(description = "How the source states the price, verbatim.", examples = "$420 to $450") String wording,
            @Schema(description = "The id of an entry in sources.") String source) {
    }
}
