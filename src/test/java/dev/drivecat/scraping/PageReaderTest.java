package dev.drivecat.scraping;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Which charset a page is read in: the header's for a fetched page, the page's own for a saved one. */
class PageReaderTest {

    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");
    private static final String URL = "https://www.amazon.de/dp/B0E2ECHARS";

    private static byte[] declaring(String charset, String text, Charset encoding) {
        return ("<html><head><meta charset=\"" + charset + "\"></head><body><p>" + text + "</p></body></html>").getBytes(encoding);
    }

    private static byte[] undeclared(String text, Charset encoding) {
        return ("<html><head></head><body><p>" + text + "</p></body></html>").getBytes(encoding);
    }

    @Test
    void aSavedPageIsReadInTheCharsetItDeclaresEvenWhenTheContentTypeNamesAnother() {
        byte[] page = declaring("windows-1252", "399,00 € – Müller", WINDOWS_1252);

        assertThat(PageReader.saved(page, "UTF-8", URL).selectFirst("p").text()).isEqualTo("399,00 € – Müller");
    }

    @Test
    void aSavedPageWithAByteOrderMarkIsReadInItsEncoding() {
        byte[] text = undeclared("Müller", StandardCharsets.UTF_8);
        byte[] page = new byte[text.length + 3];
        page[0] = (byte) 0xEF;
        page[1] = (byte) 0xBB;
        page[2] = (byte) 0xBF;
        System.arraycopy(text, 0, page, 3, text.length);

        assertThat(PageReader.saved(page, "ISO-8859-1", URL).selectFirst("p").text()).isEqualTo("Müller");
    }

    @Test
    void aSavedPageThatDeclaresNothingIsReadInTheContentTypesCharset() {
        byte[] page = undeclared("Müller", StandardCharsets.ISO_8859_1);

        assertThat(PageReader.saved(page, "ISO-8859-1", URL).selectFirst("p").text()).isEqualTo("Müller");
        // without the header the ISO-8859-1 "ü" is read as UTF-8: one replacement character
        assertThat(PageReader.saved(page, null, URL).selectFirst("p").text()).isEqualTo("M\uFFFDller");
    }

    @Test
    void aFetchedPageIsReadInTheCharsetItsHttpHeaderNamed() {
        byte[] page = declaring("windows-1252", "Müller", StandardCharsets.UTF_8);

        assertThat(PageReader.fetched(page, StandardCharsets.UTF_8, URL).selectFirst("p").text()).isEqualTo("Müller");
        // without the header the page's own (wrong) declaration wins: UTF-8 bytes read as windows-1252
        assertThat(PageReader.fetched(page, null, URL).selectFirst("p").text()).isEqualTo("MÃ¼ller");
    }

    @Test
    void theCharsetOfAContentTypeIsReadOnlyWhenThisJvmKnowsIt() {
        assertThat(PageReader.charset("text/html; charset=\"windows-1252\"")).isEqualTo("windows-1252");
        assertThat(PageReader.charset("text/html;charset=UTF-8")).isEqualTo("UTF-8");
        assertThat(PageReader.charset("text/html; charset=no-such-charset")).isNull();
        assertThat(PageReader.charset("text/html")).isNull();
        assertThat(PageReader.charset(null)).isNull();
    }
}
