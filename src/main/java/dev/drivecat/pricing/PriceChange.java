package dev.drivecat.pricing;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What changed over a window for one kind of offer of a drive: one currency, one condition, one seller type. */
@Schema(name = "PriceChange")
public record PriceChange(
        @Schema(examples = "intel-optane-p4800x-375gb-u2") String drive,
        @Schema(examples = "Intel Optane SSD DC P4800X 375GB") String driveName,
        @Schema(description = "The model and capacity, for short lines such as a mail subject.", examples = "Optane SSD DC P4800X 375GB")
        String shortName,
        @JsonProperty("interface") @Schema(name = "interface") Interface iface,
        FormFactor formFactor,
        @Schema(description = "The drive in drivecat.", examples = "http://localhost:8080/drives/intel-optane-p4800x-375gb-u2") String driveUrl,
        @Schema(examples = "USD") String currency,
        @Schema(nullable = true, description = "null: the offers did not say.") Condition condition,
        @Schema(nullable = true, description = "null: the offers did not say.") SellerType sellerType,
        @Schema(description = "What changed, most important first.") List<ChangeKind> kinds,
        @Schema(nullable = true, description = "The best offer at the window's start (or, with none in stock, the newest).") PricePoint before,
        @Schema(nullable = true, description = "The best offer at the window's end (or, with none in stock, the newest).") PricePoint after,
        @Schema(nullable = true, description = "after.price − before.price.", examples = "-50.00") BigDecimal change,
        @Schema(nullable = true, description = "The change in percent of before.price, one decimal.", examples = "-11.9") BigDecimal percent,
        @Schema(nullable = true, description = "The lowest in-stock price of this kind of offer in the look-back before the window.")
        BigDecimal previousLow,
        @Schema(description = "Listings first seen in the window that are in stock.") int newListings) {

    /** One offer at one end of the window. */
    @Schema(name = "PricePoint")
    public record PricePoint(
            @Schema(nullable = true, examples = "370.00") BigDecimal price,
            @Schema(nullable = true) Boolean inStock,
            @Schema(examples = "amazon-us") String marketplace,
            String externalId,
            @Schema(nullable = true, description = "The listing on the marketplace.") String url,
            @Schema(nullable = true, examples = "Amazon.com") String seller,
            @Schema(nullable = true) SellerType sellerType,
            @Schema(nullable = true) Condition condition,
            @Schema(description = "When this was observed.") Instant observedAt) {
    }

    public boolean has(ChangeKind kind) {
        return kinds.contains(kind);
    }

    public PriceChange withKinds(List<ChangeKind> kept) {
        return new PriceChange(drive, driveName, shortName, iface, formFactor, driveUrl, currency, condition, sellerType, kept,
                before, after, change, percent, previousLow, newListings);
    }
}
