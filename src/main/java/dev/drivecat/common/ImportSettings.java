package dev.drivecat.common;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The import endpoints' body limit ({@code drivecat.imports.*}; as environment variables {@code DRIVECAT_IMPORTS_*}). */
@ConfigMapping(prefix = "drivecat.imports")
public interface ImportSettings {

    /** The largest request body an import endpoint (structured, spec page, spec table, saved page) accepts; above it the answer is 413. */
    @WithDefault("5242880")
    long maxBodyBytes();
}
