package dev.drivecat.testing;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * The profile for tests that add data. They get a database of their own (seeded like every
 * test database), so that tests in the default profile can assert on the seed catalog exactly.
 * Tests in this profile must not assume they are alone in it.
 */
public class WritesData implements QuarkusTestProfile {
}
