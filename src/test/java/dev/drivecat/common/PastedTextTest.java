package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Pasted text is read in time linear in its size: as lines of at most {@link PastedText#MAX_LINE}
 * characters, and every pattern a reader of pasted text applies to a line, whole or from its start
 * (readers never search a line with {@code find}, which tries every start), reads that line a
 * bounded number of times, whatever it holds. The patterns are found by reflection in the readers (a
 * pattern added later is attacked too), and each is run on lines built from its own words and
 * punctuation, repeated, and from runs of white space, digits and letters, the regex engine's reads
 * counted through the line it is given.
 */
class PastedTextTest {

    /** The classes that read pasted text with patterns. */
    static final List<String> READERS = List.of("dev.drivecat.identity.ToolOutput", "dev.drivecat.measurements.DiskinfoOutput",
            "dev.drivecat.pools.PoolOutputParser", "dev.drivecat.pools.ZdbOutput", "dev.drivecat.pools.VdevTree");

    /** The most characters a pattern may read per character of its line. */
    static final int READS_PER_CHAR = 32;

    @Test
    void linesEndAtLfCrLfAndCrAndAreStrippedAndCutAtTheLimit() {
        assertThat(PastedText.lines(" a \r\nb\rc\n\n d")).containsExactly("a", "b", "c", "", "d");
        assertThat(PastedText.lines("x\n")).containsExactly("x", "");
        String longLine = "y".repeat(PastedText.MAX_LINE * 3);
        assertThat(PastedText.lines(longLine + "\nz")).containsExactly("y".repeat(PastedText.MAX_LINE), "z");
    }

    @Test
    void aCutNeverSplitsASurrogatePair() {
        String text = "a".repeat(PastedText.MAX_LINE - 1) + "😀" + "b";
        String line = PastedText.lines(text).get(0);
        assertThat(line).hasSize(PastedText.MAX_LINE - 1);
        assertThat(Character.isHighSurrogate(line.charAt(line.length() - 1))).isFalse();
    }

    @TestFactory
    List<DynamicTest> everyPatternOfEveryReaderReadsALineInTimeLinearInItsLength() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (String reader : READERS) {
            for (Field field : Class.forName(reader).getDeclaredFields()) {
                if (field.getType() != Pattern.class || !Modifier.isStatic(field.getModifiers())) {
                    continue;
                }
                field.setAccessible(true);
                Pattern pattern = (Pattern) field.get(null);
                tests.add(DynamicTest.dynamicTest(reader.substring(reader.lastIndexOf('.') + 1) + "." + field.getName(), () -> {
                    for (String line : hostileLines(pattern)) {
                        Counted counted = new Counted(line);
                        Matcher m = pattern.matcher(counted);
                        m.matches();
                        m.reset();
                        m.lookingAt();
                        assertThat(counted.reads).as("characters %s reads of a line of %d built as %s", pattern, line.length(),
                                Text.quote(line)).isLessThanOrEqualTo((long) READS_PER_CHAR * line.length() + 64);
                    }
                }));
            }
        }
        assertThat(tests).as("patterns found in the readers").hasSizeGreaterThan(20);
        return tests;
    }

    /**
     * Lines of {@link PastedText#MAX_LINE} characters that make a backtracking pattern work hard: its
     * own words and punctuation repeated with and without spaces, each followed by a long run of
     * spaces, and runs of spaces, digits, letters and mixes of them.
     */
    static List<String> hostileLines(Pattern pattern) {
        Set<String> pieces = new LinkedHashSet<>();
        Matcher words = Pattern.compile("[A-Za-z]{2,}|[^A-Za-z0-9\\\\()\\[\\]?*+{}|^$.]").matcher(pattern.pattern());
        while (words.find()) {
            pieces.add(words.group());
        }
        pieces.addAll(List.of("a", "0", "1.5", "x:", "0x1f", "#", " ", "\t", "-", "_", "/", "GB", "K", "nvme0n1", "@", "$"));
        List<String> lines = new ArrayList<>();
        for (String piece : pieces) {
            lines.add(fill(piece));
            lines.add(fill(piece + " "));
            lines.add(fill(piece + ":"));
            lines.add(fill(piece + "a"));
            lines.add(piece + " ".repeat(PastedText.MAX_LINE - 2 * piece.length()) + piece);
            lines.add(fill(piece) .substring(0, PastedText.MAX_LINE / 2) + " " + fill("1 ").substring(0, PastedText.MAX_LINE / 2 - 1));
        }
        // the words of the pattern in order, each followed by a long run of spaces
        lines.add(fill(String.join(" ".repeat(40), pieces) + " ".repeat(40)));
        lines.add(fill(String.join("", pieces)));
        return lines;
    }

    private static String fill(String piece) {
        StringBuilder b = new StringBuilder(PastedText.MAX_LINE);
        while (b.length() < PastedText.MAX_LINE) {
            b.append(piece);
        }
        return b.substring(0, PastedText.MAX_LINE);
    }

    /** A line that counts how often the regex engine reads one of its characters. */
    static final class Counted implements CharSequence {
        private final String text;
        private final int from;
        private final int to;
        long reads;
        private final Counted root;

        Counted(String text) {
            this(text, 0, text.length(), null);
        }

        private Counted(String text, int from, int to, Counted root) {
            this.text = text;
            this.from = from;
            this.to = to;
            this.root = root == null ? this : root;
        }

        @Override
        public int length() {
            return to - from;
        }

        @Override
        public char charAt(int index) {
            root.reads++;
            return text.charAt(from + index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new Counted(text, from + start, from + end, root);
        }

        @Override
        public String toString() {
            root.reads += length();
            return text.substring(from, to);
        }
    }
}
