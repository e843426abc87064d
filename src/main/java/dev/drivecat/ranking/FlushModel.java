package dev.drivecat.ranking;

import java.util.List;

/**
 * Predicts 4K queue-depth-1 sync-write IOPS on a hard-drive pool with a given log device:
 * {@code iops = 1e6 / (overhead + flushLatency)}, both in microseconds. The overhead (the ZFS and
 * pool cost of one sync write that is not the log's flush) is calibrated on the buying guide's
 * lab table, RAIDZ2 of hard-drive-class disks, 4K sync writes at QD1, median of five runs:
 * a log with cheap flushes (raw fsync 15 µs) gave 4,277 IOPS, a log that must honour flushes
 * (raw fsync 3.86 ms) gave 252. The overhead is the least-squares fit of the model to both rows
 * in relative error (about 219 µs; the first row alone gives 219, the second 108).
 *
 * <p>Assumptions, stated in every response: the pool is of hard-drive-class disks like the lab's;
 * the workload is small synchronous writes at queue depth 1; the log's flush latency is the
 * device's 4K sync-write latency.
 */
public final class FlushModel {

    /** One measured row of the lab table. */
    public record Calibration(String configuration, double flushUs, double iops) {
    }

    public static final List<Calibration> LAB = List.of(
            new Calibration("SLOG with cheap flushes (PLP or Optane stand-in), raw fsync 15 µs", 15, 4277),
            new Calibration("SLOG that must honor flushes, raw fsync 3.86 ms", 3860, 252));

    /** The lab's cheap-flush stand-in: what a PLP or 3D XPoint log is assumed to take without a better figure. */
    public static final double CHEAP_FLUSH_US = 15;
    /** The lab's flush-honouring log (consumer NVMe without PLP, cache=none): assumed for NAND without PLP. */
    public static final double HONOURED_FLUSH_US = 3860;

    private final double overheadUs;

    private FlushModel(double overheadUs) {
        this.overheadUs = overheadUs;
    }

    public static FlushModel calibrated() {
        return new FlushModel(fitOverhead(LAB));
    }

    public double overheadUs() {
        return overheadUs;
    }

    public double predictIops(double flushUs) {
        return 1e6 / (overheadUs + flushUs);
    }

    /** The best any log can do under this model (a flush of zero). */
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
