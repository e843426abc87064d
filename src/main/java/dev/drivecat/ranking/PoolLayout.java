package dev.drivecat.ranking;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;

/**
 * The pool's data vdev layout. A special vdev must match its redundancy: RAIDZ<i>p</i> survives
 * <i>p</i> failures, so its special mirror needs <i>p</i>+1 drives; an <i>n</i>-way mirror pool
 * needs an <i>n</i>-way special mirror.
 */
public enum PoolLayout implements ApiToken {
    MIRROR("mirror", 0),
    RAIDZ1("raidz1", 1),
    RAIDZ2("raidz2", 2),
    RAIDZ3("raidz3", 3);

    private final String token;
    private final int parity;

    PoolLayout(String token, int parity) {
        this.token = token;
        this.parity = parity;
    }

    @Override
    @JsonValue
    public String token() {
        return token;
    }

    public boolean isRaidz() {
        return this != MIRROR;
    }

    /** Drives in the special mirror: parity + 1 for RAIDZ, the mirror width for a mirror pool. */
    public int specialSetSize(int mirrorWidth) {
        return isRaidz() ? parity + 1 : mirrorWidth;
    }

    /** Disks of a data vdev of this width that hold data, not parity (a mirror holds one copy's worth). */
    public int dataDisks(int width) {
        return isRaidz() ? width - parity : 1;
    }

    public int parity() {
        return parity;
    }
}
