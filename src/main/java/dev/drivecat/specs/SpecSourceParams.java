package dev.drivecat.specs;

import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/** The query parameters of both spec-source imports (pages and tables), as given; {@link SpecSourceResource} checks them. */
public record SpecSourceParams(
        @Parameter(description = "The source's address: an absolute http(s) URL, or a urn: for a document with none. Stored as the "
                + "source of every value, and used to recognise the vendor.", required = true,
                example = "https://ark.intel.com/content/www/us/en/ark/products/123626.html")
        @QueryParam("url") String url,
        @Parameter(description = "The slug of the drive the source describes; skips matching (for a wide table, the column that fits "
                + "it is imported).", example = "intel-optane-900p-280gb-aic")
        @QueryParam("drive") String drive,
        @Parameter(description = "true: report what the source says and store nothing (default false).", example = "true")
        @QueryParam("dryRun") String dryRun,
        @Parameter(description = "true: create a drive for what matches none; the source (or vendor=/model=) must state vendor, "
                + "model, capacity, interface and form factor (default false).", example = "false")
        @QueryParam("create") String create,
        @Parameter(description = "The slug for a drive created with create=true from a page or a single-model table (default: made "
                + "from vendor, model, capacity and slot).", example = "solidigm-d7-p5520-3840gb-u2")
        @QueryParam("slug") String slug,
        @Parameter(description = "The source kind: VENDOR_PAGE, VENDOR_DATASHEET, REVIEW or MEASUREMENT (default: VENDOR_PAGE for a "
                + "vendor's page, VENDOR_DATASHEET for a vendor's table, REVIEW for a retailer's).", example = "VENDOR_PAGE")
        @QueryParam("kind") String kind,
        @Parameter(description = "When the source was retrieved (ISO 8601 time or date; default now).", example = "2026-11-29T00:00:00Z")
        @QueryParam("retrievedAt") String retrievedAt,
        @Parameter(description = "The id of the label dictionary to read the source with, instead of recognising it.", example = "intel")
        @QueryParam("dictionary") String dictionary,
        @Parameter(description = "The vendor, when the source does not name it.", example = "Intel")
        @QueryParam("vendor") String vendor,
        @Parameter(description = "The model name, when the source does not state it.", example = "SSD DC S3700")
        @QueryParam("model") String model) {
}
