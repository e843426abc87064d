package dev.drivecat.pools;

import static dev.drivecat.pools.PoolOutputParserTest.bytes;
import static dev.drivecat.pools.PoolOutputParserTest.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HistogramSizingTest {

    private static final long GIB = 1L << 30;

    private static HistogramSizing.Cutoff at(HistogramSizing sizing, String cutoff) {
        return sizing.cutoffs().stream().filter(c -> c.smallBlocks().equals(cutoff)).findFirst().orElseThrow();
    }

    private static PoolPaste.BlockHistogram histogram(HistogramBinning binning, Long metadata, Long ddt, boolean dedup,
                                                      String... rowAndGib) {
        Map<String, Long> rows = new LinkedHashMap<>();
        for (String pair : rowAndGib) {
            String[] p = pair.split("=");
            rows.put(p[0], Long.parseLong(p[1]) * GIB);
        }
        return new PoolPaste.BlockHistogram(rows, binning, null, metadata, ddt, dedup, null);
    }

    private static long need(long bytes) {
        return (long) Math.ceil(bytes / 0.75);
    }

    @Test
    void sizesEveryCutoffFromZeroTo16M() {
        HistogramSizing sizing = HistogramSizing.of(PoolOutputParser.parse(fixture("zdb-2.4-dedup-class.txt")).blockHistogram(), null);

        assertThat(sizing.cutoffs()).extracting(HistogramSizing.Cutoff::smallBlocks).containsExactly("0", "4K", "8K", "16K", "32K",
                "64K", "128K", "256K", "512K", "1M", "2M", "4M", "8M", "16M");
        assertThat(at(sizing, "0").neededBytes()).as("metadata only").isEqualTo(need(8 * GIB));
        assertThat(at(sizing, "16K").smallBlocksBytes()).isEqualTo(16_384);
        assertThat(at(sizing, "16K").neededBytes()).isEqualTo(need(8 * GIB + bytes("4.50G")));
        assertThat(at(sizing, "16K").atLeastBytes()).as("the small blocks all fit in the metadata's size").isEqualTo(need(8 * GIB));
        assertThat(at(sizing, "128K").neededBytes()).isEqualTo(need(8 * GIB + 512 * GIB));
        assertThat(at(sizing, "128K").atLeastBytes()).isEqualTo(need(512 * GIB));
        assertThat(at(sizing, "16K").counted()).isEqualTo("metadata 8.00 GiB + the blocks of at most 16K, 4.50 GiB (the asize Cum. "
                + "at 16K: metadata blocks of that size counted again) = 12.50 GiB, ÷ 0.75 = 16.67 GiB; at least 10.67 GiB (each "
                + "metadata byte once)");
        assertThat(sizing.warnings()).isEmpty();
        assertThat(sizing.basis()).anyMatch(b -> b.contains("zfs_special_class_metadata_reserve_pct=25"));
    }

    @Test
    void beforeZdb24TheRowBelowTheCutoffBoundsItFromBelow() {
        PoolPaste.BlockHistogram h = histogram(HistogramBinning.FROM, 2 * GIB, 0L, false, "4K=1", "8K=3", "16K=6", "32K=10");

        HistogramSizing sizing = HistogramSizing.of(h, null);

        HistogramSizing.Cutoff sixteen = at(sizing, "16K");
        assertThat(sixteen.neededBytes()).isEqualTo(need(8 * GIB));
        assertThat(sixteen.atLeastBytes()).as("metadata + the 8K row beyond the metadata").isEqualTo(need(3 * GIB));
        assertThat(sixteen.counted()).contains("with this zdb also those up to 32K").contains("only the blocks below 16K: the 8K row");
        assertThat(at(sizing, "4K").atLeastBytes()).as("no 2K row").isNull();
        assertThat(at(sizing, "64K").counted()).isEqualTo("not known: the paste's histogram has no 64K row");
        assertThat(at(sizing, "64K").neededBytes()).isNull();
        assertThat(sizing.warnings()).singleElement().asString().startsWith("this zdb (before OpenZFS 2.4)");
    }

    @Test
    void withoutTheMetadataOnlyALowerBound() {
        PoolPaste.BlockHistogram h = histogram(HistogramBinning.UP_TO, null, null, false, "8K=3", "16K=6");

        HistogramSizing sizing = HistogramSizing.of(h, null);

        assertThat(at(sizing, "0").neededBytes()).isNull();
        assertThat(at(sizing, "16K").neededBytes()).isNull();
        assertThat(at(sizing, "16K").atLeastBytes()).isEqualTo(need(6 * GIB));
        assertThat(sizing.warnings()).anyMatch(w -> w.startsWith("the paste shows no metadata size"));
    }

    @Test
    void aDedupVdevTakesTheDedupTableOffTheSpecialVdev() {
        PoolPaste paste = PoolOutputParser.parse(fixture("zdb-2.4-dedup-class.txt") + "\n" + String.join("\n",
                "NAME STATE READ WRITE CKSUM", "tank ONLINE 0 0 0", "  raidz1-0 ONLINE 0 0 0", "    sda ONLINE 0 0 0",
                "    sdb ONLINE 0 0 0", "    sdc ONLINE 0 0 0", "dedup", "  mirror-1 ONLINE 0 0 0", "    nvme0n1 ONLINE 0 0 0",
                "    nvme1n1 ONLINE 0 0 0"));

        HistogramSizing sizing = HistogramSizing.of(paste.blockHistogram(), paste.pools().get(0));

        assertThat(at(sizing, "0").metadataBytes()).isEqualTo(8 * GIB - bytes("950M"));
        assertThat(sizing.ddt()).startsWith("The dedup table goes to the dedup vdev, not the special vdev (its blocks, 0.93 GiB asize, "
                + "are in the Metadata Total): zpoolconcepts(7) calls a dedup vdev \"A device solely dedicated for deduplication "
                + "tables.\" (https://github.com/openzfs/zfs/blob/");
    }

    @Test
    void withoutADedupVdevTheDedupTableGoesToTheSpecialVdev() {
        HistogramSizing sizing = HistogramSizing.of(PoolOutputParser.parse(fixture("zdb-2.4-dedup-class.txt")).blockHistogram(), null);

        assertThat(at(sizing, "0").metadataBytes()).isEqualTo(8 * GIB);
        assertThat(sizing.ddt()).startsWith("With no dedup vdev the dedup table goes to the special vdev")
                .contains("\"If enabled, ZFS will place DDT data into the special allocation class.\"")
                .contains(HistogramSizing.ZFS_PARAMETERS_URL);
    }

    @Test
    void noDedupNoWords() {
        PoolPaste.BlockHistogram h = histogram(HistogramBinning.UP_TO, GIB, 0L, false, "4K=1");

        assertThat(HistogramSizing.of(h, null).ddt()).isNull();
        assertThat(HistogramSizing.CUTOFFS).hasSize(14);
        assertThat(List.of(HistogramSizing.ZPOOLCONCEPTS_URL, HistogramSizing.ZFS_PARAMETERS_URL, HistogramSizing.ZDB_URL))
                .allMatch(u -> u.startsWith("https://github.com/openzfs/zfs/blob/be7657e3f2788c4e5edb635d0bc5c24eff9eb2db/"));
    }
}
