package dev.drivecat.ranking;

import dev.drivecat.DrivecatConfig;
import dev.drivecat.common.BodyLimit;
import dev.drivecat.common.MaxBody;
import dev.drivecat.common.QueryParametersOf;
import dev.drivecat.pools.PoolPaste;
import dev.drivecat.pools.PoolPastes;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameters;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/recommend")
@Tag(name = "ranking", description = "Which drive to buy for a ZFS role, and why.")
public class RecommendResource {

    @Inject
    RecommendationService recommendations;

    @Inject
    DrivecatConfig config;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Rank drives for a SLOG or a special vdev",
            description = "Scores every drive that fits the query for the role and explains each score: SLOG — a cheap, safe flush "
                    + "(predicted sync IOPS, PLP evidence, endurance at your sync write rate, price); special vdev — the whole mirror "
                    + "the pool layout needs (set size and set cost), PLP and endurance (which weigh as for a SLOG when there is no "
                    + "separate log, since OpenZFS 2.4 then puts the ZIL on the special vdev), room for metadata and small blocks, and "
                    + "price. The answer echoes the query with defaults filled in, counts what was left out and why, and says how old "
                    + "the prices are. See src/docs/ranking.md for the formulas and the reasons for the weights.")
    @Parameters({
            @Parameter(name = "role", in = ParameterIn.QUERY, required = true, description = "slog or special.", example = "slog"),
            @Parameter(name = "interface", in = ParameterIn.QUERY, description = "One or more of m2, u2, u3, aic, sata, sas, nvme, e1s "
                    + "(comma-separated or repeated); absent means all.", schema = @Schema(type = SchemaType.ARRAY, implementation = String.class),
                    example = "m2"),
            @Parameter(name = "bus", in = ParameterIn.QUERY, description = "One or more of sata, sas, nvme, AND-ed with interface: "
                    + "interface=m2&bus=nvme is M.2 NVMe drives only.", schema = @Schema(type = SchemaType.ARRAY, implementation = String.class),
                    example = "nvme"),
            @Parameter(name = "plp", in = ParameterIn.QUERY, description = "required: only drives with the protection the role needs "
                    + "(where the ZIL lives, cheap and safe flushes: power-loss protection or 3D XPoint; a special vdev without the ZIL, "
                    + "flushed data kept); preferred and any: every drive, ranked by its points, where protection scores by class "
                    + "(preferred ranks as any and adds a note saying the drives required would leave out rank by their points). "
                    + "Default: required for role=slog and for a special vdev that takes the ZIL, any for one that does not.",
                    schema = @Schema(type = SchemaType.STRING, enumeration = {"required", "preferred", "any"}), example = "required"),
            @Parameter(name = "condition", in = ParameterIn.QUERY, description = "Any of new, newOldStock, used, renewed.",
                    schema = @Schema(type = SchemaType.ARRAY, implementation = String.class)),
            @Parameter(name = "sellerType", in = ParameterIn.QUERY, description = "MARKETPLACE or THIRD_PARTY.",
                    schema = @Schema(type = SchemaType.ARRAY, implementation = String.class)),
            @Parameter(name = "includeBusinessOnly", in = ParameterIn.QUERY, description = "Consider offers open only to business accounts (default false)."),
            @Parameter(name = "includeOutOfStock", in = ParameterIn.QUERY, description = "Show drives with no offer in stock (default false)."),
            @Parameter(name = "maxPrice", in = ParameterIn.QUERY, description = "Highest price per drive.", example = "500"),
            @Parameter(name = "maxSetPrice", in = ParameterIn.QUERY, description = "role=special: highest price for the whole set.", example = "1500"),
            @Parameter(name = "currency", in = ParameterIn.QUERY, description = "ISO 4217; offers in other currencies are left out and counted.", example = "USD"),
            @Parameter(name = "limit", in = ParameterIn.QUERY, description = "Results to return (default 10, at most drivecat.api.max-limit).", example = "10"),
            @Parameter(name = "syncWriteMBps", in = ParameterIn.QUERY, description = "Expected average sync write rate in MB/s (default 5): "
                    + "the log's write load, or the special vdev's when it takes the ZIL.", example = "5"),
            @Parameter(name = "peakSyncMBps", in = ParameterIn.QUERY, description = "Peak sync write rate in MB/s: the log must take "
                    + "it. Sizes a log (10 s of it) and warns where a drive's stated sequential write or its interface (SATA about "
                    + "550 MB/s) is below it.", schema = @Schema(type = SchemaType.NUMBER), example = "400"),
            @Parameter(name = "workload", in = ParameterIn.QUERY, description = "What writes to the pool, which decides what is "
                    + "synchronous: nfs-vm (ESXi over NFS: every write), iscsi (only what the initiator flushes, unless sync=always), "
                    + "smb (only client flushes: a SLOG will not help file copies), database (every commit), general (default).",
                    schema = @Schema(type = SchemaType.STRING, enumeration = {"nfs-vm", "iscsi", "smb", "database", "general"}),
                    example = "nfs-vm"),
            @Parameter(name = "poolMedia", in = ParameterIn.QUERY, description = "The pool's data vdevs: hdd (default, like the "
                    + "buying guide's lab) or ssd, where the answer says, by the model's numbers, how little a log gains.",
                    schema = @Schema(type = SchemaType.STRING, enumeration = {"hdd", "ssd"}), example = "hdd"),
            @Parameter(name = "maxPriceAgeDays", in = ParameterIn.QUERY, description = "Prices older than this carry a warning (default 14).", example = "14"),
            @Parameter(name = "slogMirror", in = ParameterIn.QUERY, description = "role=slog: price a mirrored log of two drives "
                    + "(default false).", schema = @Schema(type = SchemaType.BOOLEAN), example = "true"),
            @Parameter(name = "ramGib", in = ParameterIn.QUERY, description = "role=slog: the host's RAM in GiB. The log must hold "
                    + "zfs_wrlog_data_max, by default 2 × zfs_dirty_data_max (10% of RAM, at most 4 GiB): 3.2 GiB for 16 GiB, 8 GiB "
                    + "from 40 GiB up; without it (and without peakSyncMBps) 8 GiB is assumed.",
                    schema = @Schema(type = SchemaType.NUMBER), example = "64"),
            @Parameter(name = "layout", in = ParameterIn.QUERY, description = "role=special: the data vdevs' layout: mirror (default), raidz1, raidz2, raidz3, "
                    + "draid1, draid2, draid3, or disk (single-device vdevs, no redundancy). The special mirror matches its "
                    + "redundancy: parity + 1 drives for RAIDZ and dRAID, the mirror's width, one drive for disk.", example = "raidz2"),
            @Parameter(name = "width", in = ParameterIn.QUERY, description = "role=special: disks per data vdev; for mirror the mirror width (default 2); "
                    + "for dRAID its children; 1 for disk.", example = "6"),
            @Parameter(name = "dataVdevs", in = ParameterIn.QUERY, description = "role=special: data vdevs in the pool (default 1); "
                    + "with width and diskTb it sizes the special vdev for the whole pool.", schema = @Schema(type = SchemaType.INTEGER),
                    example = "3"),
            @Parameter(name = "dataTib", in = ParameterIn.QUERY, description = "role=special: data in the pool, TiB.", example = "40"),
            @Parameter(name = "diskTb", in = ParameterIn.QUERY, description = "role=special: data disk size, TB (with width, instead of dataTib).", example = "16"),
            @Parameter(name = "recordsize", in = ParameterIn.QUERY, description = "role=special: the datasets' recordsize (default 128K).", example = "128K"),
            @Parameter(name = "fileCount", in = ParameterIn.QUERY, description = "role=special: small files expected (344 bytes of metadata each).", example = "2000000"),
            @Parameter(name = "smallBlocks", in = ParameterIn.QUERY, description = "role=special: special_small_blocks (0 off), as the "
                    + "man page of openzfsVersion allows: from 2.4 any size up to 16M in whole KiB, at or above the recordsize too (then "
                    + "every data block goes to the special vdev); before 2.4 a power of two from 1K to 1M.", example = "64K"),
            @Parameter(name = "smallBlockDataGib", in = ParameterIn.QUERY, description = "role=special: GiB of data in blocks at or under smallBlocks.", example = "50"),
            @Parameter(name = "hasSlog", in = ParameterIn.QUERY, description = "role=special: the pool has a separate log (default false).", example = "false"),
            @Parameter(name = "openzfsVersion", in = ParameterIn.QUERY, description = "role=special: the OpenZFS release of the pool's host "
                    + "(default 2.4), as zfs version prints it: 2.4, 2.3.4, zfs-2.3.4-1, zfs-kmod-2.2.4-pve1, 2.2.4-pve1, 2.4.0-rc1. "
                    + "Before 2.4 a special vdev takes no ZIL, so its flush does not count, and special_small_blocks is a power of two "
                    + "up to 1M.", schema = @Schema(type = SchemaType.STRING), example = "zfs-kmod-2.2.4-pve1")
    })
    @APIResponse(responseCode = "200", description = "The ranked drives with their explained scores.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Recommendation.class)))
    @APIResponse(responseCode = "400", description = "A parameter is missing, unknown or out of range; the detail names what is allowed.")
    public Response recommend(@Context UriInfo uri) {
        RecommendQuery query = new RecommendParams(uri.getQueryParameters())
                .parse(config.api().defaultCurrency(), config.api().maxLimit());
        return Response.ok(recommendations.recommend(query), MediaType.APPLICATION_JSON_TYPE).build();
    }

    @POST
    @Consumes(MediaType.TEXT_PLAIN)
    @Produces(MediaType.APPLICATION_JSON)
    @MaxBody(bytes = PoolPastes.MAX_BYTES)
    @QueryParametersOf(type = RecommendResource.class, method = "recommend")
    @Operation(summary = "Rank drives for a pasted pool",
            description = "The question of GET /recommend, asked of a pool: the body is what POST /pools/parse reads (zpool status, "
                    + "zpool list -v, zdb -Lbbbs, pasted as it comes). With role=special the pool gives layout, width, dataVdevs, "
                    + "diskTb and hasSlog; a query parameter given explicitly wins, and query.pool.overridden lists it. "
                    + "query.pool says which pool was read, from which lines, and what it asks; with zdb's block histogram in the "
                    + "paste, the special vdev's room is judged by its measured size (query.pool.specialSizing: the need for every "
                    + "special_small_blocks cutoff, and for each result the largest cutoff its drive holds), otherwise by the "
                    + "estimate, said to be one. A paste of several pools needs pool=NAME. Takes every parameter of GET "
                    + "/recommend, and pool. Rate-limited per client both as a recommendation and as a pasted pool "
                    + "(drivecat.rate-limits.pools-per-minute). Nothing of the paste is stored or logged, and the answer is not "
                    + "cached. See src/docs/pools.md and src/docs/ranking.md.")
    @Parameter(name = PastedQuestion.POOL, in = ParameterIn.QUERY, description = "The pool to read when the paste shows several "
            + "(by its name); without it a paste of several pools is a 400 that lists them.", example = "tank")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.TEXT_PLAIN,
            schema = @Schema(type = SchemaType.STRING, description = "zpool and zdb output as the commands print it, UTF-8, at most "
                    + "262144 bytes."),
            examples = @ExampleObject(name = "zpool status", summary = "Two RAIDZ2 vdevs, a mirrored log and a cache device",
                    value = PoolPastes.STATUS_EXAMPLE)))
    @APIResponse(responseCode = "200", description = "The ranked drives, with what was read from the paste in query.pool.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Recommendation.class)))
    @APIResponse(responseCode = "400", description = "A parameter is missing, unknown or out of range; the paste holds no zpool or "
            + "zdb output (expected lists what is read); it shows several pools and pool names none of them (allowed lists them); "
            + "or its data vdevs differ in layout and layout is not given.")
    @APIResponse(responseCode = "413", description = "The body is larger than 256 KiB (262144 bytes).")
    @APIResponse(responseCode = "415", description = "The body is not text/plain.")
    public Response recommendPaste(@Context UriInfo uri, InputStream body) {
        PoolPaste paste = PoolPastes.read(BodyLimit.read(body, PoolPastes.MAX_BYTES, "A paste"));
        RecommendQuery query = PastedQuestion.ask(uri.getQueryParameters(), paste, config.api().defaultCurrency(),
                config.api().maxLimit());
        return Response.ok(recommendations.recommendUncached(query), MediaType.APPLICATION_JSON_TYPE)
                .header("Cache-Control", "no-store").build();
    }
}
