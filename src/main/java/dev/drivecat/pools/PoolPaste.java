package dev.drivecat.pools;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What a paste of {@code zpool status}, {@code zpool list -v} and {@code zdb -Lbbbs} output says
 * about its pools: their vdevs, and zdb's block-size histogram. Nothing is guessed: a size the
 * output does not show is null, and every line that was not understood is named in
 * {@link #warnings()}.
 *
 * @param zdbWithoutHistogram the paste has a zdb run without a Block Size Histogram (zdb -b prints
 *        none, and a paste may stop short of it); not in the answer: the 400 for a paste of nothing else says so
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@Schema(name = "PoolPaste", description = "The pools and the block-size histogram read from pasted zpool and zdb output.")
public record PoolPaste(
        @Schema(description = "Every pool the paste shows, in the order it first shows them. A pool shown by more than one "
                + "command (zpool status and zpool list -v, say) is one entry: sizes come from whichever shows them.")
        List<Pool> pools,
        @Schema(nullable = true, description = "zdb's block-size histogram and block statistics; null when the paste has no zdb "
                + "histogram.")
        BlockHistogram blockHistogram,
        @Schema(description = "What was not understood, and where (line numbers of the paste, from 1); what was read despite it.",
                examples = "line 14: no vdev state after \"sdb\" (cut off?): read as a device")
        List<String> warnings,
        @com.fasterxml.jackson.annotation.JsonIgnore @Schema(hidden = true) boolean zdbWithoutHistogram) {

    public PoolPaste {
        pools = List.copyOf(pools);
        warnings = List.copyOf(warnings);
    }

    /** False when the paste held a pool or a histogram: anything else is not zpool or zdb output. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean isEmpty() {
        return pools.isEmpty() && blockHistogram == null;
    }

    /** One pool. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "PastedPool")
    public record Pool(
            @Schema(nullable = true, examples = "tank", description = "The pool's name; null when the paste starts below the "
                    + "pool's own row and has no pool: line.") String name,
            @Schema(nullable = true, examples = "ONLINE", description = "The pool's state (zpool status's state:, its own row, "
                    + "or zpool list's HEALTH); null when only zdb shows the pool.") String state,
            @Schema(description = "Top-level vdevs, then one entry per cache and per spare device, in the order the output "
                    + "lists them.") List<Vdev> vdevs,
            @Schema(description = "True when the output shows deduplicated data in this pool: a DEDUP ratio above 1.00x "
                    + "(zpool list) or DDT entries (zpool status -D). False when it shows none or does not say.")
            boolean dedupShown,
            @Schema(description = "The outputs that show the pool, and their lines in the paste, in the order read.")
            List<Shown> shownAt) {

        public Pool {
            vdevs = List.copyOf(vdevs);
            shownAt = List.copyOf(shownAt);
        }

        public List<Vdev> vdevs(VdevRole role) {
            return vdevs.stream().filter(v -> v.role() == role).toList();
        }
    }

    /**
     * Where in the paste an output is.
     *
     * @param output {@code zpool status}, {@code zpool list -v}, {@code zdb vdev table} (zdb -s) or {@code zdb block statistics}
     * @param fromLine its first line, counted from 1
     * @param toLine its last line
     */
    @Schema(name = "PasteLines")
    public record Shown(@Schema(examples = "zpool status") String output, @Schema(examples = "2") int fromLine,
                        @Schema(examples = "24") int toLine) {

        @Override
        public String toString() {
            return output + (fromLine == toLine ? " at line " + fromLine : " at lines " + fromLine + "–" + toLine);
        }
    }

    /** A top-level vdev, or one cache or spare device. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "PastedVdev")
    public record Vdev(
            VdevRole role,
            VdevType type,
            @Schema(description = "Devices directly under the vdev (a spare-N or replacing-N counts as one); 1 for a single "
                    + "device; 0 when the output lists none under a mirror, raidz or draid row (cut off).", examples = "6")
            int width,
            @Schema(description = "Every device under the vdev, as the output names it, in its order; both halves of a spare-N "
                    + "or replacing-N are listed, so there can be more devices than width. A missing disk is named by its GUID.",
                    examples = "[\"sda\", \"sdb\"]") List<String> devices,
            @Schema(nullable = true, description = "The vdev's size in bytes as zpool list -v shows it (for RAIDZ and dRAID "
                    + "the raw size, parity included), or used + avail from zdb's vdev table; null when not shown. From the "
                    + "rounded figures the output prints, K/M/G/T/P as powers of 1024.") Long sizeBytes,
            @Schema(nullable = true, description = "Allocated bytes as zpool list -v (ALLOC) or zdb (used) shows them; null when "
                    + "not shown.") Long allocBytes,
            @Schema(nullable = true, description = "The smallest device's size in bytes, where zpool list -v prints a size on "
                    + "the device rows (OpenZFS 2.2 and later; earlier releases print -); null when not shown.")
            Long deviceSizeBytes) {

        public Vdev {
            devices = List.copyOf(devices);
        }

        /** The same vdev with the sizes another output of the same pool shows, where this one shows none. */
        Vdev withSizesFrom(Vdev other) {
            return new Vdev(role, type, width, devices, sizeBytes != null ? sizeBytes : other.sizeBytes,
                    allocBytes != null ? allocBytes : other.allocBytes,
                    deviceSizeBytes != null ? deviceSizeBytes : other.deviceSizeBytes);
        }
    }

    /** From zdb -bb (or more b's): the asize histogram's cumulative column and the block statistics. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "BlockHistogram")
    public record BlockHistogram(
            @Schema(type = SchemaType.OBJECT, description = "The asize Cum. column of zdb's Block Size Histogram, in bytes, by "
                    + "row: 512, 1K, 2K, … 16M. With binning up-to (zdb of OpenZFS 2.4 and later) a row's figure is the asize of "
                    + "every block of at most its size; with binning from (earlier zdb) of every block below twice its size. "
                    + "Every block is counted, metadata blocks included. A row the paste does not show is left out.",
                    additionalProperties = Long.class, examples = "{\"4K\": 5526118, \"8K\": 3178275963}")
            Map<String, Long> asizeAtOrBelow,
            @Schema(description = "Which blocks a histogram row counts: up-to, those larger than half its size up to and "
                    + "including it (zdb prints a note under the title: OpenZFS 2.4 and later); from, those from its size up to "
                    + "twice it (the title without a note: earlier zdb); unknown when the paste lacks both lines.")
            HistogramBinning binning,
            @Schema(nullable = true, description = "All blocks' asize: zdb's bp allocated (exact), else its Total row, else the "
                    + "histogram's 16M row; null when none is shown.") Long totalAsize,
            @Schema(nullable = true, description = "Metadata asize: zdb's Metadata Total row (OpenZFS 2.2 and later), else added "
                    + "up from the block-type table's per-level rows as that row is (zdb -bbb); null when the output has neither.")
            Long metadataAsize,
            @Schema(nullable = true, description = "The dedup table's asize (its DDT ZAP algorithm row; 0 when that row is -); "
                    + "null when the paste has no block-type table.") Long ddtAsize,
            @Schema(description = "True when the zdb output shows deduplication: bp deduped above 0, a Dedup class line, DDT "
                    + "lines, or a dedup table with blocks.") boolean dedupShown,
            @Schema(description = "The zdb output the histogram is read from, and its lines in the paste.") Shown shownAt) {

        public BlockHistogram {
            asizeAtOrBelow = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(asizeAtOrBelow));
        }
    }
}
