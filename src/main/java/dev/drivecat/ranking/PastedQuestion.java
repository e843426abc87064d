package dev.drivecat.ranking;

import dev.drivecat.common.ApiToken;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Params;
import dev.drivecat.pools.HistogramSizing;
import dev.drivecat.pools.PoolPaste;
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
     * @param paste the paste, read ({@link dev.drivecat.pools.PoolPastes#read} refuses one that holds neither a pool nor a histogram)
     */
    public static RecommendQuery ask(Map<String, List<String>> raw, PoolPaste paste, String defaultCurrency, int maxLimit) {
        Map<String, List<String>> given = new LinkedHashMap<>(raw);
        String poolName = Params.one(given, POOL);
        given.remove(POOL);
        // read as RecommendParams reads it (leniently); a role it refuses is its 400, not this one's
        boolean special = ApiToken.parse(Role.class, Params.one(given, "role")).orElse(null) == Role.SPECIAL;
        List<String> warnings = new ArrayList<>(paste.warnings());
        PoolPaste.Pool pool = paste.pools().isEmpty() && (poolName == null || poolName.isBlank()) ? null
                : PoolQuestion.choose(paste, poolName);
        PoolPaste.BlockHistogram histogram = paste.blockHistogram();
        if (histogram != null && pool != null && paste.pools().size() > 1) {
            warnings.add("the paste shows " + paste.pools().size() + " pools and one zdb histogram, whose block statistics name no "
                    + "pool: it is read as pool " + pool.name() + "'s");
        }
        PoolQuestion read = pool == null ? null : PoolQuestion.of(pool, histogram);
        Map<String, String> fromPaste = special && read != null ? parameters(read, pool, given, warnings) : Map.of();
        Map<String, String> applied = new LinkedHashMap<>();
        List<PastedPool.Overridden> overridden = new ArrayList<>();
        fromPaste.forEach((name, value) -> {
            if (given(given, name)) {
                overridden.add(new PastedPool.Overridden(name, value, Params.one(given, name).trim()));
            } else {
                applied.put(name, value);
            }
        });
        if (special && read != null) {
            requireWhatThePasteCannotTell(read, given);
        }
        RecommendQuery query = new RecommendParams(given).with(applied).parse(defaultCurrency, maxLimit);
        PastedPool.MeasuredSizing sizing = histogram == null || !(query instanceof RecommendQuery.Special asked) ? null
                : PastedPool.MeasuredSizing.of(histogram, HistogramSizing.of(histogram, pool), asked.smallBlocksKib());
        List<PoolPaste.Shown> shownAt = pool == null ? List.of() : pool.shownAt();
        PastedPool pasted = new PastedPool(pool == null ? null : pool.name(), pool == null ? null : pool.state(), shownAt, read,
                pool == null ? null : specialVdevs(pool), fromPaste, overridden, sizing, warnings);
        return query.withPool(pasted);
    }

    /**
     * What the pool says of the special vdev's parameters. The log is said only when the paste shows
     * the pool's vdevs (zpool list without -v shows none), the disk size only when there is a width
     * to go with it.
     */
    private static Map<String, String> parameters(PoolQuestion read, PoolPaste.Pool pool, Map<String, List<String>> given,
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
        if (!pool.vdevs().isEmpty()) {
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
