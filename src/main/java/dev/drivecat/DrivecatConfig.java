package dev.drivecat;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import java.util.Optional;

/**
 * drivecat's settings that no one feature owns ({@code drivecat.*}; as environment variables
 * {@code DRIVECAT_*}). Each feature's own are on its mapping beside it ({@code drivecat.digest.*}
 * on {@code digest.DigestSettings}, and so on: src/docs/configuration.md lists them all).
 */
@ConfigMapping(prefix = "drivecat")
public interface DrivecatConfig {

    /**
     * The bearer token admin endpoints require ({@code DRIVECAT_ADMIN_TOKEN}). Unset or blank:
     * every admin endpoint answers 401.
     */
    @WithName("admin-token")
    Optional<String> adminToken();

    /**
     * Where the embedded PostgreSQL keeps its cluster ({@code DRIVECAT_DATA_DIR}); read at start-up
     * by DrivecatMain, listed here so that it is documented with the rest.
     */
    @WithName("data-dir")
    @WithDefault("data")
    String dataDir();

    /**
     * The address this service is reached at from outside ({@code DRIVECAT_PUBLIC_BASE_URL}), without a
     * trailing slash; every link in a mail or a feed starts with it.
     */
    @WithName("public-base-url")
    @WithDefault("http://localhost:8080")
    String publicBaseUrl();
}
