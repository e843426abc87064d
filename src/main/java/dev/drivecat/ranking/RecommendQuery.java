package dev.drivecat.ranking;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.pools.VdevType;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A /recommend question as drivecat understood it, with every default filled in: what every role
 * asks ({@link Common}) and what one role asks besides, one record per role ({@link Log},
 * {@link Special}). Echoed in the response as one object, so that a reader sees exactly what was
 * ranked; members a role does not take are not there. Built only by {@link RecommendParams}.
 */
@Schema(name = "RecommendQuery", description = "The request as interpreted, defaults filled in: the members every role takes, "
        + "and those of the role asked.", anyOf = {RecommendQuery.Log.class, RecommendQuery.Special.class})
public sealed interface RecommendQuery {

    /** What every role asks. */
    Common common();

    /** POST /recommend: what was read from the pasted pool; null for a question without one. */
    PastedPool pool();

    /** The same question, asked of a pasted pool. */
    RecommendQuery withPool(PastedPool pool);

    /** Drives bought together: a special mirror, or two for a mirrored log, else one. */
    int units();

    /** Since OpenZFS 2.4, a pool with a special vdev and no separate log keeps its ZIL on the special vdev. */
    boolean zilOnSpecial();

    /** The write load endurance is judged against, MB/s: the sync write rate where the ZIL lives, else metadata writes. */
    double enduranceWriteMBps();

    /** The most the whole set may cost; null when not asked, or for a drive bought alone. */
    BigDecimal maxSetPrice();

    default Role role() {
        return common().role();
    }

    @JsonIgnore
    default boolean isSlog() {
        return role() == Role.SLOG;
    }

    /** The ZIL lives on the drives asked about: a log, or a special vdev that takes it. Their flushes then matter. */
    default boolean takesZil() {
        return isSlog() || zilOnSpecial();
    }

    default List<InterfaceFilter> interfaces() {
        return common().interfaces();
    }

    default List<Interface> buses() {
        return common().buses();
    }

    default PlpRequirement plp() {
        return common().plp();
    }

    default List<Condition> conditions() {
        return common().conditions();
    }

    default List<SellerType> sellerTypes() {
        return common().sellerTypes();
    }

    default boolean includeBusinessOnly() {
        return common().includeBusinessOnly();
    }

    default boolean includeOutOfStock() {
        return common().includeOutOfStock();
    }

    default BigDecimal maxPrice() {
        return common().maxPrice();
    }

    default String currency() {
        return common().currency();
    }

    default int limit() {
        return common().limit();
    }

    default BigDecimal syncWriteMBps() {
        return common().syncWriteMBps();
    }

    default BigDecimal peakSyncMBps() {
        return common().peakSyncMBps();
    }

    default Workload workload() {
        return common().workload();
    }

    default PoolMedia poolMedia() {
        return common().poolMedia();
    }

    default int maxPriceAgeDays() {
        return common().maxPriceAgeDays();
    }

    default OpenZfsRelease openzfsVersion() {
        return common().openzfsVersion();
    }

    /** Whether the pool's release has what {@code rule} names. */
    default boolean openzfsHas(ReleaseRule rule) {
        return openzfsVersion().has(rule);
    }

    /** The special vdev's size measured from a pasted zdb histogram, if the question has one. */
    default Optional<PastedPool.MeasuredSizing> measuredSizing() {
        return pool() == null ? Optional.empty() : Optional.ofNullable(pool().specialSizing());
    }

    /** What every role asks. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "RecommendQueryCommon")
    record Common(
            Role role,
            @Schema(description = "Empty means every interface.") List<InterfaceFilter> interfaces,
            @Schema(description = "Buses the drive must use as well (AND with interfaces); empty means any.") List<Interface> buses,
            PlpRequirement plp,
            @Schema(description = "Empty means every condition.") List<Condition> conditions,
            @Schema(description = "Empty means every seller type.") List<SellerType> sellerTypes,
            boolean includeBusinessOnly,
            boolean includeOutOfStock,
            BigDecimal maxPrice,
            String currency,
            int limit,
            @Schema(description = "Expected average sync write rate, MB/s: the log's (or, with the ZIL on it, the special "
                    + "vdev's) write load.") BigDecimal syncWriteMBps,
            @Schema(description = "Peak sync write rate, MB/s: the log must take it; sizes the log (10 s of it) and is checked "
                    + "against each drive's stated sequential write and its interface.") BigDecimal peakSyncMBps,
            @Schema(description = "What writes to the pool: nfs-vm, iscsi, smb, database or general.") Workload workload,
            @Schema(description = "The pool's data vdevs: hdd (like the buying guide's lab) or ssd.") PoolMedia poolMedia,
            @Schema(description = "Prices older than this many days carry a warning.") int maxPriceAgeDays,
            @Schema(description = "The OpenZFS release of the pool's host: from 2.4 a special vdev takes the ZIL when there is "
                    + "no log.") OpenZfsRelease openzfsVersion) {
    }

    /** A separate log: a single drive, or a mirrored pair. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "SlogQuery", description = "role=slog, as interpreted.")
    record Log(
            @JsonUnwrapped Common common,
            @Schema(description = "Price a mirrored log of two drives.") boolean slogMirror,
            @Schema(description = "The host's RAM, GiB: sizes the log by zfs_wrlog_data_max.") BigDecimal ramGib,
            @Schema(nullable = true, description = "POST /recommend: what was read from the pasted pool.") PastedPool pool)
            implements RecommendQuery {

        public Log {
            requireRole(common, Role.SLOG);
        }

        /** Drives in the mirrored log; absent for a single log. */
        @JsonProperty("setSize")
        @Schema(description = "Drives in the mirrored log.")
        public Integer setSize() {
            return slogMirror ? 2 : null;
        }

        @Override
        public RecommendQuery withPool(PastedPool pasted) {
            return new Log(common, slogMirror, ramGib, pasted);
        }

        @Override
        public int units() {
            return slogMirror ? 2 : 1;
        }

        @Override
        public boolean zilOnSpecial() {
            return false;
        }

        @Override
        public double enduranceWriteMBps() {
            return common.syncWriteMBps().doubleValue();
        }

        @Override
        public BigDecimal maxSetPrice() {
            return null;
        }
    }

    /**
     * The data vdevs a vdev bought as a set must match in redundancy, and the set: the layout (with
     * its width, the mirror's width for a mirror) and the drives bought together.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "VdevSet")
    record VdevSet(
            @Schema(description = "The most the whole set may cost.") BigDecimal maxSetPrice,
            VdevType layout,
            @Schema(description = "Disks per data vdev (for a mirror pool, the mirror width).") Integer width,
            @Schema(description = "Data vdevs in the pool.") Integer dataVdevs,
            @Schema(description = "Drives in the mirror bought.") int setSize) {
    }

    /** A special allocation class vdev. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "SpecialQuery", description = "role=special, as interpreted.")
    record Special(
            @JsonUnwrapped Common common,
            @JsonUnwrapped VdevSet set,
            BigDecimal dataTib,
            BigDecimal diskTb,
            @Schema(description = "Record size in KiB.") Integer recordsizeKib,
            Long fileCount,
            @Schema(description = "special_small_blocks in KiB (0: off).") Integer smallBlocksKib,
            BigDecimal smallBlockDataGib,
            boolean hasSlog,
            @Schema(nullable = true, description = "POST /recommend: what was read from the pasted pool, which parameters it "
                    + "gave, which ones given explicitly were used instead, and the special vdev's size measured from zdb's "
                    + "histogram.") PastedPool pool) implements RecommendQuery {

        public Special {
            requireRole(common, Role.SPECIAL);
        }

        @Override
        public RecommendQuery withPool(PastedPool pasted) {
            return new Special(common, set, dataTib, diskTb, recordsizeKib, fileCount, smallBlocksKib, smallBlockDataGib, hasSlog,
                    pasted);
        }

        @Override
        public int units() {
            return set.setSize();
        }

        @Override
        public boolean zilOnSpecial() {
            return zilOnSpecial(hasSlog, common.openzfsVersion());
        }

        /** {@link #zilOnSpecial()} of a question not built yet: what plp's default is decided by. */
        static boolean zilOnSpecial(boolean hasSlog, OpenZfsRelease release) {
            return !hasSlog && release.has(ReleaseRule.ZIL_ON_SPECIAL);
        }

        @Override
        public double enduranceWriteMBps() {
            return zilOnSpecial() ? common.syncWriteMBps().doubleValue() : RankingModel.METADATA_WRITE_MBPS;
        }

        @Override
        public BigDecimal maxSetPrice() {
            return set.maxSetPrice();
        }

        public VdevType layout() {
            return set.layout();
        }

        public Integer width() {
            return set.width();
        }

        public int dataVdevs() {
            return set.dataVdevs() == null ? 1 : set.dataVdevs();
        }

        /** The data the special vdev serves, GiB: dataTib, else the pool's usable size from its data vdevs. */
        public Double dataGib() {
            if (dataTib != null) {
                return dataTib.doubleValue() * 1024;
            }
            Integer dataDisks = width() == null ? null : layout().dataDisks(width());
            if (diskTb != null && dataDisks != null) {
                return dataVdevs() * dataDisks * diskTb.doubleValue() * 1e12 / (1024d * 1024 * 1024);
            }
            return null;
        }
    }

    private static void requireRole(Common common, Role role) {
        if (common.role() != role) {
            throw new IllegalArgumentException("a " + role.token() + " question asked with role=" + common.role().token());
        }
    }
}
