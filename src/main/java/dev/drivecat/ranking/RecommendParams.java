package dev.drivecat.ranking;

import dev.drivecat.common.ApiToken;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Params;
import dev.drivecat.pools.VdevType;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * Turns /recommend's query parameters into a {@link RecommendQuery}, or a 400 that says what is
 * allowed. The one place a query is built from parameters: another entry point (a pasted
 * {@code zpool status} filling the layout, say) gives its own values with {@link #with}, and they go
 * through the same validation.
 */
public final class RecommendParams {

    /** The raw parameters, as strings, keyed by name. */
    private final Map<String, List<String>> raw;

    public RecommendParams(Map<String, List<String>> raw) {
        this.raw = raw;
    }

    /** These parameters with {@code overrides} in place of (or beside) the ones given; an override of null removes one. */
    public RecommendParams with(Map<String, String> overrides) {
        Map<String, List<String>> merged = new java.util.LinkedHashMap<>(raw);
        overrides.forEach((name, value) -> {
            if (value == null) {
                merged.remove(name);
            } else {
                merged.put(name, List.of(value));
            }
        });
        return new RecommendParams(merged);
    }

    static final int DEFAULT_LIMIT = 10;
    static final BigDecimal DISK_TB_MIN = new BigDecimal("0.001");
    static final BigDecimal DISK_TB_MAX = new BigDecimal("1000");
    static final int DEFAULT_MAX_PRICE_AGE_DAYS = 14;

    /** The question these parameters ask, read through {@link RecommendRequest#of}. */
    public RecommendQuery parse(String defaultCurrency, int maxLimit) {
        return interpret(RecommendRequest.of(raw), defaultCurrency, maxLimit);
    }

    /**
     * What a request asks, with every default filled in and the rules that tie its parameters together
     * checked: the role's own parameters, a layout's width, what the release allows.
     */
    public static RecommendQuery interpret(RecommendRequest r, String defaultCurrency, int maxLimit) {
        Role role = r.role();
        if (role == null) {
            throw new DomainException(DomainException.Kind.INVALID_PARAMETER,
                    "role is required; allowed: " + String.join(", ", ApiToken.tokens(Role.class)))
                    .with("parameter", "role").with("allowed", ApiToken.tokens(Role.class));
        }
        Map<String, java.util.Set<Role>> other = r.givenForOtherRoles(role);
        if (!other.isEmpty()) {
            Map.Entry<String, java.util.Set<Role>> first = other.entrySet().iterator().next();
            throw DomainException.invalidParameter(first.getKey(), first.getKey() + " applies to role="
                    + first.getValue().stream().map(Role::token).collect(java.util.stream.Collectors.joining(" or role="))
                    + " only; role=" + role.token() + " takes " + String.join(", ",
                    RecommendRequest.parametersOf(role).subList(1, RecommendRequest.parametersOf(role).size())));
        }
        boolean business = Boolean.TRUE.equals(r.includeBusinessOnly());
        boolean outOfStock = Boolean.TRUE.equals(r.includeOutOfStock());
        String currency = Params.currency(r.currency(), defaultCurrency);
        int limit = limit(r.limit(), maxLimit);
        BigDecimal syncWrite = r.syncWriteMBps() == null ? RankingModel.DEFAULT_SYNC_WRITE_MBPS : r.syncWriteMBps();
        Workload workload = r.workload() == null ? Workload.GENERAL : r.workload();
        PoolMedia poolMedia = r.poolMedia() == null ? PoolMedia.HDD : r.poolMedia();
        int maxAge = r.maxPriceAgeDays() == null ? DEFAULT_MAX_PRICE_AGE_DAYS : r.maxPriceAgeDays();
        OpenZfsRelease openzfs = r.openzfsVersion() == null ? OpenZfsRelease.DEFAULT : r.openzfsVersion();
        java.util.function.Function<PlpRequirement, RecommendQuery.Common> common = byDefault -> new RecommendQuery.Common(role,
                r.interfaces(), r.buses(), r.plp() == null ? byDefault : r.plp(), r.conditions(), r.sellerTypes(), business, outOfStock,
                r.maxPrice(), currency, limit, syncWrite, r.peakSyncMBps(), workload, poolMedia, maxAge, openzfs);
        return switch (role) {
            case SLOG -> new RecommendQuery.Log(common.apply(PlpRequirement.REQUIRED), Boolean.TRUE.equals(r.slogMirror()),
                    r.ramGib(), Boolean.TRUE.equals(r.mixedModels()), null);
            case SPECIAL -> special(r, common, openzfs);
            // a dedup vdev takes no ZIL: it needs flushed data kept, as any vdev does, and by default nothing is left out for PLP
            case DEDUP -> new RecommendQuery.Dedup(common.apply(PlpRequirement.ANY), vdevSet(r, role, openzfs), r.ddtGib(), null);
            // losing a cache device is harmless: nothing is left out for PLP unless asked
            case CACHE -> new RecommendQuery.Cache(common.apply(PlpRequirement.ANY), null);
        };
    }

    private static RecommendQuery.Special special(RecommendRequest r,
                                                  java.util.function.Function<PlpRequirement, RecommendQuery.Common> common,
                                                  OpenZfsRelease openzfs) {
        RecommendQuery.VdevSet set = vdevSet(r, Role.SPECIAL, openzfs);
        if (r.diskTb() != null && set.width() == null) {
            throw Params.invalid("width", "", "given with diskTb: the disks per data vdev, so the data size can be worked out");
        }
        int recordsize = recordsize(r.recordsize());
        boolean hasSlog = Boolean.TRUE.equals(r.hasSlog());
        Integer smallBlocks = smallBlocks(r.smallBlocks(), openzfs);
        int volblocksize = volblocksize(r.volblocksize(), set, openzfs);
        // a special vdev that does not take the ZIL needs flushed data kept, as any vdev does: by default nothing is left out for PLP
        PlpRequirement plp = RecommendQuery.Special.zilOnSpecial(hasSlog, openzfs) ? PlpRequirement.REQUIRED : PlpRequirement.ANY;
        return new RecommendQuery.Special(common.apply(plp), set, r.dataTib(), r.diskTb(), recordsize, volblocksize, r.zvolDataTib(),
                r.fileCount(), smallBlocks, r.smallBlockDataGib(), hasSlog, null);
    }

    /**
     * The data vdevs a special or dedup vdev must match, and the set it is bought as. A dRAID's geometry
     * is checked as zpool create checks it (cmd/zpool/zpool_vdev.c, draid_config_by_type): at most 255
     * children (VDEV_DRAID_MAX_CHILDREN), at most 100 distributed spares, data disks per group default
     * to 8 or the children less parity and spares, and a group (data + parity) must fit in the
     * children less the spares.
     */
    private static RecommendQuery.VdevSet vdevSet(RecommendRequest r, Role role, OpenZfsRelease openzfs) {
        if (!openzfs.has(ReleaseRule.ALLOCATION_CLASSES)) {
            throw Params.invalid("openzfsVersion", openzfs.toString(), "0.8.0 or later for role=" + role.token() + ": special and "
                    + "dedup vdevs came with the allocation_classes feature of OpenZFS 0.8.0");
        }
        VdevType layout = r.layout() == null ? VdevType.MIRROR : r.layout();
        Integer width = r.width();
        Integer draidData = null;
        Integer draidSpares = null;
        if (!layout.isDraid() && (r.draidData() != null || r.draidSpares() != null)) {
            String name = r.draidData() != null ? "draidData" : "draidSpares";
            throw Params.invalid(name, String.valueOf(r.draidData() != null ? r.draidData() : r.draidSpares()),
                    "given with a dRAID layout only (layout=draid1, draid2 or draid3), not layout=" + layout.token());
        }
        if (!layout.isDraid() && width != null && width > MAX_WIDTH) {
            throw Params.invalid("width", width.toString(), "at most " + MAX_WIDTH + " disks for " + layout.token() + " (a dRAID "
                    + "takes up to 255 children)");
        }
        if (layout == VdevType.MIRROR) {
            width = width == null ? 2 : width;
            if (width < 2) {
                throw Params.invalid("width", width.toString(), "the mirror width, 2 or more");
            }
        } else if (layout == VdevType.DISK) {
            width = width == null ? 1 : width;
            if (width != 1) {
                throw Params.invalid("width", width.toString(), "1 for layout=disk (data vdevs of one device each)");
            }
        } else if (layout.isDraid()) {
            if (!openzfs.has(ReleaseRule.DRAID)) {
                throw Params.invalid("layout", layout.token(), "a layout OpenZFS " + openzfs + " has: dRAID came with OpenZFS 2.1.0");
            }
            int p = layout.parity();
            draidSpares = r.draidSpares() == null ? 0 : r.draidSpares();
            draidData = r.draidData();
            if (width != null) {
                if (width < p + 1 + draidSpares) {
                    throw Params.invalid("width", width.toString(), "at least " + (p + 1 + draidSpares) + " children for "
                            + layout.token() + " with " + draidSpares + " distributed spare" + (draidSpares == 1 ? "" : "s")
                            + " (one data disk, " + p + " parity)");
                }
                if (draidData == null) {
                    draidData = Math.min(width - draidSpares - p, 8);
                } else if (draidData + p > width - draidSpares) {
                    throw Params.invalid("draidData", draidData.toString(), "at most " + (width - draidSpares - p) + " data disks per "
                            + "group for " + layout.token() + " of " + width + " children and " + draidSpares + " distributed spare"
                            + (draidSpares == 1 ? "" : "s") + ": a group (data + parity) must fit in the children less the spares");
                }
            } else if (draidData == null) {
                draidData = 8;
            }
        } else if (width != null && width < layout.parity() + 2) {
            throw Params.invalid("width", width.toString(), "at least " + (layout.parity() + 2) + " disks for " + layout.token());
        }
        int dataVdevs = r.dataVdevs() == null ? 1 : r.dataVdevs();
        int setSize = layout.specialSetSize(width == null ? 2 : width);
        return new RecommendQuery.VdevSet(r.maxSetPrice(), layout, width, dataVdevs, draidData, draidSpares, setSize,
                role == Role.SPECIAL ? (r.specialVdevs() == null ? 1 : r.specialVdevs()) : null,
                r.spares() == null ? 0 : r.spares(), Boolean.TRUE.equals(r.mixedModels()));
    }

    /** The widest RAIDZ or mirror drivecat takes; a dRAID takes up to 255 children (VDEV_DRAID_MAX_CHILDREN). */
    static final int MAX_WIDTH = 64;

    /** The sector a dRAID's minimum allocation is counted in when the pool's ashift is not known: 4 KiB (ashift 12). */
    static final int ASSUMED_SECTOR_KIB = 4;

    /**
     * The zvols' volblocksize: as given, a power of two from 1K to 128K (to 16M from OpenZFS 2.4,
     * zfsprops(7)); else OpenZFS's default, 16K from 2.2 and 8K before (ZVOL_DEFAULT_BLOCKSIZE), raised
     * from 2.1 as zfs create raises it (cmd/zfs/zfs_main.c, default_volblocksize) to the largest power
     * of two within the data vdevs' minimum allocation: a dRAID's data disks × sector, RAIDZ1's two
     * sectors, RAIDZ2's and RAIDZ3's four; at 4 KiB sectors (ashift 12), which the question does not give.
     */
    static int volblocksize(BlockSize given, RecommendQuery.VdevSet set, OpenZfsRelease openzfs) {
        int maxKib = openzfs.has(ReleaseRule.VOLBLOCKSIZE_UP_TO_16M) ? 16 * 1024 : 128;
        if (given != null) {
            if (given.kib() < 1 || !given.powerOfTwo() || given.kib() > maxKib) {
                throw Params.invalid("volblocksize", given.toString(), "for OpenZFS " + openzfs + ", a power of two from 1K to "
                        + new BlockSize(maxKib) + " (such as 16K or 64K)");
            }
            return given.kib();
        }
        int kib = openzfs.has(ReleaseRule.VOLBLOCKSIZE_16K) ? 16 : 8;
        if (!openzfs.has(ReleaseRule.DRAID)) {
            return kib;
        }
        // calculate_volblocksize: a dRAID's data disks, RAIDZ1's 2 and RAIDZ2/3's 4 sectors, a mirror's one
        VdevType layout = set.layout();
        int sectors = layout.isDraid() ? (set.draidData() == null ? 1 : set.draidData()) : layout.isRaidz()
                ? (layout.parity() == 1 ? 2 : 4) : 1;
        int minimumAllocation = sectors * ASSUMED_SECTOR_KIB;
        while (kib * 2 <= minimumAllocation) {
            kib *= 2;
        }
        return kib;
    }

    /** At most {@code maxLimit} results, the largest page this server returns. */
    private static int limit(Integer limit, int maxLimit) {
        if (limit == null) {
            return Math.min(DEFAULT_LIMIT, maxLimit);
        }
        return Params.limit(limit.toString(), Math.min(DEFAULT_LIMIT, maxLimit), maxLimit);
    }

    /** The datasets' recordsize: a power of two from 4K to 16M; 128K when not given. */
    private static int recordsize(BlockSize given) {
        if (given == null) {
            return 128;
        }
        if (given.kib() < 4 || !given.powerOfTwo()) {
            throw Params.invalid("recordsize", given.toString(), "a power of two from 4K to 16M (such as 16K or 128K)");
        }
        return given.kib();
    }

    /**
     * special_small_blocks as the man page of the release asked about allows it (src/docs/ranking.md
     * §6): before 0.8.3 zero or a power of two from 512 bytes to 128K; from 0.8.3 to 1M; from 2.4 any
     * size up to 16M, equal to or above the recordsize too. drivecat takes whole KiB. A value the
     * release refuses is a 400 that names the release's limit.
     */
    static Integer smallBlocks(BlockSize given, OpenZfsRelease openzfsVersion) {
        if (given == null) {
            return null;
        }
        if (given.kib() == 0 || openzfsVersion.has(ReleaseRule.SMALL_BLOCKS_UP_TO_16M)) {
            return given.kib();
        }
        int maxKib = openzfsVersion.has(ReleaseRule.SMALL_BLOCKS_UP_TO_1M) ? 1024 : 128;
        if (!given.powerOfTwo() || given.kib() > maxKib) {
            throw Params.invalid("smallBlocks", given.toString(), "for OpenZFS " + openzfsVersion + ", zero or a power of two from "
                    + "1K to " + new BlockSize(maxKib) + " (such as 16K or " + (maxKib > 128 ? "128K" : "64K") + ")"
                    + (maxKib == 128 ? "; OpenZFS 0.8.3 takes up to 1M" : "") + "; OpenZFS 2.4 takes any size up to 16M");
        }
        return given.kib();
    }
}
