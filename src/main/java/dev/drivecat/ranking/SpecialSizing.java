package dev.drivecat.ranking;

import dev.drivecat.pools.HistogramSizing;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How much room a special vdev needs, from the buying guide's measurements on OpenZFS 2.4.1:
 * about 344 bytes of metadata per 4 KiB file; 0.78 MiB of metadata per GiB of data at
 * recordsize=128K and 5.5 MiB per GiB at 16K (other record sizes are interpolated on
 * a + b / recordsize through those two points); plus any data in blocks at or under
 * special_small_blocks. Small blocks stop going to the special vdev at 75% full and spill silently
 * to the data vdevs, so the need is divided by 0.75.
 */
public final class SpecialSizing {

    public static final double BYTES_PER_SMALL_FILE = 344;
    /** The share of the special vdev small blocks may fill: the measured sizing's ({@link HistogramSizing#FILL_LIMIT}). */
    public static final double FILL_LIMIT = HistogramSizing.FILL_LIMIT;
    private static final double MIB_PER_GIB_AT_128K = 0.78;
    private static final double MIB_PER_GIB_AT_16K = 5.5;
    private static final double B = (MIB_PER_GIB_AT_16K - MIB_PER_GIB_AT_128K) / (1.0 / 16 - 1.0 / 128);
    private static final double A = MIB_PER_GIB_AT_128K - B / 128;
    /** Bytes in a GiB. */
    static final double GIB = 1024d * 1024 * 1024;

    /**
     * What the special vdev must hold, each part named, and the capacity that keeps it under 75% full.
     *
     * @param measured from a pasted zdb histogram, not estimated from the data size
     */
    public record Need(double metadataGib, double smallFilesGib, double smallBlocksGib, double requiredGib, List<String> basis,
                       boolean measured) {
    }

    /**
     * The need measured from a pasted zdb histogram, at the row the question's smallBlocks picks: its
     * upper bound, the size to buy, or (when the paste lacks the metadata's size) its lower bound.
     * Empty when the row is not known.
     */
    static Optional<Need> measured(PastedPool.MeasuredSizing m) {
        HistogramSizing.Cutoff row = m.cutoffs().stream().filter(c -> c.smallBlocks().equals(m.smallBlocks()))
                .findFirst().orElse(null);
        Long bytes = m.neededBytes() != null ? m.neededBytes() : m.atLeastBytes();
        if (row == null || bytes == null) {
            return Optional.empty();
        }
        List<String> basis = new ArrayList<>();
        basis.add(row.counted());
        if (m.neededBytes() == null) {
            basis.add("only a lower bound: the paste shows no metadata size");
        }
        return Optional.of(new Need(row.metadataBytes() == null ? 0 : row.metadataBytes() / GIB, 0,
                row.smallBlockBytes() == null ? 0 : row.smallBlockBytes() / GIB, bytes / GIB, basis, true));
    }

    private SpecialSizing() {
    }

    /** Metadata per GiB of data at a record size (KiB). */
    public static double metadataMibPerGib(int recordsizeKib) {
        return A + B / recordsizeKib;
    }

    /**
     * @param dataGib data in the pool (null if unknown)
     * @param recordsizeKib the datasets' recordsize
     * @param fileCount small files (4 KiB class) expected, if known
     * @param smallBlocksGib data expected in blocks at or under special_small_blocks, if known
     * @param everyDataBlock special_small_blocks is at or above the recordsize, so every data block goes to the special vdev
     *                       (counted as the whole {@code dataGib} when {@code smallBlocksGib} is not given)
     */
    public static Optional<Need> need(Double dataGib, int recordsizeKib, Long fileCount, Double smallBlocksGib, boolean everyDataBlock) {
        return need(new Estimate(dataGib, recordsizeKib, 0, 16, fileCount, smallBlocksGib, everyDataBlock, false));
    }

    /**
     * What an estimate is made of: the data in file systems and in zvols, each with its block size, the
     * small files, and which data blocks special_small_blocks sends to the special vdev.
     *
     * @param dataGib all the data (file systems and zvols), null if unknown
     * @param zvolGib the part of it in zvols
     * @param smallBlocksGib data in small blocks as given; when null, the data {@code everyFileBlock} and {@code everyZvolBlock} say
     * @param everyFileBlock special_small_blocks is at or above the recordsize: every file block goes to the special vdev
     * @param everyZvolBlock special_small_blocks is at or above volblocksize on a release that sends zvol blocks there
     */
    public record Estimate(Double dataGib, int recordsizeKib, double zvolGib, int volblocksizeKib, Long fileCount,
                           Double smallBlocksGib, boolean everyFileBlock, boolean everyZvolBlock) {
    }

    /** The need an estimate gives; empty when it gives no size at all. */
    public static Optional<Need> need(Estimate e) {
        if (e.dataGib() == null && e.fileCount() == null && e.smallBlocksGib() == null) {
            return Optional.empty();
        }
        List<String> basis = new ArrayList<>();
        double metadata = 0;
        double zvols = e.dataGib() == null ? 0 : Math.min(e.zvolGib(), e.dataGib());
        double files = e.dataGib() == null ? 0 : e.dataGib() - zvols;
        if (e.dataGib() != null && (files > 0 || zvols == 0)) {
            double m = files * metadataMibPerGib(e.recordsizeKib()) / 1024;
            metadata += m;
            basis.add(String.format(java.util.Locale.ROOT, "%.0f GiB of data at recordsize=%dK: %.2f MiB of metadata per GiB = %.1f GiB",
                    files, e.recordsizeKib(), metadataMibPerGib(e.recordsizeKib()), m));
        }
        if (zvols > 0) {
            double m = zvols * metadataMibPerGib(e.volblocksizeKib()) / 1024;
            metadata += m;
            basis.add(String.format(java.util.Locale.ROOT, "%.0f GiB of zvols at volblocksize=%dK: %.2f MiB of metadata per GiB = %.1f "
                    + "GiB (the guide measured files: a zvol's blocks are taken to cost as much metadata as a file's of that size)",
                    zvols, e.volblocksizeKib(), metadataMibPerGib(e.volblocksizeKib()), m));
        }
        double smallFiles = 0;
        if (e.fileCount() != null) {
            smallFiles = e.fileCount() * BYTES_PER_SMALL_FILE / GIB;
            basis.add(String.format(java.util.Locale.ROOT, "%,d small files × 344 bytes of metadata = %.1f GiB", e.fileCount(),
                    smallFiles));
        }
        double small = 0;
        if (e.smallBlocksGib() != null) {
            small = e.smallBlocksGib();
            basis.add(String.format(java.util.Locale.ROOT, "%.1f GiB of small blocks", small));
        } else {
            if (e.everyFileBlock() && files > 0) {
                small += files;
                basis.add(String.format(java.util.Locale.ROOT, "special_small_blocks at or above the recordsize: every data block "
                        + "goes to the special vdev, %.0f GiB", files));
            }
            if (e.everyZvolBlock() && zvols > 0) {
                small += zvols;
                basis.add(String.format(java.util.Locale.ROOT, "special_small_blocks at or above volblocksize: every zvol block goes "
                        + "to the special vdev, %.0f GiB", zvols));
            }
        }
        double required = (metadata + smallFiles + small) / FILL_LIMIT;
        basis.add(String.format(java.util.Locale.ROOT, "divided by 0.75 so the special vdev stays under 75%% full = %.1f GiB", required));
        return Optional.of(new Need(metadata, smallFiles, small, required, basis, false));
    }

    /** Each of {@code vdevs} special vdevs' share of a need: allocations are balanced among them. */
    static Need shared(Need n, int vdevs) {
        if (vdevs <= 1) {
            return n;
        }
        List<String> basis = new ArrayList<>(n.basis());
        basis.add(String.format(java.util.Locale.ROOT, "shared by %d special vdevs, which allocations are balanced among: %.1f GiB each",
                vdevs, n.requiredGib() / vdevs));
        return new Need(n.metadataGib() / vdevs, n.smallFilesGib() / vdevs, n.smallBlocksGib() / vdevs, n.requiredGib() / vdevs,
                basis, n.measured());
    }

    /** A drive's stated capacity (decimal GB) in GiB. */
    public static double capacityGib(int capacityGb) {
        return capacityGb * 1e9 / GIB;
    }
}
