package dev.drivecat.ranking;

import dev.drivecat.common.ApiToken;
import dev.drivecat.common.Decimals;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Params;
import dev.drivecat.pools.HistogramSizing;
import dev.drivecat.pools.PasteDetails;
import dev.drivecat.pools.PoolPaste;
import dev.drivecat.pools.PoolPastes;
import dev.drivecat.pools.PoolQuestion;
import dev.drivecat.pools.VdevRole;
import dev.drivecat.pools.VdevType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The /recommend question a pasted pool asks: the pool's layout, width, data vdevs, disk size and
 * log fill the special vdev's parameters (through {@link RecommendParams#with}, so they are validated
 * as if typed), a parameter given explicitly wins and is reported, and zdb's block histogram, when
 * the paste has one, sizes the special vdev. Which pool: the paste's only one, or the one
 * {@code pool} names; several without a name is a 400 that lists them.
 */
public final class PastedQuestion {

    /** The parameter that names the pool when the paste shows several. */
    public static final String POOL = "pool";

    private PastedQuestion() {
    }

    /**
     * @param raw the query's parameters, {@code pool} among them
     * @param text the paste as pasted; a paste that holds neither a pool nor a histogram is the 400 of
     *        {@link PoolPastes#read}
     */
    public static RecommendQuery ask(Map<String, List<String>> raw, String text, String defaultCurrency, int maxLimit) {
        return ask(raw, PoolPastes.read(text), PasteDetails.read(text), defaultCurrency, maxLimit);
    }

    static RecommendQuery ask(Map<String, List<String>> raw, PoolPaste paste, PasteDetails details, String defaultCurrency,
                              int maxLimit) {
        Map<String, List<String>> given = new LinkedHashMap<>(raw);
        String poolName = Params.one(given, POOL);
        given.remove(POOL);
        // read as RecommendParams reads it (leniently); a role it refuses is its 400, not this one's
        Role role = ApiToken.parse(Role.class, Params.one(given, "role")).orElse(null);
        boolean vdevSet = role == Role.SPECIAL || role == Role.DEDUP;
        List<String> warnings = new ArrayList<>(paste.warnings());
        PoolPaste.Pool pool = paste.pools().isEmpty() && (poolName == null || poolName.isBlank()) ? null
                : PoolQuestion.choose(paste, poolName);
        PoolPaste.BlockHistogram histogram = paste.blockHistogram();
        if (histogram != null && pool != null && paste.pools().size() > 1) {
            warnings.add("the paste shows " + paste.pools().size() + " pools and one zdb histogram, whose block statistics name no "
                    + "pool: it is read as pool " + pool.name() + "'s");
        }
        PoolQuestion read = pool == null ? null : PoolQuestion.of(pool, histogram);
        String name = pool == null ? null : pool.name();
        Map<String, String> fromPaste = vdevSet && read != null ? parameters(read, pool, role, details.draids(name), given, warnings)
                : Map.of();
        Map<String, String> applied = new LinkedHashMap<>();
        List<PastedPool.Overridden> overridden = new ArrayList<>();
        fromPaste.forEach((parameter, value) -> {
            if (given(given, parameter)) {
                overridden.add(new PastedPool.Overridden(parameter, value, Params.one(given, parameter).trim()));
            } else {
                applied.put(parameter, value);
            }
        });
        if (vdevSet && read != null) {
            requireWhatThePasteCannotTell(read, given);
        }
        RecommendQuery query = new RecommendParams(given).with(applied).parse(defaultCurrency, maxLimit);
        PastedPool.MeasuredSizing sizing = histogram == null || !(query instanceof RecommendQuery.Special asked) ? null
                : PastedPool.MeasuredSizing.of(histogram, HistogramSizing.of(histogram, pool), asked.smallBlocksKib());
        List<PoolPaste.Shown> shownAt = pool == null ? List.of() : pool.shownAt();
        List<PastedPool.Member> members = new ArrayList<>();
        for (VdevRole section : List.of(VdevRole.SPECIAL, VdevRole.DEDUP, VdevRole.LOG)) {
            for (PasteDetails.DeviceRow d : details.devices(name, section)) {
                members.add(new PastedPool.Member(d.role(), d.group(), d.name(), d.state(), d.read(), d.write(), d.cksum(), d.line()));
            }
        }
        PastedPool pasted = new PastedPool(name, pool == null ? null : pool.state(), shownAt, read,
                pool == null ? null : specialVdevs(pool), fromPaste, overridden, sizing, warnings, members,
                dedupTable(details.dedupTables(name), histogram, query.openzfsVersion()), pool == null ? null : PastedPool.Sizes.of(pool));
        return query.withPool(pasted);
    }

    /**
     * The dedup table's size on disk from what the paste shows: the tables zdb -D lists (each table's
     * total in bytes from OpenZFS 2.3, "dspace=…"; before, "size … on disk" per entry, so entries ×
     * size), else zpool status -D's line (per entry before OpenZFS 2.3, the total from 2.3: the
     * release asked about says which), else zdb's DDT ZAP algorithm row (its asize). Null when the
     * paste shows none.
     */
    static PastedPool.DedupTableSize dedupTable(List<PasteDetails.DedupTable> tables, PoolPaste.BlockHistogram histogram,
                                                OpenZfsRelease release) {
        List<PasteDetails.DedupTable> zdb = tables.stream().filter(t -> t.source().startsWith("zdb")).toList();
        if (!zdb.isEmpty()) {
            long bytes = 0;
            for (PasteDetails.DedupTable t : zdb) {
                bytes += t.source().equals("zdb -D 2.3") ? t.onDisk() : t.entries() * t.onDisk();
            }
            return new PastedPool.DedupTableSize(bytes, "the dedup table, " + gib(bytes) + " on disk: zdb -D's " + zdb.size()
                    + " table" + (zdb.size() == 1 ? "" : "s") + " at line" + (zdb.size() == 1 ? " " : "s ")
                    + zdb.stream().map(t -> Integer.toString(t.line())).collect(java.util.stream.Collectors.joining(", "))
                    + (zdb.get(0).source().equals("zdb -D 2.3") ? " (dspace, each table's total)"
                    : " (entries × size on disk, which zdb before OpenZFS 2.3 prints per entry)"));
        }
        for (PasteDetails.DedupTable t : tables) {
            boolean totals = release.has(ReleaseRule.DDT_SIZES_AS_TOTALS);
            long bytes = totals ? t.onDisk() : t.entries() * t.onDisk();
            return new PastedPool.DedupTableSize(bytes, "the dedup table, " + gib(bytes) + " on disk: zpool status -D at line "
                    + t.line() + ", " + t.entries() + " entries, " + (totals ? "its size on disk the table's total (OpenZFS "
                    + release + " prints totals, 2.3 and later)" : "× their size on disk (OpenZFS " + release + " prints it per entry, "
                    + "before 2.3)"));
        }
        if (histogram != null && histogram.ddtAsize() != null && histogram.ddtAsize() > 0) {
            return new PastedPool.DedupTableSize(histogram.ddtAsize(), "the dedup table, " + gib(histogram.ddtAsize()) + " as zdb's "
                    + "block statistics count it (its DDT ZAP algorithm row, " + histogram.shownAt() + "): allocated on the vdevs it is "
                    + "on now, parity included");
        }
        return null;
    }

    private static String gib(long bytes) {
        return Decimals.fixed(bytes / (1024d * 1024 * 1024), 2) + " GiB";
    }

    /**
     * What the pool says of the special vdev's parameters. The log is said only when the paste shows
     * the pool's vdevs (zpool list without -v shows none), the disk size only when there is a width
     * to go with it.
     */
    private static Map<String, String> parameters(PoolQuestion read, PoolPaste.Pool pool, Role role,
                                                  List<PasteDetails.DraidGeometry> draids, Map<String, List<String>> given,
                                                  List<String> warnings) {
        Map<String, String> p = new LinkedHashMap<>();
        if (read.layout() != null) {
            p.put("layout", read.layout().token());
        }
        if (read.width() != null) {
            p.put("width", read.width().toString());
        }
        if (read.dataVdevs() > 0) {
            p.put("dataVdevs", Integer.toString(read.dataVdevs()));
        }
        if (read.diskTb() != null && (read.diskTb().compareTo(RecommendParams.DISK_TB_MIN) < 0
                || read.diskTb().compareTo(RecommendParams.DISK_TB_MAX) > 0)) {
            warnings.add("the disks' size, " + read.diskTb().toPlainString() + " TB, is outside what diskTb takes ("
                    + RecommendParams.DISK_TB_MIN.toPlainString() + " to " + RecommendParams.DISK_TB_MAX.toPlainString()
                    + " TB): not used");
        } else if (read.diskTb() != null && (read.width() != null || given(given, "width"))) {
            p.put("diskTb", read.diskTb().toPlainString());
        }
        if (read.layout() != null && read.layout().isDraid() && !draids.isEmpty()) {
            PasteDetails.DraidGeometry first = draids.get(0);
            if (draids.stream().allMatch(d -> d.data() == first.data() && d.spares() == first.spares() && d.children() == first.children())) {
                p.put("draidData", Integer.toString(first.data()));
                p.put("draidSpares", Integer.toString(first.spares()));
            } else {
                warnings.add("the pool's dRAID vdevs differ in geometry (" + draids.stream().map(PasteDetails.DraidGeometry::name)
                        .collect(java.util.stream.Collectors.joining(", ")) + "): give draidData and draidSpares");
            }
        }
        if (!pool.vdevs().isEmpty() && role == Role.SPECIAL) {
            p.put("hasSlog", Boolean.toString(read.hasSlog()));
        }
        return p;
    }

    /**
     * A pool whose data vdevs differ in layout, or (for mirrors, whose width sets the special
     * mirror's) in width, asks no one question: drivecat does not pick one, and asks for it.
     */
    private static void requireWhatThePasteCannotTell(PoolQuestion read, Map<String, List<String>> given) {
        boolean layoutGiven = given(given, "layout");
        boolean widthGiven = given(given, "width");
        String why = String.join("; ", read.warnings());
        if (read.dataVdevs() > 0 && read.layout() == null && !layoutGiven) {
            throw DomainException.invalidParameter("layout", "The pasted pool does not say one layout (" + why + "): give layout "
                    + "(and width) for the special vdev to match").with("pool", read.pool());
        }
        VdevType layout = layoutGiven ? null : read.layout();
        if (layout == VdevType.MIRROR && read.width() == null && !widthGiven) {
            throw DomainException.invalidParameter("width", "The pasted pool does not say one mirror width (" + why + "): give width, "
                    + "the special mirror's").with("pool", read.pool());
        }
    }

    /** Whether the query gives {@code name} a value: a parameter given empty ({@code width=}) is not given. */
    private static boolean given(Map<String, List<String>> given, String name) {
        String value = Params.one(given, name);
        return value != null && !value.isBlank();
    }

    /** The pool's special vdevs, as one line: {@code mirror × 1, 2 wide}; null when it has none. */
    private static String specialVdevs(PoolPaste.Pool pool) {
        Map<String, Integer> shapes = new LinkedHashMap<>();
        for (PoolPaste.Vdev v : pool.vdevs(VdevRole.SPECIAL)) {
            shapes.merge(v.type().token() + (v.type() == VdevType.DISK ? "" : ", " + v.width() + " wide"), 1, Integer::sum);
        }
        List<String> out = new ArrayList<>();
        shapes.forEach((shape, n) -> out.add(n + " × " + shape));
        return out.isEmpty() ? null : String.join("; ", out);
    }
}
