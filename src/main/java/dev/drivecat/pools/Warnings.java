package dev.drivecat.pools;

import dev.drivecat.common.Text;
import java.util.ArrayList;
import java.util.List;

/**
 * What a paste's reader did not understand, each with its line, in the order found. Quotes of the
 * paste are short ({@link Text#QUOTED_LENGTH} characters), so that a warning never echoes a long
 * input; after {@link #MAX} warnings the rest are counted, not listed.
 */
final class Warnings {

    static final int MAX = 50;

    private final List<String> listed = new ArrayList<>();
    /** What was left out of the answer: listed whatever the count of the others. */
    private final List<String> always = new ArrayList<>();
    private int unlisted;
    /** An open run of lines not understood: [first, last], or first = -1. */
    private int runFirst = -1;
    private int runLast;
    private String runQuote;

    void add(int line, String what) {
        closeRun();
        put("line " + line + ": " + what);
    }

    void add(String what) {
        closeRun();
        put(what);
    }

    /** What the answer leaves out: listed after the others, even past {@link #MAX}. */
    void always(String what) {
        always.add(what);
    }

    /** A line that is none of the outputs read: consecutive ones are told as one run. */
    void notUnderstood(int line, String text) {
        if (runFirst >= 0 && line == runLast + 1) {
            runLast = line;
            return;
        }
        closeRun();
        runFirst = line;
        runLast = line;
        runQuote = quote(text);
    }

    /** A gap in a run: the next line not understood starts a new one. */
    void understood() {
        closeRun();
    }

    List<String> list() {
        closeRun();
        List<String> all = new ArrayList<>(listed);
        if (unlisted > 0) {
            all.add("and " + unlisted + " more warning" + (unlisted == 1 ? "" : "s") + " not listed");
        }
        all.addAll(always);
        return all;
    }

    private void closeRun() {
        if (runFirst < 0) {
            return;
        }
        put(runFirst == runLast
                ? "line " + runFirst + ": not zpool or zdb output, skipped (" + runQuote + ")"
                : "lines " + runFirst + "–" + runLast + ": not zpool or zdb output, skipped (from " + runQuote + ")");
        runFirst = -1;
    }

    private void put(String warning) {
        if (listed.size() < MAX) {
            listed.add(warning);
        } else {
            unlisted++;
        }
    }

    /** A short quote of pasted text, in double quotes: {@link Text#quote}'s, controls escaped and emoji kept whole. */
    static String quote(String text) {
        return "\"" + Text.quote(text.strip()) + "\"";
    }
}
