package dev.drivecat.pools;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;

/**
 * A top-level vdev's layout as zpool and zdb name it ({@code mirror-0}, {@code raidz2-1},
 * {@code draid2:8d:90c:2s-0}, or the type alone in older output and in zdb's vdev table); a vdev
 * of one device (a disk, a partition, a file) is {@code disk}. The one list of layouts: a pasted
 * pool's vdevs and /recommend's {@code layout} parameter both name theirs by it.
 *
 * <p>A special vdev must match the pool's redundancy: a vdev with parity <i>p</i> (RAIDZ<i>p</i>,
 * dRAID<i>p</i>) survives <i>p</i> failures, so its special mirror needs <i>p</i>+1 drives; an
 * <i>n</i>-way mirror pool needs an <i>n</i>-way special mirror, a pool of single-device vdevs one drive.
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

    /** RAIDZ or dRAID: zpool remove takes no top-level vdev from a pool that has one. */
    public boolean hasParity() {
        return parity > 0;
    }

    /** Drives in the special mirror that matches a data vdev of this type and width: parity + 1, a mirror's width, or one. */
    public int specialSetSize(int width) {
        return hasParity() ? parity + 1 : this == MIRROR ? width : 1;
    }

    /**
     * Disks' worth of data in a data vdev of this width: width less parity for RAIDZ, one for a
     * mirror or a single device; null for dRAID, whose share depends on its redundancy groups and
     * distributed spares (its name's geometry, which the layout alone does not give).
     */
    public Integer dataDisks(int width) {
        return isRaidz() ? Integer.valueOf(width - parity) : isDraid() ? null : Integer.valueOf(1);
    }
}
