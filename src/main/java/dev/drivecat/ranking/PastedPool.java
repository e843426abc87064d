package dev.drivecat.ranking;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.drivecat.pools.HistogramBinning;
import dev.drivecat.pools.HistogramSizing;
import dev.drivecat.pools.PoolPaste;
import dev.drivecat.pools.PoolQuestion;
import dev.drivecat.pools.VdevRole;
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
        @Schema(description = "What the paste did not show clearly, with its line numbers (from 1).") List<String> warnings,
        @Schema(description = "The devices of the pool's special, dedup and log vdevs as zpool status shows them, with their state "
                + "and error counters.") List<Member> members,
        @Schema(nullable = true, description = "The dedup table's size as the paste shows it (zpool status -D, zdb -D, or zdb's "
                + "DDT ZAP algorithm row); null when it shows none.") DedupTableSize dedupTable,
        @Schema(nullable = true, description = "The pool's sizes as zpool list -v shows them; null without it.") Sizes sizes) {

    public PastedPool {
        shownAt = List.copyOf(shownAt);
        parameters = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(parameters));
        overridden = List.copyOf(overridden);
        warnings = List.copyOf(warnings);
        members = List.copyOf(members);
    }

    /**
     * A device of a special, dedup or log vdev, as zpool status shows it.
     *
     * @param group the vdev it is in ({@code mirror-1}); null when it is the vdev
     */
    @Schema(name = "PastedMember")
    public record Member(VdevRole role, @Schema(nullable = true, examples = "mirror-1") String group,
                         @Schema(examples = "nvme0n1") String name, @Schema(examples = "ONLINE") String state,
                         long read, long write, long cksum, @Schema(examples = "7") int line) {

        /** ONLINE with no error counted. */
        @com.fasterxml.jackson.annotation.JsonIgnore
        public boolean healthy() {
            return "ONLINE".equals(state) && read + write + cksum == 0;
        }
    }

    /**
     * The pool's sizes as zpool list -v shows them (rounded as it prints them): its data vdevs' SIZE and
     * ALLOC added up (raw, parity included), its special vdevs' (a mirror's is one drive's). Each null
     * when not shown.
     */
    @Schema(name = "PastedPoolSizes")
    public record Sizes(@Schema(nullable = true) Long dataSizeBytes, @Schema(nullable = true) Long dataAllocBytes,
                        @Schema(nullable = true) Long specialSizeBytes, @Schema(nullable = true) Long specialAllocBytes) {

        /** What the vdevs of the pool's data and special sections show; null when none shows a size. */
        static Sizes of(PoolPaste.Pool pool) {
            Sizes s = new Sizes(sum(pool, VdevRole.DATA, PoolPaste.Vdev::sizeBytes), sum(pool, VdevRole.DATA, PoolPaste.Vdev::allocBytes),
                    sum(pool, VdevRole.SPECIAL, PoolPaste.Vdev::sizeBytes), sum(pool, VdevRole.SPECIAL, PoolPaste.Vdev::allocBytes));
            return s.dataSizeBytes == null && s.specialSizeBytes == null ? null : s;
        }

        /** The figures of a section's vdevs added up; null unless every one of them shows it. */
        private static Long sum(PoolPaste.Pool pool, VdevRole role, java.util.function.Function<PoolPaste.Vdev, Long> figure) {
            List<PoolPaste.Vdev> vdevs = pool.vdevs(role);
            long total = 0;
            for (PoolPaste.Vdev v : vdevs) {
                Long f = figure.apply(v);
                if (f == null) {
                    return null;
                }
                total += f;
            }
            return vdevs.isEmpty() ? null : total;
        }
    }

    /** The dedup table's size on disk, and where it was read and how. */
    @Schema(name = "DedupTableSize")
    public record DedupTableSize(@Schema(description = "Bytes on disk.") long bytes,
                                 @Schema(description = "What it was read from, and how it was counted.") String basis) {
    }

    /** Where the paste shows the pool, in one line: {@code zpool list -v at lines 2–21, zpool status at lines 23–47}; empty for nowhere. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public String where() {
        return shownAt.stream().map(Object::toString).collect(java.util.stream.Collectors.joining(", "));
    }

    /** The pool's special vdevs' size, bytes, as zpool list -v shows it (a mirror's is one drive's); null when not shown. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public Long specialSizeBytes() {
        return sizes == null ? null : sizes.specialSizeBytes();
    }

    /** What the pool's special vdevs hold now, bytes; null when not shown. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public Long specialAllocBytes() {
        return sizes == null ? null : sizes.specialAllocBytes();
    }

    /** The data vdevs' raw size, bytes (parity included); null when not shown. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public Long dataSizeBytes() {
        return sizes == null ? null : sizes.dataSizeBytes();
    }

    /** What the data vdevs hold now, bytes (parity included); null when not shown. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public Long dataAllocBytes() {
        return sizes == null ? null : sizes.dataAllocBytes();
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
