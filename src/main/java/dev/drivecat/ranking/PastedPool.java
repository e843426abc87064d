package dev.drivecat.ranking;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.drivecat.pools.HistogramBinning;
import dev.drivecat.pools.HistogramSizing;
import dev.drivecat.pools.PoolPaste;
import dev.drivecat.pools.PoolQuestion;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What POST /recommend read from a pasted pool, echoed in the answer's {@code query.pool}: the
 * pool, where the paste shows it, the question it asks ({@link PoolQuestion}), the parameters it
 * gave, the ones given explicitly that were used instead, and the special vdev's size measured from
 * zdb's histogram. Nothing of the paste itself (its devices, its lines) is kept.
 *
 * @param name the pool's name as the paste gives it; null when it shows none (or only a histogram)
 * @param state its state
 * @param shownAt the outputs that show it, and their lines
 * @param read the question the pool asks; null when the paste shows only a zdb histogram
 * @param specialVdevs the special vdevs the pool has already, in one line ({@code 1 × mirror, 2 wide}); null for none
 * @param parameters the query parameters the paste gave, as /recommend takes them
 * @param overridden the parameters given explicitly where the paste gave one too: the explicit one is used
 * @param specialSizing the special vdev's size from zdb's histogram; null without one
 * @param warnings what the paste did not say clearly (line numbers from 1)
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@Schema(name = "QueryPool", description = "What was read from the pasted pool and what of it the question uses.")
public record PastedPool(
        @Schema(nullable = true, examples = "tank") String name,
        @Schema(nullable = true, examples = "ONLINE") String state,
        @Schema(description = "The outputs that show the pool (zpool status, zpool list -v, zdb's vdev table), with their lines.")
        List<PoolPaste.Shown> shownAt,
        @Schema(nullable = true, description = "The question the pool asks: its data vdevs' layout and width, their count, the disks' "
                + "size, its log, special, dedup, cache and spare devices, whether it shows deduplication, and one line saying so. "
                + "Null when the paste shows only a zdb histogram.") PoolQuestion read,
        @Schema(nullable = true, description = "The special vdevs the pool has already, as the paste shows them; null for none.",
                examples = "1 × mirror, 2 wide") String specialVdevs,
        @Schema(type = SchemaType.OBJECT, additionalProperties = String.class, description = "The query parameters the paste "
                + "gave (role=special only: layout, width, dataVdevs, diskTb, hasSlog), as /recommend takes them; an explicit "
                + "parameter of the same name is used instead and listed in overridden.",
                examples = "{\"layout\": \"raidz2\", \"width\": \"6\", \"dataVdevs\": \"2\", \"hasSlog\": \"true\"}")
        Map<String, String> parameters,
        @Schema(description = "Parameters given explicitly where the paste gave one too: the explicit value is used.")
        List<Overridden> overridden,
        @Schema(nullable = true, description = "The special vdev's size for each special_small_blocks cutoff, measured from the "
                + "paste's zdb block histogram; null when the paste has none (the answer's notes then give an estimate).")
        MeasuredSizing specialSizing,
        @Schema(description = "What the paste did not show clearly, with its line numbers (from 1).") List<String> warnings) {

    public PastedPool {
        shownAt = List.copyOf(shownAt);
        parameters = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(parameters));
        overridden = List.copyOf(overridden);
        warnings = List.copyOf(warnings);
    }

    /** Where the paste shows the pool, in one line: {@code zpool list -v at lines 2–21, zpool status at lines 23–47}; empty for nowhere. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public String where() {
        return shownAt.stream().map(Object::toString).collect(java.util.stream.Collectors.joining(", "));
    }

    /** A parameter the paste gave and the query gave too. */
    @Schema(name = "OverriddenParameter")
    public record Overridden(@Schema(examples = "width") String parameter, @Schema(examples = "6") String fromPaste,
                             @Schema(examples = "8") String given) {

        /** As the answer's words say it: {@code width=8 (the paste: 6)}. */
        @Override
        public String toString() {
            return parameter + "=" + given + " (the paste: " + fromPaste + ")";
        }
    }

    /**
     * The special vdev's size measured from zdb's histogram ({@link HistogramSizing}), and the row the
     * question's room is judged by.
     *
     * @param shownAt the zdb output it is read from
     * @param smallBlocks the cutoff the room is judged by: the query's smallBlocks (0 when not set), or
     *        the smallest cutoff of the table at or above it
     * @param neededBytes that row's need, the size to buy (null when the paste lacks what it takes)
     * @param atLeastBytes that row's lower bound
     */
    @Schema(name = "MeasuredSpecialSizing")
    public record MeasuredSizing(
            PoolPaste.Shown shownAt,
            HistogramBinning binning,
            @Schema(description = "The special_small_blocks cutoff the room is judged by: the query's smallBlocks (0, metadata "
                    + "only, when not given), or the smallest of the table's cutoffs at or above it.", examples = "16K")
            String smallBlocks,
            @Schema(nullable = true, description = "What the special vdev needs at that cutoff, bytes: (metadata + the blocks at "
                    + "or below it) ÷ 0.75, an upper bound, the size to buy.") Long neededBytes,
            @Schema(nullable = true, description = "Its lower bound, bytes (each metadata byte counted once).") Long atLeastBytes,
            @Schema(description = "Every cutoff: 0 (metadata only), then 4K to 16M.") List<HistogramSizing.Cutoff> cutoffs,
            @Schema(nullable = true, description = "Where the dedup table goes, when the paste shows deduplication or a dedup vdev.")
            String ddt,
            @Schema(description = "The rules behind the figures, each with its source.") List<String> basis,
            @Schema(description = "What limits the figures.") List<String> warnings) {

        public MeasuredSizing {
            cutoffs = List.copyOf(cutoffs);
            basis = List.copyOf(basis);
            warnings = List.copyOf(warnings);
        }

        /** The table's row for a special_small_blocks value in KiB (0 or null: metadata only): the smallest cutoff at or above it. */
        static HistogramSizing.Cutoff row(List<HistogramSizing.Cutoff> cutoffs, Integer smallBlocksKib) {
            long bytes = smallBlocksKib == null ? 0 : smallBlocksKib * 1024L;
            for (HistogramSizing.Cutoff c : cutoffs) {
                if (c.smallBlocksBytes() >= bytes) {
                    return c;
                }
            }
            return cutoffs.get(cutoffs.size() - 1);
        }

        static MeasuredSizing of(PoolPaste.BlockHistogram histogram, HistogramSizing sizing, Integer smallBlocksKib) {
            HistogramSizing.Cutoff row = row(sizing.cutoffs(), smallBlocksKib);
            return new MeasuredSizing(histogram.shownAt(), histogram.binning(), row.smallBlocks(), row.neededBytes(), row.atLeastBytes(),
                    sizing.cutoffs(), sizing.ddt(), sizing.basis(), sizing.warnings());
        }

        /** The largest cutoff whose need fits in {@code capacityBytes} (a special mirror holds one drive's worth); null if none does. */
        String largestHeld(double capacityBytes) {
            String held = null;
            for (HistogramSizing.Cutoff c : cutoffs) {
                if (c.neededBytes() != null && c.neededBytes() <= capacityBytes) {
                    held = c.smallBlocks();
                } else if (c.neededBytes() != null) {
                    break;
                }
            }
            return held;
        }
    }
}
