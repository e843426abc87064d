package dev.drivecat.common;

/**
 * What text from outside may hold, and how each writer emits it. One place for every rule about
 * characters that are not printable text:
 * <ul>
 * <li>{@link #clean} and {@link #singleLine}: text read from pages and imports, at ingestion. Control
 * characters other than tab and line feed are removed (a CR/LF pair becomes a line feed), so are
 * Unicode noncharacters and lone surrogates; a name is one line;</li>
 * <li>{@link #forXml}: the last step of every XML writer (the Atom feed, the SVG charts), which never
 * emits a character XML 1.0's {@code Char} production leaves out;</li>
 * <li>{@link #csvCell}: a text cell of a CSV export, neutralised when a spreadsheet would read it as
 * a formula;</li>
 * <li>{@link #quote} and {@link #escape}: a value sent to drivecat, quoted back in an error message
 * or a log line: short, and with its control characters visible.</li>
 * </ul>
 */
public final class Text {

    /** How much of a value a message quotes back. */
    public static final int QUOTED_LENGTH = 40;

    private Text() {
    }

    /**
     * The text without what no text of drivecat holds: C0 controls other than tab and line feed
     * (CR/LF and a lone CR become a line feed), DEL, C1 controls, noncharacters (U+FDD0–U+FDEF and
     * the last two code points of every plane, U+FFFE and U+FFFF among them) and lone surrogates.
     * Null stays null; text with none of them is returned as it is.
     */
    public static String clean(String text) {
        if (text == null || isClean(text)) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            int width = Character.charCount(c);
            if (c == '\r') {
                out.append('\n');
                if (i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    width = 2;
                }
            } else if (keeps(c)) {
                out.appendCodePoint(c);
            }
            i += width;
        }
        return out.toString();
    }

    /** Whether the text is absent or holds nothing but whitespace. */
    public static boolean isBlank(String text) {
        return text == null || text.isBlank();
    }

    /**
     * The text without the whitespace around it, or null when it is absent or holds nothing but
     * whitespace: how an optional field from outside (a form, a JSON body, a page) becomes a value or
     * unknown.
     */
    public static String strippedOrNull(String text) {
        return isBlank(text) ? null : text.strip();
    }

    /**
     * {@link #clean}ed, on one line: tabs and line breaks (with the spaces around them) become one
     * space, and the ends are trimmed. For names, seller names, availability texts: anything that is
     * written into a subject, a title, a CSV cell or a table cell.
     */
    public static String singleLine(String text) {
        String cleaned = clean(text);
        if (cleaned == null) {
            return null;
        }
        boolean breaks = false;
        for (int i = 0; i < cleaned.length() && !breaks; i++) {
            breaks = isLineBreakOrTab(cleaned.charAt(i));
        }
        if (!breaks) {
            return cleaned.strip();
        }
        StringBuilder out = new StringBuilder(cleaned.length());
        boolean pendingSpace = false;
        for (int i = 0; i < cleaned.length(); i++) {
            char c = cleaned.charAt(i);
            if (isLineBreakOrTab(c)) {
                // the spaces before the break go with it
                while (out.length() > 0 && out.charAt(out.length() - 1) == ' ') {
                    out.setLength(out.length() - 1);
                }
                pendingSpace = true;
            } else if (pendingSpace && c == ' ') {
                continue;
            } else {
                if (pendingSpace && out.length() > 0) {
                    out.append(' ');
                }
                pendingSpace = false;
                out.append(c);
            }
        }
        return out.toString().strip();
    }

    /** Whether {@link #clean} would leave the text as it is. */
    private static boolean isClean(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 ? c != '\t' && c != '\n' : c >= 0x7F && (c <= 0x9F || c >= 0xD800 && c <= 0xDFFF || c >= 0xFDD0)) {
                // rare: decide by code point
                return isCleanSlowly(text, i);
            }
        }
        return true;
    }

    /**
     * The index of the first character {@link #clean} would remove (a C0 or C1 control other than
     * tab, line feed and carriage return, DEL, a noncharacter, a lone surrogate), or -1.
     */
    public static int firstRemoved(String text) {
        if (text == null) {
            return -1;
        }
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            if (c != '\r' && !keeps(c)) {
                return i;
            }
            i += Character.charCount(c);
        }
        return -1;
    }

    /**
     * The text as an XML 1.0 document may hold it: every character outside the {@code Char}
     * production (#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]; so U+0000,
     * the other C0 controls, U+FFFE, U+FFFF and lone surrogates) becomes U+FFFD, the replacement
     * character. A writer applies it to everything it emits, whatever was stored.
     */
    public static String forXml(String text) {
        if (text == null) {
            return null;
        }
        int bad = firstNotXml(text);
        if (bad < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        out.append(text, 0, bad);
        for (int i = bad; i < text.length(); ) {
            int c = text.codePointAt(i);
            out.appendCodePoint(isXmlChar(c) ? c : 0xFFFD);
            i += Character.charCount(c);
        }
        return out.toString();
    }

    /** The index of the first character outside XML 1.0's {@code Char} production, or -1. */
    public static int firstNotXml(String text) {
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            if (!isXmlChar(c)) {
                return i;
            }
            i += Character.charCount(c);
        }
        return -1;
    }

    /** XML 1.0 (Fifth Edition), production [2] {@code Char}. A lone surrogate is no character at all. */
    public static boolean isXmlChar(int c) {
        return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD)
                || (c >= 0x10000 && c <= 0x10FFFF);
    }

    /** Unicode's 66 noncharacters: U+FDD0–U+FDEF and U+xxFFFE, U+xxFFFF of every plane. */
    private static boolean isNoncharacter(int c) {
        return (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE;
    }

    /**
     * A text cell as a CSV export writes it: a cell that starts with {@code =}, {@code +}, {@code -},
     * {@code @}, a tab, a carriage return or a line feed gets a leading apostrophe, which spreadsheets
     * read as "this is text" (OWASP's CSV injection guidance), so that no cell is run as a formula. A
     * cell that is a plain decimal number ({@code -12.50}) stays as it is: a number is no formula.
     */
    public static String csvCell(String cell) {
        if (cell == null || cell.isEmpty()) {
            return cell;
        }
        char first = cell.charAt(0);
        boolean trigger = first == '=' || first == '+' || first == '-' || first == '@' || first == '\t' || first == '\r' || first == '\n';
        if (!trigger || isPlainNumber(cell)) {
            return cell;
        }
        return "'" + cell;
    }

    /**
     * A value sent to drivecat as an error message quotes it: at most {@value #QUOTED_LENGTH}
     * characters (then "…" and how long it was), control characters escaped as {@link #escape} does.
     * A message never writes out a value whole: a parameter may be 4,000 characters and a JSON
     * number, written out, a billion.
     */
    public static String quote(String value) {
        if (value == null) {
            return "";
        }
        if (value.length() <= QUOTED_LENGTH) {
            return escape(value);
        }
        int end = QUOTED_LENGTH;
        if (Character.isHighSurrogate(value.charAt(end - 1))) {
            end--;
        }
        return escape(value.substring(0, end)) + "… (" + value.length() + " characters)";
    }

    /**
     * Control characters made visible: {@code \n}, {@code \r}, {@code \t}, other C0 and C1 controls
     * and lone surrogates as {@code \}{@code uXXXX}. For log lines and quoted values.
     */
    public static String escape(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String replacement = switch (c) {
                case '\n' -> "\\n";
                case '\r' -> "\\r";
                case '\t' -> "\\t";
                default -> Character.isISOControl(c) || lone(text, i) ? String.format("\\u%04x", (int) c) : null;
            };
            if (replacement != null && out == null) {
                out = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (out != null) {
                if (replacement != null) {
                    out.append(replacement);
                } else {
                    out.append(c);
                }
            }
        }
        return out == null ? text : out.toString();
    }

    private static boolean lone(String text, int i) {
        char c = text.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i == 0 || !Character.isHighSurrogate(text.charAt(i - 1));
        }
        return false;
    }

    private static boolean keeps(int c) {
        if (c < 0x20) {
            return c == '\t' || c == '\n';
        }
        if (c >= 0x7F && c <= 0x9F) {
            return false;
        }
        return !(c >= 0xD800 && c <= 0xDFFF) && !isNoncharacter(c);
    }

    private static boolean isCleanSlowly(String text, int from) {
        for (int i = from; i < text.length(); ) {
            int c = text.codePointAt(i);
            if (!keeps(c)) {
                return false;
            }
            i += Character.charCount(c);
        }
        return true;
    }

    private static boolean isLineBreakOrTab(char c) {
        return c == '\n' || c == '\t' || c == '\u2028' || c == '\u2029';
    }

    private static boolean isPlainNumber(String cell) {
        int i = cell.charAt(0) == '-' || cell.charAt(0) == '+' ? 1 : 0;
        int digits = 0;
        boolean point = false;
        for (; i < cell.length(); i++) {
            char c = cell.charAt(i);
            if (c >= '0' && c <= '9') {
                digits++;
            } else if (c == '.' && !point) {
                point = true;
            } else {
                return false;
            }
        }
        return digits > 0;
    }
}
