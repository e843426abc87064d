package dev.drivecat.specs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * Finds the label/value pairs a spec page lists, in the layouts vendors use: {@code <table>} rows
 * (two cells, or a wide table with one column per variant), {@code <dl>} definition lists,
 * label/value element pairs marked by their classes ({@code <div class="label">…</div><div
 * class="value">…</div>}), two-child list items ({@code <li><span>label</span><span>value</span></li>}),
 * "{@code <strong>Label:</strong> value}" lines, and layouts a dictionary adds as CSS selectors.
 * Pure: a document in, a {@link SpecSheet} out.
 */
public final class LabelValueExtractor {

    private static final Set<String> LABEL_CLASS_WORDS = Set.of("label", "name", "key", "term", "param", "property", "attr",
            "attribute");
    private static final Set<String> VALUE_CLASS_WORDS = Set.of("value", "val", "data", "desc", "detail", "details");
    private static final Set<String> INLINE = Set.of("span", "b", "strong", "em", "i", "a", "sup", "sub", "small", "abbr", "code",
            "label", "dt", "dd", "br", "img", "u", "mark", "time", "data");
    private static final int MAX_LABEL = 120;
    private static final int MAX_VALUE = 1000;

    private LabelValueExtractor() {
    }

    public static SpecSheet extract(Document source, List<LabelDictionary.PairLayout> extraLayouts) {
        Document doc = source.clone();
        doc.select("script, style, noscript, template, svg, iframe, button, [hidden], [aria-hidden=true], [role=tooltip]").remove();
        doc.select("[class*=tooltip], [class*=Tooltip], [class*=TOOLTIP]").remove();
        doc.select("sup").forEach(sup -> {
            if (sup.text().matches("[\\d*†‡§,\\s]{0,6}")) {
                sup.remove();
            }
        });

        SpecSheet sheet = SpecSheet.empty();
        for (Element table : doc.select("table")) {
            if (table.selectFirst("table table") != null || !table.select("table").stream().allMatch(t -> t == table)) {
                continue; // a layout table: its inner tables are read on their own
            }
            List<SpecSheet.TableRow> rows = new ArrayList<>();
            for (Element tr : table.select("tr")) {
                if (tr.closest("table") != table) {
                    continue;
                }
                List<Element> cells = tr.children().stream().filter(c -> c.nameIs("td") || c.nameIs("th")).toList();
                if (cells.isEmpty()) {
                    continue;
                }
                rows.add(new SpecSheet.TableRow(cells.stream().map(LabelValueExtractor::text).toList(),
                        cells.stream().allMatch(c -> c.nameIs("th"))));
            }
            sheet = sheet.plus(SpecSheet.fromTable(rows));
        }

        List<SpecSheet.Row> pairs = new ArrayList<>();
        for (Element dl : doc.select("dl")) {
            definitionList(dl, pairs);
        }
        for (Element e : doc.select("[class]")) {
            Element next = e.nextElementSibling();
            if (next != null && hasClassWord(e, LABEL_CLASS_WORDS) && hasClassWord(next, VALUE_CLASS_WORDS)
                    && !hasClassWord(e, VALUE_CLASS_WORDS)) {
                add(pairs, text(e), text(next));
            }
        }
        for (Element item : doc.select("li, p")) {
            listItem(item, pairs);
        }
        for (LabelDictionary.PairLayout layout : extraLayouts) {
            for (Element row : doc.select(layout.row())) {
                Element label = row.selectFirst(layout.label());
                Element value = row.selectFirst(layout.value());
                if (label != null && value != null) {
                    add(pairs, text(label), text(value));
                }
            }
        }
        return sheet.plus(new SpecSheet(SpecSheet.dedupe(pairs), java.util.Map.of()));
    }

    private static void definitionList(Element dl, List<SpecSheet.Row> pairs) {
        String label = null;
        List<String> values = new ArrayList<>();
        for (Element child : dl.children()) {
            Element item = child;
            if (child.nameIs("div")) {
                // <dl><div><dt/><dd/></div></dl> is allowed HTML
                for (Element inner : child.children()) {
                    label = definitionItem(inner, label, values, pairs);
                }
                continue;
            }
            label = definitionItem(item, label, values, pairs);
        }
        if (label != null && !values.isEmpty()) {
            add(pairs, label, String.join("; ", values));
        }
    }

    private static String definitionItem(Element item, String label, List<String> values, List<SpecSheet.Row> pairs) {
        if (item.nameIs("dt")) {
            if (label != null && !values.isEmpty()) {
                add(pairs, label, String.join("; ", values));
            }
            values.clear();
            return text(item);
        }
        if (item.nameIs("dd") && label != null) {
            String v = text(item);
            if (!v.isEmpty()) {
                values.add(v);
            }
        }
        return label;
    }

    /** {@code <li><span>label</span><span>value</span></li>} and {@code <li><strong>Label:</strong> value</li>}. */
    private static void listItem(Element item, List<SpecSheet.Row> pairs) {
        List<Element> children = item.children().stream().filter(c -> !c.nameIs("br")).toList();
        boolean ownText = item.textNodes().stream().anyMatch(t -> !t.isBlank());
        if (children.size() == 2 && !ownText && children.stream().allMatch(LabelValueExtractor::isInlineOnly)) {
            add(pairs, text(children.get(0)), text(children.get(1)));
            return;
        }
        if (!children.isEmpty() && ownText) {
            Element first = children.get(0);
            String label = text(first);
            if (leadingBlank(item, first) && isInlineOnly(first) && label.endsWith(":")) {
                String whole = text(item);
                if (whole.startsWith(label)) {
                    add(pairs, label, whole.substring(label.length()));
                }
            }
        }
    }

    /** True when only whitespace stands before the element inside its parent. */
    private static boolean leadingBlank(Element parent, Element first) {
        for (Node n : parent.childNodes()) {
            if (n == first) {
                return true;
            }
            if (!(n instanceof TextNode t) || !t.isBlank()) {
                return false;
            }
        }
        return false;
    }

    private static boolean isInlineOnly(Element e) {
        return INLINE.contains(e.normalName()) && e.getAllElements().stream().allMatch(x -> INLINE.contains(x.normalName()));
    }

    private static boolean hasClassWord(Element e, Set<String> words) {
        for (String cls : e.classNames()) {
            String lower = cls.toLowerCase(Locale.ROOT);
            if (words.contains(lower)) {
                return true;
            }
            if (Arrays.stream(lower.split("[^a-z0-9]+")).anyMatch(words::contains)) {
                return true;
            }
        }
        return false;
    }

    private static void add(List<SpecSheet.Row> pairs, String label, String value) {
        String l = label.replaceAll("\\s*[:：]\\s*$", "").trim();
        String v = value.replaceAll("^\\s*[:：]\\s*", "").trim();
        if (l.isEmpty() || v.isEmpty() || l.length() > MAX_LABEL || v.length() > MAX_VALUE || !l.matches("(?s).*\\p{L}.*")) {
            return;
        }
        pairs.add(new SpecSheet.Row(l, v));
    }

    /**
     * An element's visible text, whitespace collapsed; line breaks and block boundaries inside it
     * become "; " so that a list in one cell stays readable on one line.
     */
    static String text(Element e) {
        StringBuilder out = new StringBuilder();
        NodeTraversor.traverse(new NodeVisitor() {
            @Override
            public void head(Node node, int depth) {
                if (node instanceof TextNode t) {
                    out.append(t.getWholeText());
                } else if (node instanceof Element el && el.nameIs("br")) {
                    out.append('\n');
                }
            }

            @Override
            public void tail(Node node, int depth) {
                if (node instanceof Element el && node != e && el.isBlock()) {
                    out.append('\n');
                }
            }
        }, e);
        return Arrays.stream(out.toString().split("\n"))
                .map(SpecSheet::collapse)
                .filter(s -> !s.isEmpty())
                .collect(Collectors.joining("; "));
    }
}
