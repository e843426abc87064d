package dev.drivecat.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The profile for tests that add data. They get a database of their own (seeded like every
 * test database), so that tests in the default profile can assert on the seed catalog exactly.
 * Tests in this profile must not assume they are alone in it. The import body cap is lowered so
 * that a 413 needs no huge request.
 */
public class WritesData implements QuarkusTestProfile {

    public static final long MAX_IMPORT_BODY_BYTES = 1_500_000;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("drivecat.imports.max-body-bytes", String.valueOf(MAX_IMPORT_BODY_BYTES));
    }
}
