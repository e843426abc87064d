package dev.drivecat.pools;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;

/**
 * A top-level vdev's layout as zpool and zdb name it ({@code mirror-0}, {@code raidz2-1},
 * {@code draid2:8d:90c:2s-0}, or the type alone in older output and in zdb's vdev table); a vdev
 * of one device (a disk, a partition, a file) is {@code disk}.
 */
public enum VdevType implements ApiToken {
    MIRROR("mirror", 0),
    RAIDZ1("raidz1", 1),
    RAIDZ2("raidz2", 2),
    RAIDZ3("raidz3", 3),
    DRAID1("draid1", 1),
    DRAID2("draid2", 2),
    DRAID3("draid3", 3),
    DISK("disk", 0);

    private final String token;
    private final int parity;

    VdevType(String token, int parity) {
        this.token = token;
        this.parity = parity;
    }

    @Override
    @JsonValue
    public String token() {
        return token;
    }

    /** Devices of the vdev that may fail without losing it: parity for RAIDZ and dRAID; a mirror's is its width less one. */
    public int parity() {
        return parity;
    }

    public boolean isRaidz() {
        return this == RAIDZ1 || this == RAIDZ2 || this == RAIDZ3;
    }

    public boolean isDraid() {
        return this == DRAID1 || this == DRAID2 || this == DRAID3;
    }
}
