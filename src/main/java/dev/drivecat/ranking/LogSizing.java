package dev.drivecat.ranking;

import dev.drivecat.common.Decimals;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * How much a separate log must hold: what ZFS lets be outstanding in it. OpenZFS throttles writes as
 * the log data in flight approaches {@code zfs_wrlog_data_max}, which zfs(4) (OpenZFS 2.4.0) says
 * "should be set at least 2 times the size of zfs_dirty_data_max" and "should be smaller than the
 * size of the slog device if slog is present"; it defaults to {@code zfs_dirty_data_max*2}, and
 * {@code zfs_dirty_data_max} to {@code physical_ram/10} capped at {@code zfs_dirty_data_max_max},
 * itself {@code min(physical_ram/4, 4GiB)} on 64-bit systems (module/zfs/arc.c, arc_init). So the
 * log needs 20% of RAM, 8 GiB at most (from 40 GiB of RAM up).
 *
 * <p>A workload's peak bounds it too: a log record is kept until the transaction group holding its
 * write has synced, a group is synced at least every {@code zfs_txg_timeout} = 5 s, and the log data
 * can reach twice the dirty data (arc.c: "dp_wrlog_total could grow 2 times as big as
 * zfs_dirty_data_max"): about 10 s of the peak sync write rate. When both are known the log never
 * holds more than the smaller; with neither, the largest default (8 GiB) is assumed.
 */
final class LogSizing {

    /** zfs_dirty_data_max_percent's default. */
    static final double DIRTY_DATA_PERCENT = 10;
    /** zfs_dirty_data_max_max's default on 64-bit systems, GiB (the smaller of it and 25% of RAM). */
    static final double DIRTY_DATA_MAX_MAX_GIB = 4;
    static final double DIRTY_DATA_MAX_MAX_PERCENT = 25;
    /** zfs_wrlog_data_max's default, as a multiple of zfs_dirty_data_max. */
    static final double WRLOG_FACTOR = 2;
    /** Two transaction groups of zfs_txg_timeout (5 s) each. */
    static final double PEAK_SECONDS = 10;

    private LogSizing() {
    }

    /** What the log must hold, GiB, and how that was worked out; {@code wrlogGib} and {@code peakGib} are null when not known. */
    record Need(double requiredGib, Double wrlogGib, Double peakGib, List<String> basis) {
    }

    /** zfs_wrlog_data_max's default for a host with this much RAM, GiB. */
    static double wrlogDataMaxGib(double ramGib) {
        double dirtyMax = Math.min(ramGib * DIRTY_DATA_PERCENT / 100,
                Math.min(DIRTY_DATA_MAX_MAX_GIB, ramGib * DIRTY_DATA_MAX_MAX_PERCENT / 100));
        return WRLOG_FACTOR * dirtyMax;
    }

    static Need need(BigDecimal ramGib, BigDecimal peakSyncMBps) {
        List<String> basis = new ArrayList<>();
        Double wrlog = null;
        Double peak = null;
        if (ramGib != null) {
            double ram = ramGib.doubleValue();
            wrlog = wrlogDataMaxGib(ram);
            basis.add("zfs_wrlog_data_max at its default for " + RankingModel.plain(ramGib) + " GiB of RAM: 2 × zfs_dirty_data_max (10% of "
                    + "RAM, at most 4 GiB) = " + Decimals.fixed(wrlog, 1) + " GiB");
        }
        if (peakSyncMBps != null) {
            peak = peakSyncMBps.doubleValue() * 1e6 * PEAK_SECONDS / SpecialSizing.GIB;
            basis.add("10 s of the " + RankingModel.plain(peakSyncMBps) + " MB/s peak sync write rate (two 5 s transaction groups) = "
                    + Decimals.fixed(peak, 1) + " GiB");
        }
        if (wrlog == null && peak == null) {
            double largest = WRLOG_FACTOR * DIRTY_DATA_MAX_MAX_GIB;
            basis.add("zfs_wrlog_data_max at its largest default, " + Decimals.fixed(largest, 0) + " GiB (2 × 4 GiB, from 40 GiB of RAM "
                    + "up); give ramGib or peakSyncMBps to size it for your host");
            return new Need(largest, null, null, basis);
        }
        double required = wrlog == null ? peak : peak == null ? wrlog : Math.min(wrlog, peak);
        if (wrlog != null && peak != null) {
            basis.add("the log never holds more than the smaller, " + Decimals.fixed(required, 1) + " GiB");
        }
        return new Need(required, wrlog, peak, basis);
    }
}
