package dev.drivecat.catalog;

import java.math.BigDecimal;
import java.time.Instant;

/** A stored spec value as read back from the database. */
public record SpecRow(
        long id,
        SpecField field,
        BigDecimal number,
        String token,
        String text,
        String unit,
        String appliesTo,
        String wording,
        String sourceUrl,
        String sourceTitle,
        SourceKind sourceKind,
        Instant retrievedAt,
        String derivedFrom,
        String importer,
        String importerVersion,
        boolean chosen,
        boolean claim) {

    /** A statement without the claim mark: the source quotes a specification or states a measured fact. */
    public SpecRow(long id, SpecField field, BigDecimal number, String token, String text, String unit, String appliesTo,
                   String wording, String sourceUrl, String sourceTitle, SourceKind sourceKind, Instant retrievedAt,
                   String derivedFrom, String importer, String importerVersion, boolean chosen) {
        this(id, field, number, token, text, unit, appliesTo, wording, sourceUrl, sourceTitle, sourceKind, retrievedAt, derivedFrom,
                importer, importerVersion, chosen, false);
    }

    public boolean derived() {
        return sourceKind == SourceKind.DERIVED;
    }

    public boolean hasValue() {
        return number != null || token != null || text != null;
    }
}
