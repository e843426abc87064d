package dev.drivecat.pools;

import dev.drivecat.pools.PasteLines.Line;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads zdb's block statistics ({@code zdb -b} and more b's, cmd/zdb/zdb.c dump_block_stats):
 * <ul>
 * <li>the statistics lines: {@code bp allocated:} is every block's asize, exact; {@code bp deduped:}
 * above 0 and a {@code Dedup class} line mean deduplication;</li>
 * <li>the block-type table ({@code Blocks LSIZE PSIZE ASIZE avg comp %Total Type}, spaces or tabs):
 * its {@code Total} row, its {@code Metadata Total} row (zdb of OpenZFS 2.2 and later: every block
 * above level 0, and the level-0 blocks of metadata types), and the dedup table's
 * {@code DDT ZAP algorithm} row; with {@code -bbb} a row per level ({@code L1 ZFS plain file});</li>
 * <li>the Block Size Histogram ({@code -bb}): a row per power of two from 512 to 16M, each with the
 * count, size and cumulative size of the blocks binned there by psize, lsize and asize, human
 * units or, with {@code -P}, bytes (dump_size_histograms, zdb_count_block); which rows a block is
 * counted in changed in OpenZFS 2.4 ({@link HistogramBinning});</li>
 * <li>the vdev table of {@code -s} ({@code description used avail read write …}, lib/libzpool/util.c
 * show_vdev_stats): the pool, its vdevs by type ({@code raidz1}, {@code mirror}) with
 * {@code (special)}, {@code (dedup)} or {@code (log)} after the class's, devices by path.</li>
 * </ul>
 * A zdb run with a histogram is read into the paste's {@link PoolPaste.BlockHistogram}; a second
 * one is named in the warnings and left out.
 */
final class ZdbOutput {

    private static final Pattern STAT = Pattern.compile("(?:bp |ganged |Normal class|Special class|Dedup class|Embedded log class"
            + "|Special embedded log class|Dittoed blocks|additional, non-pointer|number of \\(compressed\\)|No leaks|leaked space"
            + "|block traversal size|loading |Traversing all blocks|\\(note: |psize \\(in 512-byte sectors\\)|number of ganged blocks"
            + "|Simulated DDT histogram|DDT histogram|DDT walk|dedup = |bucket |refcnt |_{3,}|-{3,}|space map refcount|ZIL statistics"
            + "|Cached DDT|Verified |Dataset |Indirect |Object |\\[).*"
            + "|[0-9]+:\\s+[0-9]+(?:\\s+\\*+)?");
    private static final Pattern DDT_LINE = Pattern.compile("DDT-\\S+:\\s+[0-9]+ entries.*");
    /** The block types that are no metadata (dmu_ot's ot_metadata false), and zdb's own rows that are no type. */
    private static final Set<String> DATA_TYPES = Set.of("ZFS plain file", "zvol object", "other uint8[]", "other uint64[]",
            "deduplicated block");
    private static final Set<String> ZDB_ROWS = Set.of("deferred free", "dedup ditto", "other", "Total", "Metadata Total");
    private static final int MIN_SHIFT = 9;
    private static final int MAX_SHIFT = 24;

    static final String BLOCK_STATISTICS = "zdb block statistics";
    /** What a zdb run without a histogram lacks, as its warning and the 400's hint say it. */
    static final String NO_HISTOGRAM = "has no Block Size Histogram: it is printed by zdb -bb and more b's (zdb -Lbbbs POOL)";
    static final String VDEV_TABLE = "zdb vdev table";

    /** One zdb run's figures. */
    private static final class Run {
        int line;
        int lastLine;
        Long bpAllocated;
        boolean dedup;
        Long totalRow;
        Long metadataRow;
        Long ddtRow;
        boolean typeTable;
        boolean levelRows;
        /** Per block type: asize of levels above 0, of level 0, and of the type's total row. */
        final Map<String, long[]> types = new LinkedHashMap<>();
        final Long[] cumulative = new Long[MAX_SHIFT + 1];
        int histogramRows;
        boolean title;
        boolean binningNote;
        String note;
        /** A type's sums of the block-type table passed 2^63 bytes. */
        boolean overflow;
    }

    private final List<Line> lines;
    private final Warnings warnings;
    private final List<Run> runs = new ArrayList<>();
    /** The pools zdb's vdev tables show, each shown at the table's lines. */
    private final List<PoolPaste.Pool> vdevTables = new ArrayList<>();

    ZdbOutput(List<Line> lines, Warnings warnings) {
        this.lines = lines;
        this.warnings = warnings;
    }

    List<PoolPaste.Pool> vdevTables() {
        return vdevTables;
    }

    /** Whether a zdb run of the paste printed no Block Size Histogram. */
    boolean runWithoutHistogram() {
        return runs.stream().anyMatch(run -> run.histogramRows == 0);
    }

    /** A line that starts zdb block statistics or its vdev table. */
    boolean starts(Line line) {
        String t = line.trimmed;
        return t.startsWith("Traversing all blocks") || t.startsWith("bp count:") || t.startsWith("Block Size Histogram")
                || isTypeHeader(line) || isHistogramHeader(line) || isVdevHeader(line) || histogramRow(line) == MIN_SHIFT;
    }

    int readAt(int i) {
        Line line = lines.get(i);
        if (isVdevHeader(line)) {
            // zpool iostat -v has the same first header line, and its own second one: it is not read
            int next = PasteLines.nextShown(lines, i + 1);
            boolean described = isDescription(line) || (next < lines.size() && isDescription(lines.get(next)));
            return described ? readVdevTable(i) : i;
        }
        if (!starts(line)) {
            return i;
        }
        return readBlockStats(i);
    }

    // ---- block statistics, type table, histogram ----------------------------------------------

    private enum Part { STATS, TYPES, HISTOGRAM }

    private int readBlockStats(int i) {
        Run run = new Run();
        run.line = lines.get(i).number;
        Part part = Part.STATS;
        while (i < lines.size()) {
            Line line = lines.get(i);
            if (line.skipped()) {
                i++;
                continue;
            }
            String t = line.trimmed;
            if (isVdevHeader(line) || t.startsWith("pool:") || PoolOutputParser.isStatusHeader(line)
                    || PoolOutputParser.isListHeader(line) || PoolOutputParser.isPrompt(t)) {
                break;
            }
            if ((t.startsWith("Traversing all blocks") || t.startsWith("bp count:")) && (run.histogramRows > 0 || run.typeTable)) {
                break; // the next zdb run
            }
            boolean recognized = true;
            if (isTypeHeader(line)) {
                part = Part.TYPES;
                run.typeTable = true;
            } else if (t.startsWith("Block Size Histogram") || isHistogramHeader(line)) {
                part = Part.HISTOGRAM;
                run.title |= t.startsWith("Block Size Histogram");
            } else if (t.startsWith("(note: ")) {
                run.binningNote = true;
                if (!t.contains("binned separately")) {
                    run.note = t;
                }
            } else if (part == Part.TYPES && typeRow(line, run)) {
                // read
            } else if (histogramRow(line) >= 0) {
                part = Part.HISTOGRAM;
                histogram(line, run);
            } else if (part == Part.HISTOGRAM && looksLikeRow(line)) {
                warnings.add(line.number, "a Block Size Histogram row zdb does not print (" + Warnings.quote(t) + "): left out");
            } else if (t.startsWith("bp allocated:")) {
                run.bpAllocated = number(line.tokens(), 2);
            } else if (t.startsWith("bp deduped:")) {
                Long deduped = number(line.tokens(), 2);
                run.dedup |= deduped != null && deduped > 0;
            } else if (t.startsWith("Dedup class")) {
                run.dedup = true;
            } else if (DDT_LINE.matcher(t).matches()) {
                Long entries = number(line.tokens(), 1);
                run.dedup |= entries != null && entries > 0;
            } else if (!STAT.matcher(t).matches() && !isProgress(t)) {
                warnings.notUnderstood(line.number, t);
                recognized = false;
            }
            if (recognized) {
                warnings.understood();
            }
            run.lastLine = line.number;
            i++;
        }
        runs.add(run);
        return i;
    }

    /** zdb's progress line ("… completed (… MB/s) estimated time remaining: …"), found without a pattern that backtracks. */
    private static boolean isProgress(String t) {
        int completed = t.indexOf("completed ");
        return completed >= 0 && (t.indexOf("remaining", completed) >= 0 || t.indexOf("time", completed) >= 0);
    }

    private static boolean isTypeHeader(Line line) {
        String[] t = line.tokens();
        return t.length >= 4 && t[0].equals("Blocks") && t[1].equals("LSIZE") && t[2].equals("PSIZE") && t[3].equals("ASIZE");
    }

    private static boolean isHistogramHeader(Line line) {
        String[] t = line.tokens();
        return t.length >= 4 && ((t[0].equals("block") && t[1].equals("psize") && t[2].equals("lsize") && t[3].equals("asize"))
                || (t[0].equals("size") && t[1].equals("Count") && t[2].equals("Size")));
    }

    /** The block size (as a shift) of a histogram row: a size label, with zdb's colon or with -P's none, and nine figures. */
    private static int histogramRow(Line line) {
        String[] t = line.tokens();
        if (t.length != 10) {
            return -1;
        }
        String label = t[0].endsWith(":") ? t[0].substring(0, t[0].length() - 1) : t[0];
        int shift = Sizes.shift(label);
        if (shift < MIN_SHIFT || shift > MAX_SHIFT) {
            return -1;
        }
        for (int k = 1; k < 10; k++) {
            if (Sizes.bytes(t[k]) == null) {
                return -1;
            }
        }
        return shift;
    }

    /** A line that begins like a histogram row (a size label and a colon) but is not one: cut off or changed. */
    private static boolean looksLikeRow(Line line) {
        String first = line.tokens()[0];
        return first.endsWith(":") && Sizes.bytes(first.substring(0, first.length() - 1)) != null;
    }

    private void histogram(Line line, Run run) {
        int shift = histogramRow(line);
        Long asizeCumulative = Sizes.bytes(line.tokens()[9]);
        if (run.cumulative[shift] != null) {
            warnings.add(line.number, "a second " + Sizes.label(shift) + " row in one Block Size Histogram: the first is kept");
            return;
        }
        run.cumulative[shift] = asizeCumulative;
        run.histogramRows++;
    }

    /** A row of the block-type table; false when the line is none. */
    private boolean typeRow(Line line, Run run) {
        String[] t = line.tokens();
        if (t.length < 8) {
            return false;
        }
        for (int k = 0; k < 7; k++) {
            if (!t[k].equals("-") && Sizes.bytes(t[k]) == null && !t[k].matches("[0-9]+\\.[0-9]+|-?nan%?|inf")) {
                return false;
            }
        }
        int from = 7;
        int level = -1;
        if (t[7].matches("L[0-9]{1,2}") && t.length > 8) {
            level = Integer.parseInt(t[7].substring(1));
            from = 8;
        }
        String type = String.join(" ", java.util.Arrays.copyOfRange(t, from, t.length));
        Long asize = Sizes.bytes(t[3]);
        if (asize == null) {
            if (level < 0 && type.equals("DDT ZAP algorithm")) {
                run.ddtRow = 0L;
            }
            return true;
        }
        if (level >= 0) {
            run.levelRows = true;
        }
        switch (type) {
            case "Total" -> {
                if (level < 0) {
                    run.totalRow = asize;
                }
            }
            case "Metadata Total" -> run.metadataRow = asize;
            default -> {
                if (type.equals("DDT ZAP algorithm") && level < 0) {
                    run.ddtRow = asize;
                    run.dedup |= asize > 0;
                }
                if (!ZDB_ROWS.contains(type)) {
                    long[] sums = run.types.computeIfAbsent(type, k -> new long[3]);
                    int at = level < 0 ? 2 : level == 0 ? 1 : 0;
                    try {
                        sums[at] = Math.addExact(sums[at], asize);
                    } catch (ArithmeticException e) {
                        run.overflow = true;
                    }
                }
            }
        }
        return true;
    }

    private static Long number(String[] tokens, int at) {
        return at < tokens.length ? Sizes.bytes(tokens[at].replace(",", "")) : null;
    }

    /** The first zdb run's histogram, or null when no run printed one. */
    PoolPaste.BlockHistogram histogram() {
        Run chosen = null;
        for (Run run : runs) {
            if (run.histogramRows == 0) {
                warnings.add(run.line, "this zdb output " + NO_HISTOGRAM);
            } else if (chosen == null) {
                chosen = run;
            } else {
                warnings.add(run.line, "a second zdb block histogram: the first (line " + chosen.line + ") is kept");
            }
        }
        if (chosen == null) {
            return null;
        }
        Map<String, Long> cumulative = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        Long previous = null;
        for (int shift = MIN_SHIFT; shift <= MAX_SHIFT; shift++) {
            Long value = chosen.cumulative[shift];
            if (value == null) {
                missing.add(Sizes.label(shift));
                continue;
            }
            if (previous != null && value < previous) {
                warnings.add("the Block Size Histogram's asize Cum. column falls at " + Sizes.label(shift)
                        + ": it is read as printed, but the paste may be damaged");
            }
            previous = value;
            cumulative.put(Sizes.label(shift), value);
        }
        if (!missing.isEmpty()) {
            warnings.add(chosen.line, "the Block Size Histogram has no row for " + String.join(", ", missing)
                    + " (zdb prints every size from 512 to 16M): cut off? Those sizes are left out");
        }
        if (chosen.note != null) {
            warnings.add(chosen.line, "zdb says " + Warnings.quote(chosen.note) + ": the asize histogram is not binned by asize "
                    + "alone or counts only some classes of blocks");
        }
        Long total = chosen.bpAllocated != null ? chosen.bpAllocated : chosen.totalRow != null ? chosen.totalRow
                : chosen.cumulative[MAX_SHIFT];
        HistogramBinning binning = chosen.binningNote ? HistogramBinning.UP_TO
                : chosen.title ? HistogramBinning.FROM : HistogramBinning.UNKNOWN;
        if (binning == HistogramBinning.UNKNOWN) {
            warnings.add(chosen.line, "the paste lacks the Block Size Histogram's title line: whether its rows count blocks up to "
                    + "their size (zdb of OpenZFS 2.4 and later) or from it (earlier) is not known");
        }
        return new PoolPaste.BlockHistogram(cumulative, binning, total, metadata(chosen), chosen.typeTable ? chosen.ddtRow == null
                ? 0L : chosen.ddtRow : null, chosen.dedup, new PoolPaste.Shown(BLOCK_STATISTICS, chosen.line,
                Math.max(chosen.line, chosen.lastLine)));
    }

    /** The Metadata Total row, or the same sum from the per-level rows (zdb before 2.2 printed no such row). */
    private Long metadata(Run run) {
        if (run.metadataRow != null) {
            return run.metadataRow;
        }
        if (!run.typeTable) {
            warnings.add(run.line, "no block-type table (zdb -bb and more print it): the metadata's size is not shown");
            return null;
        }
        if (!run.levelRows) {
            warnings.add(run.line, "the block-type table has no Metadata Total row and no per-level rows (zdb -bbb prints them): "
                    + "the metadata's size cannot be told apart from file data's indirect blocks, so it is not given");
            return null;
        }
        long sum = 0;
        try {
            if (run.overflow) {
                throw new ArithmeticException("long overflow");
            }
            for (Map.Entry<String, long[]> type : run.types.entrySet()) {
                long[] sums = type.getValue();
                boolean data = DATA_TYPES.contains(type.getKey());
                if (sums[0] == 0 && sums[1] == 0) {
                    // only the type's total row: zdb leaves out a level-0 row equal to the total
                    sum = Math.addExact(sum, data ? 0 : sums[2]);
                } else {
                    long level0 = sums[1] > 0 ? sums[1] : Math.max(0, sums[2] - sums[0]);
                    sum = Math.addExact(sum, Math.addExact(sums[0], data ? 0 : level0));
                }
            }
        } catch (ArithmeticException e) {
            warnings.add(run.line, "the block-type table's per-level rows " + HistogramSizing.BEYOND_ANY_POOL
                    + ": the metadata's size is not given");
            return null;
        }
        warnings.add(run.line, "no Metadata Total row (zdb before OpenZFS 2.2): metadataAsize is added up from the per-level rows "
                + "as zdb adds that row up, from their rounded figures");
        return sum;
    }

    // ---- the vdev table (-s) ------------------------------------------------------------------

    private static boolean isVdevHeader(Line line) {
        String[] t = line.tokens();
        return (t.length >= 3 && t[0].equals("capacity") && t[1].equals("operations") && t[2].equals("bandwidth"))
                || isDescription(line);
    }

    private static boolean isDescription(Line line) {
        String[] t = line.tokens();
        return t.length >= 3 && t[0].equals("description") && t[1].equals("used") && t[2].equals("avail");
    }

    private int readVdevTable(int i) {
        int start = i;
        int first = lines.get(i).number;
        while (i < lines.size() && (isVdevHeader(lines.get(i)) || lines.get(i).skipped())) {
            i++;
        }
        List<VdevTree.Row> rows = new ArrayList<>();
        while (i < lines.size()) {
            Line line = lines.get(i);
            if (line.fence) {
                i++;
                continue;
            }
            if (line.blank() || line.trimmed.startsWith("pool:") || PoolOutputParser.isStatusHeader(line)
                    || PoolOutputParser.isListHeader(line) || starts(line)) {
                break;
            }
            VdevTree.Row row = vdevRow(line, i);
            if (row == null) {
                break;
            }
            rows.add(row);
            i++;
        }
        if (rows.isEmpty()) {
            warnings.add(first, "zdb's vdev table has no rows");
            return i;
        }
        VdevTree.Row root = rows.get(0);
        List<PoolPaste.Vdev> vdevs = VdevTree.build(rows.subList(1, rows.size()), VdevRole.DATA, warnings);
        for (int k = 1; k < vdevs.size(); k++) {
            if (vdevs.get(k).type() == VdevType.DISK && vdevs.get(k).role() == VdevRole.DATA && vdevs.get(k - 1).type() != VdevType.DISK) {
                warnings.add(first, "zdb's vdev table lists cache and spare devices like data devices, without a section: "
                        + "the single devices after a mirror, raidz or draid there may be either");
                break;
            }
        }
        vdevTables.add(new PoolPaste.Pool(root.name(), null, vdevs, false, List.of(new PoolPaste.Shown(VDEV_TABLE, first,
                PasteLines.lastNumber(lines, start, i)))));
        return i;
    }

    /** name [(class)] [used avail] read write read write read write cksum. */
    private VdevTree.Row vdevRow(Line line, int index) {
        String[] t = line.tokens();
        int figures = 0;
        while (figures < t.length - 1 && Sizes.bytes(t[t.length - 1 - figures]) != null) {
            figures++;
        }
        if (figures < 7) {
            if (t.length >= 1 && !t[0].endsWith(":") && nextIsEnd(index)) {
                warnings.add(line.number, "no figures after " + Warnings.quote(t[0]) + " (cut off?): read as a device");
                return new VdevTree.Row(line.number, line.indent, t[0], null, null, null);
            }
            return null;
        }
        int nameEnd = t.length - Math.min(figures, 9);
        Long used = figures >= 9 ? Sizes.bytes(t[nameEnd]) : null;
        Long avail = figures >= 9 ? Sizes.bytes(t[nameEnd + 1]) : null;
        VdevRole role = null;
        if (nameEnd >= 2 && t[nameEnd - 1].matches("\\([a-z_]+\\)")) {
            String bias = t[nameEnd - 1].substring(1, t[nameEnd - 1].length() - 1);
            role = switch (bias) {
                case "special" -> VdevRole.SPECIAL;
                case "dedup" -> VdevRole.DEDUP;
                case "log" -> VdevRole.LOG;
                default -> null;
            };
            if (role == null) {
                warnings.add(line.number, "a vdev class drivecat does not know, " + Warnings.quote(bias) + ": read as data");
            }
            nameEnd--;
        }
        String name = String.join(" ", java.util.Arrays.copyOf(t, nameEnd));
        Long size = null;
        if (used != null && avail != null) {
            try {
                size = Math.addExact(used, avail);
            } catch (ArithmeticException e) {
                warnings.add(line.number, "used and avail of " + Warnings.quote(name) + " " + HistogramSizing.BEYOND_ANY_POOL
                        + ": its size is not given");
            }
        }
        return new VdevTree.Row(line.number, line.indent, name, role, size, used);
    }

    private boolean nextIsEnd(int index) {
        return PasteLines.nextShown(lines, index + 1) >= lines.size();
    }
}
