package dev.drivecat.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The profile for tests that pin what a setting at its strict end does: no admin token (admin
 * endpoints closed), tight rate limits, a failure-share jump that flags a site early. No seed
 * catalog. Each test here relies on one of these settings and on none of the others, so they share
 * one start of the service instead of a start each (a start costs tens of seconds of CI).
 */
public class StrictSettings implements QuarkusTestProfile {

    public static final int RECOMMEND_PER_MINUTE = 3;
    public static final int EXPORT_PER_MINUTE = 2;
    public static final int IDENTIFY_PER_MINUTE = 2;
    public static final int POOLS_PER_MINUTE = 2;
    public static final int DRIVE_PER_MINUTE = 2;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("drivecat.seed.enabled", "false",
                "drivecat.admin-token", "",
                "drivecat.rate-limits.recommend-per-minute", Integer.toString(RECOMMEND_PER_MINUTE),
                "drivecat.rate-limits.export-per-minute", Integer.toString(EXPORT_PER_MINUTE),
                "drivecat.rate-limits.identify-per-minute", Integer.toString(IDENTIFY_PER_MINUTE),
                "drivecat.rate-limits.pools-per-minute", Integer.toString(POOLS_PER_MINUTE),
                "drivecat.rate-limits.drive-per-minute", Integer.toString(DRIVE_PER_MINUTE),
                "drivecat.health.failure-share-jump", "0.3",
                "drivecat.health.failure-share-min-attempts", "3");
    }
}
