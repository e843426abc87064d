package dev.drivecat.specs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.drivecat.common.JsonErrors;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads datasheet tables (CSV or JSON) through the same dictionaries and normaliser as spec
 * pages. Layouts: two columns "label,value"; rows of "model,label,value"; wide "label,model1,
 * model2,…" with the first row naming the models. Pure.
 */
public final class SpecTableParser {

    public static final String IMPORTER = "spec-table";
    public static final String VERSION = "1";
    private static final Set<String> ROW_MEMBERS = Set.of("model", "label", "value");
    /** The most models one table may name: a datasheet compares a family's capacities, a few dozen at most. */
    static final int MAX_VARIANTS = 200;

    /** A table that cannot be read; the message says where and what is allowed. */
    public static class MalformedTableException extends RuntimeException {
        public MalformedTableException(String message) {
            super(message, null, false, false);
        }
    }

    private SpecTableParser() {
    }

    /** @param charset the charset the CSV is in (the Content-Type's), null for UTF-8 */
    public static SpecParse parseCsv(byte[] body, String charset, String url, LabelDictionaries dictionaries, SpecSourceOptions options) {
        return read(csvRows(body, charset == null ? StandardCharsets.UTF_8 : java.nio.charset.Charset.forName(charset)), url, dictionaries, options);
    }

    public static SpecParse parseJson(byte[] body, ObjectMapper mapper, String url, LabelDictionaries dictionaries,
                                      SpecSourceOptions options) {
        return read(jsonRows(body, mapper), url, dictionaries, options);
    }

    static SpecParse read(List<SpecSheet.TableRow> rows, String url, LabelDictionaries dictionaries, SpecSourceOptions options) {
        SpecSheet sheet = SpecSheet.fromTable(rows);
        if (sheet.variants().size() > MAX_VARIANTS) {
            // every variant is matched and reported: 50,000 columns made an 18 MB answer
            throw new MalformedTableException("the table names " + sheet.variants().size() + " models (columns or model rows); a table "
                    + "names at most " + MAX_VARIANTS + ": split a larger one");
        }
        if (sheet.isEmpty()) {
            throw new MalformedTableException("the table has no label/value rows; allowed layouts: label,value rows; "
                    + "model,label,value rows (with that header); or label,model1,model2,… with the first row naming the models");
        }
        LabelDictionaries.Recognition recognition;
        if (options.dictionary() != null && !options.dictionary().isBlank()) {
            recognition = new LabelDictionaries.Recognition(dictionaries.byId(options.dictionary())
                    .orElseThrow(() -> new UnknownDictionaryException(options.dictionary(), dictionaries.ids())), "named by the request");
        } else {
            recognition = dictionaries.recognise(new LabelDictionaries.SourceSigns(url, List.of(), "", sheet.labels()));
        }
        return SpecReader.read(sheet, dictionaries, recognition, options.kind(), false, null, List.of(), options.hints());
    }

    static List<SpecSheet.TableRow> csvRows(byte[] body, java.nio.charset.Charset charset) {
        String text = new String(body, charset);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        CsvMapper csv = new CsvMapper();
        List<SpecSheet.TableRow> rows = new ArrayList<>();
        try (MappingIterator<String[]> it = csv.readerFor(String[].class).with(CsvParser.Feature.WRAP_AS_ARRAY).readValues(text)) {
            while (it.hasNextValue()) {
                rows.add(new SpecSheet.TableRow(List.of(it.nextValue()), false));
            }
        } catch (IOException | RuntimeException e) {
            String where = e instanceof JsonProcessingException j && j.getLocation() != null
                    ? "line " + j.getLocation().getLineNr() + ": " : "";
            throw new MalformedTableException("the CSV could not be read: " + where + firstLine(e.getMessage())
                    + "; send UTF-8 CSV with comma-separated cells, quoting cells that hold commas or quotes");
        }
        return rows;
    }

    /**
     * JSON rows: an array of objects {@code {"model": …, "label": …, "value": …}} (model optional),
     * or an array of arrays of cells laid out like the CSV.
     */
    static List<SpecSheet.TableRow> jsonRows(byte[] body, ObjectMapper mapper) {
        JsonNode root;
        try {
            root = mapper.readTree(body);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new MalformedTableException("the body is not JSON: " + JsonErrors.describe(e));
        } catch (IOException e) {
            throw new MalformedTableException("the body is not JSON: " + firstLine(e.getMessage()));
        }
        if (root == null || !root.isArray()) {
            throw new MalformedTableException("the JSON must be an array of rows: objects {\"model\", \"label\", \"value\"} "
                    + "(model optional) or arrays of cells");
        }
        List<SpecSheet.TableRow> rows = new ArrayList<>();
        boolean objects = root.size() > 0 && root.get(0).isObject();
        if (objects) {
            rows.add(new SpecSheet.TableRow(List.of("model", "label", "value"), false));
        }
        for (int i = 0; i < root.size(); i++) {
            JsonNode row = root.get(i);
            String at = "/" + i;
            if (objects) {
                if (!row.isObject()) {
                    throw new MalformedTableException(at + ": every row must be an object like the first");
                }
                for (Iterator<Map.Entry<String, JsonNode>> f = row.fields(); f.hasNext(); ) {
                    Map.Entry<String, JsonNode> member = f.next();
                    if (!ROW_MEMBERS.contains(member.getKey())) {
                        throw new MalformedTableException(at + "/" + member.getKey() + ": unknown member; allowed: model, label, value");
                    }
                    if (!member.getValue().isValueNode()) {
                        throw new MalformedTableException(at + "/" + member.getKey() + ": must be a string or number");
                    }
                }
                if (!row.hasNonNull("label") || !row.hasNonNull("value")) {
                    throw new MalformedTableException(at + ": label and value are required");
                }
                rows.add(new SpecSheet.TableRow(List.of(text(row.get("model")), text(row.get("label")), text(row.get("value"))), false));
            } else {
                if (!row.isArray()) {
                    throw new MalformedTableException(at + ": every row must be an array of cells like the first");
                }
                List<String> cells = new ArrayList<>();
                for (int c = 0; c < row.size(); c++) {
                    if (!row.get(c).isValueNode()) {
                        throw new MalformedTableException(at + "/" + c + ": a cell must be a string or number");
                    }
                    cells.add(text(row.get(c)));
                }
                rows.add(new SpecSheet.TableRow(cells, false));
            }
        }
        return rows;
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() ? "" : n.asText();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        return message.lines().findFirst().orElse(message).replaceAll("\\(class [^)]*\\)", "").trim();
    }
}
