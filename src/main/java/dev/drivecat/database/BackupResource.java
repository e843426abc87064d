package dev.drivecat.database;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/admin/backups")
@Tag(name = "admin")
@SecurityRequirement(name = "adminToken")
public class BackupResource {

    private static final String EXTERNAL = "drivecat runs on a PostgreSQL configured from outside: its backups belong to that server's operator.";

    @Inject
    Backups backups;

    @POST
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Back up the embedded database now",
            description = "Writes a consistent backup of the embedded PostgreSQL (a base backup through the server's own backup "
                    + "functions, with the write-ahead log it needs) to <data dir>/backups/ and answers when it is complete. "
                    + "Reads and writes go on meanwhile; a backup already being written is waited for. Restore it on the stopped "
                    + "service with `java -jar target/quarkus-app/quarkus-run.jar restore <file>` (src/docs/reliability.md).")
    @APIResponse(responseCode = "201", description = "The backup, complete.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Backups.Backup.class)))
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token.")
    @APIResponse(responseCode = "409", description = EXTERNAL)
    @APIResponse(responseCode = "503", description = "The database is unavailable; retry after Retry-After seconds.")
    public Response take() {
        return Response.status(Response.Status.CREATED).entity(backups.take(Backups.Trigger.MANUAL)).build();
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "The backups of the embedded database", description = "Every backup in <data dir>/backups/, newest first.")
    @APIResponse(responseCode = "200", description = "The backups.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Backups.Backup.class, type = SchemaType.ARRAY)))
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token.")
    @APIResponse(responseCode = "409", description = EXTERNAL)
    public List<Backups.Backup> list() {
        return backups.list();
    }
}
