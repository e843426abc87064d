package dev.drivecat.catalog;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/**
 * Chooses the value shown for a field when several sources speak about it. All are kept; the
 * choice follows one documented precedence:
 * <ol>
 *   <li>a stated value before a derived one;</li>
 *   <li>a statement before silence: a PLP "not stated" (a page that lists specifications without a
 *       word on PLP) never outweighs any source that says yes, no or for which model;</li>
 *   <li>a quoted specification before a source's general claim in its own words;</li>
 *   <li>by source kind: vendor product page, vendor datasheet, review or measurement;</li>
 *   <li>a statement with a readable value before wording that could not be read;</li>
 *   <li>the most recently retrieved;</li>
 *   <li>the first stored.</li>
 * </ol>
 */
public final class SpecChoice {

    static final Comparator<SpecRow> PRECEDENCE = Comparator
            .comparing(SpecRow::derived)
            .thenComparing(SpecChoice::silence)
            .thenComparing(SpecRow::claim)
            .thenComparingInt(row -> row.sourceKind().rank())
            .thenComparing(row -> !row.hasValue())
            .thenComparing(SpecRow::retrievedAt, Comparator.reverseOrder())
            .thenComparingLong(SpecRow::id);

    private SpecChoice() {
    }

    private static boolean silence(SpecRow row) {
        return row.field() == SpecField.PLP && PlpClass.NOT_STATED.token().equals(row.token());
    }

    public static Optional<SpecRow> choose(Collection<SpecRow> candidates) {
        return candidates.stream().min(PRECEDENCE);
    }
}
