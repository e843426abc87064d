package dev.drivecat.specs;

import dev.drivecat.testing.RealFixtures;
import dev.drivecat.testing.TestResources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The synthetic spec pages under src/test/resources/spec-pages, and the shared real fixtures. */
public final class SpecFixtures {

    private SpecFixtures() {
    }

    static String page(String name) {
        return TestResources.text("spec-pages/" + name);
    }

    /**
     * A file of the shared real fixtures (../shared/fixtures/real, relative to the project root),
     * read in place; the test is skipped, saying why, when the folder is not there.
     */
    public static Path real(String relative) {
        return RealFixtures.require(relative);
    }

    static byte[] realBytes(String relative) {
        try {
            return Files.readAllBytes(real(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
