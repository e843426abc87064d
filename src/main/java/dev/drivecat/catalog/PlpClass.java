package dev.drivecat.catalog;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;

/**
 * What a source says about power-loss protection, normalised. The verbatim wording is always kept
 * beside it: this class is a reading of the evidence, not the evidence.
 */
public enum PlpClass implements ApiToken {
    /** The source states the drive has power-loss protection. */
    STATED_YES,
    /** The source states it has none (e.g. Intel's "Enhanced Power Loss Data Protection: No"). */
    STATED_NO,
    /** The source states protection for one model of a family only; {@code appliesTo} names it. */
    MODEL_SPECIFIC,
    /** The source lists the drive's specifications without any word on power-loss protection. */
    NOT_STATED,
    /**
     * The source states protection of data at rest only: client drives' "power loss protection
     * for data-at-rest" or "power loss immunity" keeps what is already on the flash through a power
     * cut, not the writes in flight in the drive's cache. It is not power-loss protection for a
     * SLOG: such a drive must still honour every flush.
     */
    DATA_AT_REST_ONLY;

    @Override
    @JsonValue
    public String token() {
        return name();
    }
}
