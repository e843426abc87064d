package dev.drivecat.scraping.fetch;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FetcherConfigValidationTest {

    private static PoliteFetcher create(TestFetcherConfig config) {
        return new PoliteFetcher(config, host -> java.util.Optional.empty(), AddressLookup.SYSTEM);
    }

    @Test
    void refusesAUserAgentThatDoesNotNameDrivecat() {
        assertThatThrownBy(() -> create(TestFetcherConfig.defaults().withUserAgent("Mozilla/5.0 (Windows NT 10.0)")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("user-agent");
    }

    @Test
    void refusesARobotsCacheLongerThanADay() {
        assertThatThrownBy(() -> create(TestFetcherConfig.defaults().withRobotsCacheTtl(Duration.ofHours(25))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("robots-cache-ttl");
        assertThatCode(() -> create(TestFetcherConfig.defaults().withRobotsCacheTtl(Duration.ofHours(24))).close())
                .doesNotThrowAnyException();
    }

    @Test
    void refusesValidatorsThatCouldSmuggleHeaders() {
        assertThatThrownBy(() -> FetchRequest.conditional("https://www.amazon.com/dp/B0", "\"v1\"\r\nX-Evil: 1", null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
