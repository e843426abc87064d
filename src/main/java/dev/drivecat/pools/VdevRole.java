package dev.drivecat.pools;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;

/**
 * What a vdev does in its pool, named after the section of {@code zpool status} it is listed in:
 * the pool's own rows are data; {@code logs}, {@code special}, {@code dedup}, {@code cache} and
 * {@code spares} each name theirs.
 */
public enum VdevRole implements ApiToken {
    DATA("data"),
    LOG("log"),
    SPECIAL("special"),
    DEDUP("dedup"),
    CACHE("cache"),
    SPARE("spare");

    private final String token;

    VdevRole(String token) {
        this.token = token;
    }

    @Override
    @JsonValue
    public String token() {
        return token;
    }
}
