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
 * {@link Special}, {@link Dedup}, {@link Cache}). Echoed in the response as one object, so that a reader sees exactly what was
 * ranked; members a role does not take are not there. Built only by {@link RecommendParams}.
 */
@Schema(name = "RecommendQuery", description = "The request as interpreted, defaults filled in: the members every role takes, "
        + "and those of the role asked.", anyOf = {RecommendQuery.Log.class, RecommendQuery.Special.class,
        RecommendQuery.Dedup.class, RecommendQuery.Cache.class})
public sealed interface RecommendQuery {

    /** What every role asks. */
    Common common();

    /** POST /recommend: what was read from the pasted pool; null for a question without one. */
    PastedPool pool();

    /** The same question, asked of a pasted pool. */
    RecommendQuery withPool(PastedPool pool);

    /** Drives bought together: the mirrors and spares of a set, or two for a mirrored log, else one. */
    default int units() {
        return vdevSet().map(VdevSet::units).orElse(1);
    }

    /** Whether the set may mix two models of drive. */
    default boolean mixedModels() {
        return vdevSet().map(VdevSet::mixedModels).orElse(false);
    }

    /** Since OpenZFS 2.4, a pool with a special vdev and no separate log keeps its ZIL on the special vdev. */
    boolean zilOnSpecial();

    /** The write load endurance is judged against, MB/s: the sync write rate where the ZIL lives, else metadata writes. */
    double enduranceWriteMBps();

    /** The most the whole set may cost; null when not asked, or for a drive bought alone. */
    default BigDecimal maxSetPrice() {
        return vdevSet().map(VdevSet::maxSetPrice).orElse(null);
    }

    /** The data vdevs and the set of a vdev the pool cannot lose (a special or dedup vdev); empty for a log or a cache device. */
    default Optional<VdevSet> vdevSet() {
        return Optional.empty();
    }

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
            @Schema(description = "The mirrored log may mix two models.") boolean mixedModels,
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
            return new Log(common, slogMirror, ramGib, mixedModels, pasted);
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
    }

    /**
     * The data vdevs a vdev bought as a set must match in redundancy, and the set: the layout (with
     * its width, the mirror's width for a mirror, a dRAID's geometry) and the drives bought together.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "VdevSet")
    record VdevSet(
            @Schema(description = "The most the whole set may cost.") BigDecimal maxSetPrice,
            VdevType layout,
            @Schema(description = "Disks per data vdev (for a mirror pool, the mirror width; for dRAID its children).") Integer width,
            @Schema(description = "Data vdevs in the pool.") Integer dataVdevs,
            @Schema(description = "dRAID: data disks per redundancy group.") Integer draidData,
            @Schema(description = "dRAID: distributed spares.") Integer draidSpares,
            @Schema(description = "Drives in each mirror bought.") int setSize,
            @Schema(description = "role=special: special vdevs bought, each a mirror of setSize.") Integer specialVdevs,
            @Schema(description = "Cold spares bought with the set.") int spares,
            @Schema(description = "The set may mix two models.") boolean mixedModels) {

        /** Mirrors bought: the special vdevs, or one. */
        public int vdevs() {
            return specialVdevs == null ? 1 : specialVdevs;
        }

        /** Every drive bought: each mirror's, and the spares. */
        public int units() {
            return setSize * vdevs() + spares;
        }

        /** Disks' worth of data in one data vdev; null when the layout does not say (a dRAID without its children). */
        public Double dataDisks() {
            if (layout.isDraid()) {
                return width == null || draidData == null ? null
                        : (width - draidSpares) * (double) draidData / (draidData + layout.parity());
            }
            Integer disks = width == null ? null : layout.dataDisks(width);
            return disks == null ? null : disks.doubleValue();
        }
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
            @Schema(description = "The zvols' volblocksize in KiB.") int volblocksizeKib,
            @Schema(description = "TiB of the data in zvols; absent: all of it with workload=iscsi, none otherwise.")
            BigDecimal zvolDataTib,
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
        public Optional<VdevSet> vdevSet() {
            return Optional.of(set);
        }

        @Override
        public RecommendQuery withPool(PastedPool pasted) {
            return new Special(common, set, dataTib, diskTb, recordsizeKib, volblocksizeKib, zvolDataTib, fileCount, smallBlocksKib,
                    smallBlockDataGib, hasSlog, pasted);
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
            Double dataDisks = set.dataDisks();
            if (diskTb != null && dataDisks != null) {
                return dataVdevs() * dataDisks * diskTb.doubleValue() * 1e12 / (1024d * 1024 * 1024);
            }
            return null;
        }

        /**
         * The data in zvols, GiB: zvolDataTib, else all the data for workload=iscsi (zvols exported over
         * iSCSI), else none; never more than the data.
         */
        public double zvolGib() {
            Double data = dataGib();
            double zvols = zvolDataTib != null ? zvolDataTib.doubleValue() * 1024
                    : common.workload() == Workload.ISCSI && data != null ? data : 0;
            return data == null ? zvols : Math.min(zvols, data);
        }
    }

    /** A dedup vdev: the deduplication tables. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "DedupQuery", description = "role=dedup, as interpreted.")
    record Dedup(
            @JsonUnwrapped Common common,
            @JsonUnwrapped VdevSet set,
            @Schema(description = "The dedup table's size on disk, GiB, as given.") BigDecimal ddtGib,
            @Schema(nullable = true, description = "POST /recommend: what was read from the pasted pool.") PastedPool pool)
            implements RecommendQuery {

        public Dedup {
            requireRole(common, Role.DEDUP);
        }

        @Override
        public Optional<VdevSet> vdevSet() {
            return Optional.of(set);
        }

        @Override
        public RecommendQuery withPool(PastedPool pasted) {
            return new Dedup(common, set, ddtGib, pasted);
        }

        @Override
        public boolean zilOnSpecial() {
            return false;
        }

        @Override
        public double enduranceWriteMBps() {
            return RankingModel.METADATA_WRITE_MBPS;
        }

        public VdevType layout() {
            return set.layout();
        }
    }

    /** A cache device (L2ARC): one drive, no redundancy needed. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "CacheQuery", description = "role=cache, as interpreted.")
    record Cache(
            @JsonUnwrapped Common common,
            @Schema(nullable = true, description = "POST /recommend: what was read from the pasted pool.") PastedPool pool)
            implements RecommendQuery {

        public Cache {
            requireRole(common, Role.CACHE);
        }

        @Override
        public RecommendQuery withPool(PastedPool pasted) {
            return new Cache(common, pasted);
        }

        @Override
        public boolean zilOnSpecial() {
            return false;
        }

        /** The most the L2ARC feed writes: l2arc_write_max each l2arc_feed_secs (1 s), 32 MiB from OpenZFS 2.3, 8 MiB before. */
        @Override
        public double enduranceWriteMBps() {
            return (common.openzfsVersion().has(ReleaseRule.L2ARC_WRITE_MAX_32M) ? 32 : 8) * 1024 * 1024 / 1e6;
        }
    }

    private static void requireRole(Common common, Role role) {
        if (common.role() != role) {
            throw new IllegalArgumentException("a " + role.token() + " question asked with role=" + common.role().token());
        }
    }
}
