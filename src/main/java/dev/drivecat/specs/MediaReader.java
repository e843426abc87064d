package dev.drivecat.specs;

import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.SpecField;
import dev.drivecat.specs.SpecNormaliser.Reading;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The storage media: 3D XPoint, or NAND by bits per cell before cell-type words (Samsung's
 * "V-NAND 3-bit MLC" is TLC); NAND words alone give NAND of unknown bits per cell. Pure.
 */
final class MediaReader {

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
    private static final Pattern XPOINT = Pattern.compile("3d\\s*-?\\s*xpoint|xpoint|optane", FLAGS);
    private static final Pattern BITS_PER_CELL = Pattern.compile("(?<![0-9])([1-4])\\s*-?\\s*bits?(?![a-z])", FLAGS);
    private static final Pattern CELL_TYPE = Pattern.compile("(?<![a-z])(?:e|p|ha|het|3d\\s*-?\\s*)?(slc|mlc|tlc|qlc)(?![a-z])", FLAGS);
    private static final Pattern NAND_WORDS = Pattern.compile("nand|bics|flash|флеш|闪存", FLAGS);

    private MediaReader() {
    }

    static Reading media(String text) {
        if (XPOINT.matcher(text).find()) {
            return Reading.token(SpecField.MEDIA, Media.XPOINT_3D.token(), null, null);
        }
        Matcher bits = BITS_PER_CELL.matcher(text);
        Set<String> byBits = new LinkedHashSet<>();
        while (bits.find()) {
            byBits.add(switch (bits.group(1)) {
                case "1" -> Media.SLC.token();
                case "2" -> Media.MLC.token();
                case "3" -> Media.TLC.token();
                default -> Media.QLC.token();
            });
        }
        if (byBits.size() == 1) {
            return Reading.token(SpecField.MEDIA, byBits.iterator().next(), null, "bits per cell as stated");
        }
        if (byBits.size() > 1) {
            return Reading.none(SpecField.MEDIA, "several bits-per-cell counts");
        }
        Matcher cell = CELL_TYPE.matcher(text);
        Set<String> types = new LinkedHashSet<>();
        while (cell.find()) {
            types.add(cell.group(1).toLowerCase(Locale.ROOT));
        }
        if (types.size() == 1) {
            return Reading.token(SpecField.MEDIA, types.iterator().next(), null, null);
        }
        if (types.size() > 1) {
            return Reading.none(SpecField.MEDIA, "several cell types (" + String.join(", ", types) + "); none chosen");
        }
        if (NAND_WORDS.matcher(text).find()) {
            return Reading.token(SpecField.MEDIA, Media.NAND.token(), null, "NAND without bits per cell");
        }
        return Reading.none(SpecField.MEDIA, "no media drivecat knows");
    }
}
