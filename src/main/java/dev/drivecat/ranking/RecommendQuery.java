package dev.drivecat.ranking;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.drivecat.catalog.InterfaceFilter;
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
        PlpRequirement plp,
        @Schema(description = "Empty means every condition.") List<Condition> conditions,
        @Schema(description = "Empty means every seller type.") List<SellerType> sellerTypes,
        boolean includeBusinessOnly,
        boolean includeOutOfStock,
        BigDecimal maxPrice,
        BigDecimal maxSetPrice,
        String currency,
        int limit,
        @Schema(description = "Expected average sync write rate, MB/s: the log's (or, without a SLOG, the special vdev's) write load.")
        BigDecimal syncWriteMBps,
        @Schema(description = "Prices older than this many days carry a warning.") int maxPriceAgeDays,
        PoolLayout layout,
        @Schema(description = "Disks per data vdev (for a mirror pool, the mirror width).") Integer width,
        @Schema(description = "Drives in the special mirror.") Integer setSize,
        BigDecimal dataTib,
        BigDecimal diskTb,
        @Schema(description = "Record size in KiB.") Integer recordsizeKib,
        Long fileCount,
        @Schema(description = "special_small_blocks in KiB (0: off).") Integer smallBlocksKib,
        BigDecimal smallBlockDataGib,
        Boolean hasSlog) {

    @JsonIgnore
    public boolean isSlog() {
        return role == Role.SLOG;
    }

    /** Without a separate log, OpenZFS 2.4 puts the ZIL on the special vdev. */
    public boolean zilOnSpecial() {
        return role == Role.SPECIAL && !Boolean.TRUE.equals(hasSlog);
    }

    /** The write load endurance is judged against. */
    public double enduranceWriteMBps() {
        if (role == Role.SPECIAL && Boolean.TRUE.equals(hasSlog)) {
            return RankingModel.METADATA_WRITE_MBPS;
        }
        return syncWriteMBps.doubleValue();
    }

    /** The pool's data in GiB, from dataTib or from one data vdev's width × disk size less parity. */
    public Double dataGib() {
        if (dataTib != null) {
            return dataTib.doubleValue() * 1024;
        }
        if (diskTb != null && width != null && layout != null) {
            return layout.dataDisks(width) * diskTb.doubleValue() * 1e12 / (1024d * 1024 * 1024);
        }
        return null;
    }
}
