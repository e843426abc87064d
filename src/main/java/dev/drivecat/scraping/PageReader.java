package dev.drivecat.scraping;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/**
 * Turns page bytes into a document: with the charset the HTTP header named, or, when it named
 * none (or one this JVM does not know), the one the page declares in a meta tag, else UTF-8.
 */
public final class PageReader {

    private PageReader() {
    }

    public static Document read(byte[] body, Charset headerCharset, String baseUri) {
        return read(body, headerCharset == null ? null : headerCharset.name(), baseUri);
    }

    public static Document read(byte[] body, String headerCharset, String baseUri) {
        String charset = known(headerCharset) ? headerCharset : null;
        try {
            return Jsoup.parse(new ByteArrayInputStream(body), charset, baseUri);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
