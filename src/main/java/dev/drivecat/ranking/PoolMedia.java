package dev.drivecat.ranking;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;

/** What the pool's data vdevs are made of: where the ZIL would live without a log, and so what a log can gain. */
public enum PoolMedia implements ApiToken {
    /** Hard drives, like the buying guide's lab pool. */
    HDD("hdd"),
    /** Solid-state drives. */
    SSD("ssd");

    private final String token;

    PoolMedia(String token) {
        this.token = token;
    }

    @Override
    @JsonValue
    public String token() {
        return token;
    }
}
