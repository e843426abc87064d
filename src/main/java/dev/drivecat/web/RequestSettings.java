package dev.drivecat.web;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;

/** How long one request may work ({@code drivecat.requests.*}; as environment variables {@code DRIVECAT_REQUESTS_*}). */
@ConfigMapping(prefix = "drivecat.requests")
public interface RequestSettings {

    /**
     * How long drivecat works on one request: past it, work that checks (reading a pasted tool output
     * or pool) stops and the request is answered 503, as it is when its client has gone. Reading the
     * largest paste takes a few milliseconds; this bounds what no test foresaw.
     */
    @WithDefault("PT10S")
    @NotNull
    Duration deadline();
}
