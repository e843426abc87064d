package dev.drivecat.web;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/**
 * The profile of the service when what a request needs is gone: a database of its own that
 * {@link DatabaseOutageTest} stops and starts again (connections and statements wait 2 s for it,
 * not the default), and a request deadline of 0, under which every paste is stopped before it is
 * read ({@link RequestDeadlineTest}). Neither test touches what the other one relies on: the
 * database tests read no paste, and the deadline tests read none of the database's failures.
 */
public class Outages implements QuarkusTestProfile {

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(DatabaseOutageTest.Server.class));
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("quarkus.datasource.jdbc.acquisition-timeout", "2S",
                "drivecat.database.statement-timeout", "PT2S",
                "drivecat.requests.deadline", "PT0S");
    }
}
