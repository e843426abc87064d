package dev.drivecat.digest;

import static dev.drivecat.database.EmbeddedDatabase.Role.SERVICE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.database.EmbeddedDatabase;
import dev.drivecat.testing.HoldingSmtpServer;
import dev.drivecat.testing.ServiceProcess;
import dev.drivecat.testing.Sql;
import io.restassured.path.json.JsonPath;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service is SIGKILLed in the middle of a digest run — once before the SMTP server accepted
 * the message being sent, once after it accepted it but before the service could record that —
 * and restarted. Re-runs send every subscriber that week's digest at most once, and report the
 * one digest whose fate the service cannot know as in doubt instead of sending it again or
 * skipping it silently.
 */
class KillDuringDigestIT {

    static final String ANN = "ann@example.org";
    static final String BEN = "ben@example.org";
    static final String CAT = "cat@example.org";

    @TempDir
    Path tmp;

    @Test
    void aDigestRunKilledAroundTheSmtpHandOffSendsEachDigestAtMostOnceAndReportsTheOneInDoubt() throws Exception {
        try (EmbeddedDatabase db = EmbeddedDatabase.start(tmp.resolve("pg"));
             HoldingSmtpServer smtp = new HoldingSmtpServer()) {
            try (ServiceProcess first = service("digest-first", db, smtp)) {
                ServiceProcess.admin().contentType("application/json")
                        .body(DigestFixtures.PRICES).when().post(first.url("/admin/imports/specs")).then().statusCode(200);
                for (String email : new String[] {ANN, BEN, CAT}) { // in this order: a run sends by subscriber id
                    Sql.execute(db.login(SERVICE), "INSERT INTO subscriber (email, email_key, status, drives, confirmed_at) VALUES ('"
                            + email + "', '" + email + "', 'CONFIRMED', ARRAY['" + DigestFixtures.P4800X + "', '"
                            + DigestFixtures.PM9A3 + "'], now())");
                }

                // W47 (the P4800X drop): killed while the SMTP server holds Ben's message, unanswered
                var heldBen = smtp.holdNextFor(BEN);
                startRun(first, "2026-W47");
                heldBen.get(2, TimeUnit.MINUTES);
                first.kill();
            }
            assertThat(counts(smtp)).as("ann, ben, cat after the kill before SMTP accepted Ben's").containsExactly(1L, 0L, 0L);
            assertThat(status(db, ANN, "2026-W47")).isEqualTo("SENT");
            assertThat(status(db, BEN, "2026-W47")).isEqualTo("SENDING");

            try (ServiceProcess second = service("digest-second", db, smtp)) {
                JsonPath rerun = run(second, "2026-W47");
                assertThat(rerun.getInt("sent")).as("only Cat's, never sent").isEqualTo(1);
                assertThat(rerun.getInt("skipped.alreadySent")).isEqualTo(1);
                assertThat(rerun.getList("inDoubt.email")).containsExactly(BEN);
                assertThat(counts(smtp)).containsExactly(1L, 0L, 1L);
                assertThat(second.log()).as("the operator is told, without the address").contains("Digest 2026-W47 to subscriber")
                        .contains("is in doubt").doesNotContain(BEN);

                // W45 (the PM9A3 drop): the SMTP server accepts Ben's message while the service is
                // frozen, so the service never reads the 250 before it is killed
                var held = smtp.holdNextFor(BEN);
                startRun(second, "2026-W45");
                HoldingSmtpServer.Held message = held.get(2, TimeUnit.MINUTES);
                second.freeze();
                message.accept();
                second.kill();
            }
            assertThat(counts(smtp)).as("ann, ben, cat after the kill after SMTP accepted Ben's").containsExactly(2L, 1L, 1L);
            assertThat(status(db, BEN, "2026-W45")).isEqualTo("SENDING");

            try (ServiceProcess third = service("digest-third", db, smtp)) {
                JsonPath rerun = run(third, "2026-W45");
                assertThat(rerun.getInt("sent")).isEqualTo(1);
                assertThat(rerun.getList("inDoubt.email")).containsExactly(BEN);
                assertThat(counts(smtp)).as("Ben has his one W45 digest; it is not sent again").containsExactly(2L, 1L, 2L);

                for (String week : new String[] {"2026-W45", "2026-W47"}) {
                    JsonPath again = run(third, week);
                    assertThat(again.getInt("sent")).as(week + " run again").isZero();
                    assertThat(again.getInt("skipped.alreadySent")).isEqualTo(2);
                    assertThat(again.getList("inDoubt.email")).as("still reported, until an operator decides").containsExactly(BEN);
                }
                assertThat(counts(smtp)).containsExactly(2L, 1L, 2L);
            }
            assertThat(status(db, BEN, "2026-W45")).as("left as it was, for an operator").isEqualTo("SENDING");
            assertThat(status(db, BEN, "2026-W47")).isEqualTo("SENDING");
            assertThat(Sql.count(db.login(SERVICE), "SELECT count(*) FROM digest_delivery")).as("one record per subscriber and week").isEqualTo(6);
        }
    }

    static ServiceProcess service(String name, EmbeddedDatabase db, HoldingSmtpServer smtp) {
        return smtp.wire(ServiceProcess.named(name).database(db.login(SERVICE))).start().awaitReady(Duration.ofMinutes(2));
    }

    /** Starts a run without waiting for its answer: the service is killed before it gives one. */
    static void startRun(ServiceProcess service, String week) {
        HttpClient.newHttpClient().sendAsync(HttpRequest.newBuilder(URI.create(service.url("/admin/digests/run?week=" + week)))
                .header("Authorization", "Bearer " + ServiceProcess.ADMIN_TOKEN)
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());
    }

    static JsonPath run(ServiceProcess service, String week) {
        return ServiceProcess.admin().queryParam("week", week)
                .when().post(service.url("/admin/digests/run")).then().statusCode(200).extract().jsonPath();
    }

    static Long[] counts(HoldingSmtpServer smtp) {
        return new Long[] {smtp.acceptedFor(ANN), smtp.acceptedFor(BEN), smtp.acceptedFor(CAT)};
    }

    static Object status(EmbeddedDatabase db, String email, String week) {
        return Sql.value(db.login(SERVICE), "SELECT d.status FROM digest_delivery d JOIN subscriber s ON s.id = d.subscriber_id "
                + "WHERE s.email_key = '" + email + "' AND d.week = '" + week + "'");
    }
}
