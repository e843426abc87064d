package dev.drivecat.scraping;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMin;

/** What the data-freshness check ({@link ScrapeFreshnessCheck}) judges by ({@code drivecat.health.*}; as environment variables {@code DRIVECAT_HEALTH_*}). */
@ConfigMapping(prefix = "drivecat.health")
public interface HealthSettings {

    /**
     * The data-freshness check reports DOWN ("degraded") when watched pages exist and no page
     * was scraped successfully within this age.
     */
    @WithDefault("PT24H")
    Duration scrapeFreshness();

    /**
     * The recent window in which each marketplace site's share of failed scrape attempts is
     * taken, to compare with the days before it (a markup change shows as a jump).
     */
    @WithDefault("PT24H")
    @DurationMin(minutes = 1)
    Duration failureShareWindow();

    /** How far back before the recent window a site's usual failure share is taken. */
    @WithDefault("P7D")
    @DurationMin(minutes = 1)
    Duration failureShareBaseline();

    /**
     * How much a site's recent failure share must exceed its usual one for the data-freshness
     * check to report it (DOWN): 0.3 is 30 percentage points, e.g. from 5% to 35% or more.
     */
    @WithDefault("0.3")
    @DecimalMin(value = "0", inclusive = false)
    @DecimalMax("1")
    double failureShareJump();

    /** The fewest recent attempts of a site whose failure share is judged at all. */
    @WithDefault("3")
    @Positive
    int failureShareMinAttempts();
}
