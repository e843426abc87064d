package dev.drivecat.database;

import static dev.drivecat.database.EmbeddedDatabase.Role.SERVICE;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import dev.drivecat.testing.Postmaster;
import dev.drivecat.testing.Seed;
import dev.drivecat.testing.ServiceProcess;
import dev.drivecat.testing.Sql;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded PostgreSQL's data directory belongs to one running service. A second service
 * started on it refuses to start and leaves the first one's database alone; a server left behind
 * by a service that was killed is stopped by the next start.
 */
class DataDirectoryOwnershipIT {

    @TempDir
    Path tmp;

    @Test
    void aSecondServiceOnTheSameDataDirectoryRefusesAndTheFirstKeepsItsDatabase() throws Exception {
        Path data = tmp.resolve("data");
        try (ServiceProcess first = service("owner", data).start().awaitReady(Duration.ofMinutes(2))) {

            try (ServiceProcess second = service("intruder", data).start()) {
                assertThat(second.waitFor(Duration.ofMinutes(2))).isNotZero();
                assertThat(second.log()).contains("is in use by another running drivecat").contains(data.toRealPath().toString());
            }

            assertThat(Sql.value(Postmaster.of(data).login(SERVICE), "SELECT 1")).as("the first service's database still takes new connections").isEqualTo(1);
            given().when().get(first.url("/drives?limit=1")).then().statusCode(200).body("total", equalTo(Seed.driveCount()));

            first.kill();
            assertThat(ProcessHandle.of(postmasterPid(data)).map(ProcessHandle::isAlive))
                    .as("SIGKILL leaves the owner's PostgreSQL running").contains(true);
        }
        try (ServiceProcess next = service("next", data).start().awaitReady(Duration.ofMinutes(2))) {
            assertThat(next.log()).contains("left running on");
            given().when().get(next.url("/drives?limit=1")).then().statusCode(200).body("total", equalTo(Seed.driveCount()));
            next.terminate(Duration.ofSeconds(60));
            assertThat(next.log()).contains("Embedded PostgreSQL stopped");
        }
    }

    static ServiceProcess.Builder service(String name, Path data) {
        return ServiceProcess.named(name).env("DRIVECAT_DATA_DIR", data.toString());
    }

    static long postmasterPid(Path data) throws Exception {
        return Long.parseLong(lines(data).get(0).trim());
    }

    static List<String> lines(Path data) throws Exception {
        return Files.readAllLines(data.resolve("postgres/postmaster.pid"));
    }
}
