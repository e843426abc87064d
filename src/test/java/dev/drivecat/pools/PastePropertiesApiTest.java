package dev.drivecat.pools;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.web.ApiFuzzTest;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The property of {@link PastePropertiesTest} over HTTP: mutated and cut real outputs and fixtures
 * posted to /pools/parse are answered 200 or refused 400 with a problem, never a 5xx. Shares the
 * fuzzing profile's start of the service (per-client limits off).
 */
@QuarkusTest
@TestProfile(ApiFuzzTest.Fuzzing.class)
class PastePropertiesApiTest {

    static final int TRIES = Integer.getInteger("pools.api-tries", 100);

    @Test
    void mutatedPastesAreAnswered200Or400() {
        List<String> seeds = PastePropertiesTest.seeds();
        Random random = new Random(PastePropertiesTest.SEED);
        for (int k = 0; k < TRIES; k++) {
            String paste = k < seeds.size() ? seeds.get(k) : PastePropertiesTest.mutate(seeds.get(random.nextInt(seeds.size())), seeds,
                    random);
            Response response = given().contentType("text/plain; charset=UTF-8").body(paste.getBytes(StandardCharsets.UTF_8))
                    .when().post("/pools/parse").andReturn();
            assertThat(response.statusCode()).as("try %d of seed %d: %s", k, PastePropertiesTest.SEED, response.asString())
                    .isIn(200, 400);
            if (response.statusCode() == 400) {
                assertThat(response.contentType()).startsWith("application/problem+json");
            }
        }
    }
}
