package dev.drivecat.specs;

import dev.drivecat.common.BodyLimit;
import dev.drivecat.common.ImportSettings;
import dev.drivecat.common.MaxBody;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/admin/imports")
@Tag(name = "admin")
@SecurityRequirement(name = "adminToken")
public class ImportResource {

    @Inject
    ImportService imports;

    @Inject
    ImportSettings importSettings;

    @POST
    @Path("/specs")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Import a structured document",
            description = "Imports drives, spec values with provenance, listings and price observations in the drivecat-import/1 "
                    + "format (src/docs/import-format.md). The whole document is checked first: a malformed one is rejected with a 400 "
                    + "whose errors point at every bad part, and nothing of it is stored. Importing the same document twice "
                    + "changes nothing the second time.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImportDocument.class)))
    @APIResponse(responseCode = "200", description = "What the import changed.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImportReport.class)))
    @APIResponse(responseCode = "400", description = "The document is malformed; nothing was stored.")
    @APIResponse(responseCode = "401", description = "Missing or wrong admin token, or none configured.")
    @APIResponse(responseCode = "413", description = "The body is larger than drivecat.imports.max-body-bytes.")
    @MaxBody(property = "drivecat.imports.max-body-bytes")
    public ImportReport importSpecs(InputStream body) {
        return imports.importDocument(imports.parse(BodyLimit.limited(body, importSettings.maxBodyBytes(), "An import document")));
    }
}
