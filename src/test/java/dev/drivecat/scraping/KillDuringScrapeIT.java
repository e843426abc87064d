package dev.drivecat.scraping;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static dev.drivecat.database.EmbeddedDatabase.Role.SERVICE;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.drivecat.database.EmbeddedDatabase;
import dev.drivecat.testing.ServiceProcess;
import dev.drivecat.testing.Sql;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGKILL in the middle of a scrape run, then a restart: no partial page, no duplicate
 * observation, the killed run is recorded as interrupted, and the next run completes.
 */
class KillDuringScrapeIT {

    @TempDir
    Path tmp;

    @Test
    void aKilledRunLeavesNoPartialPageNoDuplicateAndTheNextRunCompletes() throws Exception {
        String page = Files.readString(Path.of("src/test/resources/fixtures/scrape/p4800x-third-party.html"), StandardCharsets.UTF_8);
        WireMockServer marketplace = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        marketplace.start();
        Path hosts = Files.writeString(tmp.resolve("hosts"), "127.0.0.1 www.amazon.com\n");
        try (EmbeddedDatabase db = EmbeddedDatabase.start(tmp.resolve("pg"))) {
            marketplace.stubFor(get(urlEqualTo("/robots.txt")).willReturn(aResponse().withStatus(404)));
            marketplace.stubFor(get(urlEqualTo("/dp/B0KILLTST1")).atPriority(5).willReturn(aResponse().withStatus(200)
                    .withHeader("Content-Type", "text/html").withHeader("ETag", "\"k1\"").withBody(page.replace("B0E2ETEST1", "B0KILLTST1"))));
            marketplace.stubFor(get(urlEqualTo("/dp/B0KILLTST1")).atPriority(1).withHeader("If-None-Match", equalTo("\"k1\""))
                    .willReturn(aResponse().withStatus(304)));
            // the second page hangs long enough for the service to be killed while fetching it
            marketplace.stubFor(get(urlEqualTo("/dp/B0KILLTST2")).willReturn(aResponse().withStatus(200)
                    .withHeader("Content-Type", "text/html").withFixedDelay(45_000)
                    .withBody(page.replace("B0E2ETEST1", "B0KILLTST2").replace("$399.00", "$799.00"))));

            String base = "http://www.amazon.com:" + marketplace.port();
            long firstRun;
            try (ServiceProcess first = service("kill-first", db, hosts).awaitReady(Duration.ofMinutes(2))) {
                watch(first, base + "/dp/B0KILLTST1", "intel-optane-p4800x-375gb-u2");
                watch(first, base + "/dp/B0KILLTST2", "intel-optane-p5800x-400gb-u2");
                firstRun = ServiceProcess.admin()
                        .when().post(first.url("/admin/scrapes")).then().statusCode(202).extract().jsonPath().getLong("id");
                awaitUntil(() -> observations(db, "B0KILLTST1") == 1
                        && !marketplace.findAll(getRequestedFor(urlEqualTo("/dp/B0KILLTST2"))).isEmpty());
                first.kill();
            }
            assertThat(observations(db, "B0KILLTST1")).isEqualTo(1);
            assertThat(observations(db, "B0KILLTST2")).as("nothing of the page being fetched at the kill").isZero();
            assertThat(Sql.value(db.login(SERVICE), "SELECT status FROM scrape_run WHERE id = " + firstRun)).isEqualTo("RUNNING");

            marketplace.stubFor(get(urlEqualTo("/dp/B0KILLTST2")).willReturn(aResponse().withStatus(200)
                    .withHeader("Content-Type", "text/html").withBody(page.replace("B0E2ETEST1", "B0KILLTST2").replace("$399.00", "$799.00"))));
            try (ServiceProcess second = service("kill-second", db, hosts).awaitReady(Duration.ofMinutes(2))) {
                long secondRun = ServiceProcess.admin()
                        .when().post(second.url("/admin/scrapes")).then().statusCode(202).extract().jsonPath().getLong("id");
                awaitUntil(() -> !"RUNNING".equals(Sql.value(db.login(SERVICE), "SELECT status FROM scrape_run WHERE id = " + secondRun)));
                assertThat(Sql.value(db.login(SERVICE), "SELECT status FROM scrape_run WHERE id = " + secondRun)).isEqualTo("SUCCEEDED");
                assertThat(Sql.value(db.login(SERVICE), "SELECT status FROM scrape_run WHERE id = " + firstRun)).isEqualTo("INTERRUPTED");
                assertThat(Sql.value(db.login(SERVICE), "SELECT outcome FROM scrape_attempt WHERE scrape_run_id = " + secondRun
                        + " AND url LIKE '%B0KILLTST1'")).isEqualTo("NOT_MODIFIED");
            }
            assertThat(observations(db, "B0KILLTST1")).as("no duplicate of the page stored before the kill").isEqualTo(1);
            assertThat(observations(db, "B0KILLTST2")).isEqualTo(1);
        } finally {
            marketplace.stop();
        }
    }

    static ServiceProcess service(String name, EmbeddedDatabase db, Path hosts) {
        return ServiceProcess.named(name).database(db.login(SERVICE)).hostsFile(hosts)
                .env("DRIVECAT_FETCHER_ALLOW_LOOPBACK", "true").start();
    }

    static void watch(ServiceProcess service, String url, String drive) {
        ServiceProcess.admin().contentType("application/json")
                .body(Map.of("url", url, "drive", drive))
                .when().post(service.url("/admin/listings")).then().statusCode(201);
    }

    static long observations(EmbeddedDatabase db, String externalId) {
        return Sql.count(db.login(SERVICE), "SELECT count(*) FROM price_observation o JOIN listing l ON l.id = o.listing_id "
                + "WHERE l.external_id = '" + externalId + "'");
    }

    static void awaitUntil(java.util.function.BooleanSupplier condition) {
        for (int i = 0; i < 600; i++) {
            if (condition.getAsBoolean()) {
                return;
            }
            ServiceProcess.sleep(200);
        }
        throw new AssertionError("condition not reached within 2 minutes");
    }
}
