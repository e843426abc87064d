package dev.drivecat.catalog;

import java.math.BigDecimal;

/**
 * One thing a source says about one field of a drive, ready to store: the normalised value (a
 * number, a token or text; none when the wording could not be read as a value), the verbatim
 * wording, and the source. {@code importer} names the code that read it, with its version.
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
        String importerVersion) {

    public String unit() {
        return number == null ? null : field.unit().orElse(null);
    }
}
