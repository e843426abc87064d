package dev.drivecat.identity;

import java.util.Optional;
import java.util.regex.Matcher;

/**
 * The words that say an item is for parts or not working ("for parts", "not working",
 * "defekt", "Ersatzteil", "non funzionante", "на запчасти", …), the same words the matcher reads
 * in titles as no drive. For other features that read a marketplace's condition wording: a drive
 * for parts or not working is never one to buy and use, so it is never priced. Pure.
 */
public final class ForPartsWords {

    private ForPartsWords() {
    }

    /** The words in {@code text} that say it is for parts or not working (in lower case); empty when none. */
    public static Optional<String> in(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        Matcher m = NotADrive.FOR_PARTS.matcher(Words.plain(IdentityMatcher.cut(text)));
        return m.find() ? Optional.of(m.group().strip()) : Optional.empty();
    }
}
