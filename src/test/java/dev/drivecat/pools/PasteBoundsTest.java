package dev.drivecat.pools;

import static dev.drivecat.pools.PoolOutputParserTest.fixture;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What one paste may make the reader answer, whatever it repeats: at most
 * {@link PoolOutputParser#MAX_POOLS} pools, {@link PoolOutputParser#MAX_VDEVS} vdevs and
 * {@link PoolOutputParser#MAX_SHOWN} places per pool, the rest counted in a warning that is always
 * listed; and figures that add up past what a long holds give no figure and say so, never a wrapped
 * or clamped one.
 */
class PasteBoundsTest {

    @Test
    void aPoolsNameRepeatedOverAndOverIsOnePoolWhoseOtherShowingsAreCounted() {
        PoolPaste paste = PoolOutputParser.parse("pool: tank\n".repeat(32_768 / 4));

        assertThat(paste.pools()).hasSize(1);
        assertThat(paste.pools().get(0).shownAt()).hasSize(PoolOutputParser.MAX_SHOWN);
        assertThat(paste.warnings()).anyMatch(w -> w.contains("pool \"tank\" is shown " + (32_768 / 4 - PoolOutputParser.MAX_SHOWN)
                + " more times than shownAt lists"));
    }

    @Test
    void morePoolsThanAnAnswerHoldsAreCountedAndTheFirstAreAnswered() {
        StringBuilder paste = new StringBuilder();
        for (int k = 0; k < 500; k++) {
            paste.append("pool: p").append(k).append('\n');
        }

        PoolPaste read = PoolOutputParser.parse(paste.toString());

        assertThat(read.pools()).hasSize(PoolOutputParser.MAX_POOLS);
        assertThat(read.pools().get(0).name()).isEqualTo("p0");
        assertThat(read.warnings()).hasSizeGreaterThan(Warnings.MAX).last().asString()
                .contains("the paste shows 500 pools: the first 64 are answered, the other 436 are left out");
    }

    @Test
    void vdevsPastTheAnswersBoundAreCountedAndLeftOut() {
        StringBuilder paste = new StringBuilder("  pool: tank\nconfig:\n\n\tNAME STATE READ WRITE CKSUM\n\ttank ONLINE 0 0 0\n");
        for (int k = 0; k < 3000; k++) {
            paste.append("\t  d").append(k).append(" ONLINE 0 0 0\n");
        }

        PoolPaste read = PoolOutputParser.parse(paste.toString());

        assertThat(read.pools().get(0).vdevs()).hasSize(PoolOutputParser.MAX_VDEVS);
        assertThat(read.warnings()).contains("the paste shows more than 1024 vdevs: 1976 are left out, the last of the pools first");
    }

    /** Every size in the zdb and zpool list fixtures, set to this: sums of two pass 2^63 bytes. */
    private static final String[] LARGEST = {"7.9E", "4E", "9000000000000000000"};

    @Test
    void figuresThatAddUpPastWhatALongHoldsGiveNoFigureAndSaySo() {
        int leftOutSomewhere = 0;
        Pattern size = Pattern.compile("(?<=\\s)[0-9]+(?:\\.[0-9]+)?[KMGTPE]?(?=\\s|$)", Pattern.MULTILINE);
        for (String fixture : List.of("raidz2x2-logs-list-v-zdb.txt", "zdb-bbbP-levels-before-2.2.txt", "zdb-vdev-table-cut-histogram.txt",
                "zdb-2.4-dedup-class.txt", "list-v-and-status-one-pool.txt")) {
            for (String largest : LARGEST) {
                Matcher m = size.matcher(fixture(fixture));
                String huge = m.replaceAll(largest);
                String what = fixture + " with every figure " + largest;

                PoolPaste paste = PoolOutputParser.parse(huge);
                List<Long> figures = figures(paste);
                assertThat(figures).as("the figures read from %s", what).allSatisfy(f -> assertThat(f).isNotNegative());
                if (paste.blockHistogram() == null) {
                    continue;
                }
                HistogramSizing sizing = HistogramSizing.of(paste.blockHistogram(), paste.pools().isEmpty() ? null : paste.pools().get(0));
                for (HistogramSizing.Cutoff cutoff : sizing.cutoffs()) {
                    if (cutoff.neededBytes() != null) {
                        assertThat(cutoff.neededBytes()).as("the need at %s of %s", cutoff.smallBlocks(), what)
                                .isGreaterThanOrEqualTo(cutoff.metadataBytes() == null ? 0 : cutoff.metadataBytes())
                                .isGreaterThanOrEqualTo(cutoff.smallBlockBytes() == null ? 0 : cutoff.smallBlockBytes());
                    }
                    if (cutoff.atLeastBytes() != null) {
                        assertThat(cutoff.atLeastBytes()).as("the lower bound at %s of %s", cutoff.smallBlocks(), what).isNotNegative();
                    }
                }
                boolean leftOut = sizing.cutoffs().stream().anyMatch(c -> c.counted().contains(HistogramSizing.BEYOND_ANY_POOL));
                if (leftOut) {
                    assertThat(sizing.warnings()).as("the warnings of %s", what).anyMatch(w -> w.contains("8 EiB"));
                    leftOutSomewhere++;
                }
            }
        }
        assertThat(leftOutSomewhere).as("fixtures whose sums passed 2^63 bytes").isPositive();
    }

    @Test
    void perLevelRowsThatAddUpPastWhatALongHoldsGiveNoMetadataAndSaySo() {
        String paste = fixture("zdb-bbbP-levels-before-2.2.txt").replaceAll("(?m)^(\\s*\\S+\\s+\\S+\\s+\\S+\\s+)\\S+(\\s+.*L[0-9].*)$",
                "$17.9E$2");

        PoolPaste read = PoolOutputParser.parse(paste);

        assertThat(read.blockHistogram().metadataAsize()).isNull();
        assertThat(read.warnings()).anyMatch(w -> w.contains("per-level rows add up past 8 EiB"));
    }

    @Test
    void usedAndAvailPastWhatALongHoldsGiveNoSizeAndSaySo() {
        String table = """
                                                    capacity   operations   bandwidth  ---- errors ----
                description                       used avail  read write  read write  read write cksum
                tank                              7.9E  7.9E     0     0     0     0     0     0     0
                  mirror                          7.9E  7.9E     0     0     0     0     0     0     0
                    /dev/sda                                     0     0     0     0     0     0     0
                    /dev/sdb                                     0     0     0     0     0     0     0
                """;

        PoolPaste read = PoolOutputParser.parse(table);

        assertThat(read.pools().get(0).vdevs().get(0).sizeBytes()).isNull();
        assertThat(read.warnings()).anyMatch(w -> w.contains("used and avail of \"mirror\" add up past 8 EiB"));
    }

    private static List<Long> figures(PoolPaste paste) {
        List<Long> figures = new ArrayList<>();
        for (PoolPaste.Pool pool : paste.pools()) {
            for (PoolPaste.Vdev vdev : pool.vdevs()) {
                add(figures, vdev.sizeBytes(), vdev.allocBytes(), vdev.deviceSizeBytes());
            }
        }
        PoolPaste.BlockHistogram h = paste.blockHistogram();
        if (h != null) {
            add(figures, h.totalAsize(), h.metadataAsize(), h.ddtAsize());
            figures.addAll(h.asizeAtOrBelow().values());
        }
        return figures;
    }

    private static void add(List<Long> figures, Long... values) {
        for (Long v : values) {
            if (v != null) {
                figures.add(v);
            }
        }
    }
}
