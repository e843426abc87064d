package dev.drivecat.ranking;

import static dev.drivecat.testing.Admin.admin;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.WritesData;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(WritesData.class)
class CatalogVersionWatcherTest {

    @Inject
    CatalogVersionWatcher watcher;

    @Inject
    RankingRepository repository;

    @Test
    void learnsOfACommittedChangeFromTheDatabasesNotification() throws Exception {
        long before = repository.version();
        admin().contentType("application/json").body("""
                {"format": "drivecat-import/1",
                 "sources": {"s": {"url": "urn:drivecat:source:watcher-test", "kind": "REVIEW", "retrievedAt": "2026-11-20"}},
                 "listings": [{"marketplace": "amazon-us", "externalId": "watcher-test", "drive": "samsung-pm893-480gb-sata",
                   "observations": [{"observedAt": "2026-11-20T00:00:00Z", "price": 600.00, "currency": "USD", "inStock": true,
                                     "source": "s"}]}]}
                """).when().post("/admin/imports/specs").then().statusCode(200);
        long after = repository.version();
        assertThat(after).isGreaterThan(before);
        // right after a local transaction the watcher defers to the database
        assertThat(watcher.current()).isEmpty();
        OptionalLong seen = OptionalLong.empty();
        for (int i = 0; i < 100 && seen.isEmpty(); i++) {
            Thread.sleep(100);
            seen = watcher.current();
        }
        assertThat(seen).as("known without a query once the notification is in").hasValue(after);
    }

    @Test
    void defersToTheDatabaseRightAfterAnyTransactionEndsHere() throws Exception {
        // first a moment in which the watcher answers by itself (listening, no recent transaction)
        OptionalLong known = OptionalLong.empty();
        for (int i = 0; i < 100 && known.isEmpty(); i++) {
            Thread.sleep(100);
            known = watcher.current();
        }
        assertThat(known).as("the watcher answers without a query when nothing happened lately").isPresent();
        QuarkusTransaction.requiringNew().run(() -> { });
        assertThat(watcher.current()).isEmpty();
    }
}
