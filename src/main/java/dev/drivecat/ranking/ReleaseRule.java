package dev.drivecat.ranking;

/**
 * What an OpenZFS release brought that /recommend's answer depends on, each with the first release
 * that has it. src/docs/ranking.md cites each one's source.
 */
public enum ReleaseRule {
    /** A pool with a special vdev and no log keeps its ZIL on the special vdev (pull request #17505). */
    ZIL_ON_SPECIAL(OpenZfsRelease.of(2, 4)),
    /** special_small_blocks takes any size up to 16M, at or above the recordsize too (pull request #17497). */
    SMALL_BLOCKS_UP_TO_16M(OpenZfsRelease.of(2, 4)),
    /** A special vdev may be RAIDZ (commit bf846dc). */
    RAIDZ_SPECIAL(OpenZfsRelease.of(2, 4)),
    /** zfs rewrite moves existing blocks to where their properties would put them now. */
    ZFS_REWRITE(OpenZfsRelease.of(2, 3, 4));

    private final OpenZfsRelease since;

    ReleaseRule(OpenZfsRelease since) {
        this.since = since;
    }

    /** The first release that has it. */
    public OpenZfsRelease since() {
        return since;
    }
}
