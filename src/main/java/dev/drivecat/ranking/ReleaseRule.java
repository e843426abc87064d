package dev.drivecat.ranking;

/**
 * What an OpenZFS release brought that /recommend's answer depends on, each with the first release
 * that has it. src/docs/ranking.md cites each one's source.
 */
public enum ReleaseRule {
    /** Special and dedup vdevs: the allocation_classes feature (commit cc99f27, "Pool allocation classes"). */
    ALLOCATION_CLASSES(OpenZfsRelease.of(0, 8, 0)),
    /** special_small_blocks up to 1M instead of 128K (commit 9cf46dd on the 0.8 branch, 624222a on master for 2.0.0). */
    SMALL_BLOCKS_UP_TO_1M(OpenZfsRelease.of(0, 8, 3)),
    /** dRAID vdevs (commit b2255ed, "Distributed Spare (dRAID) Feature"). */
    DRAID(OpenZfsRelease.of(2, 1, 0)),
    /** A hot spare no longer replaces a member of a special or dedup vdev (pull request #14154, backported as ca3a675). */
    NO_HOT_SPARE_FOR_SPECIAL(OpenZfsRelease.of(2, 1, 7)),
    /** zpool create -O special_small_blocks takes more than 128K when -O recordsize is that large (pull request #14901). */
    SMALL_BLOCKS_ABOVE_128K_AT_CREATION(OpenZfsRelease.of(2, 1, 12)),
    /** volblocksize defaults to 16K instead of 8K (ZVOL_DEFAULT_BLOCKSIZE). */
    VOLBLOCKSIZE_16K(OpenZfsRelease.of(2, 2, 0)),
    /** l2arc_write_max defaults to 32 MiB instead of 8 MiB (commit 887a3c5, "Increase L2ARC write rate and headroom"). */
    L2ARC_WRITE_MAX_32M(OpenZfsRelease.of(2, 3, 0)),
    /** zpool status -D prints the dedup table's sizes as totals, not per entry (commit c7ada64, dedup table quota). */
    DDT_SIZES_AS_TOTALS(OpenZfsRelease.of(2, 3, 0)),
    /** A pool with a special vdev and no log keeps its ZIL on the special vdev (pull request #17505). */
    ZIL_ON_SPECIAL(OpenZfsRelease.of(2, 4)),
    /** special_small_blocks takes any size up to 16M, at or above the recordsize too (pull request #17497). */
    SMALL_BLOCKS_UP_TO_16M(OpenZfsRelease.of(2, 4)),
    /** special_small_blocks takes zvol blocks too (commit b048bfa, "Allow opt-in of zvol blocks in special class"). */
    ZVOL_BLOCKS_ON_SPECIAL(OpenZfsRelease.of(2, 4)),
    /** volblocksize up to 16M with large_blocks, instead of 128K (zfsprops(7) of 2.4.0, reworded by pull request #17497). */
    VOLBLOCKSIZE_UP_TO_16M(OpenZfsRelease.of(2, 4)),
    /** A special or dedup vdev may be RAIDZ (commit bf846dc). */
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
