package dev.drivecat.pools;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a paste says beyond its pools' layout, read in one pass of its own beside
 * {@link PoolOutputParser}: each device row of {@code zpool status} with its state and error
 * counters, and the group it is in (so a special vdev's members can be reported); each dRAID's
 * geometry as its name gives it ({@code draid2:8d:90c:2s-0}); and the dedup table's size as
 * {@code zpool status -D} and {@code zdb -D} print it. Pure, and it never throws.
 *
 * @param devices the device rows of every pool's config, in the paste's order
 * @param draids every dRAID vdev the paste names, in order, once each
 * @param dedupTables the dedup-table figures, in the paste's order
 */
public record PasteDetails(List<DeviceRow> devices, List<DraidGeometry> draids, List<DedupTable> dedupTables) {

    public PasteDetails {
        devices = List.copyOf(devices);
        draids = List.copyOf(draids);
        dedupTables = List.copyOf(dedupTables);
    }

    /**
     * One device row of a {@code zpool status} config: {@code cmd/zpool/zpool_main.c}, print_status_config,
     * prints the name, the state and the READ WRITE CKSUM counters (rounded as zfs_nicenum rounds,
     * {@code 1.2K}), then notes ({@code (resilvering)}, {@code was /dev/…}).
     *
     * @param pool the pool it is in, as the config names it; null when the paste shows none
     * @param role the section it is listed in
     * @param group the top-level vdev it is under ({@code mirror-1}); null for a device that is one
     * @param errors READ + WRITE + CKSUM
     * @param line its line in the paste, from 1
     */
    public record DeviceRow(String pool, VdevRole role, String group, String name, String state, long read, long write, long cksum,
                            String note, int line) {

        public long errors() {
            return read + write + cksum;
        }

        /** Healthy: ONLINE with no errors counted. */
        public boolean healthy() {
            return "ONLINE".equals(state) && errors() == 0;
        }
    }

    /**
     * A dRAID as {@code zpool_draid_name} (lib/libzfs/libzfs_pool.c) names it:
     * {@code draid<parity>:<data>d:<children>c:<spares>s}.
     */
    public record DraidGeometry(String pool, int parity, int data, int children, int spares, String name) {
    }

    /**
     * The dedup table's size as one output prints it.
     *
     * @param source {@code zpool status -D} ("dedup: DDT entries N, size X on disk, Y in core"), {@code zdb -D}
     *        (before OpenZFS 2.3, "DDT-…: N entries, size X on disk, Y in core", each size per entry), or
     *        {@code zdb -D 2.3} ("DDT-…: dspace=X; mspace=Y; entries=N", totals in bytes)
     * @param onDisk the on-disk figure as printed, in bytes (zpool prints it rounded: 1.02K)
     * @param inCore the in-core figure as printed, in bytes
     */
    public record DedupTable(String pool, String source, long entries, long onDisk, long inCore, int line) {
    }

    private static final Pattern STATUS_DDT = Pattern.compile(
            "dedup:\\s*DDT entries (\\d+), size (\\S+) on disk, (\\S+) in core.*");
    private static final Pattern ZDB_DDT_OLD = Pattern.compile(
            "DDT-\\S+:\\s*(\\d+) entries, size (\\d+) on disk, (\\d+) in core.*");
    private static final Pattern ZDB_DDT_NEW = Pattern.compile("DDT-\\S+:\\s*dspace=(\\d+); mspace=(\\d+); entries=(\\d+).*");
    private static final Pattern DRAID = Pattern.compile("draid([123]):(\\d+)d:(\\d+)c:(\\d+)s(?:-\\d+)?");
    private static final Pattern GROUP = Pattern.compile("(?:mirror|raidz[123]?|draid[123]?(?::\\S*)?|spare|replacing)(?:-\\d+)?");
    private static final java.util.Set<String> STATES = java.util.Set.of("ONLINE", "DEGRADED", "FAULTED", "OFFLINE", "UNAVAIL",
            "REMOVED", "SPLIT", "UNKNOWN");

    /** What the paste says, read line by line. */
    public static PasteDetails read(String paste) {
        List<DeviceRow> devices = new ArrayList<>();
        List<DraidGeometry> draids = new ArrayList<>();
        List<DedupTable> tables = new ArrayList<>();
        String pool = null;
        VdevRole role = VdevRole.DATA;
        boolean config = false;
        int poolIndent = -1;
        int groupIndent = -1;
        String group = null;
        for (PasteLines.Line line : PasteLines.of(paste)) {
            if (line.skipped()) {
                continue;
            }
            String text = line.trimmed;
            String[] t = line.tokens();
            Matcher ddt;
            if ((ddt = STATUS_DDT.matcher(text)).matches()) {
                tables.add(table(pool, "zpool status -D", ddt.group(1), ddt.group(2), ddt.group(3), line.number));
                continue;
            }
            if ((ddt = ZDB_DDT_OLD.matcher(text)).matches()) {
                tables.add(table(pool, "zdb -D", ddt.group(1), ddt.group(2), ddt.group(3), line.number));
                continue;
            }
            if ((ddt = ZDB_DDT_NEW.matcher(text)).matches()) {
                tables.add(table(pool, "zdb -D 2.3", ddt.group(3), ddt.group(1), ddt.group(2), line.number));
                continue;
            }
            if (t.length == 2 && t[0].equals("pool:")) {
                pool = t[1];
                config = false;
                continue;
            }
            if (t.length >= 5 && t[0].equals("NAME") && t[1].equals("STATE")) {
                config = true;
                role = VdevRole.DATA;
                poolIndent = -1;
                group = null;
                continue;
            }
            if (!config) {
                continue;
            }
            if (t.length == 1) {
                VdevRole section = section(t[0]);
                if (section != null) {
                    role = section;
                    group = null;
                    continue;
                }
            }
            if (t.length < 2 || !STATES.contains(t[1].toUpperCase(Locale.ROOT)) && !t[1].equals("AVAIL") && !t[1].equals("INUSE")) {
                if (text.startsWith("errors:")) {
                    config = false;
                }
                continue;
            }
            if (poolIndent < 0 && role == VdevRole.DATA) {
                // the pool's own row
                poolIndent = line.indent;
                if (pool == null) {
                    pool = t[0];
                }
                continue;
            }
            Matcher draid = DRAID.matcher(t[0]);
            if (draid.matches()) {
                DraidGeometry g = new DraidGeometry(pool, Integer.parseInt(draid.group(1)), Integer.parseInt(draid.group(2)),
                        Integer.parseInt(draid.group(3)), Integer.parseInt(draid.group(4)), t[0]);
                if (draids.stream().noneMatch(d -> d.name().equals(g.name()) && java.util.Objects.equals(d.pool(), g.pool()))) {
                    draids.add(g);
                }
            }
            if (GROUP.matcher(t[0]).matches() && !t[0].startsWith("spare-") && !t[0].startsWith("replacing-")) {
                group = t[0];
                groupIndent = line.indent;
                continue;
            }
            if (t[0].startsWith("spare-") || t[0].startsWith("replacing-")) {
                continue;
            }
            if (group != null && line.indent <= groupIndent) {
                group = null;
            }
            devices.add(new DeviceRow(pool, role, group, t[0], t[1].toUpperCase(Locale.ROOT), count(t, 2), count(t, 3), count(t, 4),
                    t.length > 5 ? String.join(" ", java.util.Arrays.copyOfRange(t, 5, t.length)) : null, line.number));
        }
        return new PasteDetails(devices, draids, tables);
    }

    /** The section a config line names, or null. */
    private static VdevRole section(String word) {
        return switch (word) {
            case "logs" -> VdevRole.LOG;
            case "special" -> VdevRole.SPECIAL;
            case "dedup" -> VdevRole.DEDUP;
            case "cache" -> VdevRole.CACHE;
            case "spares" -> VdevRole.SPARE;
            default -> null;
        };
    }

    /** A READ, WRITE or CKSUM counter as zpool prints it (a count, or rounded: 1.2K); 0 when absent or unreadable. */
    private static long count(String[] tokens, int at) {
        if (at >= tokens.length) {
            return 0;
        }
        Long n = Sizes.bytes(tokens[at]);
        return n == null ? 0 : n;
    }

    private static DedupTable table(String pool, String source, String entries, String onDisk, String inCore, int line) {
        Long disk = Sizes.bytes(onDisk);
        Long core = Sizes.bytes(inCore);
        return new DedupTable(pool, source, Long.parseLong(entries), disk == null ? 0 : disk, core == null ? 0 : core, line);
    }

    /** The device rows of one pool's section (those of every pool when {@code pool} is null). */
    public List<DeviceRow> devices(String pool, VdevRole role) {
        return devices.stream().filter(d -> d.role() == role && of(pool, d.pool())).toList();
    }

    /** One pool's dRAID vdevs (every pool's when {@code pool} is null). */
    public List<DraidGeometry> draids(String pool) {
        return draids.stream().filter(d -> of(pool, d.pool())).toList();
    }

    /**
     * The dedup-table figures of one pool: those the paste shows under its name, and those it shows
     * under none (zdb -D names no pool in its lines); every pool's when {@code pool} is null.
     */
    public List<DedupTable> dedupTables(String pool) {
        return dedupTables.stream().filter(t -> t.pool() == null || of(pool, t.pool())).toList();
    }

    private static boolean of(String pool, String shown) {
        return pool == null || pool.equals(shown);
    }
}
