package dev.drivecat.measurements;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.catalog.Drive;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.JsonErrors;
import dev.drivecat.database.CatalogWrites;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

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

    /** A stored (or already stored) measurement, and how its drive was found. */
    public record Recorded(Measurement measurement, String matchedBy, boolean created) {
    }

    @Transactional
    public Recorded record(Format format, byte[] body, String driveSlug, String sourceUrl, Instant measuredAt) {
        // what is kept of the post keeps its lines, not its control characters
        String output = dev.drivecat.common.Text.clean(new String(body, StandardCharsets.UTF_8));
        SyncWrite parsed = switch (format) {
            case DISKINFO -> DiskinfoOutput.parse(output);
            case FIO -> FioOutput.parse(json(body));
        };
        Match match = drive(parsed, driveSlug);
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

    private Match drive(SyncWrite parsed, String driveSlug) {
        List<String> owners = partNumberOwners(parsed.deviceDescription());
        if (driveSlug != null) {
            Drive drive = Drive.findBySlug(driveSlug).orElseThrow(() -> DomainException.invalidParameter("drive",
                    "drive must be the slug of a drive in the catalog; there is no drive '" + dev.drivecat.common.Text.quote(driveSlug) + "'"));
            List<String> others = owners.stream().filter(o -> !o.equals(drive.slug)).toList();
            if (!others.isEmpty() && !owners.contains(drive.slug)) {
                throw DomainException.invalidParameter("drive", "The output names \"" + parsed.deviceDescription()
                        + "\", a part number of " + String.join(", ", others) + ", not of '" + drive.slug + "'. Nothing was stored")
                        .with("candidates", others);
            }
            return new Match(drive, "the drive parameter");
        }
        if (owners.size() == 1) {
            Drive drive = Drive.findBySlug(owners.get(0)).orElseThrow();
            return new Match(drive, "part number in \"" + parsed.deviceDescription() + "\"");
        }
        List<String> candidates = owners.isEmpty() ? modelCandidates(parsed.deviceDescription()) : owners;
        String named = parsed.deviceDescription() == null ? "The output names no model or part number"
                : "\"" + parsed.deviceDescription() + "\" matches " + (owners.isEmpty() ? "no part number in the catalog" : "several drives");
        throw DomainException.invalidParameter("drive", named + "; name the drive measured with drive=<slug>"
                        + (candidates.isEmpty() ? "" : " (candidates: " + String.join(", ", candidates) + ")") + ". Nothing was stored")
                .with("candidates", candidates);
    }

    /** Drives owning a part number that the description contains as a word ("INTEL SSDPEK1A058GA"). */
    private List<String> partNumberOwners(String description) {
        if (description == null) {
            return List.of();
        }
        Set<String> words = new LinkedHashSet<>();
        for (String w : description.toUpperCase(Locale.ROOT).split("[^A-Z0-9-]+")) {
            if (w.length() >= 4) {
                words.add(w);
            }
        }
        if (words.isEmpty()) {
            return List.of();
        }
        @SuppressWarnings("unchecked")
        List<String> slugs = em.createNativeQuery("""
                SELECT DISTINCT d.slug FROM drive_part_number p JOIN drive d ON d.id = p.drive_id
                 WHERE p.part_number = ANY(CAST(:words AS text[])) ORDER BY d.slug""")
                .setParameter("words", words.toArray(String[]::new)).getResultList();
        return slugs;
    }

    /** Drives whose model words all appear in the description, for the error that asks which one. */
    private List<String> modelCandidates(String description) {
        if (description == null) {
            return List.of();
        }
        String said = " " + description.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", " ") + " ";
        List<String> candidates = new ArrayList<>();
        for (Drive d : Drive.<Drive>listAll()) {
            String model = d.model.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", " ").trim();
            boolean all = !model.isEmpty();
            for (String word : model.split(" ")) {
                all &= said.contains(" " + word + " ");
            }
            if (all) {
                candidates.add(d.slug);
            }
        }
        return candidates.stream().sorted().limit(20).toList();
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
