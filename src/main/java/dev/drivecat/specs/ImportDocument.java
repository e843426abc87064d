package dev.drivecat.specs;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The structured import format, {@value #FORMAT}: drives with spec values, listings with price
 * observations, and the sources they come from. Documented in src/docs/import-format.md.
 *
 * <p>The constraints here are what each member must be on its own; {@link ImportValidator} checks
 * what needs the rest of the document or the catalog (tokens, references, a drive's interface).
 * Messages read after the member's JSON pointer ("/drives/0/slug: is required").
 */
@Schema(name = "ImportDocument", description = "A structured import document (format drivecat-import/1); see src/docs/import-format.md.")
public record ImportDocument(
        @Schema(description = "Always drivecat-import/1.", examples = "drivecat-import/1")
        @NotNull(message = FORMAT_MESSAGE) @Pattern(regexp = FORMAT, message = FORMAT_MESSAGE) String format,
        @Schema(description = "The sources the values come from, by an id local to this document.")
        Map<String, @NotNull(message = "must be an object with url, kind and retrievedAt") @Valid Source> sources,
        List<@NotNull(message = "must be an object") @Valid DriveEntry> drives,
        List<@NotNull(message = "must be an object") @Valid ListingEntry> listings) {

    public static final String FORMAT = "drivecat-import/1";
    static final String FORMAT_MESSAGE = "must be \"" + FORMAT + "\"";
    /** Lower-case words of a-z and 0-9 joined by single hyphens, at most 120 characters (the drive_slug_format_ck check). */
    static final String SLUG = "^(?=.{1,120}$)[a-z0-9]+(-[a-z0-9]+)*$";
    static final String SLUG_MESSAGE = "must be lower-case words of a-z and 0-9 joined by single hyphens, at most 120 characters";
    /** Given, but only white space. */
    private static final String NOT_ONLY_SPACE = "(?s).*\\S.*";
    private static final String MONEY = "money amounts have at most 10 digits before the decimal point and two after";
    static final String INSTANT_EXAMPLE = "an ISO 8601 instant such as 2026-10-21T00:00:00Z, or a date such as 2026-10-21";

    @Schema(name = "ImportSource")
    public record Source(
            @Schema(description = "Absolute URL of the source, or a urn: naming a document with no public address.")
            @NotBlank(message = "is required") String url,
            String title,
            @Schema(description = "VENDOR_PAGE, VENDOR_DATASHEET, REVIEW or MEASUREMENT.")
            @NotBlank(message = "is required; allowed: MEASUREMENT, REVIEW, VENDOR_DATASHEET, VENDOR_PAGE") String kind,
            @Schema(description = "When the source was read (ISO 8601).", examples = "2026-10-21T00:00:00Z")
            @NotBlank(message = "is required: " + INSTANT_EXAMPLE) String retrievedAt) {
    }

    @Schema(name = "ImportDrive")
    public record DriveEntry(
            @Schema(examples = "intel-optane-p4800x-375gb-u2")
            @NotBlank(message = "is required") @Pattern(regexp = SLUG, message = SLUG_MESSAGE) String slug,
            @Pattern(regexp = NOT_ONLY_SPACE, message = "must not be blank") String vendor,
            @Pattern(regexp = NOT_ONLY_SPACE, message = "must not be blank") String model,
            @Positive(message = "must be a positive number of decimal GB") Integer capacityGb,
            @JsonProperty("interface") @Schema(description = "sata, sas or nvme") String iface,
            @Schema(description = "2.5in, u2, u3, m2-2280, m2-22110, aic or e1s") String formFactor,
            @Min(value = 1, message = "must be a PCIe generation from 1 to 6") @Max(value = 6, message = "must be a PCIe generation from 1 to 6")
            Integer pcieGen,
            Integer pcieLanes,
            Boolean discontinued,
            List<@NotBlank(message = "must not be blank") String> partNumbers,
            List<@NotNull(message = "must be an object") @Valid SpecEntry> specs) {
    }

    @Schema(name = "ImportSpec")
    public record SpecEntry(
            @Schema(description = "A spec field, e.g. plp, dwpd, tbw, media.") String field,
            @Schema(description = "The normalised value: a number, or a token for token fields (e.g. STATED_YES); omit when the wording cannot be read as a value.",
                    examples = "30")
            JsonNode value,
            @Schema(description = "The field's unit; if given it must be the field's canonical unit.") String unit,
            @Schema(description = "The model a MODEL_SPECIFIC statement applies to, or the label of a raw value.") String appliesTo,
            @Schema(description = "The source's own words, verbatim.")
            @NotBlank(message = "is required: the source's own words, verbatim") String wording,
            @Schema(description = "The id of an entry in sources.")
            @NotBlank(message = "is required: the id of an entry in sources") String source,
            @Schema(nullable = true, description = "true when the source says this in its own words as a general claim (\"all of these "
                    + "drives have a capacitor backed write cache\") rather than by quoting a specification: kept as evidence of the "
                    + "lowest confidence, never as a vendor's word. Default false.") Boolean claim) {
    }

    @Schema(name = "ImportListing")
    public record ListingEntry(
            @Schema(examples = "amazon-us") @NotBlank(message = "is required") String marketplace,
            @NotBlank(message = "is required: the marketplace's id for the offer, or a key scoped to the report it comes from")
            String externalId,
            String url,
            @Schema(description = "The slug of the drive this listing sells.")
            @NotBlank(message = "is required: the slug of the drive the listing sells") String drive,
            String sellerName,
            @Schema(description = "MARKETPLACE or THIRD_PARTY") String sellerType,
            Boolean fulfilledByMarketplace,
            @Schema(description = "NEW, NEW_OLD_STOCK, USED or RENEWED") String condition,
            Boolean businessOnly,
            @Schema(description = "Put url on the watch list: every scrape run fetches it for this drive. url must be a product page "
                    + "of a marketplace in scrapers/.") Boolean watch,
            List<@NotNull(message = "must be an object") @Valid ObservationEntry> observations) {
    }

    @Schema(name = "ImportObservation")
    public record ObservationEntry(
            @NotBlank(message = "is required: " + INSTANT_EXAMPLE) String observedAt,
            @Schema(description = "Decimal price; for a band, its lower end.", examples = "420.00")
            @Positive(message = "must be greater than 0") @Digits(integer = 10, fraction = 2, message = MONEY) BigDecimal price,
            @Schema(description = "The upper end of a price band as the source states it.", examples = "450.00")
            @Digits(integer = 10, fraction = 2, message = MONEY) BigDecimal priceHigh,
            @Schema(examples = "USD") String currency,
            @PositiveOrZero(message = "must not be negative") @Digits(integer = 10, fraction = 2, message = MONEY) BigDecimal shipping,
            @Schema(description = "A price only members pay (e.g. Prime); never used as the price.")
            @Positive(message = "must be greater than 0") @Digits(integer = 10, fraction = 2, message = MONEY) BigDecimal memberPrice,
            Boolean inStock,
            String availability,
            @Schema(description = "How the source states the price, verbatim.", examples = "$420 to $450") String wording,
            @Schema(description = "The id of an entry in sources.")
            @NotBlank(message = "is required: the id of an entry in sources") String source) {
    }
}
