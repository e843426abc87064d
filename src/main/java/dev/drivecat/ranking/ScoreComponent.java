package dev.drivecat.ranking;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A part of a drive's score (src/docs/ranking.md §3). A role weighs some of them; the answer lists a
 * drive's components in this order, and {@code model.weights} names them by their tokens.
 */
@Schema(name = "ScoreComponentName")
public enum ScoreComponent implements ApiToken {
    /** Predicted sync IOPS against the calibration's ceiling: how cheap a flush is. */
    FLUSH("flush"),
    /** The protection class: whether acknowledged writes survive a power cut. */
    PLP("plp"),
    /** Years of rated life at the write load, against five. */
    ENDURANCE("endurance"),
    /** The cheapest candidate's cost against this one's. */
    PRICE("price"),
    /** Capacity against what the vdev must hold. */
    ROOM("room");

    private final String token;

    ScoreComponent(String token) {
        this.token = token;
    }

    @Override
    @JsonValue
    public String token() {
        return token;
    }
}
