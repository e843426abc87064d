package dev.drivecat.specs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a datasheet's text (a PDF's, through {@link PdfText}, or text an operator took from one)
 * through the same dictionaries and normaliser as spec pages and tables. A line is a row when it
 * parts a label from its value by a tab, a colon or a run of spaces. A row whose cells after the
 * first each name a capacity begins a wide table, and the rows right under it of as many cells (or
 * of two, a value for every column) give each capacity its values; a row of another width, here
 * or elsewhere, is left out, as are lines that are sentences. Pure.
 */
public final class SpecTextParser {

    public static final String IMPORTER = "spec-text";
    public static final String VERSION = "1";

    /** A datasheet is some pages long; a text of more lines than this is not one. */
    static final int MAX_LINES = 20_000;

    private static final Pattern LABEL_COLON = Pattern.compile("([^:\\t]{2,80}?)\\s*:\\s*(\\S.{0,400})");
    private static final Pattern SPACES = Pattern.compile("\\s{2,}");
    private static final Pattern CAPACITY = Pattern.compile("(?i)(?<![\\p{L}\\p{N}])\\d{1,5}(?:[.,]\\d{1,3})?\\s?(?:GB|TB)(?![\\p{L}])");

    private SpecTextParser() {
    }

    /**
     * @param wholeDocument true for a whole datasheet (a PDF), whose silence on power-loss protection
     *     says something; false for text that may be an excerpt
     */
    public static SpecParse parse(String text, String url, LabelDictionaries dictionaries, SpecSourceOptions options, boolean wholeDocument) {
        List<String> lines = text.lines().map(String::strip).filter(l -> !l.isEmpty()).limit(MAX_LINES + 1L).toList();
        if (lines.size() > MAX_LINES) {
            throw new SpecTableParser.MalformedTableException("the text has more than " + MAX_LINES + " lines: it is no datasheet");
        }
        List<SpecSheet.TableRow> pairs = new ArrayList<>();
        List<SpecSheet.TableRow> wide = new ArrayList<>();
        List<String> heading = new ArrayList<>();
        int columns = 0;
        boolean inTable = false;
        for (String line : lines) {
            List<String> cells = cells(line);
            if (cells.size() < 2) {
                if (pairs.isEmpty() && wide.isEmpty() && heading.size() < 5) {
                    heading.add(SpecSheet.collapse(line));
                }
                inTable = false;
                continue;
            }
            if (wide.isEmpty() && cells.size() > 2 && capacityHeader(cells)) {
                // a datasheet's table of capacities: its first row names them, the rows right under it give each its values
                if (cells.size() - 1 > SpecTableParser.MAX_VARIANTS) {
                    throw new SpecTableParser.MalformedTableException("the text's table names " + (cells.size() - 1) + " columns; a "
                            + "datasheet names at most " + SpecTableParser.MAX_VARIANTS);
                }
                columns = cells.size();
                wide.add(new SpecSheet.TableRow(cells, false));
                inTable = true;
            } else if (inTable && (cells.size() == columns || cells.size() == 2)) {
                wide.add(new SpecSheet.TableRow(cells, false));
            } else {
                inTable = false;
                if (cells.size() == 2) {
                    pairs.add(new SpecSheet.TableRow(cells, false));
                }
            }
        }
        SpecSheet sheet = SpecSheet.fromTable(pairs).plus(wide.isEmpty() ? SpecSheet.empty() : SpecSheet.fromTable(wide));
        if (sheet.isEmpty()) {
            throw new SpecTableParser.MalformedTableException("the text lists no label and value: no line parts a label from its value "
                    + "by a tab, a colon or a run of spaces, as a datasheet's specification table does");
        }
        if (sheet.variants().size() > SpecTableParser.MAX_VARIANTS) {
            throw new SpecTableParser.MalformedTableException("the text names " + sheet.variants().size() + " columns; a datasheet names at "
                    + "most " + SpecTableParser.MAX_VARIANTS);
        }
        String title = lines.isEmpty() ? null : SpecSheet.collapse(lines.get(0));
        if (title != null && title.length() > 300) {
            title = title.substring(0, 300);
        }
        LabelDictionaries.Recognition recognition;
        if (options.dictionary() != null && !options.dictionary().isBlank()) {
            recognition = new LabelDictionaries.Recognition(dictionaries.byId(options.dictionary())
                    .orElseThrow(() -> new UnknownDictionaryException(options.dictionary(), dictionaries.ids())), "named by the request");
        } else {
            String head = String.join(" ", lines.subList(0, Math.min(lines.size(), 10)));
            recognition = dictionaries.recognise(new LabelDictionaries.SourceSigns(url, List.of(), head, sheet.labels()));
        }
        // the product's name is in the lines above its specifications: "Samsung PM893 Datasheet", "PM893"
        return SpecReader.read(sheet, dictionaries, recognition, options.kind(), wholeDocument, title, heading, options.hints());
    }

    /** Whether a row names capacities in every cell after its first ("Capacity | 480GB | 960GB | 1.92TB"). */
    private static boolean capacityHeader(List<String> cells) {
        return cells.subList(1, cells.size()).stream().allMatch(c -> CAPACITY.matcher(c).find());
    }

    /** A line's cells: parted by tabs, else by a label's colon, else by runs of spaces; one cell when it is a sentence. */
    static List<String> cells(String line) {
        if (line.indexOf('\t') >= 0) {
            List<String> out = new ArrayList<>();
            for (String c : line.split("\\t+")) {
                if (!c.isBlank()) {
                    out.add(c.strip());
                }
            }
            return out;
        }
        Matcher colon = LABEL_COLON.matcher(line);
        if (colon.matches()) {
            return List.of(colon.group(1).strip(), colon.group(2).strip());
        }
        if (SPACES.matcher(line).find()) {
            return List.of(SPACES.split(line)).stream().filter(c -> !c.isBlank()).map(String::strip).toList();
        }
        return List.of(line);
    }
}
