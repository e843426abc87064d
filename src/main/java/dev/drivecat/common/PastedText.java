package dev.drivecat.common;

import java.util.ArrayList;
import java.util.List;

/**
 * Text pasted into a request (a tool's output, a pool's), read in time linear in its size: as
 * lines, each matched on its own and at most {@link #MAX_LINE} characters long, so that no pattern
 * ever runs across line ends or along an endless line, and what a pattern costs on one line is
 * bounded. Readers of such text check {@link Work#check()} every {@link #CHECK_EVERY} lines.
 */
public final class PastedText {

    /**
     * The longest line read, in characters; the rest of a longer line is not read. No line of the
     * outputs drivecat reads comes near it (smartctl, nvme-cli and diskinfo print under 200, zpool
     * and zdb under 300).
     */
    public static final int MAX_LINE = 1024;

    /** How many lines a reader reads between two {@link Work#check()}s. */
    public static final int CHECK_EVERY = 256;

    private PastedText() {
    }

    /**
     * The lines of the text, ended by LF, CR LF or CR, each without its leading and trailing white
     * space and cut at {@link #MAX_LINE} characters.
     */
    public static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        int n = text.length();
        int start = 0;
        while (start <= n) {
            if (lines.size() % CHECK_EVERY == 0) {
                Work.check();
            }
            int end = start;
            while (end < n && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
                end++;
            }
            lines.add(strip(text, start, cut(text, start, end)));
            if (end >= n) {
                break;
            }
            start = end + (text.charAt(end) == '\r' && end + 1 < n && text.charAt(end + 1) == '\n' ? 2 : 1);
        }
        return lines;
    }

    /**
     * Where the line from {@code start} to {@code end} is read to: its end, or {@link #MAX_LINE}
     * characters on, never between the two halves of a surrogate pair.
     */
    public static int cut(String text, int start, int end) {
        if (end - start <= MAX_LINE) {
            return end;
        }
        int at = start + MAX_LINE;
        return Character.isHighSurrogate(text.charAt(at - 1)) ? at - 1 : at;
    }

    private static String strip(String text, int from, int to) {
        while (from < to && Character.isWhitespace(text.charAt(from))) {
            from++;
        }
        while (to > from && Character.isWhitespace(text.charAt(to - 1))) {
            to--;
        }
        return text.substring(from, to);
    }
}
