package dev.drivecat.proposals;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.drivecat.catalog.Interface;
import dev.drivecat.identity.StatedForm;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Proposals as the admin API shows them. */
public final class ProposalViews {

    private ProposalViews() {
    }

    @Schema(name = "Proposal", description = "A drive the market sells that the catalog lacks, with the listings that name it. "
            + "Market evidence, not a spec: nothing in it enters the catalog as a value.")
    public record ProposalView(
            long id,
            @Schema(description = "The maker, as identity names it (Solidigm's and Intel's lines are Intel's).", examples = "Intel")
            String maker,
            @Schema(description = "The model as listings write it, or the catalog's name of a series it holds in other capacities or "
                    + "forms.", examples = "D3-S4610") String model,
            @Schema(description = "The model as identity groups listings by: its numbered and variant words, without the family "
                    + "words sellers add or leave out.", examples = "s4610") String modelKey,
            @Schema(description = "The capacity in decimal GB, read to the SKU a seller's figure rounds to.") int capacityGb,
            @Schema(nullable = true, description = "The form as the listings state it: a catalog form factor (2.5in, u2, u3, m2-2280, "
                    + "m2-22110, aic, e1s), or what they leave open (m2: M.2 of a length not stated; 2.5in-nvme: U.2 or U.3; 2.5in-any: "
                    + "2.5\" of a bus not stated), or a form the catalog holds none of (m2-short, e1l-e3, msata); null when not stated.")
            StatedForm formFactor,
            @JsonProperty("interface") @Schema(name = "interface", nullable = true, description = "The bus as stated (or as the "
                    + "form implies it), null when not stated.") Interface iface,
            @Schema(description = "Whether the model is a series the catalog holds in another capacity or form.") boolean knownSeries,
            @Schema(description = "The part-number-shaped words of its listings.") List<String> partNumbers,
            @Schema(description = "How many listings name it.") int listings,
            @Schema(description = "How many sellers offer them (where the marketplace names the seller).") int sellers,
            @Schema(nullable = true, description = "The lowest price its listings showed, in currency.") BigDecimal priceLow,
            @Schema(nullable = true, description = "The highest price its listings showed, in currency.") BigDecimal priceHigh,
            @Schema(nullable = true, description = "The currency most of its priced listings are in; prices in others are left out of "
                    + "the range.") String currency,
            Instant firstSeen,
            Instant lastSeen,
            @Schema(description = "OPEN, ADOPTED or DISMISSED.") ProposalStatus status,
            @Schema(nullable = true, description = "Why it was dismissed, or the page it was adopted from.") String statusReason,
            @Schema(nullable = true) Instant statusAt,
            @Schema(nullable = true, description = "The catalog drive it was adopted as.") String drive,
            @Schema(description = "Its listings, newest first (the latest result of each).") List<ResultView> results) {
    }

    @Schema(name = "ProposalResult", description = "A listing that names the proposed drive, as a source showed it last.")
    public record ResultView(
            String title,
            @Schema(nullable = true) String url,
            @Schema(description = "The discovery source that showed it (import:<site> for a saved page).", examples = "ebay-browse:ebay-us")
            String source,
            String marketplace,
            String externalId,
            @Schema(nullable = true) BigDecimal price,
            @Schema(nullable = true) String currency,
            @Schema(nullable = true, description = "NEW, NEW_OLD_STOCK, USED or RENEWED, as the source states it.") String condition,
            @Schema(nullable = true) String seller,
            Instant seenAt,
            @Schema(description = "The discovery result (GET /admin/discoveries/results?…, accept or reject it there).")
            long discoveryResult) {
    }

    @Schema(name = "ProposalPage")
    public record ProposalPage(List<ProposalView> items, long total, int limit) {
    }
}
