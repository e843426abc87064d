package dev.drivecat.specs;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What an import changed. Importing the same document again reports zeros everywhere. */
@Schema(name = "ImportReport")
public record ImportReport(
        @Schema(examples = "2") int drivesCreated,
        @Schema(examples = "0") int drivesUpdated,
        @Schema(examples = "14") int specValuesAdded,
        @Schema(examples = "0") int specValuesUnchanged,
        @Schema(examples = "2") int listingsCreated,
        @Schema(examples = "0") int listingsUpdated,
        @Schema(examples = "2") int observationsAdded,
        @Schema(examples = "0") int observationsUnchanged,
        @Schema(description = "Observations stored but held as suspect: the price moved too far from the current one.", examples = "0")
        int observationsSuspect,
        @Schema(description = "Product pages newly put on the watch list.", examples = "0") int pagesWatched) {

}
