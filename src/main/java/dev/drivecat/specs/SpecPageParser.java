package dev.drivecat.specs;

import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Reads a vendor's spec page: finds its label/value pairs, recognises whose page it is, and maps
 * every label through that vendor's dictionary (then the generic one) to catalog values. A pure
 * function of the document and its URL.
 */
public final class SpecPageParser {

    public static final String IMPORTER = "spec-page";
    public static final String VERSION = "1";

    private SpecPageParser() {
    }

    public static SpecParse parse(Document doc, String url, LabelDictionaries dictionaries, SpecSourceOptions options) {
        SpecSheet generic = LabelValueExtractor.extract(doc, List.of());
        LabelDictionaries.Recognition recognition = recognise(doc, url, generic, dictionaries, options);
        LabelDictionary dictionary = recognition.dictionary();
        SpecSheet sheet = dictionary.pairs().isEmpty() ? generic : LabelValueExtractor.extract(doc, dictionary.pairs());
        List<String> modelFrom = dictionary.modelFrom().isEmpty() ? dictionaries.generic().modelFrom() : dictionary.modelFrom();
        List<String> pageModels = new ArrayList<>();
        for (String selector : modelFrom) {
            Element e = doc.selectFirst(selector);
            if (e != null) {
                String text = e.text().isBlank() ? e.attr("content") : e.text();
                if (!text.isBlank()) {
                    pageModels.add(text.trim());
                }
            }
        }
        String title = doc.title().isBlank() ? null : SpecSheet.collapse(doc.title());
        if (title != null && title.length() > 300) {
            title = title.substring(0, 300);
        }
        return SpecReader.read(sheet, dictionaries, recognition, options.kind(), true, title, pageModels, options.hints());
    }

    static LabelDictionaries.Recognition recognise(Document doc, String url, SpecSheet sheet, LabelDictionaries dictionaries,
                                                   SpecSourceOptions options) {
        if (options.dictionary() != null && !options.dictionary().isBlank()) {
            LabelDictionary forced = dictionaries.byId(options.dictionary())
                    .orElseThrow(() -> new UnknownDictionaryException(options.dictionary(), dictionaries.ids()));
            return new LabelDictionaries.Recognition(forced, "named by the request");
        }
        List<String> selfUrls = new ArrayList<>();
        Element canonical = doc.selectFirst("link[rel=canonical][href]");
        if (canonical != null) {
            selfUrls.add(canonical.attr("href"));
        }
        Element ogUrl = doc.selectFirst("meta[property=og:url][content]");
        if (ogUrl != null) {
            selfUrls.add(ogUrl.attr("content"));
        }
        StringBuilder head = new StringBuilder(doc.title());
        for (Element meta : doc.select("head meta[content]")) {
            head.append(' ').append(meta.attr("content"));
        }
        for (Element link : doc.select("head link[href]")) {
            head.append(' ').append(link.attr("href"));
        }
        return dictionaries.recognise(new LabelDictionaries.SourceSigns(url, selfUrls, head.toString(), sheet.labels()));
    }
}
