package dev.drivecat.scraping.fetch;

import java.time.Duration;

/** FetcherConfig for plain tests: short timeouts, small limits, loopback allowed unless a test says not. */
record TestFetcherConfig(
        String userAgent,
        Duration connectTimeout,
        Duration readTimeout,
        Duration requestDeadline,
        long maxBodyBytes,
        long maxDecodedBodyBytes,
        int maxRedirects,
        int maxRetries,
        Duration backoffBase,
        Duration backoffCap,
        Duration robotsCacheTtl,
        Duration robotsUnreachableTtl,
        boolean allowLoopback) implements FetcherConfig {

    static final String USER_AGENT = "drivecat/0.1 (ZFS SSD price tracker; test)";

    static TestFetcherConfig defaults() {
        return new TestFetcherConfig(USER_AGENT, Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(10),
                64 * 1024, 256 * 1024, 3, 3, Duration.ofSeconds(1), Duration.ofSeconds(60), Duration.ofHours(12),
                Duration.ofMinutes(30), true);
    }

    TestFetcherConfig withReadTimeout(Duration value) {
        return new TestFetcherConfig(userAgent, connectTimeout, value, requestDeadline, maxBodyBytes,
                maxDecodedBodyBytes, maxRedirects, maxRetries, backoffBase, backoffCap, robotsCacheTtl,
                robotsUnreachableTtl, allowLoopback);
    }

    TestFetcherConfig withRequestDeadline(Duration value) {
        return new TestFetcherConfig(userAgent, connectTimeout, readTimeout, value, maxBodyBytes,
                maxDecodedBodyBytes, maxRedirects, maxRetries, backoffBase, backoffCap, robotsCacheTtl,
                robotsUnreachableTtl, allowLoopback);
    }

    TestFetcherConfig withAllowLoopback(boolean value) {
        return new TestFetcherConfig(userAgent, connectTimeout, readTimeout, requestDeadline, maxBodyBytes,
                maxDecodedBodyBytes, maxRedirects, maxRetries, backoffBase, backoffCap, robotsCacheTtl,
                robotsUnreachableTtl, value);
    }

    TestFetcherConfig withUserAgent(String value) {
        return new TestFetcherConfig(value, connectTimeout, readTimeout, requestDeadline, maxBodyBytes,
                maxDecodedBodyBytes, maxRedirects, maxRetries, backoffBase, backoffCap, robotsCacheTtl,
                robotsUnreachableTtl, allowLoopback);
    }

    TestFetcherConfig withRobotsCacheTtl(Duration value) {
        return new TestFetcherConfig(userAgent, connectTimeout, readTimeout, requestDeadline, maxBodyBytes,
                maxDecodedBodyBytes, maxRedirects, maxRetries, backoffBase, backoffCap, value,
                robotsUnreachableTtl, allowLoopback);
    }
}
