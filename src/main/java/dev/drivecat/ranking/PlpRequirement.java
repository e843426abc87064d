package dev.drivecat.ranking;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;

/** How much power-loss protection matters to this query. */
public enum PlpRequirement implements ApiToken {
    /**
     * Only drives with the protection the role needs: where the ZIL lives (a log, or a special vdev
     * that takes it), cheap and safe flushes (power-loss protection, or 3D XPoint); a special vdev
     * without the ZIL, flushed data kept through a power cut. The default wherever the ZIL lives.
     */
    REQUIRED("required"),
    /**
     * Ranks exactly as {@link #ANY}; the answer only adds a note that the drives {@link #REQUIRED}
     * would leave out are kept and rank by their points, where their protection scores less. It does
     * not name them: their plp component and warnings show them.
     */
    PREFERRED("preferred"),
    /** Every drive, ranked by its points, where protection scores by class. The default for a special vdev without the ZIL. */
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
