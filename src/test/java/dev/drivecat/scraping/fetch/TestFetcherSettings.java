package dev.drivecat.scraping.fetch;

import java.time.Duration;

/** FetcherSettings for plain tests: short timeouts, small limits, loopback allowed unless a test says not. */
record TestFetcherSettings(
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
        boolean allowLoopback) implements FetcherSettings {

    static final String USER_AGENT = "drivecat/0.1 (ZFS SSD price tracker; test)";

    static TestFetcherSettings defaults() {
        return new TestFetcherSettings(USER_AGENT, Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(10),
                64 * 1024, 256 * 1024, 3, 3, Duration.ofSeconds(1), Duration.ofSeconds(60), Duration.ofHours(12),
                Duration.ofMinutes(30), true);
    }

    TestFetcherSettings withReadTimeout(Duration value) {
        return new TestFetcherSettings(userAgent, connectTimeout, value, requestDeadline, maxBodyBytes,
                maxDecodedBodyBytes, maxRedirects, maxRetries, backoffBase, backoffCap, robotsCacheTtl,
                robotsUnreachableTtl, allowLoopback);
    }

    TestFetcherSettings withRequestDeadline(Duration value) {
        return new TestFetcherSettings(userAgent, connectTimeout, readTimeout, value, maxBodyBytes,
                maxDecodedBodyBytes, maxRedirects, maxRetries, backoffBase, backoffCap, robotsCacheTtl,
                robotsUnreachableTtl, allowLoopback);
    }

    TestFetcherSettings withAllowLoopback(boolean value) {
        return new TestFetcherSettings(userAgent, connectTimeout, readTimeout, requestDeadline, maxBodyBytes,
                maxDecodedBodyBytes, maxRedirects, maxRetries, backoffBase, backoffCap, robotsCacheTtl,
                robotsUnreachableTtl, value);
    }

    TestFetcherSettings withUserAgent(String value) {
        return new TestFetcherSettings(value, connectTimeout, readTimeout, requestDeadline, maxBodyBytes,
                maxDecodedBodyBytes, maxRedirects, maxRetries, backoffBase, backoffCap, robotsCacheTtl,
                robotsUnreachableTtl, allowLoopback);
    }

    TestFetcherSettings withRobotsCacheTtl(Duration value) {
        return new TestFetcherSettings(userAgent, connectTimeout, readTimeout, requestDeadline, maxBodyBytes,
                maxDecodedBodyBytes, maxRedirects, maxRetries, backoffBase, backoffCap, value,
                robotsUnreachableTtl, allowLoopback);
    }
}
