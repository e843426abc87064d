package dev.drivecat.scraping;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Locale;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/**
 * Turns page bytes into a document. Which charset wins depends on where the bytes come from:
 * <ul>
 * <li>a page <em>fetched</em> from its site: the charset its HTTP header named; when it named
 * none (or one this JVM does not know), what the page declares (byte-order mark or
 * {@code <meta charset>}), else UTF-8;</li>
 * <li>a page <em>saved</em> by a user and posted to us: what the page declares itself, because
 * upload tools add a default charset to the Content-Type that the page was never written in; the
 * Content-Type's charset only for a page that declares none, else UTF-8.</li>
 * </ul>
 */
public final class PageReader {

    private static final String DECLARATION =
            "meta[charset], meta[http-equiv~=(?i)content-type][content~=(?i)charset]";

    private PageReader() {
    }

    /** A page fetched from its site: the HTTP header's charset wins. */
    public static Document fetched(byte[] body, Charset headerCharset, String baseUri) {
        String charset = headerCharset == null ? null : headerCharset.name();
        return parse(body, known(charset) ? charset : null, baseUri);
    }

    /** A page saved by a user and posted with a Content-Type: the page's own declaration wins. */
    public static Document saved(byte[] body, String contentTypeCharset, String baseUri) {
        Document declared = parse(body, null, baseUri);
        if (!known(contentTypeCharset) || hasByteOrderMark(body) || declared.selectFirst(DECLARATION) != null) {
            return declared;
        }
        return parse(body, contentTypeCharset.trim(), baseUri);
    }

    /** The charset a Content-Type header names, if it names one this JVM knows; else null. */
    public static String charset(String contentType) {
        if (contentType == null) {
            return null;
        }
        for (String part : contentType.split(";")) {
            String p = part.trim();
            if (p.toLowerCase(Locale.ROOT).startsWith("charset=")) {
                String name = p.substring("charset=".length()).replace("\"", "").trim();
                return known(name) ? name : null;
            }
        }
        return null;
    }

    private static Document parse(byte[] body, String charset, String baseUri) {
        try {
            return Jsoup.parse(new ByteArrayInputStream(body), charset, baseUri);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean hasByteOrderMark(byte[] b) {
        return b.length >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF
                || b.length >= 2 && (b[0] & 0xFF) == 0xFE && (b[1] & 0xFF) == 0xFF
                || b.length >= 2 && (b[0] & 0xFF) == 0xFF && (b[1] & 0xFF) == 0xFE
                || b.length >= 4 && b[0] == 0 && b[1] == 0 && (b[2] & 0xFF) == 0xFE && (b[3] & 0xFF) == 0xFF;
    }

    private static boolean known(String charset) {
        if (charset == null || charset.isBlank()) {
            return false;
        }
        try {
            return Charset.isSupported(charset.trim());
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            return false;
        }
    }
}
