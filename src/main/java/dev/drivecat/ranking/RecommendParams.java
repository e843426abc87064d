package dev.drivecat.ranking;

import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.common.ApiToken;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Params;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Turns /recommend's query parameters into a {@link RecommendQuery}, or a 400 that says what is allowed. */
public final class RecommendParams {

    /** The raw parameters, as strings, keyed by name. */
    private final Map<String, List<String>> raw;

    public RecommendParams(Map<String, List<String>> raw) {
        this.raw = raw;
    }

    /** Parameters of both roles, after {@code role}; then those only one role takes (the other refuses them). */
    static final List<String> COMMON = List.of("interface", "bus", "plp", "condition", "sellerType", "includeBusinessOnly",
            "includeOutOfStock", "maxPrice", "currency", "limit", "syncWriteMBps", "maxPriceAgeDays");
    public static final List<String> SLOG_ONLY = List.of("slogMirror");
    public static final List<String> SPECIAL_ONLY = List.of("layout", "width", "dataVdevs", "dataTib", "diskTb", "recordsize", "fileCount",
            "smallBlocks", "smallBlockDataGib", "hasSlog", "openzfsVersion", "maxSetPrice");
    /** major.minor or major.minor.patch, as zfs version prints it. */
    private static final java.util.regex.Pattern OPENZFS_VERSION = java.util.regex.Pattern.compile("[0-9]{1,2}\\.[0-9]{1,2}(\\.[0-9]{1,3})?");
    static final int DEFAULT_LIMIT = 10;
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
        PlpRequirement plp = Params.token(PlpRequirement.class, "plp", one("plp")).orElse(PlpRequirement.REQUIRED);
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
        int maxAge = Params.integer("maxPriceAgeDays", one("maxPriceAgeDays"), 0, 3650).orElse(DEFAULT_MAX_PRICE_AGE_DAYS);
        if (role == Role.SLOG) {
            boolean mirror = Params.bool("slogMirror", one("slogMirror")).orElse(false);
            return new RecommendQuery(role, interfaces, buses, plp, conditions, sellerTypes, business, outOfStock, maxPrice, null,
                    currency, limit, syncWrite, maxAge, mirror, null, null, null, mirror ? 2 : null, null, null, null, null, null,
                    null, null, null);
        }
        PoolLayout layout = Params.token(PoolLayout.class, "layout", one("layout")).orElse(PoolLayout.MIRROR);
        Integer width = Params.integer("width", one("width"), 1, 64).orElse(null);
        if (layout == PoolLayout.MIRROR) {
            width = width == null ? 2 : width;
            if (width < 2) {
                throw Params.invalid("width", one("width"), "the mirror width, 2 or more");
            }
        } else if (width != null && width < layout.parity() + 2) {
            throw Params.invalid("width", one("width"), "at least " + (layout.parity() + 2) + " disks for " + layout.token());
        }
        Integer dataVdevs = Params.integer("dataVdevs", one("dataVdevs"), 1, 1000).orElse(1);
        BigDecimal dataTib = Params.decimal("dataTib", one("dataTib"), BigDecimal.ZERO, new BigDecimal("100000")).orElse(null);
        BigDecimal diskTb = Params.decimal("diskTb", one("diskTb"), new BigDecimal("0.001"), new BigDecimal("1000")).orElse(null);
        if (diskTb != null && width == null) {
            throw Params.invalid("width", "", "given with diskTb: the disks per data vdev, so the data size can be worked out");
        }
        int recordsize = size("recordsize", one("recordsize"), 4, 16 * 1024).orElse(128);
        Long fileCount = Params.decimal("fileCount", one("fileCount"), BigDecimal.ZERO, new BigDecimal("1000000000000"))
                .map(BigDecimal::longValue).orElse(null);
        Integer smallBlocks = one("smallBlocks") == null ? null
                : "0".equals(one("smallBlocks").trim()) ? 0 : size("smallBlocks", one("smallBlocks"), 1, 1024).orElse(null);
        if (smallBlocks != null && smallBlocks >= recordsize) {
            throw Params.invalid("smallBlocks", one("smallBlocks"), "below the recordsize (" + recordsize
                    + "K): at or above it every data block goes to the special vdev");
        }
        BigDecimal smallData = Params.decimal("smallBlockDataGib", one("smallBlockDataGib"), BigDecimal.ZERO, null).orElse(null);
        boolean hasSlog = Params.bool("hasSlog", one("hasSlog")).orElse(false);
        String openzfs = openzfsVersion(one("openzfsVersion"));
        return new RecommendQuery(role, interfaces, buses, plp, conditions, sellerTypes, business, outOfStock, maxPrice, maxSetPrice,
                currency, limit, syncWrite, maxAge, null, layout, width, dataVdevs, layout.specialSetSize(width == null ? 2 : width),
                dataTib, diskTb, recordsize, fileCount, smallBlocks, smallData, hasSlog, openzfs);
    }

    static final String DEFAULT_OPENZFS_VERSION = "2.4";

    /** The pool host's OpenZFS release, as zfs version prints it (2.3.4, or 2.4); default 2.4. */
    static String openzfsVersion(String raw) {
        if (raw == null || raw.isBlank()) {
            return DEFAULT_OPENZFS_VERSION;
        }
        String v = raw.trim().replaceFirst("^(?i)(zfs-|v)", "");
        if (!OPENZFS_VERSION.matcher(v).matches()) {
            throw Params.invalid("openzfsVersion", raw, "an OpenZFS release such as 2.2, 2.3.4 or 2.4 (from zfs version)");
        }
        return v;
    }

    /** A size such as 128K, 1M or 131072 (bytes), as a power of two in KiB within [minKib, maxKib]. */
    static Optional<Integer> size(String name, String value, int minKib, int maxKib) {
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
        if (kib < minKib || kib > maxKib || Long.bitCount(kib) != 1) {
            throw Params.invalid(name, value, "a power of two from " + minKib + "K to "
                    + (maxKib >= 1024 ? maxKib / 1024 + "M" : maxKib + "K") + " (such as 16K or 128K)");
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
