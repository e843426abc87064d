package dev.drivecat.scraping.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.scraping.fetch.FetchResult.RefusalReason;
import dev.drivecat.scraping.fetch.FetchResult.Refused;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.Test;

@QuarkusTest
class PoliteFetcherWiringTest {

    @Inject
    PoliteFetcher fetcher;

    @Inject
    FetcherSettings config;

    @Test
    void startsWithSafeDefaults() {
        assertThat(config.userAgent()).startsWith("drivecat/");
        assertThat(config.allowLoopback()).isFalse();
        assertThat(config.robotsCacheTtl()).isLessThanOrEqualTo(Duration.ofHours(24));
        assertThat(config.maxDecodedBodyBytes()).isGreaterThanOrEqualTo(config.maxBodyBytes());
    }

    @Test
    void refusesHostsNoSiteDefinitionNames() {
        FetchResult result = fetcher.fetch(FetchRequest.of("https://unlisted.example/dp/B0"));

        assertThat(result).isInstanceOfSatisfying(Refused.class,
                refused -> assertThat(refused.reason()).isEqualTo(RefusalReason.HOST_NOT_ALLOWED));
    }
}
