package dev.drivecat.specs;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The spec importer API tests write to seed drives; their own profile gives them their own
 * database, so other test classes still see the seed catalog as it ships. The body cap is
 * lowered so that a 413 needs no huge request.
 */
public class SpecImportProfile implements QuarkusTestProfile {

    static final long MAX_BODY_BYTES = 1_500_000;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("drivecat.imports.max-body-bytes", String.valueOf(MAX_BODY_BYTES));
    }
}
