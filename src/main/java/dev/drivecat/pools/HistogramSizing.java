package dev.drivecat.pools;

import dev.drivecat.common.Decimals;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * How big a special vdev must be for a measured pool, for each {@code special_small_blocks} cutoff:
 * the metadata plus every block at or below the cutoff, from zdb's block histogram, divided by
 * 0.75 so that the vdev stays under 75% full.
 *
 * <p>The rules and their sources (OpenZFS, openzfs/zfs at {@value #OPENZFS_COMMIT}):
 * <ul>
 * <li>What the special class holds: zpoolconcepts(7), Special Allocation Class: "By default, this
 * includes all metadata, the indirect blocks of user data, intent log (in absence of separate log
 * device), and deduplication tables."</li>
 * <li>Which small blocks: a block goes to the special class when its size is at most the dataset's
 * special_small_blocks ({@code zio->io_size <= zp->zp_zpl_smallblk} in spa_preferred_class,
 * module/zfs/spa_misc.c). zdb of OpenZFS 2.4 and later counts in a size's row the blocks up to and
 * including it ("the "4K" bin includes blocks within the (2K; 4K] range", cmd/zdb/zdb.c), so its
 * Cum. column at the cutoff is the small blocks' asize; earlier zdb counted the blocks from the
 * size up to twice it, so the blocks of at most the cutoff lie between the Cum. of the row below
 * the cutoff and the Cum. at the cutoff ({@link HistogramBinning}).</li>
 * <li>The 75%: zfs(4), zfs_special_class_metadata_reserve_pct=25: "Only allow small data blocks to be
 * allocated on the special and dedup vdev types when the available free space percentage on these
 * vdevs exceeds this value."</li>
 * <li>Metadata: zdb's Metadata Total row, every block above level 0 and the level-0 blocks of
 * metadata types (cmd/zdb/zdb.c, "Taught zdb -bb to print metadata totals", 2023).</li>
 * </ul>
 *
 * <p>The figure to buy is an upper bound, and the answer says so: the histogram counts every block,
 * metadata blocks included ({@code zdb_count_block} bins every block pointer), so metadata at or
 * below the cutoff is counted twice; before 2.4 the Cum. at the cutoff also holds blocks up to twice
 * it; and asize is the space a block takes on the vdevs it is on now, which on RAIDZ includes parity
 * and padding that a special mirror does not spend. The lower bound counts each metadata byte once
 * and, before 2.4, only the blocks below the cutoff (the row under it).
 */
public record HistogramSizing(List<Cutoff> cutoffs, String ddt, List<String> basis, List<String> warnings) {

    static final String OPENZFS_COMMIT = "be7657e3f2788c4e5edb635d0bc5c24eff9eb2db";
    public static final String ZPOOLCONCEPTS_URL = "https://github.com/openzfs/zfs/blob/" + OPENZFS_COMMIT + "/man/man7/zpoolconcepts.7";
    public static final String ZFS_PARAMETERS_URL = "https://github.com/openzfs/zfs/blob/" + OPENZFS_COMMIT + "/man/man4/zfs.4";
    public static final String ZDB_URL = "https://github.com/openzfs/zfs/blob/" + OPENZFS_COMMIT + "/cmd/zdb/zdb.c";
    /** Small blocks stop going to the special vdev while less than 25% of it is free. */
    public static final double FILL_LIMIT = 0.75;
    /** special_small_blocks values sized: 0 (metadata only), then the powers of two from 4K to 16M (OpenZFS 2.4 allows up to 16M). */
    public static final List<String> CUTOFFS = List.of("0", "4K", "8K", "16K", "32K", "64K", "128K", "256K", "512K", "1M", "2M",
            "4M", "8M", "16M");

    private static final double GIB = 1024d * 1024 * 1024;
    /** Why a sum of zdb's figures is not given. */
    static final String BEYOND_ANY_POOL = "add up past 8 EiB (2^63 bytes, beyond what any pool holds and what drivecat counts in)";

    public HistogramSizing {
        cutoffs = List.copyOf(cutoffs);
        basis = List.copyOf(basis);
        warnings = List.copyOf(warnings);
    }

    /**
     * One special_small_blocks value: what the special vdev must hold with it, in bytes. Null where
     * the paste does not show what is needed (the histogram row, or the metadata).
     *
     * @param smallBlocks the cutoff as zfs set special_small_blocks takes it ({@code 0}, {@code 16K}, {@code 1M})
     * @param smallBlocksBytes the cutoff in bytes
     * @param metadataBytes the metadata counted (less the dedup table when a dedup vdev takes it)
     * @param smallBlockBytes asize of all blocks at or below the cutoff (0 for cutoff 0)
     * @param neededBytes (metadata + small blocks) ÷ 0.75: the upper bound, the size to buy
     * @param atLeastBytes the lower bound ÷ 0.75, each metadata byte counted once
     * @param counted which blocks were counted, in words
     */
    @Schema(name = "SpecialSizingCutoff")
    public record Cutoff(@Schema(examples = "16K") String smallBlocks, long smallBlocksBytes,
                         @Schema(nullable = true) Long metadataBytes, @Schema(nullable = true) Long smallBlockBytes,
                         @Schema(nullable = true) Long neededBytes, @Schema(nullable = true) Long atLeastBytes, String counted) {
    }

    /**
     * @param histogram zdb's, from the paste
     * @param pool the pool it is of, when the paste shows it (null if not): a dedup vdev keeps the
     *        dedup table off the special vdev
     */
    public static HistogramSizing of(PoolPaste.BlockHistogram histogram, PoolPaste.Pool pool) {
        boolean dedupVdev = pool != null && !pool.vdevs(VdevRole.DEDUP).isEmpty();
        List<String> warnings = new ArrayList<>();
        Long metadata = histogram.metadataAsize();
        Long ddt = histogram.ddtAsize();
        Long counted = metadata;
        if (metadata != null && dedupVdev && ddt != null) {
            counted = Math.max(0, metadata - ddt);
        }
        if (metadata == null) {
            warnings.add("the paste shows no metadata size (zdb's Metadata Total row, printed by zdb -bb of OpenZFS 2.2 and later, "
                    + "or the per-level rows of zdb -bbb): only lower bounds are given; paste zdb -Lbbbs POOL");
        }
        if (dedupVdev && metadata != null && ddt == null) {
            warnings.add("the pool has a dedup vdev but the paste shows no dedup table size: the metadata counted includes it");
        }
        List<Cutoff> cutoffs = new ArrayList<>();
        boolean beyondAnyPool = false;
        for (String cutoff : CUTOFFS) {
            long bytes = cutoff.equals("0") ? 0 : Sizes.bytes(cutoff);
            Long small = bytes == 0 ? Long.valueOf(0) : histogram.asizeAtOrBelow().get(cutoff);
            Long below = bytes == 0 || histogram.binning() == HistogramBinning.UP_TO ? small
                    : histogram.asizeAtOrBelow().get(Sizes.label(Long.numberOfTrailingZeros(bytes) - 1));
            try {
                cutoffs.add(cutoff(cutoff, bytes, metadata, counted, small, below, histogram.binning()));
            } catch (ArithmeticException e) {
                beyondAnyPool = true;
                cutoffs.add(new Cutoff(cutoff, bytes, counted, small, null, null, "not given: " + BEYOND_ANY_POOL));
            }
        }
        if (beyondAnyPool) {
            warnings.add("the paste's zdb figures " + BEYOND_ANY_POOL + ": the sizes they would give are left out");
        }
        if (histogram.binning() != HistogramBinning.UP_TO) {
            warnings.add("this zdb (before OpenZFS 2.4" + (histogram.binning() == HistogramBinning.UNKNOWN ? ", or not known" : "")
                    + ") counts in a size's histogram row the blocks from that size up to twice it: the blocks of at most a cutoff "
                    + "are between the row below it and its own, so the sizes here are bounds that far apart");
        }
        List<String> basis = List.of(
                "The special vdev holds the pool's metadata, the dedup table unless a dedup vdev takes it, and with "
                        + "special_small_blocks=N every block of at most N: zpoolconcepts(7), " + ZPOOLCONCEPTS_URL,
                "Small blocks go to it only while more than 25% of it is free (zfs_special_class_metadata_reserve_pct=25, "
                        + "zfs(4), " + ZFS_PARAMETERS_URL + "), so each need is divided by 0.75",
                "From zdb's block statistics (" + ZDB_URL + "): Metadata Total's asize, and the Block Size Histogram's asize "
                        + "Cum. column, which counts every block at or below each size, metadata blocks included",
                "Upper bound: metadata + the blocks at or below the cutoff (metadata blocks of that size counted twice, and on "
                        + "RAIDZ asize includes parity and padding a special mirror does not spend); lower bound: each metadata "
                        + "byte once");
        return new HistogramSizing(cutoffs, ddt(histogram, dedupVdev), basis, warnings);
    }

    private static Cutoff cutoff(String cutoff, long bytes, Long metadataAll, Long metadata, Long small, Long below,
                                 HistogramBinning binning) {
        if (small == null) {
            return new Cutoff(cutoff, bytes, metadata, null, null, null, "not known: the paste's histogram has no " + cutoff + " row");
        }
        if (bytes == 0) {
            if (metadata == null) {
                return new Cutoff(cutoff, 0, null, 0L, null, null, "metadata only; not known: the paste shows no metadata size");
            }
            long need = need(metadata);
            return new Cutoff(cutoff, 0, metadata, 0L, need, need, String.format(Locale.ROOT,
                    "metadata only (special_small_blocks=0): %s of metadata, ÷ 0.75 = %s", gib(metadata), gib(need)));
        }
        String upTo = binning == HistogramBinning.UP_TO ? "" : ", with this zdb also those up to " + Sizes.label(
                Long.numberOfTrailingZeros(bytes) + 1);
        String lowerRow = binning == HistogramBinning.UP_TO ? "" : ", and only the blocks below " + cutoff + ": the "
                + Sizes.label(Long.numberOfTrailingZeros(bytes) - 1) + " row";
        Long lower = below == null ? null : need(Math.addExact(metadata == null ? 0 : metadata, Math.max(0, below
                - (metadataAll == null ? 0 : metadataAll))));
        String atLeast = lower == null ? "no lower bound (the " + Sizes.label(Long.numberOfTrailingZeros(bytes) - 1)
                + " row is not shown)" : "at least " + gib(lower);
        if (metadata == null) {
            return new Cutoff(cutoff, bytes, null, small, null, lower, String.format(Locale.ROOT,
                    "the blocks of at most %s, %s (the asize Cum. at %s, metadata blocks of that size included%s), plus the "
                            + "metadata, which the paste does not show; %s (those blocks ÷ 0.75%s)",
                    cutoff, gib(small), cutoff, upTo, atLeast, lowerRow));
        }
        long sum = Math.addExact(metadata, small);
        long upper = need(sum);
        return new Cutoff(cutoff, bytes, metadata, small, upper, lower, String.format(Locale.ROOT,
                "metadata %s + the blocks of at most %s, %s (the asize Cum. at %s: metadata blocks of that size counted again%s) "
                        + "= %s, ÷ 0.75 = %s; %s (each metadata byte once%s)",
                gib(metadata), cutoff, gib(small), cutoff, upTo, gib(sum), gib(upper), atLeast, lowerRow));
    }

    /** The bytes ÷ 0.75; an ArithmeticException past what a long holds (2^63 bytes, 8 EiB), never a clamped or wrapped figure. */
    private static long need(long bytes) {
        double need = Math.ceil(bytes / FILL_LIMIT);
        if (need >= 0x1p63) {
            throw new ArithmeticException("long overflow");
        }
        return (long) need;
    }

    /** Where the dedup table goes, when the paste shows deduplication or a dedup vdev; null otherwise. */
    static String ddt(PoolPaste.BlockHistogram histogram, boolean dedupVdev) {
        String size = histogram.ddtAsize() == null || histogram.ddtAsize() == 0 ? ""
                : " (its blocks, " + gib(histogram.ddtAsize()) + " asize, are in the Metadata Total)";
        if (dedupVdev) {
            return "The dedup table goes to the dedup vdev, not the special vdev" + size + ": zpoolconcepts(7) calls a dedup "
                    + "vdev \"A device solely dedicated for deduplication tables.\" (" + ZPOOLCONCEPTS_URL + "); it is left "
                    + "out of the metadata counted here.";
        }
        if (!histogram.dedupShown()) {
            return null;
        }
        return "With no dedup vdev the dedup table goes to the special vdev" + size + ": its class holds, zpoolconcepts(7) says, "
                + "\"all metadata, the indirect blocks of user data, intent log (in absence of separate log device), and "
                + "deduplication tables\" (" + ZPOOLCONCEPTS_URL + "), while zfs_ddt_data_is_special=1, the default: \"If "
                + "enabled, ZFS will place DDT data into the special allocation class.\" (zfs(4), " + ZFS_PARAMETERS_URL
                + "). The figures here count it; it grows with the deduplicated data.";
    }

    private static String gib(long bytes) {
        return Decimals.fixed(bytes / GIB, 2) + " GiB";
    }
}
