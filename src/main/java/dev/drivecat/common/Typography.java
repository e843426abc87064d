package dev.drivecat.common;

import com.ibm.icu.text.UnicodeSet;
import java.text.Normalizer;
import java.util.regex.Pattern;

/**
 * Text from pages, titles and tool outputs with its typography made plain, so that one pattern
 * reads every spelling. Pure.
 */
public final class Typography {

    private static final Pattern FOOTNOTES = Pattern.compile("[\\u00B9\\u00B2\\u00B3\\u2070-\\u209F\\u2020\\u2021\\u00A7]|(?<=\\S)\\*+");
    private static final Pattern SPACES = Pattern.compile("[\\s\\u00A0\\u1680\\u2000-\\u200A\\u202F\\u205F\\u3000]+");
    /**
     * Every default-ignorable code point (Unicode's Default_Ignorable_Code_Point: zero-width and
     * joining characters, the soft hyphen, invisible operators U+2061–2064, the combining grapheme
     * joiner, variation selectors, bidi marks and controls, tag characters, Hangul fillers, …): a
     * renderer shows none of them, so they must not part or hide the words of a text.
     */
    private static final UnicodeSet INVISIBLE = new UnicodeSet("[:Default_Ignorable_Code_Point:]").freeze();
    /**
     * Characters that show as a blank: the Hangul fillers and the Braille blank. Read as nothing, as
     * the invisible characters are, or as the space they show where the caller asks.
     */
    private static final Pattern BLANKS = Pattern.compile("[\\u115F\\u1160\\u3164\\uFFA0\\u2800]");
    private static final Pattern MARKS = Pattern.compile("[\\u00AE\\u2122\\u00A9\\u2120]");
    private static final Pattern DASHES = Pattern.compile("[\\u2010-\\u2015\\u2212\\uFE58\\uFE63\\uFF0D]");
    private static final Pattern QUOTES = Pattern.compile("[\\u201C\\u201D\\u201E\\u201F\\u2033\\u02BA\\u02DD\\u030B\\u3003]|''");

    private Typography() {
    }

    /**
     * Footnote markers and trade marks dropped, every kind of space one space, dashes '-', curly
     * and double-prime quotes '"', the Greek mu the micro sign, full-width forms half-width;
     * trimmed. Null reads as the empty text.
     */
    public static String plain(String raw) {
        return plain(raw, false);
    }

    /**
     * As {@link #plain(String)}, with every default-ignorable code point and every character that
     * shows as a blank read as a space instead of nothing when {@code ignorablesAsSpaces}: a Hangul
     * filler or a zero-width space between two words may part them for a reader ("EMPTY\u3164BOX"),
     * and where it does, this is what the reader sees.
     */
    public static String plain(String raw, boolean ignorablesAsSpaces) {
        if (raw == null) {
            return "";
        }
        if (alreadyPlain(raw)) {
            return raw.trim();
        }
        String s = BLANKS.matcher(raw).replaceAll(ignorablesAsSpaces ? " " : "");
        s = INVISIBLE.containsNone(s) ? s : visible(s, ignorablesAsSpaces);
        s = FOOTNOTES.matcher(s).replaceAll(" ");
        s = MARKS.matcher(s).replaceAll("");
        s = Normalizer.normalize(s, Normalizer.Form.NFKC);
        s = s.replace('\u03BC', '\u00B5').replace('\u00D7', 'x').replace('\u2032', '\'');
        s = DASHES.matcher(s).replaceAll("-");
        s = QUOTES.matcher(s).replaceAll("\"");
        s = SPACES.matcher(s).replaceAll(" ");
        return s.trim();
    }

    /** The text without its default-ignorable code points, or with a space for each. */
    private static String visible(String raw, boolean asSpaces) {
        StringBuilder b = new StringBuilder(raw.length());
        raw.codePoints().forEach(c -> {
            if (!INVISIBLE.contains(c)) {
                b.appendCodePoint(c);
            } else if (asSpaces) {
                b.append(' ');
            }
        });
        return b.toString();
    }

    /**
     * Whether the text is printable ASCII with no footnote star, doubled apostrophe or run of
     * spaces: then every rule of {@link #plain} leaves it as it is (NFKC keeps ASCII), and the
     * patterns need not run. Most titles are such text.
     */
    private static boolean alreadyPlain(String raw) {
        char previous = 'x';
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c < 0x20 || c > 0x7E || c == '*' || (c == ' ' && previous == ' ') || (c == '\'' && previous == '\'')) {
                return false;
            }
            previous = c;
        }
        return true;
    }
}
