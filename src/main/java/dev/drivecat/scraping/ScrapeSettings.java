package dev.drivecat.scraping;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** The scrape schedule ({@code drivecat.scrape.*}; as environment variables {@code DRIVECAT_SCRAPE_*}). */
@ConfigMapping(prefix = "drivecat.scrape")
public interface ScrapeSettings {

    /**
     * When scrape runs start (Quartz cron, seconds first), once per cluster; {@code off}
     * disables the schedule (runs can still be started with POST /admin/scrapes).
     */
    @WithDefault("0 0 */6 * * ?")
    String cron();

    /** A random delay up to this long before each scheduled run, so instances and sites are not hit on the hour. */
    @WithDefault("PT10M")
    Duration jitter();
}
