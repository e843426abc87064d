package dev.drivecat.ranking;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.PlpAssessment;
import dev.drivecat.common.Kept;
import dev.drivecat.pricing.Offer;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The answer of GET /recommend: the ranked drives, each score explained, and what was left out. */
@Schema(name = "Recommendation")
public record Recommendation(
        RecommendQuery query,
        ModelView model,
        @JsonSerialize(contentUsing = Kept.Text.class)
        @Schema(description = "Things that hold for the whole answer, in plain sentences.") List<String> notes,
        PriceAges prices,
        List<Result> results,
        FilteredOut filteredOut) {

    /** The same answer, saying which catalog version it was computed from and when that was read. */
    public Recommendation withCatalog(long version, Instant readAt) {
        return new Recommendation(query, model, notes, new PriceAges(prices.currency(), prices.oldestObservedAt(),
                prices.newestObservedAt(), prices.oldestAgeDays(), prices.newestAgeDays(), version, readAt), results, filteredOut);
    }

    @Schema(name = "RecommendResult")
    public record Result(
            @Schema(examples = "1") int rank,
            @JsonSerialize(using = Kept.Json.class) DriveRef drive,
            @Schema(description = "0 to 100: the sum of the components' points.", examples = "91.7") double score,
            @Schema(description = "Every component of the score: its weight, its value 0..1, its points and the input it was computed from.")
            List<Component> components,
            @JsonSerialize(using = Kept.Json.class)
            @Schema(nullable = true, description = "The cheapest matching offer (in stock unless includeOutOfStock).") Offer bestOffer,
            @Schema(nullable = true, description = "Drives bought together: the special mirror, or a mirrored log.") Integer setSize,
            @Schema(nullable = true, description = "What the whole set costs from offers that can fill it.") BigDecimal setCost,
            @Schema(nullable = true, description = "How the set is bought when it takes more than one offer, or why it cannot be.")
            String setCostBasis,
            @Schema(nullable = true, description = "4K QD1 sync IOPS predicted on the buying guide's lab pool (RAIDZ2 of "
                    + "hard-drive-class disks) with the ZIL on this drive: relative to that pool, not yours.")
            Long predictedSyncIops,
            @JsonSerialize(using = Kept.Json.class) FlushView flush,
            @JsonSerialize(using = Kept.Json.class)
            @Schema(description = "The drive's power-loss protection as its page reads it: the same class and the same words.")
            PlpAssessment plp,
            @Schema(nullable = true, description = "Years of rated endurance at the expected write rate.") Double lifeYears,
            String lifeBasis,
            @Schema(nullable = true) CapacityFit capacity,
            @JsonSerialize(contentUsing = Kept.Text.class) @Schema(description = "Why this rank, in plain sentences.") List<String> reasons,
            @JsonSerialize(contentUsing = Kept.Text.class) @Schema(description = "What to check before buying.") List<String> warnings,
            @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
            @Schema(nullable = true, description = "mixedModels=true: the set bought half of this drive and half of the best-ranked "
                    + "other model that also fits; left out otherwise.") MixedSet mixedSet) {
    }

    /**
     * A set of two models: this result's drive and another that fits, half each.
     *
     * @param units drives of this result's model in the set
     * @param withUnits drives of the other model
     */
    @Schema(name = "MixedSet")
    public record MixedSet(@JsonSerialize(using = Kept.Json.class) DriveRef with, int units, int withUnits,
                           @Schema(nullable = true, description = "What the set costs at each model's cheapest offer; null without a "
                                   + "price for both.") BigDecimal setCost,
                           String basis,
                           @Schema(description = "A mirror holds what its smallest drive holds, GiB.") double capacityGib,
                           @Schema(description = "The weaker protection of the two, as the drive pages read it.") String weakerPlp) {
    }

    @Schema(name = "RecommendDrive")
    public record DriveRef(String slug, String vendor, String model, int capacityGb,
                           @JsonProperty("interface") @Schema(name = "interface") Interface iface, FormFactor formFactor,
                           @Schema(nullable = true) Media media) {
    }

    @Schema(name = "ScoreComponent")
    public record Component(
            @Schema(examples = "flush") ScoreComponent name,
            @Schema(examples = "35") int weight,
            @Schema(description = "0 to 1.", examples = "0.936") double value,
            @Schema(description = "weight × value.", examples = "32.8") double points,
            @JsonSerialize(using = Kept.Text.class) @Schema(description = "What the value was computed from.") String input) {
    }

    @Schema(name = "Flush")
    public record FlushView(
            @Schema(description = "The flush latency used, µs.", examples = "14.1") double latencyUs,
            @Schema(description = "How sure it is: measured (the median of this drive's published measurements), "
                    + "measured-other-form-factor (the same model and capacity measured as another form factor), vendor-stated, "
                    + "or class-default (its device class's cited default).") FlushEvidence evidence,
            @Schema(description = "Where the number comes from, in words.") String basis) {
    }

    @Schema(name = "CapacityFit")
    public record CapacityFit(double capacityGib, @Schema(nullable = true) Double requiredGib, String assessment,
                              @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                              @Schema(description = "POST /recommend with a zdb histogram: the largest special_small_blocks cutoff "
                                      + "whose measured need one drive (the special mirror's capacity) holds: 0 for the metadata "
                                      + "only, none when even that does not fit. Left out without a histogram.", examples = "64K")
                              String holdsSmallBlocksUpTo) {
    }

    @Schema(name = "RankingModel", description = "The model behind the scores, with its assumptions.")
    public record ModelView(
            Map<ScoreComponent, Integer> weights,
            @Schema(nullable = true) String syncIopsModel,
            @Schema(nullable = true) Double overheadUs,
            @Schema(nullable = true) List<FlushModel.Calibration> calibration,
            List<String> assumptions,
            @Schema(description = "Where the formulas and the reasons for the weights are documented.") String documentation) {
    }

    @Schema(name = "PriceAges", description = "How old the prices behind this answer are.")
    public record PriceAges(String currency, @Schema(nullable = true) Instant oldestObservedAt,
                            @Schema(nullable = true) Instant newestObservedAt,
                            @Schema(nullable = true) Long oldestAgeDays, @Schema(nullable = true) Long newestAgeDays,
                            @Schema(nullable = true, description = "The catalog version this answer was computed from.")
                            Long catalogVersion,
                            @Schema(nullable = true, description = "When drivecat last matched its in-memory catalog against the "
                                    + "database. A write made on this instance is in every answer once the write has returned; one "
                                    + "made elsewhere, once its notification has been applied (typically within milliseconds; see "
                                    + "src/docs/benchmarks.md).") Instant catalogReadAt) {
    }

    @Schema(name = "FilteredOut", description = "Drives left out, counted by reason.")
    public record FilteredOut(int total, Map<Exclusion, Integer> byReason,
                              @JsonSerialize(using = Kept.Json.class) List<Excluded> drives) {
    }

    @Schema(name = "ExcludedDrive")
    public record Excluded(String slug, @Schema(examples = "noPlp") Exclusion reason, String detail) {
    }
}
