package dev.drivecat.scraping.fetch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.config.ConfigValidationException;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.validator.BeanValidationConfigValidatorImpl;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The fetcher's configuration is checked when it is read, the way Quarkus reads it at start-up
 * (SmallRye Config with the Hibernate Validator constraints on {@link FetcherSettings}): a bad value
 * stops start-up with a message naming the property.
 */
class FetcherSettingsValidationTest {

    private static FetcherSettings read(Map<String, String> properties) {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withMapping(FetcherSettings.class)
                .withValidator(new BeanValidationConfigValidatorImpl())
                .withSources(new PropertiesConfigSource(properties, "test", 500))
                .build();
        return config.getConfigMapping(FetcherSettings.class);
    }

    private static String problems(Map<String, String> properties) {
        try {
            read(properties);
        } catch (ConfigValidationException e) {
            return e.getMessage();
        }
        throw new AssertionError("the configuration " + properties + " was accepted");
    }

    @Test
    void theDefaultsAreAccepted() {
        FetcherSettings config = read(Map.of());

        assertThat(config.userAgent()).containsIgnoringCase("drivecat");
        assertThat(config.robotsCacheTtl()).isEqualTo(Duration.ofHours(12));
    }

    @Test
    void refusesAUserAgentThatDoesNotNameDrivecat() {
        assertThat(problems(Map.of("drivecat.fetcher.user-agent", "Mozilla/5.0 (Windows NT 10.0)")))
                .contains("drivecat.fetcher.user-agent").contains("must name drivecat");
        assertThat(read(Map.of("drivecat.fetcher.user-agent", "Mozilla/5.0 (compatible; DriveCat/2)")).userAgent())
                .as("the name in any case").contains("DriveCat");
    }

    @Test
    void refusesARobotsCacheLongerThanADayOrNegative() {
        assertThat(problems(Map.of("drivecat.fetcher.robots-cache-ttl", "PT25H"))).contains("drivecat.fetcher.robots-cache-ttl");
        assertThat(problems(Map.of("drivecat.fetcher.robots-cache-ttl", "-PT1S"))).contains("drivecat.fetcher.robots-cache-ttl");
        assertThat(read(Map.of("drivecat.fetcher.robots-cache-ttl", "PT24H")).robotsCacheTtl()).isEqualTo(Duration.ofHours(24));
        assertThat(read(Map.of("drivecat.fetcher.robots-cache-ttl", "PT0S")).robotsCacheTtl()).isZero();
    }

    @Test
    void refusesTimeoutsAndBackoffThatAreNotPositive() {
        for (String property : new String[] {"connect-timeout", "read-timeout", "request-deadline", "backoff-base",
                "backoff-cap"}) {
            assertThat(problems(Map.of("drivecat.fetcher." + property, "PT0S"))).as(property)
                    .contains("drivecat.fetcher." + property);
            assertThat(problems(Map.of("drivecat.fetcher." + property, "-PT5S"))).as(property)
                    .contains("drivecat.fetcher." + property);
        }
    }

    @Test
    void refusesBodyLimitsThatAreNotPositiveAndNegativeRedirectsOrRetries() {
        assertThat(problems(Map.of("drivecat.fetcher.max-body-bytes", "0"))).contains("drivecat.fetcher.max-body-bytes");
        assertThat(problems(Map.of("drivecat.fetcher.max-decoded-body-bytes", "-1")))
                .contains("drivecat.fetcher.max-decoded-body-bytes");
        assertThat(problems(Map.of("drivecat.fetcher.max-redirects", "-1"))).contains("drivecat.fetcher.max-redirects");
        assertThat(problems(Map.of("drivecat.fetcher.max-retries", "-1"))).contains("drivecat.fetcher.max-retries");
        assertThat(read(Map.of("drivecat.fetcher.max-redirects", "0", "drivecat.fetcher.max-retries", "0")).maxRetries())
                .as("no redirects and no retries is a choice, not a mistake").isZero();
    }

    @Test
    void namesEveryBadPropertyAtOnce() {
        assertThat(problems(Map.of("drivecat.fetcher.user-agent", "curl/8", "drivecat.fetcher.max-retries", "-2")))
                .contains("drivecat.fetcher.user-agent").contains("drivecat.fetcher.max-retries");
    }

    @Test
    void refusesValidatorsThatCouldSmuggleHeaders() {
        assertThatThrownBy(() -> FetchRequest.conditional("https://www.amazon.com/dp/B0", "\"v1\"\r\nX-Evil: 1", null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
