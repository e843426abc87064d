package dev.drivecat.measurements;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.catalog.Drive;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.JsonErrors;
import dev.drivecat.common.Text;
import dev.drivecat.database.CatalogWrites;
import dev.drivecat.identity.Identification;
import dev.drivecat.identity.IdentityService;
import dev.drivecat.identity.ToolOutput;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Stores published sync-write measurements: reads the tool's output, finds the drive it measured
 * (named by the caller, or by a part number the output prints), and keeps the number with its
 * source. Anything that is not a 4K queue-depth-1 sync-write measurement of one known drive is
 * refused, and nothing is stored.
 */
@ApplicationScoped
public class MeasurementService {

    /** How the body is to be read. */
    public enum Format { DISKINFO, FIO }

    /** The largest output kept with a measurement (a diskinfo -wS block is about 1.5 KB, a fio JSON report 10–20 KB). */
    public static final int MAX_OUTPUT_BYTES = 65536;

    @Inject
    EntityManager em;

    @Inject
    ObjectMapper mapper;

    @Inject
    CatalogWrites writes;

    @Inject
    IdentityService identity;

    /** A stored (or already stored) measurement, and how its drive was found. */
    public record Recorded(Measurement measurement, String matchedBy, boolean created) {
    }

    @Transactional
    public Recorded record(Format format, byte[] body, String driveSlug, String sourceUrl, Instant measuredAt) {
        // what is kept of the post keeps its lines, not its control characters
        String output = Text.clean(new String(body, StandardCharsets.UTF_8));
        SyncWrite parsed = switch (format) {
            case DISKINFO -> DiskinfoOutput.parse(output);
            case FIO -> FioOutput.parse(json(body));
        };
        Match match = drive(output, parsed, driveSlug);
        Drive drive = match.drive();
        Optional<Measurement> existing = Measurement.<Measurement>find(
                "drive = ?1 and sourceUrl = ?2 and tool = ?3 and blockSizeBytes = ?4 and rawLine = ?5",
                drive, sourceUrl, parsed.tool(), parsed.blockSizeBytes(), parsed.rawLine()).firstResultOptional();
        if (existing.isPresent()) {
            return new Recorded(existing.get(), match.how(), false);
        }
        Measurement m = new Measurement();
        m.drive = drive;
        m.tool = parsed.tool();
        m.test = parsed.test();
        m.blockSizeBytes = parsed.blockSizeBytes();
        m.queueDepth = parsed.queueDepth();
        m.latencyUs = parsed.latencyUs();
        m.deviceDescription = parsed.deviceDescription();
        m.rawLine = parsed.rawLine();
        m.rawOutput = output;
        m.sourceUrl = sourceUrl;
        m.measuredAt = measuredAt;
        m.persist();
        writes.mark();
        em.flush();
        em.refresh(m);
        return new Recorded(m, match.how(), true);
    }

    /** Removes a measurement (a wrong drive, a misread post); false when there is none with that id. */
    @Transactional
    public boolean delete(long id) {
        boolean deleted = Measurement.deleteById(id);
        if (deleted) {
            writes.mark();
        }
        return deleted;
    }

    /** The measurements of a drive, newest first. */
    public List<Measurement> of(Drive drive) {
        return Measurement.list("drive = ?1 order by recordedAt desc, id desc", drive);
    }

    private record Match(Drive drive, String how) {
    }

    /**
     * The drive measured: the one named by the caller, unless the output names another; else the
     * one the identity matcher finds from the output's model string and capacity. Otherwise a 400
     * that names the candidates (by vendor, series code and capacity) and stores nothing.
     */
    private Match drive(String output, SyncWrite parsed, String driveSlug) {
        Identification id = identification(output);
        if (driveSlug != null) {
            Drive drive = Drive.findBySlug(driveSlug).orElseThrow(() -> DomainException.invalidParameter("drive",
                    "drive must be the slug of a drive in the catalog; there is no drive '" + Text.quote(driveSlug) + "'"));
            if (id != null && id.matched() && !id.drive().equals(drive.slug)) {
                throw DomainException.invalidParameter("drive", "The output names \"" + parsed.deviceDescription() + "\", which is "
                        + id.drive() + " (" + id.because() + "), not '" + drive.slug + "'. Nothing was stored")
                        .with("candidates", List.of(id.drive()));
            }
            return new Match(drive, "the drive parameter");
        }
        if (id != null && id.matched()) {
            Drive drive = Drive.findBySlug(id.drive()).orElseThrow();
            return new Match(drive, id.because());
        }
        List<String> candidates = id == null ? List.of() : id.candidateSlugs();
        String named = parsed.deviceDescription() == null ? "The output names no model or part number"
                : "\"" + parsed.deviceDescription() + "\" names no one catalog drive" + (id == null ? "" : " ("
                + id.because() + ")");
        throw DomainException.invalidParameter("drive", named + "; name the drive measured with drive=<slug>"
                        + (candidates.isEmpty() ? "" : " (candidates: " + String.join(", ", candidates) + ")") + ". Nothing was stored")
                .with("candidates", candidates);
    }

    /** What the output's device names, or null when it names no model (fio JSON). */
    private Identification identification(String output) {
        List<ToolOutput.Device> devices = ToolOutput.devices(output);
        return devices.isEmpty() ? null : identity.identify(devices.get(0));
    }

    private JsonNode json(byte[] body) {
        try {
            return mapper.readTree(body);
        } catch (JsonProcessingException e) {
            throw JsonErrors.invalidBody(e, "post fio --output-format=json output as application/json. Nothing was stored");
        } catch (java.io.IOException e) {
            throw new MeasurementRejected("The body could not be read");
        }
    }
}
