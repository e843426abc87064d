package dev.drivecat.catalog;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;

/**
 * Where a spec value comes from. The order is the precedence used to choose one value when
 * sources disagree: a vendor's product page wins over its datasheet, both over a review or a
 * measurement, and anything stated over a value drivecat derived.
 */
public enum SourceKind implements ApiToken {
    VENDOR_PAGE(0),
    VENDOR_DATASHEET(1),
    REVIEW(2),
    MEASUREMENT(2),
    DERIVED(3);

    private final int rank;

    SourceKind(int rank) {
        this.rank = rank;
    }

    /** Lower wins. */
    public int rank() {
        return rank;
    }

    public boolean isVendor() {
        return this == VENDOR_PAGE || this == VENDOR_DATASHEET;
    }

    @Override
    @JsonValue
    public String token() {
        return name();
    }
}
