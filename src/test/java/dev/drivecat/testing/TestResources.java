package dev.drivecat.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The small fixtures written for the tests (src/test/resources), read from the class path. */
public final class TestResources {

    private TestResources() {
    }

    /** A fixture as UTF-8 text, by its path below src/test/resources; a missing one fails the test, naming it. */
    public static String text(String path) {
        try (InputStream in = TestResources.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("no test fixture " + path + " (src/test/resources)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
