package dev.drivecat.drives;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.PlpAssessment;
import dev.drivecat.catalog.PlpClass;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.Offer;
import dev.drivecat.pricing.SellerType;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The JSON shapes of the catalog API. */
public final class DriveViews {

    private DriveViews() {
    }

    @Schema(name = "Source", description = "Where a value comes from.")
    public record SourceView(
            @Schema(description = "Absolute URL, or a urn: naming a document with no public address (urn:drivecat:derived for derived values).",
                    examples = "urn:drivecat:source:slog-special-vdev-buying-guide-2026") String url,
            @Schema(nullable = true) String title,
            SourceKind kind,
            @Schema(description = "When the source was read.") Instant retrievedAt) {
    }

    @Schema(name = "Plp", description = "Power-loss protection: the chosen statement, normalised, with the vendor's words.")
    public record PlpView(
            @JsonProperty("class") @Schema(name = "class", nullable = true, examples = "STATED_YES", description = "Null when "
                    + "the source's wording could not be read as a class: the wording is kept.") PlpClass plpClass,
            @Schema(description = "The source's wording, verbatim.", examples = "Enhanced PLP: Yes") String wording,
            @Schema(nullable = true, description = "For MODEL_SPECIFIC: the model the protection applies to.", examples = "M.2 22x80") String appliesTo,
            SourceView source) {
    }

    @Schema(name = "Endurance", description = "Rated endurance; a derived value is marked derived.")
    public record EnduranceView(
            @Schema(nullable = true, examples = "30") BigDecimal dwpd,
            @Schema(description = "True when dwpd was derived from TBW, capacity and warranty.") boolean dwpdDerived,
            @Schema(nullable = true, description = "Terabytes written.", examples = "5110") BigDecimal tbw,
            boolean tbwDerived,
            @Schema(nullable = true, examples = "5") BigDecimal warrantyYears) {
    }

    @Schema(name = "DriveSummary")
    public record DriveSummary(
            @Schema(examples = "intel-optane-p4800x-375gb-u2") String slug,
            @Schema(examples = "Intel") String vendor,
            @Schema(examples = "Optane SSD DC P4800X") String model,
            @Schema(description = "Decimal GB, as the vendor states it.", examples = "375") int capacityGb,
            @JsonProperty("interface") @Schema(name = "interface") Interface iface,
            FormFactor formFactor,
            @Schema(nullable = true) Integer pcieGen,
            @Schema(nullable = true) Integer pcieLanes,
            @Schema(nullable = true) Media media,
            @Schema(nullable = true, description = "null when no source said.") Boolean discontinued,
            @Schema(nullable = true, description = "The chosen plp statement, as its source words it.") PlpView plp,
            PlpAssessment plpAssessment,
            EnduranceView endurance,
            @Schema(nullable = true, description = "The cheapest in-stock offer in the requested currency; null when there is none.")
            Offer bestOffer) {
    }

    @Schema(name = "DrivePage")
    public record DrivePage(
            List<DriveSummary> items,
            @Schema(description = "Drives matching the filters, over all pages.") long total,
            int limit,
            int offset,
            @Schema(description = "The currency best offers are given in.", examples = "USD") String currency) {
    }

    @Schema(name = "SpecValue", description = "One statement about one field, with its evidence.")
    public record SpecValueView(
            @Schema(nullable = true, description = "The normalised value: a number, a token, or text; null when the wording could not be read as a value.")
            Object value,
            @Schema(nullable = true, examples = "DWPD") String unit,
            @Schema(nullable = true) String appliesTo,
            @Schema(description = "The source's words, verbatim.") String wording,
            SourceView source,
            boolean derived,
            @Schema(nullable = true, description = "For a derived value: what it was derived from.") String derivedFrom,
            @Schema(description = "The code that read it, with its version.", examples = "structured-import/1") String importer,
            @Schema(description = "The source says it as a general claim in its own words, not by quoting a specification: "
                    + "kept as evidence of the lowest confidence (plpAssessment says so), never as a vendor's word.") boolean claim) {
    }

    @Schema(name = "Spec", description = "A field's chosen value and every other value sources gave for it.")
    public record SpecView(
            @Schema(nullable = true) SpecValueView chosen,
            List<SpecValueView> alternatives) {
    }

    @Schema(name = "ListingWithLatest")
    public record ListingView(
            @Schema(examples = "amazon-us") String marketplace,
            String externalId,
            @Schema(nullable = true) String url,
            @Schema(nullable = true) String seller,
            @Schema(nullable = true) SellerType sellerType,
            @Schema(nullable = true) Boolean fulfilledByMarketplace,
            @Schema(nullable = true) Condition condition,
            boolean businessOnly,
            @Schema(nullable = true, description = "The current offer (newest observation that is not suspect).") Offer current,
            @Schema(nullable = true, description = "A newer observation held as suspect until the next one confirms it.") Offer pendingSuspect) {
    }

    @Schema(name = "DriveDetail")
    public record DriveDetail(
            String slug,
            String vendor,
            String model,
            int capacityGb,
            @JsonProperty("interface") @Schema(name = "interface") Interface iface,
            FormFactor formFactor,
            @Schema(nullable = true) Integer pcieGen,
            @Schema(nullable = true) Integer pcieLanes,
            @Schema(nullable = true) Media media,
            @Schema(nullable = true) Boolean discontinued,
            List<String> partNumbers,
            @Schema(nullable = true, description = "The chosen plp statement, as its source words it.") PlpView plp,
            @Schema(description = "What drivecat makes of it, with every source's words: the same reading /recommend uses.")
            PlpAssessment plpAssessment,
            EnduranceView endurance,
            @Schema(nullable = true) Offer bestOffer,
            @Schema(description = "Every spec value by field; raw (unmapped) labels and part numbers are listed in full under alternatives.")
            Map<String, SpecView> specs,
            List<ListingView> listings,
            @Schema(description = "Published 4K sync-write latencies of this drive, lowest first: /recommend takes their median as its flush latency.")
            List<MeasuredLatency> measurements) {
    }

    @Schema(name = "MeasuredLatency", description = "One published sync-write measurement of the drive.")
    public record MeasuredLatency(
            @Schema(description = "Mean time of one durable write (write and flush), µs.", examples = "13.6") BigDecimal latencyUs,
            @Schema(nullable = true, description = "diskinfo or fio; null for a value imported as a spec statement.") String tool,
            @Schema(examples = "sync-write") String test,
            @Schema(examples = "4096") int blockSizeBytes,
            @Schema(description = "The source's own words or line for the number.") String wording,
            String sourceUrl,
            @Schema(nullable = true) String sourceTitle,
            @Schema(nullable = true) Instant measuredAt) {
    }

    @Schema(name = "PriceObservation")
    public record ObservationView(
            Instant observedAt,
            @Schema(examples = "amazon-us") String marketplace,
            String externalId,
            @Schema(nullable = true) String seller,
            @Schema(nullable = true) SellerType sellerType,
            @Schema(nullable = true) Condition condition,
            boolean businessOnly,
            @Schema(nullable = true) BigDecimal price,
            @Schema(nullable = true) BigDecimal priceHigh,
            @Schema(nullable = true) String currency,
            @Schema(nullable = true) BigDecimal shipping,
            @Schema(nullable = true) Boolean inStock,
            @Schema(nullable = true) String availability,
            @Schema(description = "Stored but held back: the price moved too far from the current one.") boolean suspect,
            @Schema(description = "Where the observation comes from.") String source,
            @Schema(nullable = true) String sourceUrl) {
    }

    @Schema(name = "PriceHistory")
    public record PriceHistory(
            String drive,
            @Schema(nullable = true) Instant from,
            @Schema(nullable = true) Instant to,
            List<ObservationView> observations) {
    }
}
