package dev.drivecat.ranking;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;

/** How much power-loss protection matters to this query. */
public enum PlpRequirement implements ApiToken {
    /** Only drives whose flushes are safe: PLP stated, or 3D XPoint (with a warning when PLP is not stated). */
    REQUIRED("required"),
    /** Every drive, but a drive without safe flushes ranks below every drive with them. */
    PREFERRED("preferred"),
    /** Every drive, scored on its merits; missing protection is a warning and costs points. */
    ANY("any");

    private final String token;

    PlpRequirement(String token) {
        this.token = token;
    }

    @Override
    @JsonValue
    public String token() {
        return token;
    }
}
