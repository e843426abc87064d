package dev.drivecat.ranking;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;

/** The ZFS job a drive is bought for. */
public enum Role implements ApiToken {
    /** A separate intent log: what you buy is a cheap, safe flush. */
    SLOG("slog"),
    /** A special allocation class vdev: metadata (and small blocks); losing it loses the pool. */
    SPECIAL("special"),
    /** A dedup vdev: the deduplication tables; losing it loses the pool, as a special vdev. */
    DEDUP("dedup"),
    /** A cache device (L2ARC): a second copy of data read from the pool; losing it is harmless. */
    CACHE("cache");

    private final String token;

    Role(String token) {
        this.token = token;
    }

    @Override
    @JsonValue
    public String token() {
        return token;
    }
}
