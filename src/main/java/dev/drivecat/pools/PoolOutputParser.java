package dev.drivecat.pools;

import dev.drivecat.common.PastedText;
import dev.drivecat.common.Work;
import dev.drivecat.pools.PasteLines.Line;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads pasted {@code zpool status} ({@code -v}, {@code -D}, {@code -P}, and the config part
 * alone), {@code zpool list -v} and zdb ({@code -bb} or more b's, with or without {@code -L} and
 * {@code -s}) output into pools and a block-size histogram: a pure function of the text, which
 * never throws. Several outputs, of several pools, may follow each other in one paste, with shell
 * prompts, prose and Markdown fences between them; whatever is none of these outputs is skipped
 * and named in the warnings with its line number.
 *
 * <p>The formats, from the OpenZFS sources: {@code zpool status} prints each config row as a tab,
 * two spaces per level, the name, the state and the READ WRITE CKSUM counters, then notes
 * ({@code was /dev/sdb1}, {@code currently in use}, {@code (resilvering)}); the section names
 * {@code dedup}, {@code special}, {@code logs} (each followed by a tab), {@code cache} and
 * {@code spares} stand alone on their lines (print_status_config, print_class_vdevs, print_l2cache,
 * print_spares in cmd/zpool/zpool_main.c). {@code zpool list -v} prints the pool's row with its
 * DEDUP ratio and HEALTH, its vdevs indented two spaces per level, and the sections
 * {@code dedup}, {@code special}, {@code logs}, {@code cache}, {@code spare} as rows of dashes
 * (collect_list_stats, print_line). zdb's formats are in {@link ZdbOutput}.
 */
public final class PoolOutputParser {

    private static final Pattern POOL = Pattern.compile("pool:\\s*(\\S+).*");
    private static final Pattern STATE = Pattern.compile("state:\\s*(\\S+).*");
    private static final Pattern CONFIG = Pattern.compile("config:\\s*");
    private static final Pattern DEDUP_LINE = Pattern.compile("dedup:\\s*(?:DDT entries\\s+([0-9]+).*|no DDT entries.*)");
    /** A shell prompt and command ("root@host:~# zpool status", "[user@host ~]$ …", "# zdb -Lbbbs tank"), or the command alone. */
    private static final Pattern PROMPT = Pattern.compile(
            "(?:\\[[^\\]]*+\\]|[\\w.-]++@\\S+|[\\w.-]++(?::\\S*)?)?\\s*+[$#%>]\\s*+[A-Za-z./~].*|(?:sudo\\s++)?(?:zpool|zdb)(?:\\s.*)?");
    /** zpool_dump_ddt's table: its two header lines, the rule, the rows by reference count and the total. */
    private static final Pattern DDT_TABLE = Pattern.compile("(?:(?:bucket|refcnt|Total|[0-9]+(?:\\.[0-9]+)?[KMGTPE]?)\\b|_{3,}|-{3,}).*");
    /** Vdev states (zpool_state_to_name) and a spare's INUSE and AVAIL. */
    static final Set<String> STATES = Set.of("ONLINE", "DEGRADED", "FAULTED", "OFFLINE", "UNAVAIL", "REMOVED", "SPLIT",
            "UNKNOWN", "AVAIL", "INUSE", "SUSPENDED");
    /** The most pools one answer holds: a host's pools, many times over. */
    static final int MAX_POOLS = 64;
    /** The most vdevs one answer holds, in all its pools: pools of hundreds of vdevs fit. */
    static final int MAX_VDEVS = 1024;
    /** The most places one pool's entry lists as where the paste shows it (zpool status, list, zdb's two). */
    static final int MAX_SHOWN = 8;
    private static final Map<String, VdevRole> STATUS_SECTIONS = Map.of("logs", VdevRole.LOG, "log", VdevRole.LOG,
            "special", VdevRole.SPECIAL, "dedup", VdevRole.DEDUP, "cache", VdevRole.CACHE, "spares", VdevRole.SPARE,
            "spare", VdevRole.SPARE);

    private final List<Line> lines;
    private final Warnings warnings = new Warnings();
    private final Map<String, PoolPaste.Pool> pools = new LinkedHashMap<>();
    private final Map<String, Integer> firstLines = new LinkedHashMap<>();
    private final ZdbOutput zdb;
    /** Per pool, the showings beyond {@link #MAX_SHOWN}: read and merged, not listed. */
    private final Map<String, Integer> moreShowings = new java.util.HashMap<>();
    private int unnamed;

    private PoolOutputParser(String paste) {
        this.lines = PasteLines.of(paste == null ? "" : paste);
        this.zdb = new ZdbOutput(lines, warnings);
    }

    public static PoolPaste parse(String paste) {
        return new PoolOutputParser(paste).read();
    }

    private PoolPaste read() {
        int i = 0;
        int check = 0;
        while (i < lines.size()) {
            if (i >= check) {
                Work.check();
                check = i + PastedText.CHECK_EVERY;
            }
            Line line = lines.get(i);
            if (line.skipped()) {
                i++;
                continue;
            }
            int next = readAt(i);
            if (next > i) {
                warnings.understood();
                i = next;
                continue;
            }
            if (!PROMPT.matcher(line.trimmed).matches()) {
                warnings.notUnderstood(line.number, line.trimmed);
            } else {
                warnings.understood();
            }
            i++;
        }
        // zdb's vdev tables merge last, so that zpool status and list give the structure; the pools keep the paste's order
        for (PoolPaste.Pool table : zdb.vdevTables()) {
            add(table, table.shownAt().get(0).fromLine());
        }
        List<String> order = new ArrayList<>(pools.keySet());
        order.sort(java.util.Comparator.comparing(firstLines::get));
        PoolPaste.BlockHistogram histogram = zdb.histogram();
        return new PoolPaste(bounded(order), histogram, warnings.list(), zdb.runWithoutHistogram());
    }

    /**
     * The pools the answer holds: at most {@link #MAX_POOLS}, with {@link #MAX_VDEVS} vdevs among
     * them, each listing where it was shown at most {@link #MAX_SHOWN} times; what is left out is
     * counted in a warning that is always listed. So the answer stays within a bound whatever the
     * paste repeats (a pool's name 32,768 times, a vdev row per line).
     */
    private List<PoolPaste.Pool> bounded(List<String> order) {
        List<PoolPaste.Pool> kept = new ArrayList<>();
        int vdevs = 0;
        int vdevsLeftOut = 0;
        for (String key : order.subList(0, Math.min(order.size(), MAX_POOLS))) {
            PoolPaste.Pool pool = pools.get(key);
            int room = Math.min(pool.vdevs().size(), MAX_VDEVS - vdevs);
            if (room < pool.vdevs().size()) {
                vdevsLeftOut += pool.vdevs().size() - room;
                pool = new PoolPaste.Pool(pool.name(), pool.state(), pool.vdevs().subList(0, room), pool.dedupShown(), pool.shownAt());
            }
            vdevs += room;
            kept.add(pool);
            int unlisted = moreShowings.getOrDefault(key, 0);
            if (unlisted > 0) {
                warnings.always("pool " + (pool.name() == null ? "without a name" : Warnings.quote(pool.name())) + " is shown "
                        + unlisted + " more time" + (unlisted == 1 ? "" : "s") + " than shownAt lists (at most " + MAX_SHOWN
                        + "): read, and not listed");
            }
        }
        if (order.size() > MAX_POOLS) {
            warnings.always("the paste shows " + order.size() + " pools: the first " + MAX_POOLS + " are answered, the other "
                    + (order.size() - MAX_POOLS) + " are left out");
        }
        if (vdevsLeftOut > 0) {
            warnings.always("the paste shows more than " + MAX_VDEVS + " vdevs: " + vdevsLeftOut + " are left out, the last of "
                    + "the pools first");
        }
        return kept;
    }

    /** Reads the output that starts at line i, if one does: the index after it, else i. */
    private int readAt(int i) {
        Line line = lines.get(i);
        if (isPoolLine(line) || isStatusHeader(line) || isConfigLine(line)) {
            return readStatus(i);
        }
        if (isListHeader(line)) {
            return readList(i);
        }
        return zdb.readAt(i);
    }

    /** The start of some output other than the one being read. */
    private boolean startsOutput(Line line) {
        return isPoolLine(line) || isStatusHeader(line) || isListHeader(line) || zdb.starts(line);
    }

    private static boolean isPoolLine(Line line) {
        return line.trimmed.startsWith("pool:") && POOL.matcher(line.trimmed).matches();
    }

    private static boolean isConfigLine(Line line) {
        return line.trimmed.startsWith("config:") && CONFIG.matcher(line.trimmed).matches();
    }

    static boolean isPrompt(String trimmed) {
        return PROMPT.matcher(trimmed).matches();
    }

    static boolean isStatusHeader(Line line) {
        String[] t = line.tokens();
        return t.length >= 2 && t[0].equals("NAME") && t[1].equals("STATE");
    }

    static boolean isListHeader(Line line) {
        String[] t = line.tokens();
        if (t.length < 3 || !t[0].equals("NAME")) {
            return false;
        }
        boolean size = false;
        boolean other = false;
        for (String word : t) {
            size |= word.equals("SIZE");
            other |= word.equals("ALLOC") || word.equals("FREE") || word.equals("HEALTH") || word.equals("CAP");
        }
        return size && other;
    }

    // ---- zpool status ------------------------------------------------------------------------

    private record StatusRow(int line, int indent, String name, String state, VdevRole section) {
    }

    private int readStatus(int i) {
        int start = i;
        String name = null;
        String state = null;
        int firstLine = lines.get(i).number;
        Matcher pool = POOL.matcher(lines.get(i).trimmed);
        if (pool.matches()) {
            name = pool.group(1);
            i++;
        }
        boolean table = false;
        boolean config = false;
        while (i < lines.size()) {
            Line line = lines.get(i);
            if (line.skipped()) {
                i++;
                continue;
            }
            if (isStatusHeader(line)) {
                i++;
                table = true;
                break;
            }
            if (config) {
                // the rows without their NAME STATE header
                StatusRow row = statusRow(line);
                table = row != null && row.state() != null;
                break;
            }
            if (isPoolLine(line) || isListHeader(line) || zdb.starts(line) || line.trimmed.startsWith("errors:")) {
                break;
            }
            Matcher s = STATE.matcher(line.trimmed);
            if (s.matches()) {
                state = s.group(1);
            } else if (isConfigLine(line)) {
                config = true;
            }
            // status:, action:, see:, scan:, remove:, checkpoint: and their continuation lines say nothing of the layout
            i++;
        }
        List<StatusRow> rows = new ArrayList<>();
        if (table) {
            i = readStatusRows(i, rows);
        }
        AfterStatus after = readAfterStatus(i);
        finishStatus(name, state, rows, new PoolPaste.Shown("zpool status", firstLine, PasteLines.lastNumber(lines, start, after.next())),
                after.ddt());
        return after.next();
    }

    private int readStatusRows(int i, List<StatusRow> rows) {
        VdevRole section = VdevRole.DATA;
        while (i < lines.size()) {
            Line line = lines.get(i);
            if (line.skipped()) {
                int at = stepOver(i, this::continuesTable);
                if (at < 0) {
                    break;
                }
                i = at;
                continue;
            }
            if (line.trimmed.startsWith("errors:") || line.trimmed.startsWith("dedup:") || startsOutput(line)) {
                break;
            }
            String[] t = line.tokens();
            if (t.length == 1 && STATUS_SECTIONS.containsKey(t[0])) {
                section = STATUS_SECTIONS.get(t[0]);
                rows.add(new StatusRow(line.number, line.indent, null, null, section));
                i++;
                continue;
            }
            StatusRow row = statusRow(line);
            if (row == null) {
                break;
            }
            rows.add(row);
            i++;
        }
        return i;
    }

    private boolean continuesTable(Line line) {
        String[] t = line.tokens();
        if (t.length == 1) {
            return STATUS_SECTIONS.containsKey(t[0]);
        }
        StatusRow row = statusRow(line);
        return row != null && row.state() != null;
    }

    /** A config row, or null when the line is no row (a name alone is read as a row: a cut-off line). */
    private StatusRow statusRow(Line line) {
        String[] t = line.tokens();
        if (t.length == 0 || t[0].endsWith(":")) {
            return null;
        }
        if (t.length == 1) {
            return new StatusRow(line.number, line.indent, t[0], null, null);
        }
        for (int k = 1; k < Math.min(t.length, 4); k++) {
            if (STATES.contains(t[k])) {
                return new StatusRow(line.number, line.indent, k == 1 ? t[0] : String.join(" ", java.util.Arrays.copyOf(t, k)), t[k], null);
            }
        }
        return new StatusRow(line.number, line.indent, t[0], null, null);
    }

    /** Where zpool status's output ends, and whether its dedup: line counts DDT entries. */
    private record AfterStatus(int next, boolean ddt) {
    }

    /**
     * What zpool status prints after the config: errors: (with -v, the damaged files' list, indented),
     * and with -D the dedup: line and its DDT histogram (print_dedup_stats, zpool_dump_ddt).
     */
    private AfterStatus readAfterStatus(int i) {
        boolean ddt = false;
        boolean fileList = false;
        boolean ddtTable = false;
        while (i < lines.size()) {
            Line line = lines.get(i);
            if (line.skipped()) {
                i++;
                continue;
            }
            if (startsOutput(line) || isConfigLine(line)) {
                return new AfterStatus(i, ddt);
            }
            Matcher dedup = DEDUP_LINE.matcher(line.trimmed);
            if (dedup.matches()) {
                ddt |= dedup.group(1) != null && !dedup.group(1).equals("0");
                ddtTable = true;
                fileList = false;
            } else if (line.trimmed.startsWith("errors:")) {
                fileList = !line.trimmed.contains("No known data errors");
                ddtTable = false;
            } else if (!(fileList && line.indent > 0) && !(ddtTable && DDT_TABLE.matcher(line.trimmed).matches())) {
                return new AfterStatus(i, ddt);
            }
            i++;
        }
        return new AfterStatus(i, ddt);
    }

    private void finishStatus(String name, String state, List<StatusRow> rows, PoolPaste.Shown shown, boolean ddt) {
        int firstLine = shown.fromLine();
        int from = 0;
        StatusRow root = null;
        if (!rows.isEmpty() && rows.get(0).section() == null && VdevTree.groupType(rows.get(0).name()) == null
                && !VdevTree.isOneDeviceGroup(rows.get(0).name())) {
            root = rows.get(0);
            from = 1;
        } else if (!rows.isEmpty()) {
            warnings.add(rows.get(0).line(), "the config starts below the pool's own row: " + (name == null
                    ? "the pool's name is not shown" : "read as pool " + name));
        }
        if (root != null && name != null && !root.name().equals(name)) {
            warnings.add(root.line(), "the config's first row names " + Warnings.quote(root.name()) + ", not the pool "
                    + Warnings.quote(name) + " of the pool: line: read as " + Warnings.quote(name));
        }
        String poolName = name != null ? name : root == null ? null : root.name();
        if (state == null && root != null) {
            state = root.state();
        }
        if (rows.size() <= from && root != null) {
            warnings.add(root.line(), "pool " + poolName + ": no vdev rows under the pool's own row");
        } else if (rows.isEmpty()) {
            warnings.add(firstLine, "pool " + (poolName == null ? "" : poolName + " ") + "has no config table (the NAME STATE "
                    + "READ WRITE CKSUM rows): its vdevs are not shown");
        }
        List<PoolPaste.Vdev> vdevs = new ArrayList<>();
        VdevRole section = VdevRole.DATA;
        List<VdevTree.Row> sectionRows = new ArrayList<>();
        for (int k = from; k < rows.size(); k++) {
            StatusRow row = rows.get(k);
            if (row.section() != null) {
                vdevs.addAll(VdevTree.build(sectionRows, section, warnings));
                sectionRows.clear();
                section = row.section();
                continue;
            }
            if (row.state() == null) {
                warnings.add(row.line(), "no vdev state after " + Warnings.quote(row.name()) + (k == rows.size() - 1 ? " (cut off?)" : "")
                        + ": read as a device");
            }
            sectionRows.add(new VdevTree.Row(row.line(), row.indent(), row.name(), null, null, null));
        }
        vdevs.addAll(VdevTree.build(sectionRows, section, warnings));
        add(new PoolPaste.Pool(poolName, state, vdevs, ddt, List.of(shown)), firstLine);
    }

    // ---- zpool list -v -----------------------------------------------------------------------

    private int readList(int i) {
        int headerLine = lines.get(i).number;
        String[] columns = lines.get(i).tokens();
        int size = index(columns, "SIZE");
        int alloc = index(columns, "ALLOC");
        int health = index(columns, "HEALTH");
        int dedup = index(columns, "DEDUP");
        i++;
        String poolName = null;
        String poolHealth = null;
        boolean poolDedup = false;
        int poolLine = 0;
        int shownFrom = 0;
        int lastLine = 0;
        int poolIndent = -1;
        VdevRole section = VdevRole.DATA;
        List<PoolPaste.Vdev> vdevs = new ArrayList<>();
        List<VdevTree.Row> rows = new ArrayList<>();
        boolean open = false;
        while (i < lines.size()) {
            Line line = lines.get(i);
            if (line.skipped()) {
                int at = stepOver(i, PoolOutputParser::isListRow);
                if (at < 0) {
                    break;
                }
                i = at;
                continue;
            }
            if (startsOutput(line)) {
                break;
            }
            String[] t = line.tokens();
            boolean last = PasteLines.nextShown(lines, i + 1) >= lines.size();
            if (!isListRow(line) && !(last && t.length >= 1 && open)) {
                break;
            }
            String ratio = value(t, dedup);
            boolean isPool = !open || (dedup > 0 ? ratio != null && ratio.matches("[0-9]+(\\.[0-9]+)?x") : line.indent <= poolIndent);
            if (isPool) {
                if (open) {
                    vdevs.addAll(VdevTree.build(rows, section, warnings));
                    listPoolDone(poolName, poolHealth, vdevs, poolDedup, poolLine, shownFrom, lastLine);
                }
                poolName = t[0];
                String shown = value(t, health);
                poolHealth = shown != null && STATES.contains(shown) ? shown : null;
                poolDedup = ratio != null && !ratio.matches("1(\\.0+)?x") && ratio.matches("[0-9]+(\\.[0-9]+)?x");
                shownFrom = open ? line.number : headerLine;
                poolLine = line.number;
                poolIndent = line.indent;
                section = VdevRole.DATA;
                vdevs = new ArrayList<>();
                rows = new ArrayList<>();
                open = true;
            } else if (STATUS_SECTIONS.containsKey(t[0]) && onlyDashes(t) && line.indent <= poolIndent + 1) {
                vdevs.addAll(VdevTree.build(rows, section, warnings));
                rows = new ArrayList<>();
                section = STATUS_SECTIONS.get(t[0]);
            } else if (open) {
                if (!isListRow(line)) {
                    warnings.add(line.number, "no sizes after " + Warnings.quote(t[0]) + " (cut off?): read as a device");
                }
                rows.add(new VdevTree.Row(line.number, line.indent, t[0], null, Sizes.bytes(value(t, size)), Sizes.bytes(value(t, alloc))));
            }
            lastLine = line.number;
            i++;
        }
        if (open) {
            vdevs.addAll(VdevTree.build(rows, section, warnings));
            listPoolDone(poolName, poolHealth, vdevs, poolDedup, poolLine, shownFrom, lastLine);
        }
        return i;
    }

    private void listPoolDone(String name, String health, List<PoolPaste.Vdev> vdevs, boolean dedup, int line, int from, int lastLine) {
        if (vdevs.isEmpty()) {
            warnings.add(line, "pool " + name + ": no vdev rows (zpool list shows them with -v)");
        }
        add(new PoolPaste.Pool(name, health, vdevs, dedup, List.of(new PoolPaste.Shown(vdevs.isEmpty() ? "zpool list" : "zpool list -v",
                from, Math.max(line, lastLine)))), line);
    }

    /** A zpool list row: a name, then sizes or dashes. */
    private static boolean isListRow(Line line) {
        String[] t = line.tokens();
        return t.length >= 2 && !t[0].endsWith(":") && Sizes.sizeOrDash(t[1]);
    }

    private static boolean onlyDashes(String[] t) {
        for (int k = 1; k < t.length; k++) {
            if (!t[k].equals("-")) {
                return false;
            }
        }
        return true;
    }

    private static String value(String[] tokens, int column) {
        return column > 0 && column < tokens.length ? tokens[column] : null;
    }

    private static int index(String[] columns, String name) {
        for (int k = 0; k < columns.length; k++) {
            if (columns[k].equals(name)) {
                return k;
            }
        }
        return -1;
    }

    /**
     * At a fence or a blank line inside a table: where the table goes on, or -1 when it ends here. A
     * blank line ends a table unless a row follows (a paste that doubled every line end).
     */
    private int stepOver(int i, java.util.function.Predicate<Line> row) {
        if (lines.get(i).fence) {
            return i + 1;
        }
        int next = PasteLines.nextShown(lines, i);
        return next < lines.size() && !startsOutput(lines.get(next)) && row.test(lines.get(next)) ? next : -1;
    }

    // ---- pools shown by more than one output ---------------------------------------------------

    /** Adds a pool; one already read under that name keeps its vdevs and takes the sizes and state it lacked. */
    private void add(PoolPaste.Pool pool, int line) {
        String key = pool.name() != null ? pool.name() : "\u0000" + unnamed++;
        PoolPaste.Pool known = pools.get(key);
        if (known == null) {
            pools.put(key, pool);
            firstLines.put(key, line);
            return;
        }
        pools.put(key, merged(key, known, pool, firstLines.get(key), line));
        firstLines.merge(key, line, Math::min);
    }

    private PoolPaste.Pool merged(String key, PoolPaste.Pool known, PoolPaste.Pool later, int knownLine, int laterLine) {
        String state = known.state() != null ? known.state() : later.state();
        boolean dedup = known.dedupShown() || later.dedupShown();
        List<PoolPaste.Shown> shown = new ArrayList<>(known.shownAt());
        for (PoolPaste.Shown at : later.shownAt()) {
            if (shown.size() < MAX_SHOWN) {
                shown.add(at);
            } else {
                moreShowings.merge(key, 1, Integer::sum);
            }
        }
        shown.sort(java.util.Comparator.comparingInt(PoolPaste.Shown::fromLine));
        if (known.vdevs().isEmpty()) {
            return new PoolPaste.Pool(known.name(), state, later.vdevs(), dedup, shown);
        }
        List<PoolPaste.Vdev> vdevs = new ArrayList<>();
        // the later vdevs by role, type and width, each taken once, in order: linear in the vdevs of both
        Map<List<Object>, java.util.ArrayDeque<PoolPaste.Vdev>> unmatched = new java.util.HashMap<>();
        for (PoolPaste.Vdev candidate : later.vdevs()) {
            unmatched.computeIfAbsent(twinKey(candidate), k -> new java.util.ArrayDeque<>()).add(candidate);
        }
        int matched = 0;
        for (PoolPaste.Vdev vdev : known.vdevs()) {
            java.util.ArrayDeque<PoolPaste.Vdev> twins = unmatched.get(twinKey(vdev));
            PoolPaste.Vdev twin = twins == null ? null : twins.poll();
            if (twin == null) {
                vdevs.add(vdev);
            } else {
                vdevs.add(vdev.withSizesFrom(twin));
                matched++;
            }
        }
        if (matched == 0 && !later.vdevs().isEmpty()) {
            warnings.add("pool " + known.name() + " is shown at lines " + Math.min(knownLine, laterLine) + " and "
                    + Math.max(knownLine, laterLine) + " with different vdevs: " + (knownLine < laterLine ? "the first"
                    : "the one at line " + knownLine + " (zdb's vdev table cannot tell cache and spare devices apart)") + " is kept");
        }
        return new PoolPaste.Pool(known.name(), state, vdevs, dedup, shown);
    }

    private static List<Object> twinKey(PoolPaste.Vdev vdev) {
        return List.of(vdev.role(), vdev.type(), vdev.width());
    }
}
