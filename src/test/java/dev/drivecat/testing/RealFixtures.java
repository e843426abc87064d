package dev.drivecat.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * The shared real fixtures (../shared/fixtures/real beside the project root, or the folder the
 * system property {@code real-fixtures} names): real pages, titles and tool outputs that no one
 * here wrote, read in place and never copied into the repository. A test that needs one is
 * skipped, saying where it looked, when it is not there (a fresh clone).
 */
public final class RealFixtures {

    private RealFixtures() {
    }

    /** The folder of the real fixtures, whether or not it exists. */
    public static Path root() {
        return Optional.ofNullable(System.getProperty("real-fixtures")).filter(p -> !p.isBlank()).map(Path::of)
                .orElse(Path.of("").toAbsolutePath().resolve("../shared/fixtures/real")).normalize();
    }

    /** A file or folder of the real fixtures; the calling test is skipped when it is absent. */
    public static Path require(String relative) {
        Path root = root();
        Assumptions.assumeTrue(Files.isDirectory(root),
                "skipped: the shared real fixtures are not at " + root + " (they live beside the project in ../shared/fixtures/real)");
        Path path = root.resolve(relative);
        Assumptions.assumeTrue(Files.exists(path), "skipped: real fixture " + path + " is missing");
        return path;
    }
}
