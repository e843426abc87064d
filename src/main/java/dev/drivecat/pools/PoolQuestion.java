package dev.drivecat.pools;

import dev.drivecat.common.DomainException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The question /recommend asks about a pool, read from a pasted one: its data vdevs' layout and
 * width, how many there are, the size of its disks, whether it has a log, and what else it has.
 * Nothing is guessed: data vdevs of different layouts give no layout, of different widths no
 * width, disks of different sizes no disk size, and a warning says which, so that the caller asks
 * for them instead.
 *
 * @param pool the pool's name, as the paste names it (null when it does not)
 * @param layout the data vdevs' type when they all have one (mirror, raidz1–3, draid1–3, or disk
 *        for single-device vdevs); null when they differ or there are none
 * @param width devices per data vdev when they all have as many (a mirror's width, a RAIDZ's
 *        disks, a dRAID's children); null otherwise
 * @param dataVdevs data vdevs in the pool
 * @param diskTb the data disks' size in TB (10^12 bytes), from zpool list -v; null when not shown
 * @param diskSize where diskTb comes from, or why it is not known
 * @param hasSlog the pool has a log vdev
 * @param logDevices devices in its log vdevs
 * @param specialDevices devices in its special vdevs
 * @param dedupDevices devices in its dedup vdevs
 * @param cacheDevices cache devices
 * @param spareDevices spare devices
 * @param dedup the paste shows a dedup vdev or deduplicated data (zpool list's DEDUP, zpool status
 *        -D, or zdb's block statistics)
 * @param description one line: {@code from your pool: raidz2 × 2, 6 wide, logs: 2, cache: 1}
 * @param warnings what could not be read into the question
 */
@Schema(name = "PoolQuestion", description = "The question a pasted pool asks.")
public record PoolQuestion(@Schema(nullable = true, examples = "tank") String pool,
                           @Schema(nullable = true, description = "Null when the data vdevs differ in layout.") VdevType layout,
                           @Schema(nullable = true, description = "Null when the data vdevs differ in width.") Integer width,
                           int dataVdevs,
                           @Schema(nullable = true, description = "TB (10^12 bytes); null when the paste shows no sizes.")
                           BigDecimal diskTb, String diskSize,
                           boolean hasSlog, int logDevices, int specialDevices, int dedupDevices, int cacheDevices,
                           int spareDevices, boolean dedup, String description, List<String> warnings) {

    /** What {@link #description} starts with. */
    public static final String PREFIX = "from your pool: ";
    private static final BigDecimal BYTES_PER_TB = BigDecimal.TEN.pow(12);
    /** Disks whose sizes differ by less than this share are taken as one size (zpool rounds to three digits). */
    private static final double SAME_SIZE = 0.01;

    public PoolQuestion {
        warnings = List.copyOf(warnings);
    }

    /** The description without its {@link #PREFIX}, for a sentence that names the pool itself: {@code raidz2 × 2, 6 wide, logs: 2}. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public String summary() {
        return description.startsWith(PREFIX) ? description.substring(PREFIX.length()) : description;
    }

    /**
     * The pool a question is about: the one named, or the paste's only pool.
     *
     * @throws DomainException (invalid parameter {@code pool}) when the paste has several pools and
     *         none is named, or the named one is not in it; (invalid body) when it has no pool
     */
    public static PoolPaste.Pool choose(PoolPaste paste, String name) {
        List<String> names = paste.pools().stream().map(p -> p.name() == null ? "(unnamed)" : p.name()).toList();
        if (paste.pools().isEmpty()) {
            throw DomainException.invalidBody("The paste shows no pool (only a zdb histogram): paste zpool status or zpool list -v "
                    + "of the pool as well");
        }
        if (name == null || name.isBlank()) {
            if (paste.pools().size() == 1) {
                return paste.pools().get(0);
            }
            throw DomainException.invalidParameter("pool", "The paste shows " + paste.pools().size() + " pools (" + String.join(", ", names)
                    + "): say which one with pool=NAME").with("allowed", names);
        }
        return paste.pools().stream().filter(p -> name.trim().equals(p.name())).findFirst()
                .orElseThrow(() -> DomainException.invalidParameter("pool", "The paste shows no pool named " + Warnings.quote(name)
                        + "; it shows " + String.join(", ", names)).with("allowed", names));
    }

    /** The question, from a pool and (when the paste has one) zdb's block histogram. */
    public static PoolQuestion of(PoolPaste.Pool pool, PoolPaste.BlockHistogram histogram) {
        List<String> warnings = new ArrayList<>();
        List<PoolPaste.Vdev> data = pool.vdevs(VdevRole.DATA);
        Map<String, Integer> shapes = new LinkedHashMap<>();
        TreeSet<VdevType> types = new TreeSet<>();
        TreeSet<Integer> widths = new TreeSet<>();
        for (PoolPaste.Vdev vdev : data) {
            types.add(vdev.type());
            widths.add(vdev.width());
            shapes.merge(vdev.type().token() + " × %d, " + vdev.width() + " wide", 1, Integer::sum);
        }
        VdevType layout = types.size() == 1 ? types.first() : null;
        Integer width = widths.size() == 1 && widths.first() > 0 ? widths.first() : null;
        if (data.isEmpty()) {
            warnings.add("the paste shows no data vdevs of pool " + name(pool) + ": its layout is not known");
        } else if (types.size() > 1) {
            warnings.add("pool " + name(pool) + "'s data vdevs differ in layout (" + shapes(shapes)
                    + "): drivecat does not pick one; give layout and width");
        } else if (widths.size() > 1) {
            warnings.add("pool " + name(pool) + "'s data vdevs differ in width (" + shapes(shapes)
                    + "): drivecat does not pick one; give width");
        } else if (width == null) {
            warnings.add("the paste lists no devices under pool " + name(pool) + "'s data vdevs (cut off?): their width is not known");
        }
        DiskSize disks = diskSize(data, warnings, pool);
        BigDecimal diskTb = disks.tb();
        int logs = devices(pool, VdevRole.LOG);
        int special = devices(pool, VdevRole.SPECIAL);
        int dedupDevices = devices(pool, VdevRole.DEDUP);
        int cache = devices(pool, VdevRole.CACHE);
        int spares = devices(pool, VdevRole.SPARE);
        boolean dedup = dedupDevices > 0 || pool.dedupShown() || (histogram != null && histogram.dedupShown());
        List<String> parts = new ArrayList<>();
        if (data.isEmpty()) {
            parts.add("no data vdevs shown");
        } else if (types.size() == 1 && widths.size() == 1) {
            parts.add(layout == VdevType.DISK ? data.size() + " single-device vdev" + (data.size() == 1 ? "" : "s")
                    : layout.token() + " × " + data.size() + ", " + widths.first() + " wide");
        } else {
            parts.add("mixed: " + shapes(shapes));
        }
        if (diskTb != null) {
            parts.add("disks " + size(diskTb));
        }
        count(parts, "logs", logs);
        count(parts, "special", special);
        count(parts, "dedup", dedupDevices);
        count(parts, "cache", cache);
        count(parts, "spares", spares);
        if (dedup && dedupDevices == 0) {
            parts.add("deduplicated data");
        }
        return new PoolQuestion(pool.name(), layout, width, data.size(), diskTb, disks.basis(), logs > 0, logs, special,
                dedupDevices, cache, spares, dedup, PREFIX + String.join(", ", parts), warnings);
    }

    /**
     * The data disks' size: the device rows' sizes (zpool list -v since OpenZFS 2.2), else a mirror's SIZE
     * (one disk's, less labels and metaslab rounding), a RAIDZ's SIZE ÷ width (its SIZE is raw,
     * parity included), a single device's own; a dRAID's SIZE also holds its distributed spares, so
     * it gives no disk size.
     */
    private static DiskSize diskSize(List<PoolPaste.Vdev> data, List<String> warnings, PoolPaste.Pool pool) {
        if (data.isEmpty()) {
            return new DiskSize(null, "not known: no data vdevs shown");
        }
        List<Long> sizes = new ArrayList<>();
        String from = null;
        for (PoolPaste.Vdev vdev : data) {
            Long size;
            String how;
            if (vdev.deviceSizeBytes() != null) {
                size = vdev.deviceSizeBytes();
                how = "the sizes zpool list -v shows on the device rows";
            } else if (vdev.sizeBytes() == null || vdev.type().isDraid() || vdev.width() == 0) {
                size = null;
                how = null;
            } else if (vdev.type().isRaidz()) {
                size = vdev.sizeBytes() / vdev.width();
                how = "the RAIDZ vdevs' size ÷ width (a RAIDZ's size as zpool list -v and zdb show it is raw, parity included)";
            } else {
                size = vdev.sizeBytes();
                how = vdev.type() == VdevType.MIRROR ? "the mirror vdevs' size (one disk's, a little under it: labels and metaslab "
                        + "rounding)" : "the devices' own sizes";
            }
            if (size == null) {
                return new DiskSize(null, "not known: the paste shows no size for " + (vdev.type().isDraid() ? "the dRAID's disks "
                        + "(its SIZE holds its distributed spares too)" : "the data vdevs") + "; zpool list -v shows them");
            }
            sizes.add(size);
            from = from == null ? how : from;
        }
        long smallest = sizes.stream().mapToLong(Long::longValue).min().orElseThrow();
        long largest = sizes.stream().mapToLong(Long::longValue).max().orElseThrow();
        if (largest - smallest > SAME_SIZE * largest) {
            warnings.add(String.format(Locale.ROOT, "pool %s's data disks differ in size (%s to %s TB): drivecat does not pick one; "
                    + "give diskTb or dataTib", name(pool), tb(smallest).toPlainString(), tb(largest).toPlainString()));
            return new DiskSize(null, "not known: the data vdevs' disks differ in size");
        }
        return new DiskSize(tb(smallest), "from " + from);
    }

    /** The data disks' size in TB (null when not known), and where it comes from or why it is not known. */
    private record DiskSize(BigDecimal tb, String basis) {
    }

    private static BigDecimal tb(long bytes) {
        return new BigDecimal(bytes).divide(BYTES_PER_TB, 6, RoundingMode.HALF_UP).stripTrailingZeros();
    }

    /** Three significant digits, in TB or, under 1 TB, in GB. */
    private static String size(BigDecimal tb) {
        boolean terabytes = tb.compareTo(BigDecimal.ONE) >= 0;
        BigDecimal value = terabytes ? tb : tb.movePointRight(3);
        return value.round(new java.math.MathContext(3, RoundingMode.HALF_UP)).stripTrailingZeros().toPlainString()
                + (terabytes ? " TB" : " GB");
    }

    private static int devices(PoolPaste.Pool pool, VdevRole role) {
        int n = 0;
        for (PoolPaste.Vdev vdev : pool.vdevs(role)) {
            n += Math.max(vdev.width(), vdev.devices().isEmpty() ? 0 : 1);
        }
        return n;
    }

    private static void count(List<String> parts, String what, int n) {
        if (n > 0) {
            parts.add(what + ": " + n);
        }
    }

    private static String shapes(Map<String, Integer> shapes) {
        List<String> out = new ArrayList<>();
        shapes.forEach((shape, n) -> out.add(String.format(Locale.ROOT, shape, n)));
        return String.join("; ", out);
    }

    private static String name(PoolPaste.Pool pool) {
        return pool.name() == null ? "(unnamed)" : pool.name();
    }
}
