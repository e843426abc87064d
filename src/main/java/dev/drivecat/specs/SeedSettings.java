package dev.drivecat.specs;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The bundled seed catalog ({@code drivecat.seed.*}; as environment variables {@code DRIVECAT_SEED_*}). */
@ConfigMapping(prefix = "drivecat.seed")
public interface SeedSettings {

    /** Import the bundled seed catalog at start-up (once per seed file version). */
    @WithDefault("true")
    boolean enabled();
}
