package dev.drivecat.pools;

import dev.drivecat.common.BodyLimit;
import dev.drivecat.common.MaxBody;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/pools")
@Tag(name = "ranking")
public class PoolParseResource {

    static final String ANSWER_EXAMPLE = """
            {"pools": [{"name": "tank", "state": "ONLINE", "vdevs": [
              {"role": "data", "type": "raidz2", "width": 6, "devices": ["sda", "sdb", "sdc", "sdd", "sde", "sdf"],
               "sizeBytes": null, "allocBytes": null, "deviceSizeBytes": null},
              {"role": "data", "type": "raidz2", "width": 6, "devices": ["sdg", "sdh", "sdi", "sdj", "sdk", "sdl"],
               "sizeBytes": null, "allocBytes": null, "deviceSizeBytes": null},
              {"role": "log", "type": "mirror", "width": 2, "devices": ["nvme0n1", "nvme1n1"],
               "sizeBytes": null, "allocBytes": null, "deviceSizeBytes": null},
              {"role": "cache", "type": "disk", "width": 1, "devices": ["nvme2n1"],
               "sizeBytes": null, "allocBytes": null, "deviceSizeBytes": null}],
              "dedupShown": false, "shownAt": [{"output": "zpool status", "fromLine": 2, "toLine": 29}]}],
             "blockHistogram": null,
             "warnings": []}""";

    @POST
    @Path("/parse")
    @MaxBody(bytes = PoolPastes.MAX_BYTES)
    @Consumes(MediaType.TEXT_PLAIN)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Read a pasted pool",
            description = "Reads the output of zpool status (or zpool status -v, -D, -P), zpool list -v, and zdb -Lbbbs (or zdb -bb, "
                    + "-bbb, with or without -s), of one or several pools, pasted as it comes: with shell prompts, Markdown fences, "
                    + "tabs or spaces, lost indentation, a cut-off last line; illumos, FreeBSD and Linux device names, file vdevs, "
                    + "GUIDs of missing disks, spare-N and replacing-N, dRAID, special, dedup, logs, cache and spares. It answers "
                    + "each pool's vdevs (role data, log, special, dedup, cache, spare; type mirror, raidz1–3, draid1–3, disk), "
                    + "their sizes where zpool list -v or zdb shows them, zdb's block-size histogram, and warnings that say "
                    + "which lines were not understood. A pool shown by several commands is one entry. Nothing of the paste is "
                    + "stored or logged. Rate-limited per client (drivecat.rate-limits.pools-per-minute). The format rules and "
                    + "their sources: src/docs/pools.md.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.TEXT_PLAIN,
            schema = @Schema(type = SchemaType.STRING, description = "The output as the commands print it, UTF-8, at most 262144 bytes."),
            examples = @ExampleObject(name = "zpool status", summary = "Two RAIDZ2 vdevs, a mirrored log and a cache device, pasted "
                    + "with the prompt", value = PoolPastes.STATUS_EXAMPLE)))
    @APIResponse(responseCode = "200", description = "What the paste shows.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = PoolPaste.class),
            examples = @ExampleObject(name = "zpool status", summary = "The answer to the request's example", value = ANSWER_EXAMPLE)))
    @APIResponse(responseCode = "400", description = "The body is empty or holds no zpool or zdb output drivecat reads; the detail "
            + "says what is read and expected lists the commands.")
    @APIResponse(responseCode = "413", description = "The body is larger than 256 KiB (262144 bytes).")
    @APIResponse(responseCode = "415", description = "The body is not text/plain.")
    public Response parse(InputStream body) {
        PoolPaste paste = PoolPastes.read(BodyLimit.read(body, PoolPastes.MAX_BYTES, "A paste"));
        return Response.ok(paste, MediaType.APPLICATION_JSON_TYPE).header("Cache-Control", "no-store").build();
    }
}
