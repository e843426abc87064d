package dev.drivecat.ranking;

import dev.drivecat.catalog.Interface;
import java.math.BigDecimal;
import java.util.List;

/**
 * Predicts 4K queue-depth-1 sync-write IOPS on a hard-drive pool whose ZIL lives on a given device:
 * {@code iops = 1e6 / (overhead + flushLatency)}, both in microseconds. The overhead (the ZFS and
 * pool cost of one sync write that is not the device's flush) is calibrated on the buying guide's
 * lab table, RAIDZ2 of hard-drive-class disks, 4K sync writes at QD1, median of five runs:
 * <ul>
 *   <li>for a separate log: a log with cheap flushes (raw fsync 15 µs) gave 4,277 IOPS, one that
 *       must honour flushes (raw fsync 3.86 ms) gave 252; the least-squares fit in relative error
 *       is about 219 µs;</li>
 *   <li>for the ZIL on a special mirror (OpenZFS 2.4, no log): a 3-way special mirror with cheap
 *       flushes gave 2,198 IOPS at 454 µs, about twice the overhead of one log device (about 440 µs).</li>
 * </ul>
 *
 * <p>The lab's 15 µs came from the host's page cache (cache=unsafe), not from a device. A drive's
 * own flush latency comes from the best evidence the catalog has (see {@link RankingModel#flush});
 * without any, from its device class ({@link DeviceClass}), each with a cited measurement.
 *
 * <p>Assumptions, stated in every response: the pool is of hard-drive-class disks like the lab's;
 * the workload is small synchronous writes at queue depth 1; the device's flush latency is its 4K
 * sync-write latency. Predictions are relative to that lab pool, not to the reader's.
 */
public final class FlushModel {

    /** One measured row of the lab table. */
    public record Calibration(String configuration, double flushUs, double iops) {
    }

    /** The lab's log with cheap flushes. */
    public static final Calibration CHEAP_FLUSH_LOG = new Calibration("SLOG with cheap flushes (PLP or Optane stand-in), raw fsync 15 µs",
            15, 4277);
    /** The lab's log that must honour every flush. */
    public static final Calibration FLUSH_HONOURING_LOG = new Calibration("SLOG that must honor flushes, raw fsync 3.86 ms", 3860, 252);
    public static final List<Calibration> LAB = List.of(CHEAP_FLUSH_LOG, FLUSH_HONOURING_LOG);

    /** The lab pool's sync IOPS with no log at all: the ZIL on its hard-drive RAIDZ2 (the buying guide's table). */
    public static final double LAB_NO_LOG_IOPS = 110;

    /** The lab's pool with no log and a 3-way special mirror of cheap-flush disks, which takes the ZIL. */
    public static final Calibration SPECIAL_MIRROR_NO_LOG = new Calibration("No log, 3-way special mirror present (cheap-flush disks, "
            + "raw fsync 15 µs)", 15, 2198);
    public static final List<Calibration> SPECIAL_MIRROR_LAB = List.of(SPECIAL_MIRROR_NO_LOG);

    /**
     * A flush latency for a drive the catalog has no measurement or stated latency for, by what it
     * is made of. Each is a published measurement; the sources are listed in src/docs/ranking.md.
     */
    public enum DeviceClass {
        XPOINT("3D XPoint", 13.85, "the 3D XPoint default: the median of FreeBSD diskinfo -wS 4K sync writes of an Optane P1600X (13.6 µs) "
                + "and a P4800X (14.1 µs)"),
        NVME_PLP("NVMe NAND with PLP", 15, "the default for NVMe NAND with power-loss protection: a Samsung PM9A3's queue-depth-1 fsync'd 4K "
                + "random write, \"T1Q1 random write ~60000 iops (latency ~0.015ms)\""),
        SATA_SAS_PLP("SATA/SAS NAND with PLP", 39, "the default for SATA or SAS NAND with power-loss protection: the median of published 4K sync writes "
                + "of an Intel D3-S4510 (37 µs), a Samsung PM863 (39 µs) and an Intel 710 (158.2 µs, diskinfo -wS)"),
        NO_PLP("NAND without PLP", 3860, "the default for NAND without power-loss protection: the buying guide lab's raw fsync on consumer NVMe, "
                + "a flush that waits for the flash");

        private final String label;
        private final double latencyUs;
        private final String basis;

        DeviceClass(String label, double latencyUs, String basis) {
            this.label = label;
            this.latencyUs = latencyUs;
            this.basis = basis;
        }

        /** The class in a few words: "NVMe NAND with PLP". */
        public String label() {
            return label;
        }

        public double latencyUs() {
            return latencyUs;
        }

        public String basis() {
            return basis;
        }

        /** The class of a drive: 3D XPoint whatever its PLP statement; NAND by bus when its flushes are safe; else no PLP. */
        public static DeviceClass of(boolean xpoint, boolean safeFlush, Interface bus) {
            if (xpoint) {
                return XPOINT;
            }
            if (!safeFlush) {
                return NO_PLP;
            }
            return bus == Interface.NVME ? NVME_PLP : SATA_SAS_PLP;
        }
    }

    /** A flush latency as a sentence writes it: "13.85 µs", "3.86 ms". */
    static String latencyWords(double us) {
        return us >= 1000 ? RankingModel.plain(BigDecimal.valueOf(us / 1000)) + " ms" : RankingModel.plain(BigDecimal.valueOf(us)) + " µs";
    }

    private final double overheadUs;
    private final List<Calibration> calibration;

    private FlushModel(List<Calibration> calibration) {
        this.calibration = calibration;
        this.overheadUs = fitOverhead(calibration);
    }

    /** The ZIL on a separate log device. */
    public static FlushModel separateLog() {
        return new FlushModel(LAB);
    }

    /** The ZIL on a special mirror (OpenZFS 2.4 without a separate log). */
    public static FlushModel specialMirror() {
        return new FlushModel(SPECIAL_MIRROR_LAB);
    }

    public double overheadUs() {
        return overheadUs;
    }

    public List<Calibration> calibration() {
        return calibration;
    }

    public double predictIops(double flushUs) {
        return 1e6 / (overheadUs + flushUs);
    }

    /** The best any device can do under this model (a flush of zero). */
    public double ceilingIops() {
        return 1e6 / overheadUs;
    }

    /** Minimises the sum of squared relative IOPS errors over the rows (golden-section search). */
    static double fitOverhead(List<Calibration> rows) {
        double lo = 0;
        double hi = 10_000;
        double phi = (Math.sqrt(5) - 1) / 2;
        for (int i = 0; i < 200; i++) {
            double a = hi - phi * (hi - lo);
            double b = lo + phi * (hi - lo);
            if (error(rows, a) < error(rows, b)) {
                hi = b;
            } else {
                lo = a;
            }
        }
        return (lo + hi) / 2;
    }

    private static double error(List<Calibration> rows, double overhead) {
        double sum = 0;
        for (Calibration row : rows) {
            double relative = (1e6 / (overhead + row.flushUs())) / row.iops() - 1;
            sum += relative * relative;
        }
        return sum;
    }
}
