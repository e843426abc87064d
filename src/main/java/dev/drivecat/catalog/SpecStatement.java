package dev.drivecat.catalog;

import dev.drivecat.common.Text;
import java.math.BigDecimal;

/**
 * One thing a source says about one field of a drive, ready to store: the normalised value (a
 * number, a token or text; none when the wording could not be read as a value), the verbatim
 * wording, and the source. {@code importer} names the code that read it, with its version.
 * {@code claim} marks a source's general claim in its own words ("all of these drives have a
 * capacitor backed write cache") as opposed to a quoted specification: it is kept as evidence but
 * never counts as stated.
 */
public record SpecStatement(
        SpecField field,
        BigDecimal number,
        String token,
        String text,
        String appliesTo,
        String wording,
        SpecSource source,
        String importer,
        String importerVersion,
        boolean claim) {

    /** What a source says, normalised where it enters the catalog: the wording without control characters, values on one line. */
    public SpecStatement {
        token = Text.singleLine(token);
        text = Text.singleLine(text);
        appliesTo = Text.singleLine(appliesTo);
        wording = Text.clean(wording);
    }

    /** A statement that quotes a specification or states a measured fact (not a source's general claim). */
    public SpecStatement(SpecField field, BigDecimal number, String token, String text, String appliesTo, String wording,
                         SpecSource source, String importer, String importerVersion) {
        this(field, number, token, text, appliesTo, wording, source, importer, importerVersion, false);
    }

    public String unit() {
        return number == null ? null : field.unit().orElse(null);
    }
}
