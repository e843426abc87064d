package dev.drivecat.ranking;

import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.common.ApiToken;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Params;
import dev.drivecat.pools.VdevType;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

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

    /** Parameters of both roles, after {@code role}; then those only one role takes (the other refuses them). */
    static final List<String> COMMON = List.of("interface", "bus", "plp", "condition", "sellerType", "includeBusinessOnly",
            "includeOutOfStock", "maxPrice", "currency", "limit", "syncWriteMBps", "peakSyncMBps", "workload", "poolMedia",
            "maxPriceAgeDays");
    public static final List<String> SLOG_ONLY = List.of("slogMirror", "ramGib");
    public static final List<String> SPECIAL_ONLY = List.of("layout", "width", "dataVdevs", "dataTib", "diskTb", "recordsize", "fileCount",
            "smallBlocks", "smallBlockDataGib", "hasSlog", "openzfsVersion", "maxSetPrice");
    static final int DEFAULT_LIMIT = 10;
    static final BigDecimal DISK_TB_MIN = new BigDecimal("0.001");
    static final BigDecimal DISK_TB_MAX = new BigDecimal("1000");
    static final int DEFAULT_MAX_PRICE_AGE_DAYS = 14;

    public RecommendQuery parse(String defaultCurrency, int maxLimit) {
        String roleRaw = one("role");
        if (roleRaw == null || roleRaw.isBlank()) {
            throw new DomainException(DomainException.Kind.INVALID_PARAMETER,
                    "role is required; allowed: " + String.join(", ", ApiToken.tokens(Role.class)))
                    .with("parameter", "role").with("allowed", ApiToken.tokens(Role.class));
        }
        Role role = ApiToken.require(Role.class, "role", roleRaw.trim());
        List<String> otherRole = role == Role.SLOG ? SPECIAL_ONLY : SLOG_ONLY;
        List<String> ownRole = role == Role.SLOG ? SLOG_ONLY : SPECIAL_ONLY;
        for (String name : otherRole) {
            if (one(name) != null) {
                throw DomainException.invalidParameter(name, name + " applies to role=" + (role == Role.SLOG ? "special" : "slog")
                        + " only; role=" + role.token() + " takes " + String.join(", ", COMMON) + ", " + String.join(", ", ownRole));
            }
        }
        List<InterfaceFilter> interfaces = Params.tokens(InterfaceFilter.class, "interface", all("interface"));
        List<Interface> buses = Params.tokens(Interface.class, "bus", all("bus"));
        Optional<PlpRequirement> plp = Params.token(PlpRequirement.class, "plp", one("plp"));
        List<Condition> conditions = Params.tokens(Condition.class, "condition", all("condition"));
        List<SellerType> sellerTypes = Params.tokens(SellerType.class, "sellerType", all("sellerType"));
        boolean business = Params.bool("includeBusinessOnly", one("includeBusinessOnly")).orElse(false);
        boolean outOfStock = Params.bool("includeOutOfStock", one("includeOutOfStock")).orElse(false);
        BigDecimal maxPrice = Params.decimal("maxPrice", one("maxPrice"), new BigDecimal("0.01"), null).orElse(null);
        BigDecimal maxSetPrice = Params.decimal("maxSetPrice", one("maxSetPrice"), new BigDecimal("0.01"), null).orElse(null);
        String currency = Params.currency(one("currency"), defaultCurrency);
        int limit = Params.limit(one("limit"), Math.min(DEFAULT_LIMIT, maxLimit), maxLimit);
        BigDecimal syncWrite = Params.decimal("syncWriteMBps", one("syncWriteMBps"), new BigDecimal("0.001"), new BigDecimal("100000"))
                .orElse(RankingModel.DEFAULT_SYNC_WRITE_MBPS);
        BigDecimal peakSync = Params.decimal("peakSyncMBps", one("peakSyncMBps"), new BigDecimal("0.001"), new BigDecimal("100000"))
                .orElse(null);
        Workload workload = Params.token(Workload.class, "workload", one("workload")).orElse(Workload.GENERAL);
        PoolMedia poolMedia = Params.token(PoolMedia.class, "poolMedia", one("poolMedia")).orElse(PoolMedia.HDD);
        int maxAge = Params.integer("maxPriceAgeDays", one("maxPriceAgeDays"), 0, 3650).orElse(DEFAULT_MAX_PRICE_AGE_DAYS);
        if (role == Role.SLOG) {
            boolean mirror = Params.bool("slogMirror", one("slogMirror")).orElse(false);
            BigDecimal ram = Params.decimal("ramGib", one("ramGib"), new BigDecimal("0.5"), new BigDecimal("1000000")).orElse(null);
            return new RecommendQuery(role, interfaces, buses, plp.orElse(PlpRequirement.REQUIRED), conditions, sellerTypes, business,
                    outOfStock, maxPrice, null, currency, limit, syncWrite, peakSync, workload, poolMedia, maxAge, mirror, ram, null, null,
                    null, mirror ? 2 : null, null, null, null, null, null, null, null, null, null);
        }
        VdevType layout = Params.token(VdevType.class, "layout", one("layout")).orElse(VdevType.MIRROR);
        Integer width = Params.integer("width", one("width"), 1, 64).orElse(null);
        if (layout == VdevType.MIRROR) {
            width = width == null ? 2 : width;
            if (width < 2) {
                throw Params.invalid("width", one("width"), "the mirror width, 2 or more");
            }
        } else if (layout == VdevType.DISK) {
            width = width == null ? 1 : width;
            if (width != 1) {
                throw Params.invalid("width", one("width"), "1 for layout=disk (data vdevs of one device each)");
            }
        } else if (width != null && width < layout.parity() + 2) {
            throw Params.invalid("width", one("width"), "at least " + (layout.parity() + 2) + " disks for " + layout.token());
        }
        Integer dataVdevs = Params.integer("dataVdevs", one("dataVdevs"), 1, 1000).orElse(1);
        BigDecimal dataTib = Params.decimal("dataTib", one("dataTib"), BigDecimal.ZERO, new BigDecimal("100000")).orElse(null);
        BigDecimal diskTb = Params.decimal("diskTb", one("diskTb"), DISK_TB_MIN, DISK_TB_MAX).orElse(null);
        if (diskTb != null && width == null) {
            throw Params.invalid("width", "", "given with diskTb: the disks per data vdev, so the data size can be worked out");
        }
        int recordsize = size("recordsize", one("recordsize"), 4, 16 * 1024, true).orElse(128);
        Long fileCount = Params.decimal("fileCount", one("fileCount"), BigDecimal.ZERO, new BigDecimal("1000000000000"))
                .map(BigDecimal::longValue).orElse(null);
        BigDecimal smallData = Params.decimal("smallBlockDataGib", one("smallBlockDataGib"), BigDecimal.ZERO, null).orElse(null);
        boolean hasSlog = Params.bool("hasSlog", one("hasSlog")).orElse(false);
        OpenZfsRelease openzfs = openzfsVersion(one("openzfsVersion"));
        Integer smallBlocks = smallBlocks(one("smallBlocks"), openzfs);
        // a special vdev that does not take the ZIL needs flushed data kept, as any vdev does: by default nothing is left out for PLP
        PlpRequirement plpOrDefault = plp.orElse(RecommendQuery.zilOnSpecial(role, hasSlog, openzfs) ? PlpRequirement.REQUIRED
                : PlpRequirement.ANY);
        return new RecommendQuery(role, interfaces, buses, plpOrDefault, conditions, sellerTypes, business, outOfStock, maxPrice,
                maxSetPrice, currency, limit, syncWrite, peakSync, workload, poolMedia, maxAge, null, null, layout, width, dataVdevs,
                layout.specialSetSize(width == null ? 2 : width), dataTib, diskTb, recordsize, fileCount, smallBlocks, smallData, hasSlog,
                openzfs, null);
    }

    /** The pool host's OpenZFS release, from what zfs version prints; default 2.4. */
    static OpenZfsRelease openzfsVersion(String raw) {
        return raw == null || raw.isBlank() ? OpenZfsRelease.DEFAULT : OpenZfsRelease.parse("openzfsVersion", raw);
    }

    /**
     * special_small_blocks as the man page of the release asked about allows it. OpenZFS 2.4's
     * zfsprops(7): "Valid values are from 0 to maximum block size ( 16 MiB )", any size (its libzfs
     * checks only the 16M bound), equal to or above the recordsize too. Before 2.4: "Valid values are
     * zero or a power of two from 512 up to 1048576 (1 MiB)". drivecat takes whole KiB.
     */
    static Integer smallBlocks(String raw, OpenZfsRelease openzfsVersion) {
        if (raw == null) {
            return null;
        }
        if ("0".equals(raw.trim())) {
            return 0;
        }
        if (openzfsVersion.has(ReleaseRule.SMALL_BLOCKS_UP_TO_16M)) {
            return size("smallBlocks", raw, 1, 16 * 1024, false).orElse(null);
        }
        try {
            return size("smallBlocks", raw, 1, 1024, true).orElse(null);
        } catch (DomainException e) {
            throw Params.invalid("smallBlocks", raw, "for OpenZFS " + openzfsVersion + ", zero or a power of two from 1K to 1M (such "
                    + "as 16K or 128K); OpenZFS 2.4 takes any size up to 16M");
        }
    }

    /** A size such as 128K, 1M or 131072 (bytes), in KiB within [minKib, maxKib], a power of two if {@code powerOfTwo}. */
    static Optional<Integer> size(String name, String value, int minKib, int maxKib, boolean powerOfTwo) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        String v = value.trim().toUpperCase(Locale.ROOT);
        long kib;
        try {
            if (v.endsWith("K")) {
                kib = Long.parseLong(v.substring(0, v.length() - 1));
            } else if (v.endsWith("M")) {
                kib = Long.parseLong(v.substring(0, v.length() - 1)) * 1024;
            } else {
                long bytes = Long.parseLong(v);
                kib = bytes % 1024 == 0 ? bytes / 1024 : -1;
            }
        } catch (NumberFormatException e) {
            kib = -1;
        }
        if (kib < minKib || kib > maxKib || powerOfTwo && Long.bitCount(kib) != 1) {
            String range = minKib + "K to " + (maxKib >= 1024 ? maxKib / 1024 + "M" : maxKib + "K");
            throw Params.invalid(name, value, powerOfTwo ? "a power of two from " + range + " (such as 16K or 128K)"
                    : "a size from " + range + " in whole KiB (such as 64K, 128K or 1M)");
        }
        return Optional.of((int) kib);
    }

    private String one(String name) {
        return Params.one(raw, name);
    }

    private List<String> all(String name) {
        return raw.getOrDefault(name, List.of());
    }
}
