package dev.drivecat.identity;

import static org.assertj.core.api.Assertions.assertThat;

import com.ibm.icu.text.SpoofChecker;
import com.ibm.icu.text.UnicodeSet;
import com.ibm.icu.text.UnicodeSetIterator;
import dev.drivecat.identity.Identification.Decision;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The class of titles that hide what they are from identity but not from a reader: every
 * default-ignorable code point Unicode has inside the words that say "not one drive", every letter
 * of another script that Unicode's confusables say looks like a Latin one, and bidi controls that
 * show other words than the text holds. Against the seed catalog, none of them may match a drive;
 * without the hiding, each title is what it says (the attack is real).
 */
class HiddenCharactersTest {

    private static final IdentityMatcher MATCHER = new IdentityMatcher(SeedCatalog.load());
    /** A title identity matches, and titles of it that are no drive (or name two), "%s" where the words that say so go. */
    private static final String DRIVE = "Samsung PM893 240GB 2.5\" SATA SSD MZ7L3240HCHQ-00A07";
    private static final Map<String, String> NOT_ONE_DRIVE = Map.of(
            "EMPTY BOX", "%s " + DRIVE,
            "for parts", DRIVE + " %s",
            "lot of 5", "%s " + DRIVE,
            "caddy for", "%s " + DRIVE,
            "heatsink for", "%s " + DRIVE,
            "HDD 7200rpm", "%s " + DRIVE,
            "DEFECTIVE", DRIVE + " %s",
            "BRICKED", DRIVE + " %s",
            "1.92TB", DRIVE + " %s");

    private static String title(String words, String hidden) {
        return String.format(NOT_ONE_DRIVE.get(words), hidden);
    }

    @Test
    void theWordsAreWhatTheySayWhenNothingHidesThem() {
        assertThat(MATCHER.identify(DRIVE).drive()).isEqualTo("samsung-pm893-240gb-sata");
        for (String words : NOT_ONE_DRIVE.keySet()) {
            assertThat(MATCHER.identify(title(words, words)).matched()).as(words).isFalse();
        }
        assertThat(MATCHER.identify(title("heatsink for", "heatsink for")).decision()).isEqualTo(Decision.NOT_A_DRIVE);
    }

    @Test
    void noDefaultIgnorableCodePointHidesTheWordsThatSayNotOneDrive() {
        UnicodeSet ignorable = new UnicodeSet("[:Default_Ignorable_Code_Point:]");
        List<String> matched = new ArrayList<>();
        int tried = 0;
        for (UnicodeSetIterator it = new UnicodeSetIterator(ignorable); it.next(); ) {
            String hidden = new String(Character.toChars(it.codepoint));
            for (String words : NOT_ONE_DRIVE.keySet()) {
                // between every two characters of the words
                String attack = String.join(hidden, words.split(""));
                tried++;
                if (MATCHER.identify(title(words, attack)).matched()) {
                    matched.add(String.format("U+%04X in \"%s\"", it.codepoint, words));
                }
            }
        }
        assertThat(tried).isGreaterThan(1000);
        assertThat(matched).as("titles matched with an invisible character hiding their words").isEmpty();
    }

    @Test
    void noInvisibleOrBlankCharacterStandsInForTheSpaceBetweenTheWordsThatSayNotOneDrive() {
        UnicodeSet spaces = new UnicodeSet("[[:Default_Ignorable_Code_Point:][\\u115F\\u1160\\u3164\\uFFA0\\u2800]]");
        List<String> matched = new ArrayList<>();
        for (UnicodeSetIterator it = new UnicodeSetIterator(spaces); it.next(); ) {
            String space = new String(Character.toChars(it.codepoint));
            for (String words : NOT_ONE_DRIVE.keySet()) {
                if (!words.contains(" ")) {
                    continue;
                }
                // "EMPTY\u3164BOX" shows as "EMPTY BOX"
                String attack = title(words, words.replace(" ", space)).replace(" " + DRIVE, space + DRIVE)
                        .replace(DRIVE + " ", DRIVE + space);
                if (MATCHER.identify(attack).matched()) {
                    matched.add(String.format("U+%04X for the spaces of \"%s\"", it.codepoint, words));
                }
            }
        }
        assertThat(matched).as("titles matched with an invisible or blank character for their spaces").isEmpty();
    }

    @Test
    void noLookAlikeLetterOfAnotherScriptHidesTheWordsThatSayNotOneDrive() {
        Map<Character, List<Integer>> lookAlikes = lookAlikes();
        List<String> matched = new ArrayList<>();
        int tried = 0;
        for (String words : NOT_ONE_DRIVE.keySet()) {
            // every letter that has a look-alike written in it, one script's look-alike at a time
            for (int round = 0; round < 4; round++) {
                StringBuilder attack = new StringBuilder();
                boolean changed = false;
                for (char c : words.toCharArray()) {
                    List<Integer> others = lookAlikes.getOrDefault(Character.toUpperCase(c), List.of());
                    if (others.isEmpty()) {
                        attack.append(c);
                    } else {
                        attack.appendCodePoint(others.get(round % others.size()));
                        changed = true;
                    }
                }
                if (!changed) {
                    continue;
                }
                tried++;
                Identification id = MATCHER.identify(title(words, attack.toString()));
                if (id.matched()) {
                    matched.add(attack + " -> " + id.drive());
                }
            }
        }
        assertThat(tried).isGreaterThan(10);
        assertThat(matched).as("titles matched with look-alike letters hiding their words").isEmpty();
    }

    @Test
    void aTitleThatBidiControlsReorderIsSuspectAndNeverMatched() {
        for (String control : List.of("\u202E", "\u202D", "\u202B", "\u2066", "\u2067", "\u2068")) {
            // shown right to left, "XOB YTPME" reads "EMPTY BOX"
            Identification id = MATCHER.identify(DRIVE + " " + control + "XOB YTPME\u202C");
            assertThat(id.matched()).as(String.format("U+%04X", (int) control.charAt(0))).isFalse();
            assertThat(id.because()).contains("suspect");
            assertThat(MATCHER.propose(DRIVE.replace("240GB", "1.92TB") + control)).isInstanceOf(ProposedDrive.ProposesNothing.class);
        }
    }

    @Test
    void aBidiMarkAloneReordersNoWordAndLeavesTheTitleAsItIs() {
        // marks are common in text pasted from right-to-left pages; they reorder no Latin word
        assertThat(MATCHER.identify("\u200F" + DRIVE + "\u200E").drive()).isEqualTo("samsung-pm893-240gb-sata");
    }

    @Test
    void aSecondCapacityInLookAlikeLettersIsStillASecondCapacity() {
        // "1ТВ" in Cyrillic letters reads "1TB"
        Identification id = MATCHER.identify(DRIVE + " 1\u0422\u0412");
        assertThat(id.matched()).as(id.toString()).isFalse();
    }

    /** Latin capital letters, and the letters of other scripts Unicode's confusables say look like each. */
    private static Map<Character, List<Integer>> lookAlikes() {
        SpoofChecker spoof = new SpoofChecker.Builder().build();
        Map<Character, List<Integer>> out = new LinkedHashMap<>();
        UnicodeSet others = new UnicodeSet("[[[:Script=Cyrillic:][:Script=Greek:][:Script=Armenian:][:Script=Cherokee:]]&[:Lu:]]");
        for (UnicodeSetIterator it = new UnicodeSetIterator(others); it.next(); ) {
            String skeleton = spoof.getSkeleton(new String(Character.toChars(it.codepoint)));
            if (skeleton.length() == 1 && skeleton.charAt(0) >= 'A' && skeleton.charAt(0) <= 'Z') {
                out.computeIfAbsent(skeleton.charAt(0), k -> new ArrayList<>()).add(it.codepoint);
            } else if (skeleton.equals("l")) {
                // Unicode's skeleton of a capital I is "l": Greek Iota and Cyrillic Palochka look like an I
                out.computeIfAbsent('I', k -> new ArrayList<>()).add(it.codepoint);
            }
        }
        return out;
    }
}
