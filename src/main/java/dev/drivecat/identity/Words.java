package dev.drivecat.identity;

import dev.drivecat.common.Typography;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A text as the matcher reads it: typography made plain, Cyrillic look-alike letters inside Latin
 * model codes made Latin ("РМ881" is PM881), lower case, and cut into words. Pure.
 */
final class Words {

    /** Cyrillic letters that look like Latin ones, and the Latin letter each stands for. */
    private static final String CYRILLIC = "АВЕКМНОРСТХУаеорсухіІ";
    private static final String LATIN = "ABEKMHOPCTXYaeopcyxiI";

    private Words() {
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
