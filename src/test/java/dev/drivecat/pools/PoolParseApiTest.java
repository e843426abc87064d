package dev.drivecat.pools;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** POST /pools/parse over HTTP; every answer is checked against the contract as well (ContractValidation). */
@QuarkusTest
class PoolParseApiTest {

    @Test
    void answersThePoolsOfAPaste() {
        given().contentType("text/plain").body(PoolPastes.STATUS_EXAMPLE)
                .when().post("/pools/parse")
                .then().statusCode(200).contentType("application/json")
                .header("Cache-Control", "no-store")
                .body("pools.name", contains("tank"))
                .body("pools[0].state", equalTo("ONLINE"))
                .body("pools[0].vdevs.role", contains("data", "data", "log", "cache"))
                .body("pools[0].vdevs.type", contains("raidz2", "raidz2", "mirror", "disk"))
                .body("pools[0].vdevs.width", contains(6, 6, 2, 1))
                .body("pools[0].vdevs[2].devices", contains("nvme0n1", "nvme1n1"))
                .body("pools[0].vdevs[0].sizeBytes", nullValue())
                .body("blockHistogram", nullValue())
                .body("warnings", empty());
    }

    @Test
    void theContractsExampleIsTheAnswerToItsRequest() throws Exception {
        String answer = given().contentType("text/plain").body(PoolPastes.STATUS_EXAMPLE)
                .when().post("/pools/parse").then().statusCode(200).extract().asString();
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        org.assertj.core.api.Assertions.assertThat(json.readTree(answer)).isEqualTo(json.readTree(PoolParseResource.ANSWER_EXAMPLE));
    }

    @Test
    void answersTheHistogramOfAZdbPaste() {
        given().contentType("text/plain; charset=UTF-8").body(PoolOutputParserTest.fixture("zdb-2.4-dedup-class.txt"))
                .when().post("/pools/parse")
                .then().statusCode(200)
                .body("pools", empty())
                .body("blockHistogram.binning", equalTo("up-to"))
                .body("blockHistogram.asizeAtOrBelow.'16K'", equalTo(4_831_838_208L))
                .body("blockHistogram.metadataAsize", equalTo(8_589_934_592L))
                .body("blockHistogram.dedupShown", equalTo(true));
    }

    @Test
    void refusesTextThatIsNoZpoolOrZdbOutputAndSaysWhatIsRead() {
        given().contentType("text/plain").body("Which SSD should I buy for my special vdev? I have six 18 TB disks.\n")
                .when().post("/pools/parse")
                .then().statusCode(400).contentType("application/problem+json")
                .body("type", containsString("invalid-body"))
                .body("detail", containsString("zpool status"))
                .body("detail", not(containsString("Which SSD")))
                .body("expected", hasItem("zdb -Lbbbs"));
    }

    @Test
    void refusesAnEmptyBody() {
        given().contentType("text/plain").body(new byte[0])
                .when().post("/pools/parse")
                .then().statusCode(400).body("detail", containsString("needs a request body"));
    }

    @Test
    void refusesAPasteOver256KiB() {
        byte[] big = ("\tsda ONLINE 0 0 0\n".repeat(PoolPastes.MAX_BYTES / 18 + 1)).getBytes(StandardCharsets.UTF_8);
        given().contentType("text/plain").body(big)
                .when().post("/pools/parse")
                .then().statusCode(413).contentType("application/problem+json")
                .body("maxBytes", equalTo(PoolPastes.MAX_BYTES));
    }

    @Test
    void readsAPasteOfExactly256KiB() {
        String head = PoolPastes.STATUS_EXAMPLE;
        byte[] exact = (head + "x".repeat(PoolPastes.MAX_BYTES - head.length())).getBytes(StandardCharsets.UTF_8);
        given().contentType("text/plain").body(exact)
                .when().post("/pools/parse")
                .then().statusCode(200).body("pools.name", contains("tank"));
    }

    @Test
    void refusesABodyThatIsNotText() {
        given().contentType("application/json").body("{\"pool\": \"tank\"}")
                .when().post("/pools/parse")
                .then().statusCode(415).contentType("application/problem+json");
    }
}
