package dev.drivecat.catalog;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;

/** A yes/no fact as a source states it. */
public enum Stated implements ApiToken {
    YES,
    NO;

    @Override
    @JsonValue
    public String token() {
        return name();
    }
}
