package dev.drivecat.digest;

import dev.drivecat.testing.SmtpServer;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/**
 * Digest tests: a database of their own (they add prices and subscribers) and a real SMTP server in
 * the test JVM. Retries wait milliseconds, not seconds. Clients are told apart by X-Forwarded-For
 * (as behind a proxy), so each test signs up from its own address and the per-client limit can be
 * tested without the tests sharing a budget.
 */
public class DigestProfile implements QuarkusTestProfile {

    static final int SIGNUPS_PER_CLIENT = 6;
    static final int SIGNUPS_PER_ADDRESS = 3;
    static final int SEND_ATTEMPTS = 2;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.ofEntries(
                Map.entry("drivecat.digest.retry-backoff", "PT0.01S"),
                Map.entry("drivecat.digest.send-attempts", Integer.toString(SEND_ATTEMPTS)),
                Map.entry("drivecat.digest.signups-per-client", Integer.toString(SIGNUPS_PER_CLIENT)),
                Map.entry("drivecat.digest.signups-per-address", Integer.toString(SIGNUPS_PER_ADDRESS)),
                Map.entry("quarkus.http.proxy.proxy-address-forwarding", "true"),
                Map.entry("quarkus.http.proxy.allow-x-forwarded", "true"));
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(SmtpServer.class));
    }
}
