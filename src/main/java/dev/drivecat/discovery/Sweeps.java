package dev.drivecat.discovery;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The sweep searches of each discovery source ({@code scrapers/sweeps.yaml}): words that search the
 * market for drives the catalog lacks, after the searches for the catalog's own drives. Loaded once;
 * a malformed file stops start-up, naming it.
 */
public final class Sweeps {

    static final String PATH = "scrapers/sweeps.yaml";
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()).enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    record File(Map<String, Source> sources) {
    }

    record Source(String sort, List<String> queries) {
    }

    private final Map<String, Source> sources;

    private Sweeps(Map<String, Source> sources) {
        this.sources = Map.copyOf(sources);
    }

    /** The sweeps on the classpath. */
    public static Sweeps fromClasspath() {
        try (InputStream in = Sweeps.class.getClassLoader().getResourceAsStream(PATH)) {
            if (in == null) {
                throw new IllegalStateException(PATH + " is not on the classpath");
            }
            return fromYaml(PATH, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(PATH + " could not be read: " + e.getMessage(), e);
        }
    }

    static Sweeps fromYaml(String source, String yaml) {
        File file;
        try {
            file = YAML.readValue(yaml, File.class);
        } catch (IOException e) {
            throw new IllegalStateException(source + " is not a valid list of sweeps: " + e.getMessage(), e);
        }
        if (file == null || file.sources() == null) {
            throw new IllegalStateException(source + " names no source");
        }
        file.sources().forEach((name, s) -> {
            if (s == null || s.queries() == null || s.queries().isEmpty() || s.queries().stream().anyMatch(q -> q == null || q.isBlank())) {
                throw new IllegalStateException(source + ": the sweeps of " + name + " need queries, none of them blank");
            }
        });
        return new Sweeps(file.sources());
    }

    /**
     * The sweeps of a source, at most {@code max}: its own entry, or that of the part of its name
     * before the first colon ("ebay-browse" for ebay-browse:ebay-us); none when neither has one.
     */
    public List<SearchQuery> of(String sourceName, int max) {
        Source s = sources.get(sourceName);
        if (s == null && sourceName.indexOf(':') > 0) {
            s = sources.get(sourceName.substring(0, sourceName.indexOf(':')));
        }
        if (s == null || max <= 0) {
            return List.of();
        }
        String sort = s.sort();
        return s.queries().stream().limit(max).map(q -> SearchQuery.sweep(q.strip(), sort)).toList();
    }
}
