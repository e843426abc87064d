package dev.drivecat.ranking;

import dev.drivecat.common.ApiSettings;
import dev.drivecat.common.BodyLimit;
import dev.drivecat.common.MaxBody;
import dev.drivecat.common.QueryBinding;
import dev.drivecat.common.QueryParametersOf;
import dev.drivecat.pools.PoolPastes;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
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
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/recommend")
@Tag(name = "ranking", description = "Which drive to buy for a ZFS role, and why.")
public class RecommendResource {

    @Inject
    RecommendationService recommendations;

    @Inject
    ApiSettings apiSettings;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Rank drives for a SLOG, a special vdev, a dedup vdev or a cache device",
            description = "Scores every drive that fits the query for the role and explains each score: SLOG — a cheap, safe flush "
                    + "(predicted sync IOPS, PLP evidence, endurance at your sync write rate, price); special vdev — the whole set "
                    + "the pool layout needs (mirrors, spares: set size and set cost), PLP and endurance (which weigh as for a SLOG "
                    + "when there is no separate log, since OpenZFS 2.4 then puts the ZIL on the special vdev), room for metadata, "
                    + "small blocks and zvols, and price; dedup vdev — the set, room for the dedup table, price; cache device "
                    + "(L2ARC) — price and endurance at the L2ARC feed rate. The answer echoes the query with defaults filled in, "
                    + "counts what was left out and why (and says why when nothing is left), and says how old the prices are. See "
                    + "src/docs/ranking.md for the formulas, the reasons for the weights and each rule's source.")
    @APIResponse(responseCode = "200", description = "The ranked drives with their explained scores.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Recommendation.class)))
    @APIResponse(responseCode = "400", description = "A parameter is missing, unknown or out of range; the detail names what is allowed.")
    public Response recommend(@BeanParam RecommendRequest request, @Context UriInfo uri) {
        QueryBinding.of(RecommendRequest.class).requireOnce(uri.getQueryParameters());
        RecommendQuery query = RecommendParams.interpret(request, apiSettings.defaultCurrency().getCurrencyCode(), apiSettings.maxLimit());
        return Response.ok(recommendations.recommend(query), MediaType.APPLICATION_JSON_TYPE).build();
    }

    @POST
    @Consumes(MediaType.TEXT_PLAIN)
    @Produces(MediaType.APPLICATION_JSON)
    @MaxBody(bytes = PoolPastes.MAX_BYTES)
    @QueryParametersOf(type = RecommendResource.class, method = "recommend")
    @Operation(summary = "Rank drives for a pasted pool",
            description = "The question of GET /recommend, asked of a pool: the body is what POST /pools/parse reads (zpool status, "
                    + "zpool list -v, zdb -Lbbbs, zpool status -D, zdb -D, pasted as it comes). With role=special or dedup the pool gives "
                    + "layout, width, dataVdevs, diskTb, a dRAID's draidData and draidSpares, and for a special vdev hasSlog; a query "
                    + "parameter given explicitly wins, and query.pool.overridden lists it. query.pool.members reports its special, "
                    + "dedup and log devices with their state and errors, and query.pool.dedupTable the dedup table's size. "
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
        String paste = new String(BodyLimit.read(body, PoolPastes.MAX_BYTES, "A paste"), java.nio.charset.StandardCharsets.UTF_8);
        RecommendQuery query = PastedQuestion.ask(uri.getQueryParameters(), paste, apiSettings.defaultCurrency().getCurrencyCode(),
                apiSettings.maxLimit());
        return Response.ok(recommendations.recommendUncached(query), MediaType.APPLICATION_JSON_TYPE)
                .header("Cache-Control", "no-store").build();
    }
}
