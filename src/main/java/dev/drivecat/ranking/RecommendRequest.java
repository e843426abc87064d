package dev.drivecat.ranking;

import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.common.QueryBinding;
import dev.drivecat.common.QueryValues;
import dev.drivecat.pools.VdevType;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.QueryParam;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.jboss.resteasy.reactive.Separator;

/**
 * /recommend's query parameters as given, each named once, read into its type (tokens, bounded
 * numbers, block sizes, an OpenZFS release) by {@link QueryValues}: a value that
 * does not convert is a 400 naming the parameter. JAX-RS binds it for {@code GET /recommend} (its
 * {@code @BeanParam}, whose components are the operation's documented parameters); {@link #of} binds
 * it the same way from a map, for the page, a pasted pool and the digest. Null is a parameter not
 * given; a list not given is empty. What a question means, with its defaults and the rules that tie
 * parameters together (a role's own parameters, a layout's width, a release's limits), is
 * {@link RecommendParams}'s.
 */
public record RecommendRequest(
        @Parameter(required = true, description = "The ZFS role to buy for: slog (a separate log), special (a special vdev), "
                + "dedup (a dedup vdev: the deduplication tables) or cache (an L2ARC device).", example = "slog")
        @QueryParam("role") Role role,
        @Parameter(description = "One or more of m2, u2, u3, aic, sata, sas, nvme, e1s (comma-separated or repeated); absent "
                + "means all.", example = "m2")
        @QueryParam("interface") @Separator(",") List<InterfaceFilter> interfaces,
        @Parameter(description = "One or more of sata, sas, nvme, AND-ed with interface: interface=m2&bus=nvme is M.2 NVMe drives "
                + "only.", example = "nvme")
        @QueryParam("bus") @Separator(",") List<Interface> buses,
        @Parameter(description = "required: only drives with the protection the role needs (where the ZIL lives, cheap and safe "
                + "flushes: power-loss protection or 3D XPoint; a special vdev without the ZIL, flushed data kept); preferred and "
                + "any: every drive, ranked by its points, where protection scores by class (preferred ranks as any and adds a note "
                + "saying the drives required would leave out rank by their points). Default: required for role=slog and for a "
                + "special vdev that takes the ZIL, any for one that does not.", example = "required")
        @QueryParam("plp") PlpRequirement plp,
        @Parameter(description = "Any of new, newOldStock, used, renewed.")
        @QueryParam("condition") @Separator(",") List<Condition> conditions,
        @Parameter(description = "MARKETPLACE or THIRD_PARTY.")
        @QueryParam("sellerType") @Separator(",") List<SellerType> sellerTypes,
        @Parameter(description = "Consider offers open only to business accounts (default false).")
        @QueryParam("includeBusinessOnly") Boolean includeBusinessOnly,
        @Parameter(description = "Show drives with no offer in stock (default false).")
        @QueryParam("includeOutOfStock") Boolean includeOutOfStock,
        @Parameter(description = "Highest price per drive.", example = "500")
        @QueryParam("maxPrice") @DecimalMin("0.01") BigDecimal maxPrice,
        @Parameter(description = "role=special or dedup: highest price for the whole set (spares included).", example = "1500")
        @ForRoles({Role.SPECIAL, Role.DEDUP}) @QueryParam("maxSetPrice") @DecimalMin("0.01") BigDecimal maxSetPrice,
        @Parameter(description = "ISO 4217; offers in other currencies are left out and counted.", example = "USD")
        @QueryParam("currency") String currency,
        @Parameter(description = "Results to return (default 10, at most drivecat.api.max-limit).", example = "10")
        @QueryParam("limit") @Min(1) Integer limit,
        @Parameter(description = "Expected average sync write rate in MB/s (default 5): the log's write load, or the special "
                + "vdev's when it takes the ZIL.", example = "5")
        @QueryParam("syncWriteMBps") @DecimalMin("0.001") @DecimalMax("100000") BigDecimal syncWriteMBps,
        @Parameter(description = "Peak sync write rate in MB/s: the log must take it. Sizes a log (10 s of it) and warns where a "
                + "drive's stated sequential write or its interface (SATA about 550 MB/s) is below it.", example = "400")
        @QueryParam("peakSyncMBps") @DecimalMin("0.001") @DecimalMax("100000") BigDecimal peakSyncMBps,
        @Parameter(description = "What writes to the pool, which decides what is synchronous: nfs-vm (ESXi over NFS: every "
                + "write), iscsi (only what the initiator flushes, unless sync=always), smb (only client flushes: a SLOG will not "
                + "help file copies), database (every commit), general (default).", example = "nfs-vm")
        @QueryParam("workload") Workload workload,
        @Parameter(description = "The pool's data vdevs: hdd (default, like the buying guide's lab) or ssd, where the answer says, "
                + "by the model's numbers, how little a log gains.", example = "hdd")
        @QueryParam("poolMedia") PoolMedia poolMedia,
        @Parameter(description = "Prices older than this carry a warning (default 14).", example = "14")
        @QueryParam("maxPriceAgeDays") @Min(0) @Max(3650) Integer maxPriceAgeDays,
        @Parameter(description = "The OpenZFS release of the pool's host (default 2.4), as zfs version prints it: 2.4, 2.3.4, "
                + "zfs-2.3.4-1, zfs-kmod-2.2.4-pve1, 2.2.4-pve1, 2.4.0-rc1. Before 2.4 a special vdev takes no ZIL, so its flush "
                + "does not count, and special_small_blocks is a power of two up to 1M.",
                schema = @Schema(type = SchemaType.STRING), example = "zfs-kmod-2.2.4-pve1")
        @QueryParam("openzfsVersion") OpenZfsRelease openzfsVersion,
        @Parameter(description = "role=slog: price a mirrored log of two drives (default false).", example = "true")
        @ForRoles(Role.SLOG) @QueryParam("slogMirror") Boolean slogMirror,
        @Parameter(description = "role=slog: the host's RAM in GiB. The log must hold zfs_wrlog_data_max, by default 2 × "
                + "zfs_dirty_data_max (10% of RAM, at most 4 GiB): 3.2 GiB for 16 GiB, 8 GiB from 40 GiB up; without it (and "
                + "without peakSyncMBps) 8 GiB is assumed.", example = "64")
        @ForRoles(Role.SLOG) @QueryParam("ramGib") @DecimalMin("0.5") @DecimalMax("1000000") BigDecimal ramGib,
        @Parameter(description = "role=special or dedup: the data vdevs' layout: mirror (default), raidz1, raidz2, raidz3, draid1, "
                + "draid2, draid3 (OpenZFS 2.1 and later), or disk (single-device vdevs, no redundancy). The mirror bought matches "
                + "its redundancy: parity + 1 drives for RAIDZ and dRAID, the mirror's width, one drive for disk.", example = "raidz2")
        @ForRoles({Role.SPECIAL, Role.DEDUP}) @QueryParam("layout") VdevType layout,
        @Parameter(description = "role=special or dedup: disks per data vdev, 2 to 64; for mirror the mirror width (default 2); "
                + "for dRAID its children, up to 255; 1 for disk.", example = "6")
        @ForRoles({Role.SPECIAL, Role.DEDUP}) @QueryParam("width") @Min(1) @Max(255) Integer width,
        @Parameter(description = "role=special or dedup with a dRAID layout: data disks per redundancy group, D (default 8, or "
                + "fewer when the children less parity and spares are fewer), as draid2:8d:90c:2s names it.", example = "8")
        @ForRoles({Role.SPECIAL, Role.DEDUP}) @QueryParam("draidData") @Min(1) @Max(255) Integer draidData,
        @Parameter(description = "role=special or dedup with a dRAID layout: its distributed spares, S (default 0, at most 100).",
                example = "2")
        @ForRoles({Role.SPECIAL, Role.DEDUP}) @QueryParam("draidSpares") @Min(0) @Max(100) Integer draidSpares,
        @Parameter(description = "role=special or dedup: data vdevs in the pool (default 1); with width and diskTb it sizes the "
                + "special vdev for the whole pool.", example = "3")
        @ForRoles({Role.SPECIAL, Role.DEDUP}) @QueryParam("dataVdevs") @Min(1) @Max(1000) Integer dataVdevs,
        @Parameter(description = "role=special: data in the pool, TiB.", example = "40")
        @ForRoles(Role.SPECIAL) @QueryParam("dataTib") @DecimalMin("0") @DecimalMax("100000") BigDecimal dataTib,
        @Parameter(description = "role=special: data disk size, TB (with width, instead of dataTib).", example = "16")
        @ForRoles(Role.SPECIAL) @QueryParam("diskTb") @DecimalMin("0.001") @DecimalMax("1000") BigDecimal diskTb,
        @Parameter(description = "role=special: the datasets' recordsize (default 128K).", schema = @Schema(type = SchemaType.STRING),
                example = "128K")
        @ForRoles(Role.SPECIAL) @QueryParam("recordsize") BlockSize recordsize,
        @Parameter(description = "role=special: small files expected (344 bytes of metadata each).", example = "2000000")
        @ForRoles(Role.SPECIAL) @QueryParam("fileCount") @Min(0) @Max(1_000_000_000_000L) Long fileCount,
        @Parameter(description = "role=special: special_small_blocks (0 off), as the man page of openzfsVersion allows: from 2.4 any "
                + "size up to 16M in whole KiB, at or above the recordsize too (then every data block goes to the special vdev); "
                + "before 2.4 a power of two from 1K to 1M.", schema = @Schema(type = SchemaType.STRING), example = "64K")
        @ForRoles(Role.SPECIAL) @QueryParam("smallBlocks") BlockSize smallBlocks,
        @Parameter(description = "role=special: GiB of data in blocks at or under smallBlocks.", example = "50")
        @ForRoles(Role.SPECIAL) @QueryParam("smallBlockDataGib") @DecimalMin("0") BigDecimal smallBlockDataGib,
        @Parameter(description = "role=special: the pool has a separate log (default false).", example = "false")
        @ForRoles(Role.SPECIAL) @QueryParam("hasSlog") Boolean hasSlog,
        @Parameter(description = "role=special: the zvols' volblocksize (default as OpenZFS has it: 16K from 2.2, 8K before; on "
                + "dRAID at least the data disks × 4K sectors, as zfs create picks it). A power of two from 1K to 128K, to 16M from "
                + "OpenZFS 2.4.", schema = @Schema(type = SchemaType.STRING), example = "16K")
        @ForRoles(Role.SPECIAL) @QueryParam("volblocksize") BlockSize volblocksize,
        @Parameter(description = "role=special: TiB of the data that is in zvols (default: all of it with workload=iscsi, none "
                + "otherwise). Before OpenZFS 2.4 special_small_blocks sends no zvol block to the special vdev; from 2.4 every zvol "
                + "block goes there when special_small_blocks is at or above volblocksize.", example = "4")
        @ForRoles(Role.SPECIAL) @QueryParam("zvolDataTib") @DecimalMin("0") @DecimalMax("100000") BigDecimal zvolDataTib,
        @Parameter(description = "role=special: special vdevs to buy, each a mirror of the set size (default 1); allocations are "
                + "balanced among them, so each holds its share of the need.", example = "2")
        @ForRoles(Role.SPECIAL) @QueryParam("specialVdevs") @Min(1) @Max(16) Integer specialVdevs,
        @Parameter(description = "role=special or dedup: cold spares to buy with the set (default 0). A hot spare does not "
                + "replace a special or dedup vdev's member (OpenZFS 2.1.7 and later).", example = "1")
        @ForRoles({Role.SPECIAL, Role.DEDUP}) @QueryParam("spares") @Min(0) @Max(16) Integer spares,
        @Parameter(description = "role=slog (with slogMirror), special or dedup: the set may mix two models of drive, half each, "
                + "as operators who fear twin failures do; each result names the other model (default false).", example = "true")
        @ForRoles({Role.SLOG, Role.SPECIAL, Role.DEDUP}) @QueryParam("mixedModels") Boolean mixedModels,
        @Parameter(description = "role=dedup: the dedup table's size on disk, GiB (zpool status -D, zdb -D); with a pasted pool "
                + "the paste's figure is used unless this is given.", example = "12")
        @ForRoles(Role.DEDUP) @QueryParam("ddtGib") @DecimalMin("0") @DecimalMax("1000000") BigDecimal ddtGib) {

    public RecommendRequest {
        interfaces = clean(interfaces);
        buses = clean(buses);
        conditions = clean(conditions);
        sellerTypes = clean(sellerTypes);
    }

    /** A list as given, without what was blank and without repeats, in order. */
    private static <T> List<T> clean(List<T> values) {
        if (values == null) {
            return List.of();
        }
        List<T> kept = new ArrayList<>(values.size());
        for (T v : values) {
            if (v != null && !kept.contains(v)) {
                kept.add(v);
            }
        }
        return List.copyOf(kept);
    }

    /** The request the parameters give, read as JAX-RS reads them for GET /recommend. */
    public static RecommendRequest of(Map<String, List<String>> raw) {
        return QueryBinding.of(RecommendRequest.class).bind(raw);
    }

    /** Every parameter, in the order of the record. */
    public static List<String> parameters() {
        return QueryBinding.of(RecommendRequest.class).names();
    }

    /** Whether {@code value} was given (not null, not an empty list). */
    static boolean given(Object value) {
        return value instanceof List<?> list ? !list.isEmpty() : Objects.nonNull(value);
    }

    /** A parameter with the roles that take it (every role when it names none), and how to read it from a request. */
    private record Declared(String name, java.util.Set<Role> roles, java.lang.reflect.Method accessor) {
    }

    private static final List<Declared> DECLARED = declared();

    private static List<Declared> declared() {
        List<Declared> declared = new ArrayList<>();
        for (java.lang.reflect.RecordComponent c : RecommendRequest.class.getRecordComponents()) {
            java.lang.reflect.Field field;
            try {
                field = RecommendRequest.class.getDeclaredField(c.getName());
            } catch (NoSuchFieldException e) {
                throw new IllegalStateException(e);
            }
            ForRoles roles = field.getAnnotation(ForRoles.class);
            declared.add(new Declared(field.getAnnotation(QueryParam.class).value(), roles == null
                    ? java.util.EnumSet.allOf(Role.class) : java.util.EnumSet.copyOf(List.of(roles.value())), c.getAccessor()));
        }
        return List.copyOf(declared);
    }

    /** The parameters {@code role} takes, in the record's order, role first. */
    public static List<String> parametersOf(Role role) {
        return DECLARED.stream().filter(d -> d.roles().contains(role)).map(Declared::name).toList();
    }

    /** The parameters given that {@code role} does not take, each with the roles that do. */
    Map<String, java.util.Set<Role>> givenForOtherRoles(Role role) {
        Map<String, java.util.Set<Role>> other = new java.util.LinkedHashMap<>();
        for (Declared d : DECLARED) {
            if (!d.roles().contains(role)) {
                try {
                    if (given(d.accessor().invoke(this))) {
                        other.put(d.name(), d.roles());
                    }
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return other;
    }
}
