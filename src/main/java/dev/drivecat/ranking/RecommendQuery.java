package dev.drivecat.ranking;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.pools.VdevType;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import java.math.BigDecimal;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A /recommend request as drivecat understood it, with every default filled in. Echoed in the
 * response so that a reader sees exactly what was ranked. Members that do not apply to the role
 * are left out.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(name = "RecommendQuery", description = "The request as interpreted, defaults filled in.")
public record RecommendQuery(
        Role role,
        @Schema(description = "Empty means every interface.") List<InterfaceFilter> interfaces,
        @Schema(description = "Buses the drive must use as well (AND with interfaces); empty means any.") List<Interface> buses,
        PlpRequirement plp,
        @Schema(description = "Empty means every condition.") List<Condition> conditions,
        @Schema(description = "Empty means every seller type.") List<SellerType> sellerTypes,
        boolean includeBusinessOnly,
        boolean includeOutOfStock,
        BigDecimal maxPrice,
        BigDecimal maxSetPrice,
        String currency,
        int limit,
        @Schema(description = "Expected average sync write rate, MB/s: the log's (or, with the ZIL on it, the special vdev's) write load.")
        BigDecimal syncWriteMBps,
        @Schema(description = "Peak sync write rate, MB/s: the log must take it; sizes the log (10 s of it) and is checked against "
                + "each drive's stated sequential write and its interface.") BigDecimal peakSyncMBps,
        @Schema(description = "What writes to the pool: nfs-vm, iscsi, smb, database or general.") Workload workload,
        @Schema(description = "The pool's data vdevs: hdd (like the buying guide's lab) or ssd.") PoolMedia poolMedia,
        @Schema(description = "Prices older than this many days carry a warning.") int maxPriceAgeDays,
        @Schema(description = "role=slog: price a mirrored log of two drives.") Boolean slogMirror,
        @Schema(description = "role=slog: the host's RAM, GiB: sizes the log by zfs_wrlog_data_max.") BigDecimal ramGib,
        VdevType layout,
        @Schema(description = "Disks per data vdev (for a mirror pool, the mirror width).") Integer width,
        @Schema(description = "Data vdevs in the pool.") Integer dataVdevs,
        @Schema(description = "Drives in the special mirror, or in the mirrored log.") Integer setSize,
        BigDecimal dataTib,
        BigDecimal diskTb,
        @Schema(description = "Record size in KiB.") Integer recordsizeKib,
        Long fileCount,
        @Schema(description = "special_small_blocks in KiB (0: off).") Integer smallBlocksKib,
        BigDecimal smallBlockDataGib,
        Boolean hasSlog,
        @Schema(description = "The OpenZFS version of the pool's host: from 2.4 a special vdev takes the ZIL when there is no log.")
                OpenZfsRelease openzfsVersion,
        @Schema(nullable = true, description = "POST /recommend: what was read from the pasted pool, which parameters it gave, "
                + "which ones given explicitly were used instead, and the special vdev's size measured from zdb's histogram.")
        PastedPool pool) {

    @JsonIgnore
    public boolean isSlog() {
        return role == Role.SLOG;
    }

    /** Drives bought together: the special mirror, or two for a mirrored log, else one. */
    @JsonIgnore
    public int units() {
        return setSize == null ? 1 : setSize;
    }

    /** Since OpenZFS 2.4, a pool with a special vdev and no separate log keeps its ZIL on the special vdev. */
    public boolean zilOnSpecial() {
        return zilOnSpecial(role, hasSlog, openzfsVersion);
    }

    /** {@link #zilOnSpecial()} of a question not built yet: what the parser decides plp's default by. */
    static boolean zilOnSpecial(Role role, Boolean hasSlog, OpenZfsRelease openzfsVersion) {
        return role == Role.SPECIAL && !Boolean.TRUE.equals(hasSlog) && (openzfsVersion == null || openzfsVersion.has(ReleaseRule.ZIL_ON_SPECIAL));
    }

    /** The ZIL lives on the drives asked about: a log, or a special vdev that takes it. Their flushes then matter. */
    @JsonIgnore
    public boolean takesZil() {
        return isSlog() || zilOnSpecial();
    }

    /** The same query, asked of a pasted pool. */
    RecommendQuery withPool(PastedPool pasted) {
        return new RecommendQuery(role, interfaces, buses, plp, conditions, sellerTypes, includeBusinessOnly, includeOutOfStock,
                maxPrice, maxSetPrice, currency, limit, syncWriteMBps, peakSyncMBps, workload, poolMedia, maxPriceAgeDays, slogMirror,
                ramGib, layout, width, dataVdevs, setSize, dataTib, diskTb, recordsizeKib, fileCount, smallBlocksKib, smallBlockDataGib,
                hasSlog, openzfsVersion, pasted);
    }

    /** The special vdev's size measured from a pasted zdb histogram, if the question has one. */
    @JsonIgnore
    public java.util.Optional<PastedPool.MeasuredSizing> measuredSizing() {
        return pool == null ? java.util.Optional.empty() : java.util.Optional.ofNullable(pool.specialSizing());
    }

    /** Whether the pool's release has what {@code rule} names (a question without a release is asked for the newest). */
    boolean openzfsHas(ReleaseRule rule) {
        return openzfsVersion == null || openzfsVersion.has(rule);
    }

    /** The write load endurance is judged against: the sync write rate where the ZIL lives, else metadata writes. */
    public double enduranceWriteMBps() {
        if (role == Role.SPECIAL && !zilOnSpecial()) {
            return RankingModel.METADATA_WRITE_MBPS;
        }
        return syncWriteMBps.doubleValue();
    }

    /** The data the special vdev serves, GiB: dataTib, else the pool's usable size from its data vdevs. */
    public Double dataGib() {
        if (dataTib != null) {
            return dataTib.doubleValue() * 1024;
        }
        Integer dataDisks = width == null || layout == null ? null : layout.dataDisks(width);
        if (diskTb != null && dataDisks != null) {
            return vdevCount() * dataDisks * diskTb.doubleValue() * 1e12 / (1024d * 1024 * 1024);
        }
        return null;
    }

    private int vdevCount() {
        return dataVdevs == null ? 1 : dataVdevs;
    }
}
