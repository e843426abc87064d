package dev.drivecat.identity;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.drivecat.common.BodyLimit;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.MaxBody;
import dev.drivecat.common.Params;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Which catalog drive a listing title, a model string or a pasted tool output names. */
@Path("/identify")
@Tag(name = "identify")
public class IdentifyResource {

    /** The largest pasted tool output read (a smartctl -x of one drive is 5–15 KB). */
    public static final int MAX_OUTPUT_BYTES = 65_536;

    /**
     * The most devices of one tool output identified and answered: a host's drives (an nvme list of a
     * full server); each answer holds up to 20 candidates with their reasons, so the answer stays
     * bounded whatever the paste repeats.
     */
    static final int MAX_DEVICES = 32;

    @Inject
    IdentityService identity;

    @Schema(name = "IdentifyCandidate")
    public record CandidateView(@Schema(examples = "samsung-pm893-240gb-sata") String slug,
                                @Schema(description = "Why the text may name this drive, or what rules it out.") String why) {

        static List<CandidateView> of(List<Identification.Candidate> candidates) {
            return candidates.stream().map(c -> new CandidateView(c.slug(), c.why())).toList();
        }
    }

    @Schema(name = "IdentifiedDevice", description = "One device of a pasted tool output, as the tool describes it.")
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record DeviceView(@Schema(enumeration = {"smartctl", "nvme id-ctrl", "nvme list", "diskinfo"}) String tool,
                             @Schema(description = "The model string the tool prints.", examples = "INTEL SSDPEK1A118GA") String model,
                             @Schema(nullable = true, description = "The capacity in bytes the tool prints.", examples = "118410444800")
                             Long capacityBytes,
                             @Schema(nullable = true, description = "The form factor the tool prints.", examples = "2.5 inches") String formFactor,
                             @Schema(nullable = true, enumeration = {"sata", "sas", "nvme"}) String bus,
                             @Schema(enumeration = {"MATCH", "AMBIGUOUS", "NO_MATCH", "NOT_A_DRIVE"}) String decision,
                             @Schema(nullable = true) String drive,
                             List<CandidateView> candidates,
                             List<String> evidence) {
    }

    @Schema(name = "Identification", description = "What a text names: one catalog drive (MATCH), several it does not tell apart "
            + "(AMBIGUOUS), none (NO_MATCH), or something that is not one drive (NOT_A_DRIVE). Only a MATCH is ever priced.")
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record IdentificationView(
            @Schema(enumeration = {"MATCH", "AMBIGUOUS", "NO_MATCH", "NOT_A_DRIVE"}) String decision,
            @Schema(nullable = true, description = "The drive's slug on a MATCH.", examples = "samsung-pm893-240gb-sata") String drive,
            @Schema(description = "The drives it may name and why; on NO_MATCH the nearest and what rules each out.")
            List<CandidateView> candidates,
            @Schema(description = "The facts that decided, in words: the part number, or the model, capacity and form-factor words.")
            List<String> evidence,
            @Schema(nullable = true, description = "For a pasted tool output: the devices it describes, at most 32 (the fields "
                    + "above are the first one's).") List<DeviceView> devices,
            @Schema(nullable = true, description = "For a pasted tool output: how many more devices it describes than devices "
                    + "lists, left out unidentified (0 when it lists them all); null for a title.", examples = "0")
            Integer devicesNotShown) {

        static IdentificationView of(Identification id) {
            return new IdentificationView(id.decision().name(), id.drive(), CandidateView.of(id.candidates()), id.evidence(), null, null);
        }
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Identify a listing title or model string",
            description = "Names the catalog drive a text names, and never guesses: a part number of the catalog decides when nothing "
                    + "in the text contradicts it; otherwise the model, the capacity and the form factor must all be stated and fit one "
                    + "drive. Near names are told apart (P4800X and P4801X, 900P and 905P, PM893 and PM883, 7450 PRO and MAX, heatsink "
                    + "variants), capacities read as sellers write them (1.92TB, 1920GB, 1,92 ТБ, 894GB in GiB) and titles in the "
                    + "marketplaces' languages. Caddies, lots, servers, drives for parts and the like are NOT_A_DRIVE.")
    @APIResponse(responseCode = "200", description = "The decision with its evidence.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = IdentificationView.class)))
    @APIResponse(responseCode = "400", description = "No text, or a text longer than 2,000 characters.")
    @APIResponse(responseCode = "429", description = "Too many identifications from this client.")
    public IdentificationView identify(
            @Parameter(description = "A listing title, a model string or a part number (at most 2,000 characters).", required = true,
                    example = "SSD диск Samsung PM893 240GB 2.5\" SATAIII TLC (MZ7L3240HCHQ-00W07)") @QueryParam("text") String text) {
        if (text == null || text.isBlank()) {
            throw DomainException.invalidParameter("text", "text is required: a listing title, a model string or a part number");
        }
        if (text.length() > IdentityMatcher.MAX_TEXT) {
            throw Params.invalid("text", text, "a text of at most " + IdentityMatcher.MAX_TEXT
                    + " characters (POST a tool output instead)");
        }
        return IdentificationView.of(identity.identify(text));
    }

    @POST
    @MaxBody(bytes = MAX_OUTPUT_BYTES)
    @Consumes(MediaType.TEXT_PLAIN)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Identify the drives of a pasted tool output",
            description = "Reads smartctl -i/-a/-x (ATA, NVMe, SCSI), nvme id-ctrl, nvme list and diskinfo output as people paste it "
                    + "(prompts, misaligned columns, thousands written with commas, dots or spaces) and identifies each device by its "
                    + "model string, the capacity in bytes and the form factor the tool prints. A body that is none of these is read "
                    + "as a title. At most 32 devices are identified; devicesNotShown counts the rest. Nothing of the paste is "
                    + "stored; serial numbers are never read.")
    @RequestBody(content = @Content(mediaType = MediaType.TEXT_PLAIN, schema = @Schema(type = SchemaType.STRING),
            example = "=== START OF INFORMATION SECTION ===\nModel Number:                       INTEL SSDPEK1A118GA\n"
                    + "Namespace 1 Size/Capacity:          118,410,444,800 [118 GB]\n"))
    @APIResponse(responseCode = "200", description = "The first device's decision, and every device's.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = IdentificationView.class)))
    @APIResponse(responseCode = "400", description = "An empty body.")
    @APIResponse(responseCode = "413", description = "The body is larger than 64 KiB.")
    @APIResponse(responseCode = "415", description = "The body is not text/plain.")
    @APIResponse(responseCode = "429", description = "Too many identifications from this client.")
    public IdentificationView identifyOutput(InputStream body) {
        String text = new String(BodyLimit.read(body, MAX_OUTPUT_BYTES, "A tool output"), StandardCharsets.UTF_8);
        if (text.isBlank()) {
            throw DomainException.invalidBody("The body is empty: paste smartctl, nvme or diskinfo output, or a listing title");
        }
        List<ToolOutput.Device> found = ToolOutput.devices(text);
        if (found.isEmpty()) {
            return IdentificationView.of(identity.identify(text));
        }
        IdentityMatcher matcher = identity.matcher();
        List<Identification> ids = found.stream().limit(MAX_DEVICES).map(matcher::identify).toList();
        List<DeviceView> views = new java.util.ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            ToolOutput.Device dev = found.get(i);
            Identification id = ids.get(i);
            views.add(new DeviceView(dev.tool(), dev.model(), dev.capacityBytes(), dev.formFactor(), dev.bus() == null ? null : dev.bus().token(),
                    id.decision().name(), id.drive(), CandidateView.of(id.candidates()), id.evidence()));
        }
        Identification first = ids.get(0);
        return new IdentificationView(first.decision().name(), first.drive(), CandidateView.of(first.candidates()), first.evidence(),
                views, found.size() - views.size());
    }
}
