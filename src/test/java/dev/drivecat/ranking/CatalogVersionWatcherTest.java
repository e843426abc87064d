package dev.drivecat.ranking;

import static dev.drivecat.testing.Admin.admin;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.WritesData;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/** How the ranking's in-memory catalog follows the database: after local writes at once, after other writers by NOTIFY. */
@QuarkusTest
@TestProfile(WritesData.class)
class CatalogVersionWatcherTest {

    @Inject
    CatalogVersionWatcher watcher;

    @Inject
    CandidateModel model;

    @Inject
    RankingRepository repository;

    @ConfigProperty(name = "quarkus.datasource.jdbc.url")
    String url;

    @ConfigProperty(name = "quarkus.datasource.username")
    String user;

    @ConfigProperty(name = "quarkus.datasource.password")
    String password;

    static void importPrice(String externalId, String drive, String price, String observedAt) {
        admin().contentType("application/json").body("""
                {"format": "drivecat-import/1",
                 "sources": {"s": {"url": "urn:drivecat:source:watcher-test", "kind": "REVIEW", "retrievedAt": "2026-11-20"}},
                 "listings": [{"marketplace": "amazon-us", "externalId": "%s", "drive": "%s",
                   "observations": [{"observedAt": "%s", "price": %s, "currency": "USD", "inStock": true, "source": "s"}]}]}
                """.formatted(externalId, drive, observedAt, price)).when().post("/admin/imports/specs").then().statusCode(200);
    }

    @Test
    void aLocalWriteIsInTheModelWhenItsRequestReturnsAndOnlyItsDriveIsReadAgain() {
        model.refresh();
        CandidateModel.Snapshot before = model.current();
        Ranker.Profile untouchedBefore = profile(before, "intel-optane-p4800x-375gb-u2");
        Ranker.Profile changedBefore = profile(before, "samsung-pm893-480gb-sata");

        importPrice("watcher-local", "samsung-pm893-480gb-sata", "600.00", "2026-11-20T00:00:00Z");

        CandidateModel.Snapshot after = model.current();
        assertThat(after.version()).isEqualTo(repository.version()).isGreaterThan(before.version());
        assertThat(profile(after, "samsung-pm893-480gb-sata")).isNotSameAs(changedBefore);
        assertThat(profile(after, "samsung-pm893-480gb-sata").candidate().offers())
                .anySatisfy(o -> assertThat(o.externalId()).isEqualTo("watcher-local"));
        assertThat(profile(after, "intel-optane-p4800x-375gb-u2")).as("a drive the write did not touch is not read again")
                .isSameAs(untouchedBefore);
    }

    @Test
    void aMarketplaceStatementThatChangesNoRowLeavesTheCatalogVersionAlone() throws Exception {
        long before = repository.version();
        try (Connection c = DriverManager.getConnection(url, user, password); Statement s = c.createStatement()) {
            // what every start runs for the marketplaces the site definitions name, when they are stored already
            s.executeUpdate("""
                    INSERT INTO marketplace (code, name, host, default_currency)
                    SELECT code, name, host, default_currency FROM marketplace WHERE code = 'amazon-us'
                    ON CONFLICT ON CONSTRAINT marketplace_code_uq DO NOTHING""");
            s.executeUpdate("UPDATE marketplace SET name = name WHERE code = 'no-such-marketplace'");
            s.executeUpdate("DELETE FROM marketplace WHERE code = 'no-such-marketplace'");
        }
        assertThat(repository.version()).as("statements that changed no marketplace").isEqualTo(before);

        try (Connection c = DriverManager.getConnection(url, user, password); Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE marketplace SET name = name WHERE code = 'amazon-us'");
        }
        assertThat(repository.version()).as("a statement that changed one").isGreaterThan(before);
        assertThat(repository.changesSince(before).drives()).as("a marketplace names no drive: every drive is read again").isEmpty();
    }

    @Test
    void aWriteByAnotherClientReachesTheModelThroughTheDatabasesNotification() throws Exception {
        model.refresh();
        long received = watcher.notificationsReceived();
        long before = model.current().version();
        // a write this instance does not make: no local after-commit refresh, only the NOTIFY can tell
        try (Connection c = DriverManager.getConnection(url, user, password); Statement s = c.createStatement()) {
            s.executeUpdate("""
                    INSERT INTO price_observation (listing_id, observed_at, price, currency, in_stock, source)
                    SELECT l.id, '2026-11-21T00:00:00Z', 590.00, 'USD', true, 'another writer'
                      FROM listing l WHERE l.external_id = 'guide-2026-10-21/samsung-pm893-480gb-sata'""");
        }
        long expected = repository.version();
        assertThat(expected).isGreaterThan(before);
        for (int i = 0; i < 100 && model.current().version() != expected; i++) {
            Thread.sleep(100);
        }
        assertThat(watcher.notificationsReceived()).as("the NOTIFY arrived").isGreaterThan(received);
        assertThat(model.current().version()).as("and brought the model to the committed version").isEqualTo(expected);
        assertThat(profile(model.current(), "samsung-pm893-480gb-sata").candidate().offers())
                .anySatisfy(o -> assertThat(o.price()).isEqualByComparingTo("590.00"));
    }

    private static Ranker.Profile profile(CandidateModel.Snapshot s, String slug) {
        return s.profiles().stream().filter(p -> p.candidate().slug().equals(slug)).findFirst().orElseThrow();
    }
}
