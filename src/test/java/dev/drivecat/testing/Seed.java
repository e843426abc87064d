package dev.drivecat.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** What the bundled seed catalog holds, read from its files, for tests that count what a start imported. */
public final class Seed {

    private Seed() {
    }

    /** The seed files, in the order seed/index.txt lists them. */
    public static List<String> files() {
        return new String(resource("seed/index.txt"), StandardCharsets.UTF_8).lines()
                .map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
    }

    /** How many drives the seed files describe (a drive several files describe counts once). */
    public static int driveCount() {
        return slugs().size();
    }

    /** The slugs of the drives the seed files describe. */
    public static Set<String> slugs() {
        Set<String> slugs = new HashSet<>();
        ObjectMapper json = new ObjectMapper();
        for (String file : files()) {
            try {
                for (JsonNode drive : json.readTree(resource("seed/" + file)).path("drives")) {
                    slugs.add(drive.path("slug").asText());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return slugs;
    }

    private static byte[] resource(String path) {
        try (InputStream in = Seed.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("no " + path + " on the test class path");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
