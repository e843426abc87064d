package dev.drivecat.measurements;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.drivecat.common.BodyLimit;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.MaxBody;
import dev.drivecat.common.Params;
import dev.drivecat.common.Text;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/admin/measurements")
@Tag(name = "admin")
@SecurityRequirement(name = "adminToken")
public class MeasurementResource {

    @Inject
    MeasurementService measurements;

    Clock clock = Clock.systemUTC();

    /** A stored measurement as the API shows it. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "Measurement", description = "A published 4K queue-depth-1 synchronous-write benchmark of one drive.")
    public record MeasurementView(
            long id,
            @Schema(examples = "intel-optane-p1600x-58gb-m2") String drive,
            @Schema(examples = "diskinfo", enumeration = {"diskinfo", "fio"}) String tool,
            @Schema(description = "sync-write: every write synchronous (diskinfo -wS, fio sync=1); fsync/fdatasync: a write then that call.",
                    enumeration = {"sync-write", "fsync", "fdatasync"}) String test,
            @Schema(examples = "4096") int blockSizeBytes,
            @Schema(examples = "1") int queueDepth,
            @Schema(description = "Mean time of one durable write (write and flush), µs.", examples = "13.6") BigDecimal latencyUs,
            @Schema(nullable = true, description = "The model or part number as the output names it.", examples = "INTEL SSDPEK1A058GA")
            String deviceDescription,
            @Schema(description = "The output's own line (diskinfo) or numbers (fio) the latency was read from.",
                    examples = "4 kbytes:     13.6 usec/IO =    287.2 Mbytes/s") String rawLine,
            @Schema(description = "Where the output was published.") String sourceUrl,
            @Schema(nullable = true) Instant measuredAt,
            Instant recordedAt) {

        static MeasurementView of(Measurement m) {
            return new MeasurementView(m.id, m.drive.slug, m.tool, m.test, m.blockSizeBytes, m.queueDepth, m.latencyUs,
                    m.deviceDescription, m.rawLine, m.sourceUrl, m.measuredAt, m.recordedAt);
        }
    }

    @Schema(name = "MeasurementRecorded")
    public record Recorded(MeasurementView measurement,
                           @Schema(description = "How the drive was found: the drive parameter, or a part number in the output.")
                           String matchedBy,
                           @Schema(description = "False when the same measurement was stored before (nothing changed).") boolean created) {
    }

    @POST
    @Consumes({MediaType.TEXT_PLAIN, MediaType.APPLICATION_JSON})
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Record a published sync-write measurement",
            description = "Takes the raw output people post when they compare SLOG devices: FreeBSD/TrueNAS diskinfo -wS as "
                    + "text/plain (the 4 kbytes row of its \"Synchronous random writes\" table; \"Disk descr.\" names the model), or "
                    + "fio --output-format=json of one 4K queue-depth-1 write job with sync=1, fsync=1 or fdatasync=1 as "
                    + "application/json (mean write latency, plus the mean sync latency for fsync/fdatasync jobs). The drive is the "
                    + "drive parameter, or the one catalog drive whose part number the output prints. The measurement is kept with "
                    + "its source, tool, block size and raw line, listed on the drive, and used by /recommend as the drive's flush "
                    + "latency (the median of its measurements). Posting the same output again changes nothing.")
    @RequestBody(content = {
            @Content(mediaType = MediaType.TEXT_PLAIN, schema = @Schema(type = SchemaType.STRING),
                    example = "/dev/nvd1\n        INTEL SSDPEK1A058GA     # Disk descr.\n\nSynchronous random writes:\n"
                            + "         4 kbytes:     13.6 usec/IO =    287.2 Mbytes/s\n"),
            @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(type = SchemaType.OBJECT,
                    description = "fio --output-format=json output"))})
    @APIResponse(responseCode = "201", description = "Stored.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Recorded.class)))
    @APIResponse(responseCode = "200", description = "The same measurement was stored before; nothing changed.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Recorded.class)))
    @APIResponse(responseCode = "400", description = "Not a 4K QD1 sync-write measurement (the detail says why), no or an unknown "
            + "drive (candidates lists the drives it could be), or a bad url or measuredAt; nothing was stored.")
    @APIResponse(responseCode = "413", description = "The output is larger than 64 KiB.")
    @APIResponse(responseCode = "415", description = "The body is neither text/plain nor application/json.")
    @MaxBody(bytes = MeasurementService.MAX_OUTPUT_BYTES)
    public Response record(
            @Parameter(description = "The drive measured (optional when the output prints a part number of exactly one catalog drive).",
                    example = "intel-optane-p1600x-58gb-m2") @QueryParam("drive") String drive,
            @Parameter(description = "Where the output was published (http(s) URL, or a urn: for a document with no public address).",
                    required = true, example = "https://forum.example.org/threads/slog-benchmarks.1234/") @QueryParam("url") String url,
            @Parameter(description = "When it was measured (ISO 8601 time or date), if the post says.", example = "2022-11-20")
            @QueryParam("measuredAt") String measuredAt,
            @jakarta.ws.rs.HeaderParam("Content-Type") String contentType,
            InputStream body) {
        String source = sourceUrl(url);
        Instant at = Params.instant("measuredAt", measuredAt).orElse(null);
        if (at != null && at.isAfter(clock.instant().plusSeconds(86_400))) {
            throw DomainException.invalidParameter("measuredAt", "measuredAt lies in the future (" + at + ")");
        }
        MeasurementService.Format format = contentType != null && MediaType.valueOf(contentType).isCompatible(MediaType.APPLICATION_JSON_TYPE)
                ? MeasurementService.Format.FIO : MeasurementService.Format.DISKINFO;
        byte[] bytes = BodyLimit.read(body, MeasurementService.MAX_OUTPUT_BYTES, "A measurement");
        MeasurementService.Recorded r = measurements.record(format, bytes, Text.strippedOrNull(drive), source, at);
        Recorded view = new Recorded(MeasurementView.of(r.measurement()), r.matchedBy(), r.created());
        return r.created()
                // a relative Location: JAX-RS would make it absolute with the request's Host header
                ? Response.status(Response.Status.CREATED).header(jakarta.ws.rs.core.HttpHeaders.LOCATION,
                        "/admin/measurements/" + r.measurement().id).entity(view).build()
                : Response.ok(view).build();
    }

    @DELETE
    @Path("/{id}")
    @Operation(summary = "Remove a measurement",
            description = "Removes a measurement recorded for the wrong drive or misread; the ranking stops using it at once.")
    @APIResponse(responseCode = "204", description = "Removed.")
    @APIResponse(responseCode = "400", description = "id is not a number.")
    @APIResponse(responseCode = "404", description = "No measurement with that id.")
    public Response delete(@Parameter(description = "The measurement's id.", example = "1") @PathParam("id") String id) {
        long key = Params.id("id", id);
        if (!measurements.delete(key)) {
            throw DomainException.notFound("No measurement with id " + key);
        }
        return Response.noContent().build();
    }

    static String sourceUrl(String url) {
        String u = url == null ? "" : url.trim();
        if (u.isEmpty()) {
            throw DomainException.invalidParameter("url", "url is required: where the output was published, so that anyone can check it");
        }
        if (u.length() > 2000 || !(u.matches("(?i)https?://[^\\s]+") || u.matches("urn:[a-z0-9][a-z0-9-]*:[^\\s]+"))) {
            throw Params.invalid("url", u.length() > 80 ? u.substring(0, 80) + "…" : u,
                    "an http(s) URL of the page the output was published on (or a urn: for a document with no public address)");
        }
        return u;
    }

}
