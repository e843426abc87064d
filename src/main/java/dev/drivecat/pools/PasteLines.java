package dev.drivecat.pools;

import dev.drivecat.common.PastedText;
import dev.drivecat.common.Work;
import java.util.ArrayList;
import java.util.List;

/**
 * A paste as lines, cleaned the way pastes need: CR LF, CR or LF line ends; terminal colour codes
 * (zpool colours states when ZFS_COLOR is set) and other control characters dropped; no-break
 * spaces as spaces; a Markdown quote's leading {@code >} removed; Markdown fences marked so that
 * readers step over them. Indentation is counted in columns with tab stops every 8, as a terminal
 * shows it: zpool status indents its config with a tab and then two spaces per level, and a paste
 * that turned the tab into spaces keeps the same columns. A line is read up to
 * {@link PastedText#MAX_LINE} characters, so that what the readers' patterns cost on one line is
 * bounded and the paste is read in time linear in its size.
 */
final class PasteLines {

    private PasteLines() {
    }

    /** One line of the paste. */
    static final class Line {
        /** From 1, as an editor counts. */
        final int number;
        final String trimmed;
        final int indent;
        final boolean fence;
        private String[] tokens;

        Line(int number, String trimmed, int indent, boolean fence) {
            this.number = number;
            this.trimmed = trimmed;
            this.indent = indent;
            this.fence = fence;
        }

        boolean blank() {
            return trimmed.isEmpty();
        }

        /** Blank lines and fences: what readers step over. */
        boolean skipped() {
            return fence || trimmed.isEmpty();
        }

        /** The words of the line, split at runs of spaces and tabs. */
        String[] tokens() {
            if (tokens == null) {
                tokens = split(trimmed);
            }
            return tokens;
        }
    }

    static List<Line> of(String paste) {
        List<Line> lines = new ArrayList<>(Math.max(16, paste.length() / 40));
        int start = 0;
        int number = 1;
        int n = paste.length();
        while (start <= n) {
            if (number % PastedText.CHECK_EVERY == 0) {
                Work.check();
            }
            int end = start;
            while (end < n && paste.charAt(end) != '\n' && paste.charAt(end) != '\r') {
                end++;
            }
            if (end > start || end < n) {
                lines.add(line(number, paste, start, PastedText.cut(paste, start, end)));
            }
            if (end >= n) {
                break;
            }
            start = end + (paste.charAt(end) == '\r' && end + 1 < n && paste.charAt(end + 1) == '\n' ? 2 : 1);
            number++;
        }
        return lines;
    }

    private static Line line(int number, String paste, int start, int end) {
        // most lines hold nothing to clean: their indentation counted, the rest is taken as it is
        int column = 0;
        int from = start;
        while (from < end && (paste.charAt(from) == ' ' || paste.charAt(from) == '\t')) {
            column = paste.charAt(from) == '\t' ? (column / 8 + 1) * 8 : column + 1;
            from++;
        }
        int to = end;
        while (to > from && (paste.charAt(to - 1) == ' ' || paste.charAt(to - 1) == '\t')) {
            to--;
        }
        boolean plain = from == to || paste.charAt(from) != '>';
        for (int i = from; plain && i < to; i++) {
            char c = paste.charAt(i);
            plain = c >= ' ' ? c < '\u007f' || (c > '\u00a0' && c != '\u2007' && c != '\u202f' && c != '\ufeff' && c != '\u200b')
                    : c == '\t';
        }
        if (plain) {
            String trimmed = paste.substring(from, to);
            return new Line(number, trimmed, column, trimmed.startsWith("```") || trimmed.startsWith("~~~"));
        }
        return cleaned(number, paste, start, end);
    }

    private static Line cleaned(int number, String paste, int start, int end) {
        StringBuilder clean = new StringBuilder(end - start);
        int column = 0;
        int indent = -1;
        for (int i = start; i < end; i++) {
            char c = paste.charAt(i);
            if (c == '\u001b') {
                i = skipEscape(paste, i, end);
                continue;
            }
            if (c == '\t') {
                if (indent < 0) {
                    column = (column / 8 + 1) * 8;
                } else {
                    clean.append(' ');
                }
                continue;
            }
            if (c == '\u00a0' || c == '\u2007' || c == '\u202f') {
                c = ' ';
            }
            if (Character.isISOControl(c) || c == '\ufeff' || c == '\u200b') {
                continue;
            }
            if (c == ' ' && indent < 0) {
                column++;
                continue;
            }
            if (indent < 0) {
                if (c == '>' && clean.length() == 0) {
                    // a Markdown quote: what follows keeps its own indentation
                    column = 0;
                    if (i + 1 < end && paste.charAt(i + 1) == ' ') {
                        i++;
                    }
                    continue;
                }
                indent = column;
            }
            clean.append(c);
        }
        String trimmed = clean.toString().strip();
        boolean fence = trimmed.startsWith("```") || trimmed.startsWith("~~~");
        return new Line(number, trimmed, Math.max(indent, 0), fence);
    }

    /** Past an ANSI escape sequence (CSI ... final byte, or ESC and one character). */
    private static int skipEscape(String s, int at, int end) {
        int i = at + 1;
        if (i < end && s.charAt(i) == '[') {
            i++;
            while (i < end && (s.charAt(i) < '@' || s.charAt(i) > '~')) {
                i++;
            }
            return i;
        }
        return Math.min(i, end - 1);
    }

    static String[] split(String s) {
        List<String> words = new ArrayList<>(12);
        int n = s.length();
        int i = 0;
        while (i < n) {
            while (i < n && isSpace(s.charAt(i))) {
                i++;
            }
            int from = i;
            while (i < n && !isSpace(s.charAt(i))) {
                i++;
            }
            if (i > from) {
                words.add(s.substring(from, i));
            }
        }
        return words.toArray(String[]::new);
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t';
    }

    /** The index of the first line at or after index {@code from} that is not blank or a fence; the list's size when none is. */
    static int nextShown(List<Line> lines, int from) {
        int k = from;
        while (k < lines.size() && lines.get(k).skipped()) {
            k++;
        }
        return k;
    }

    /** The number of the last line before index {@code end} that is not blank or a fence, at or after index {@code from}; else from's. */
    static int lastNumber(List<Line> lines, int from, int end) {
        for (int k = Math.min(end, lines.size()) - 1; k > from; k--) {
            if (!lines.get(k).skipped()) {
                return lines.get(k).number;
            }
        }
        return lines.get(from).number;
    }
}
