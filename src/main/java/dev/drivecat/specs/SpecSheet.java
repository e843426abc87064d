package dev.drivecat.specs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a source lists before any dictionary reads it: label/value rows that hold for the whole
 * source, and rows per variant when a table has one column per model or capacity (a wide table,
 * or rows of model, label, value). A page or a two-column table has no variants.
 */
public record SpecSheet(List<Row> common, Map<String, List<Row>> variants) {

    /**
     * One label and its value as the source writes them (whitespace collapsed). {@code header}
     * marks the first row of a wide table: it names the variants, and is read as a value only if
     * its label is one a dictionary knows ("容量 | S3700 400GB | …" is a capacity row too).
     */
    public record Row(String label, String value, boolean header) {
        public Row(String label, String value) {
            this(label, value, false);
        }
    }

    /** One row of a table, its cells as text; {@code headerCells} when every cell is a {@code <th>}. */
    public record TableRow(List<String> cells, boolean headerCells) {
    }

    public static SpecSheet empty() {
        return new SpecSheet(List.of(), Map.of());
    }

    public boolean isEmpty() {
        return common.isEmpty() && variants.isEmpty();
    }

    /** Every label in the sheet, for recognising the source. */
    public List<String> labels() {
        Set<String> labels = new LinkedHashSet<>();
        common.forEach(r -> labels.add(r.label()));
        variants.values().forEach(rows -> rows.forEach(r -> labels.add(r.label())));
        return List.copyOf(labels);
    }

    /** This sheet and another merged: common rows appended, variants of one name joined. */
    public SpecSheet plus(SpecSheet other) {
        List<Row> rows = new ArrayList<>(common);
        rows.addAll(other.common());
        Map<String, List<Row>> merged = new LinkedHashMap<>();
        variants.forEach((k, v) -> merged.computeIfAbsent(k, x -> new ArrayList<>()).addAll(v));
        other.variants().forEach((k, v) -> merged.computeIfAbsent(k, x -> new ArrayList<>()).addAll(v));
        return new SpecSheet(dedupe(rows), freeze(merged));
    }

    /**
     * Reads a table in any of the layouts datasheets use:
     * <ul>
     *   <li>two columns, label and value (a first row "label,value" is a header);</li>
     *   <li>rows of model, label, value, with that header in any order (a blank model: the whole source);</li>
     *   <li>wide: a label column and one column per variant, the first row naming the variants.</li>
     * </ul>
     */
    public static SpecSheet fromTable(List<TableRow> given) {
        List<TableRow> rows = new ArrayList<>();
        for (TableRow r : given) {
            List<String> cells = r.cells().stream().map(c -> c == null ? "" : collapse(c)).toList();
            if (cells.stream().anyMatch(c -> !c.isEmpty())) {
                rows.add(new TableRow(trimTrailingBlanks(cells), r.headerCells()));
            }
        }
        if (rows.isEmpty()) {
            return empty();
        }
        List<String> head = rows.get(0).cells().stream().map(c -> c.toLowerCase(Locale.ROOT)).toList();
        if (head.size() == 3 && head.containsAll(List.of("model", "label", "value"))) {
            return longLayout(rows.subList(1, rows.size()), head.indexOf("model"), head.indexOf("label"), head.indexOf("value"));
        }
        int start = head.equals(List.of("label", "value")) ? 1 : 0;
        int widest = rows.stream().mapToInt(r -> r.cells().size()).max().orElse(0);
        if (widest <= 2) {
            List<Row> pairs = new ArrayList<>();
            for (int i = start; i < rows.size(); i++) {
                TableRow r = rows.get(i);
                if (r.cells().size() == 2 && !r.cells().get(0).isEmpty() && !r.cells().get(1).isEmpty()) {
                    pairs.add(new Row(r.cells().get(0), r.cells().get(1), i == 0 && r.headerCells()));
                }
            }
            return new SpecSheet(dedupe(pairs), Map.of());
        }
        return wideLayout(rows);
    }

    private static SpecSheet longLayout(List<TableRow> rows, int model, int label, int value) {
        List<Row> common = new ArrayList<>();
        Map<String, List<Row>> variants = new LinkedHashMap<>();
        for (TableRow r : rows) {
            String m = cell(r, model);
            String l = cell(r, label);
            String v = cell(r, value);
            if (l.isEmpty() || v.isEmpty()) {
                continue;
            }
            if (m.isEmpty()) {
                common.add(new Row(l, v));
            } else {
                variants.computeIfAbsent(m, x -> new ArrayList<>()).add(new Row(l, v));
            }
        }
        return new SpecSheet(dedupe(common), freeze(variants));
    }

    private static SpecSheet wideLayout(List<TableRow> rows) {
        TableRow first = rows.get(0);
        List<String> names = new ArrayList<>();
        for (int i = 1; i < first.cells().size(); i++) {
            String name = first.cells().get(i);
            names.add(name.isEmpty() ? "column " + (i + 1) : name);
        }
        List<Row> common = new ArrayList<>();
        Map<String, List<Row>> variants = new LinkedHashMap<>();
        names.forEach(n -> variants.put(n, new ArrayList<>()));
        for (int ri = 0; ri < rows.size(); ri++) {
            TableRow r = rows.get(ri);
            String label = cell(r, 0);
            if (label.isEmpty()) {
                continue;
            }
            if (ri > 0 && r.cells().size() == 2) {
                // a value spanning every variant column
                common.add(new Row(label, r.cells().get(1)));
                continue;
            }
            for (int i = 1; i < r.cells().size() && i - 1 < names.size(); i++) {
                String value = r.cells().get(i);
                if (!value.isEmpty()) {
                    variants.get(names.get(i - 1)).add(new Row(label, value, ri == 0));
                }
            }
        }
        return new SpecSheet(dedupe(common), freeze(variants));
    }

    private static String cell(TableRow r, int i) {
        return i < r.cells().size() ? r.cells().get(i) : "";
    }

    private static List<String> trimTrailingBlanks(List<String> cells) {
        int end = cells.size();
        while (end > 0 && cells.get(end - 1).isEmpty()) {
            end--;
        }
        return cells.subList(0, end);
    }

    static String collapse(String s) {
        return s.replaceAll("[\\s\\u00A0\\u2007\\u202F\\u3000]+", " ").trim();
    }

    static List<Row> dedupe(List<Row> rows) {
        Set<String> seen = new LinkedHashSet<>();
        List<Row> out = new ArrayList<>();
        for (Row r : rows) {
            if (seen.add(r.label() + "\u0000" + r.value())) {
                out.add(r);
            }
        }
        return List.copyOf(out);
    }

    private static Map<String, List<Row>> freeze(Map<String, List<Row>> variants) {
        Map<String, List<Row>> out = new LinkedHashMap<>();
        variants.forEach((k, v) -> {
            if (!v.isEmpty()) {
                out.put(k, dedupe(v));
            }
        });
        return java.util.Collections.unmodifiableMap(out);
    }
}
