package dev.drivecat.identity;

import com.ibm.icu.text.SpoofChecker;
import com.ibm.icu.text.UnicodeSet;
import com.ibm.icu.text.UnicodeSetIterator;
import dev.drivecat.common.Typography;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A text as the matcher reads it: typography made plain, Cyrillic look-alike letters inside Latin
 * model codes made Latin ("РМ881" is PM881), lower case, and cut into words. Pure.
 */
final class Words {

    /** Cyrillic letters that look like Latin ones, and the Latin letter each stands for. */
    private static final String CYRILLIC = "АВЕКМНОРСТХУаеорсухіІ";
    private static final String LATIN = "ABEKMHOPCTXYaeopcyxiI";

    /**
     * The bidi embeddings, overrides and isolates: with them, what a text shows can be words in
     * another order than it holds. (Bidi marks, common in pasted text, reorder no Latin word; they
     * are removed with the other default-ignorable code points.)
     */
    private static final UnicodeSet BIDI_CONTROLS = new UnicodeSet("[\\u202A-\\u202E\\u2066-\\u2069]").freeze();

    /**
     * Letters of other scripts that look like one Latin letter, by Unicode's confusables (UTS #39
     * skeletons): Cyrillic "В" and Greek "Β" are a "b" to the eye. Read off ICU's data once.
     */
    private static final Map<Integer, Character> LOOK_ALIKES = lookAlikes();

    private Words() {
    }

    private static Map<Integer, Character> lookAlikes() {
        SpoofChecker spoof = new SpoofChecker.Builder().build();
        UnicodeSet letters = new UnicodeSet("[[[:Script=Cyrillic:][:Script=Greek:][:Script=Armenian:][:Script=Cherokee:][:Script=Coptic:]"
                + "[:Script=Latin:][:Script=Lisu:][:Script=Canadian_Aboriginal:][:Script=Georgian:][:Script=Tifinagh:]]&[:L:]-[a-zA-Z]]");
        Map<Integer, Character> out = new HashMap<>();
        for (UnicodeSetIterator it = new UnicodeSetIterator(letters); it.next(); ) {
            String skeleton = spoof.getSkeleton(new String(Character.toChars(it.codepoint)));
            if (skeleton.length() == 1 && Character.toLowerCase(skeleton.charAt(0)) >= 'a' && Character.toLowerCase(skeleton.charAt(0)) <= 'z') {
                // the skeleton of a capital I is "l": a capital that looks like one is read as the I it shows
                boolean capitalI = skeleton.equals("l") && Character.isUpperCase(it.codepoint);
                out.put(it.codepoint, capitalI ? 'I' : skeleton.charAt(0));
            }
        }
        return Map.copyOf(out);
    }

    /**
     * Why a text is suspect: it holds bidi controls or marks, which can show its words in another
     * order than they are stored (a right-to-left override turns "XOB YTPME" into "EMPTY BOX" on
     * screen). Empty when it holds none.
     */
    static Optional<String> bidiControls(String raw) {
        if (raw == null || BIDI_CONTROLS.containsNone(raw)) {
            return Optional.empty();
        }
        StringBuilder found = new StringBuilder();
        raw.codePoints().filter(BIDI_CONTROLS::contains).distinct().limit(4)
                .forEach(c -> found.append(found.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT, "U+%04X", c)));
        return Optional.of("the text holds bidi controls (" + found + ") that can show its words in another order than they are read");
    }

    /**
     * A text made plain as {@link #plain} makes it, with the letters of other scripts that look like
     * a Latin letter written as that letter ("ЕМРТY ВОХ", "ΕΜΡΤΥ ΒΟΧ": "empty box"): what a reader
     * sees, for the words that say a listing is no drive. Letters are read before the text is put
     * in lower case, as they look on the page: a capital upsilon looks like a Y, a small one like a u.
     */
    static String folded(String raw) {
        return folded(raw, false);
    }

    /** As {@link #folded(String)}, reading default-ignorable code points as spaces when {@code ignorablesAsSpaces}. */
    static String folded(String raw, boolean ignorablesAsSpaces) {
        if (raw == null) {
            return "";
        }
        boolean ascii = true;
        for (int i = 0; i < raw.length() && ascii; i++) {
            ascii = raw.charAt(i) < 0x80;
        }
        if (ascii) {
            return Typography.plain(raw, ignorablesAsSpaces).toLowerCase(Locale.ROOT);
        }
        // before NFKC, which makes some look-alikes letters that look like none ("Ϲ" becomes "Σ")
        StringBuilder b = new StringBuilder(raw.length());
        raw.codePoints().forEach(c -> {
            Character latin = LOOK_ALIKES.get(c);
            if (latin != null) {
                b.append(latin.charValue());
            } else {
                b.appendCodePoint(c);
            }
        });
        return Typography.plain(b.toString(), ignorablesAsSpaces).toLowerCase(Locale.ROOT);
    }

    /**
     * The text made plain and in lower case. A run of letters and digits whose Cyrillic letters all
     * look like Latin ones, with a digit or a Latin letter among them, is written in Latin: sellers
     * type model codes on Cyrillic keyboards ("РМ881", "РМ9А3"), while "ТБ" and "диск" stay.
     */
    static String plain(String raw) {
        String s = Typography.plain(raw);
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            int end = i;
            while (end < s.length() && Character.isLetterOrDigit(s.charAt(end))) {
                end++;
            }
            if (end == i) {
                out.append(s.charAt(i));
                i++;
                continue;
            }
            out.append(latinIfCode(s, i, end));
            i = end;
        }
        return out.toString().toLowerCase(Locale.ROOT);
    }

    private static CharSequence latinIfCode(String s, int from, int to) {
        boolean cyrillic = false;
        boolean latinOrDigit = false;
        for (int k = from; k < to; k++) {
            char c = s.charAt(k);
            if (Character.UnicodeBlock.of(c) == Character.UnicodeBlock.CYRILLIC) {
                if (CYRILLIC.indexOf(c) < 0) {
                    return s.subSequence(from, to);
                }
                cyrillic = true;
            } else {
                latinOrDigit = true;
            }
        }
        if (!cyrillic || !latinOrDigit) {
            return s.subSequence(from, to);
        }
        StringBuilder b = new StringBuilder(to - from);
        for (int k = from; k < to; k++) {
            char c = s.charAt(k);
            int at = CYRILLIC.indexOf(c);
            b.append(at >= 0 ? LATIN.charAt(at) : c);
        }
        return b;
    }

    /**
     * The words of a plain text: runs of letters and digits. A number glued to a variant word
     * ("990pro", "860evo") is two words, as sellers mean it; a decimal number ("2.5", "4.0") is
     * one word, and so is a letter, a point and a digit ("m.2", "u.2"), so the "2" of a 2.5" or U.2
     * drive or the "4" of PCIe 4.0 never names a model.
     */
    static List<String> of(String plain) {
        List<String> words = new ArrayList<>();
        int i = 0;
        int n = plain.length();
        while (i < n) {
            while (i < n && !Character.isLetterOrDigit(plain.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && Character.isLetterOrDigit(plain.charAt(i))) {
                i++;
                if (i + 1 < n && (plain.charAt(i) == '.' || plain.charAt(i) == ',') && Character.isDigit(plain.charAt(i + 1))
                        && (allDigits(plain, start, i) || (i - start == 1 && plain.charAt(i) == '.'))) {
                    i++;
                }
            }
            if (i > start) {
                addSplit(words, plain.substring(start, i));
            }
        }
        return words;
    }

    private static boolean allDigits(String s, int from, int to) {
        for (int k = from; k < to; k++) {
            if (!Character.isDigit(s.charAt(k))) {
                return false;
            }
        }
        return true;
    }

    private static void addSplit(List<String> words, String word) {
        int digits = 0;
        while (digits < word.length() && Character.isDigit(word.charAt(digits))) {
            digits++;
        }
        if (digits > 0 && digits < word.length() && Vocabulary.VARIANTS.contains(word.substring(digits))) {
            words.add(word.substring(0, digits));
            words.add(word.substring(digits));
            return;
        }
        words.add(word);
    }

    /** Whether the text contains one of the strings: the quick test before a pattern that needs one of them. */
    static boolean containsAny(String text, String[] needles) {
        for (String n : needles) {
            if (text.contains(n)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a word holds a digit: the words that name models ("p4800x", "990", "pm893"). */
    static boolean hasDigit(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (Character.isDigit(word.charAt(i))) {
                return true;
            }
        }
        return false;
    }
}
