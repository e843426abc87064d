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
                    + first.getValue().stream().map(Role::token).collect(java.util.stream.Collectors.joining(", role="))
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
        if (role == Role.SLOG) {
            RecommendQuery.Common common = new RecommendQuery.Common(role, r.interfaces(), r.buses(),
                    r.plp() == null ? PlpRequirement.REQUIRED : r.plp(), r.conditions(), r.sellerTypes(), business, outOfStock,
                    r.maxPrice(), currency, limit, syncWrite, r.peakSyncMBps(), workload, poolMedia, maxAge, openzfs);
            return new RecommendQuery.Log(common, Boolean.TRUE.equals(r.slogMirror()), r.ramGib(), null);
        }
        if (!openzfs.has(ReleaseRule.ALLOCATION_CLASSES)) {
            throw Params.invalid("openzfsVersion", openzfs.toString(), "0.8.0 or later for role=" + role.token() + ": special and "
                    + "dedup vdevs came with the allocation_classes feature of OpenZFS 0.8.0");
        }
        VdevType layout = r.layout() == null ? VdevType.MIRROR : r.layout();
        Integer width = r.width();
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
        } else if (width != null && width < layout.parity() + 2) {
            throw Params.invalid("width", width.toString(), "at least " + (layout.parity() + 2) + " disks for " + layout.token());
        }
        int dataVdevs = r.dataVdevs() == null ? 1 : r.dataVdevs();
        if (r.diskTb() != null && width == null) {
            throw Params.invalid("width", "", "given with diskTb: the disks per data vdev, so the data size can be worked out");
        }
        int recordsize = recordsize(r.recordsize());
        boolean hasSlog = Boolean.TRUE.equals(r.hasSlog());
        Integer smallBlocks = smallBlocks(r.smallBlocks(), openzfs);
        // a special vdev that does not take the ZIL needs flushed data kept, as any vdev does: by default nothing is left out for PLP
        PlpRequirement plp = r.plp() != null ? r.plp() : RecommendQuery.Special.zilOnSpecial(hasSlog, openzfs)
                ? PlpRequirement.REQUIRED : PlpRequirement.ANY;
        RecommendQuery.Common common = new RecommendQuery.Common(role, r.interfaces(), r.buses(), plp, r.conditions(),
                r.sellerTypes(), business, outOfStock, r.maxPrice(), currency, limit, syncWrite, r.peakSyncMBps(), workload, poolMedia,
                maxAge, openzfs);
        RecommendQuery.VdevSet set = new RecommendQuery.VdevSet(r.maxSetPrice(), layout, width, dataVdevs,
                layout.specialSetSize(width == null ? 2 : width));
        return new RecommendQuery.Special(common, set, r.dataTib(), r.diskTb(), recordsize, r.fileCount(), smallBlocks,
                r.smallBlockDataGib(), hasSlog, null);
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
     * §5): before 0.8.3 zero or a power of two from 512 bytes to 128K; from 0.8.3 to 1M; from 2.4 any
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
