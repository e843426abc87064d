package dev.drivecat.specs;

import dev.drivecat.catalog.SourceKind;
import dev.drivecat.common.DomainException;
import dev.drivecat.scraping.PageReader;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A vendor document read into what it says, whatever it comes as: a product page (HTML, read as
 * {@link SpecPageParser} reads it), a datasheet (PDF, its text through {@link PdfText}), or text an
 * operator took from a datasheet ({@link SpecTextParser}). A document that lists no specification
 * is a 422 saying so.
 */
@ApplicationScoped
public class SpecSources {

    @Inject
    SpecSourceImportService imports;

    /** What a document is, by its media type (and, for a PDF, its first bytes). */
    public enum Format { PAGE, PDF, TEXT }

    /** The format of a document of this media type; null when it is none drivecat reads. */
    public static Format format(String mediaType, byte[] body) {
        String type = mediaType == null ? "" : mediaType.toLowerCase(Locale.ROOT).split(";", 2)[0].strip();
        return switch (type) {
            case "text/html", "application/xhtml+xml" -> Format.PAGE;
            case "application/pdf" -> Format.PDF;
            case "text/plain" -> Format.TEXT;
            default -> body != null && body.length >= 5 && new String(body, 0, 5, StandardCharsets.ISO_8859_1).equals("%PDF-") ? Format.PDF : null;
        };
    }

    /**
     * @param kind what the document is when known (a vendor host's path says); null: a PDF or text is a
     *     vendor datasheet, a page what its dictionary says
     */
    public SpecParse read(byte[] body, String mediaType, String charset, String url, SourceKind kind) {
        Format format = format(mediaType, body);
        if (format == null) {
            throw new DomainException(DomainException.Kind.UNPROCESSABLE, "The document is " + (mediaType == null ? "of no stated type"
                    : mediaType) + ": drivecat reads product pages (text/html), datasheets (application/pdf) and text taken from a "
                    + "datasheet (text/plain)");
        }
        LabelDictionaries dictionaries = imports.dictionaries();
        SpecParse parse;
        try {
            parse = switch (format) {
                case PAGE -> SpecPageParser.parse(PageReader.saved(body, charset, url), url, dictionaries, options(kind, null));
                case PDF -> SpecTextParser.parse(PdfText.of(body), url, dictionaries, options(kind, SourceKind.VENDOR_DATASHEET), true);
                case TEXT -> SpecTextParser.parse(new String(body, charset(charset)), url, dictionaries,
                        options(kind, SourceKind.VENDOR_DATASHEET), false);
            };
        } catch (PdfText.NotAPdfException e) {
            throw new DomainException(DomainException.Kind.UNPROCESSABLE, "The document is no datasheet drivecat can read: " + e.getMessage()
                    + "; nothing was stored");
        } catch (SpecTableParser.MalformedTableException e) {
            throw new DomainException(DomainException.Kind.UNPROCESSABLE, "The document is no datasheet: " + e.getMessage()
                    + "; nothing was stored");
        }
        if (parse.variants().stream().allMatch(v -> v.values().stream().noneMatch(SpecParse.Found::hasValue))) {
            throw new DomainException(DomainException.Kind.UNPROCESSABLE, "The document states no specification of a drive (no capacity, "
                    + "interface, form factor, endurance or power-loss protection): it is no product page or datasheet; nothing was stored");
        }
        return parse;
    }

    /** The importer that reads documents of a media type, as stored with each value. */
    public String importer(String mediaType) {
        return format(mediaType, null) == Format.PAGE ? SpecPageParser.IMPORTER : SpecTextParser.IMPORTER;
    }

    public String importerVersion(String mediaType) {
        return format(mediaType, null) == Format.PAGE ? SpecPageParser.VERSION : SpecTextParser.VERSION;
    }

    private static SpecSourceOptions options(SourceKind kind, SourceKind otherwise) {
        return new SpecSourceOptions(null, kind != null ? kind : otherwise, null, null);
    }

    private static Charset charset(String name) {
        try {
            return name == null ? StandardCharsets.UTF_8 : Charset.forName(name);
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
