package dev.drivecat.catalog;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The catalog's part numbers as free text names them: a marketplace title ("Intel Optane 900P
 * 280GB SSDPED1D280GA"), a spec page's title or heading, the model string {@code smartctl} shows.
 * A part number names exactly one SKU, so a text that names one identifies the drive, and a text
 * that names another drive's part number than the one it is filed under deserves a second look.
 *
 * <p>Only whole words count: "SSDPED1D280GA" is not named by "SSDPED1D280GAX1". A word may hold
 * a slash (Kingston's "SEDC600M/480G"); the pieces of a slashed word are tried too
 * ("SSDPE21K375GA/SSDPE21K375GA01").
 */
@ApplicationScoped
public class PartNumbers {

    /** A part number found in a text, and the drive it belongs to. */
    public record Named(String partNumber, long driveId, String slug) {
    }

    /**
     * Words shaped like part numbers: letters and digits, with inner dashes, slashes, dots or hashes.
     * An underscore parts words: drives report "Micron_7450_MTFDKBA480TFR".
     */
    private static final Pattern WORD = Pattern.compile("[A-Z0-9](?:[A-Z0-9/.#-]*[A-Z0-9])?");
    private static final int SHORTEST = 5;

    @Inject
    EntityManager em;

    /**
     * The words of a text that could be part numbers, upper-cased: at least five characters, with
     * a letter and a digit. Pure; the catalog decides which of them are part numbers.
     */
    public static Set<String> candidates(String text) {
        Set<String> out = new LinkedHashSet<>();
        if (text == null) {
            return out;
        }
        Matcher m = WORD.matcher(text.toUpperCase(Locale.ROOT));
        while (m.find()) {
            String word = m.group();
            addIfShaped(out, word);
            if (word.indexOf('/') >= 0) {
                for (String piece : word.split("/")) {
                    addIfShaped(out, piece);
                }
            }
        }
        return out;
    }

    private static void addIfShaped(Set<String> out, String word) {
        if (word.length() >= SHORTEST && word.chars().anyMatch(Character::isDigit) && word.chars().anyMatch(Character::isLetter)) {
            out.add(word);
        }
    }

    /** The catalog part numbers a text names, each with its drive, in the order the text names them. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<Named> namedIn(String text) {
        Set<String> words = candidates(text);
        if (words.isEmpty()) {
            return List.of();
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                SELECT p.part_number, d.id, d.slug FROM drive_part_number p JOIN drive d ON d.id = p.drive_id
                 WHERE p.part_number IN (:words)
                """).setParameter("words", words).getResultList();
        Map<String, Named> byNumber = new LinkedHashMap<>();
        for (Object[] r : rows) {
            byNumber.put((String) r[0], new Named((String) r[0], ((Number) r[1]).longValue(), (String) r[2]));
        }
        List<Named> out = new ArrayList<>();
        for (String w : words) {
            Named n = byNumber.get(w);
            if (n != null) {
                out.add(n);
            }
        }
        return out;
    }

    /**
     * Why a text (a product page's title) may describe another drive than the one it is filed
     * under: it names a part number of another drive. Empty when it names none.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<String> otherDriveNamedIn(String text, long driveId, String driveSlug) {
        List<Named> named = namedIn(text);
        List<Named> others = named.stream().filter(n -> n.driveId() != driveId).toList();
        if (others.isEmpty()) {
            return Optional.empty();
        }
        boolean ownToo = named.stream().anyMatch(n -> n.driveId() == driveId);
        String which = others.stream().map(n -> n.partNumber() + " (drive \"" + n.slug() + "\")").collect(Collectors.joining(", "));
        return Optional.of("the title names part number " + which + (ownToo ? ", besides one of \"" + driveSlug + "\"" : "")
                + ": check that the page sells \"" + driveSlug + "\"");
    }
}
