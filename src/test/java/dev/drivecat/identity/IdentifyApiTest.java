package dev.drivecat.identity;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

import dev.drivecat.testing.TestResources;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

/** GET and POST /identify against the seed catalog: the decision, its evidence, and the errors. */
@QuarkusTest
class IdentifyApiTest {

    static String fixture(String name) {
        return TestResources.text("fixtures/identify/" + name);
    }

    @Test
    void aTitleThatNamesOneDriveMatchesItWithItsEvidence() {
        given().queryParam("text", "SSD диск Samsung PM893 240GB 2.5\" SATAIII TLC (MZ7L3240HCHQ-00W07)")
                .when().get("/identify").then().statusCode(200)
                .body("decision", equalTo("MATCH"))
                .body("drive", equalTo("samsung-pm893-240gb-sata"))
                .body("evidence", hasItem(containsString("PM893")))
                .body("devices", nullValue());
    }

    @Test
    void aTitleThatLeavesTheFormFactorOpenNamesTheCandidates() {
        given().queryParam("text", "Intel Optane P4800X 375GB").when().get("/identify").then().statusCode(200)
                .body("decision", equalTo("AMBIGUOUS"))
                .body("drive", nullValue())
                .body("candidates.slug", hasItem("intel-optane-p4800x-375gb-aic"))
                .body("candidates.slug", hasItem("intel-optane-p4800x-375gb-u2"));
    }

    @Test
    void aCaddyIsNotADrive() {
        given().queryParam("text", "2.5\" SFF caddy tray for Dell PowerEdge").when().get("/identify").then().statusCode(200)
                .body("decision", equalTo("NOT_A_DRIVE")).body("evidence[0]", containsString("caddy"));
    }

    @Test
    void aTextIsRequiredAndShort() {
        given().when().get("/identify").then().statusCode(400).contentType("application/problem+json")
                .body("parameter", equalTo("text"));
        given().queryParam("text", "x".repeat(IdentityMatcher.MAX_TEXT + 1)).when().get("/identify").then().statusCode(400)
                .contentType("application/problem+json").body("detail", containsString("at most 2000 characters"))
                .body("detail", containsString("(2001 characters)"));
    }

    @Test
    void aPastedSmartctlOutputIsIdentifiedByItsModelNumber() {
        JsonPath answer = given().contentType("text/plain").body(fixture("smartctl-nvme-p1600x.txt"))
                .when().post("/identify").then().statusCode(200).extract().jsonPath();
        assertThat(answer.getString("decision")).isEqualTo("MATCH");
        assertThat(answer.getString("drive")).isEqualTo("intel-optane-p1600x-118gb-m2");
        assertThat(answer.getList("devices")).hasSize(1);
        assertThat(answer.getString("devices[0].tool")).isEqualTo("smartctl");
        assertThat(answer.getLong("devices[0].capacityBytes")).isEqualTo(118_410_444_800L);
        assertThat(answer.getString("devices[0].bus")).isEqualTo("nvme");
        assertThat(answer.prettify()).doesNotContain("PHOC0000000000000A");
    }

    @Test
    void everyDeviceOfAPasteIsIdentified() {
        given().contentType("text/plain").body(fixture("smartctl-ata-two-drives.txt")).when().post("/identify").then().statusCode(200)
                .body("devices", hasSize(2))
                .body("devices[0].model", equalTo("Samsung SSD 870 EVO 1TB"))
                .body("devices[0].capacityBytes", equalTo(1_000_204_886_016L))
                .body("devices[0].decision", equalTo("MATCH"))
                .body("devices[0].drive", equalTo("samsung-870-evo-1tb-sata"))
                .body("devices[1].capacityBytes", equalTo(2_000_398_934_016L))
                .body("devices[1].decision", equalTo("NO_MATCH"));
        given().contentType("text/plain").body(fixture("nvme-list-two.txt")).when().post("/identify").then().statusCode(200)
                .body("devices.model", hasItem("INTEL SSDPEK1A058GA"))
                .body("devices.find { it.model == 'INTEL SSDPEK1A058GA' }.drive", equalTo("intel-optane-p1600x-58gb-m2"))
                .body("devices.find { it.model == 'Samsung SSD 990 PRO 2TB' }.drive", equalTo("samsung-990-pro-2tb-m2"));
    }

    @Test
    void aToolOutputOfMoreDevicesThanAnAnswerHoldsIsAnsweredForTheFirstAndCountsTheRest() {
        StringBuilder list = new StringBuilder("Node SN Model Namespace Usage Format FW Rev\n");
        for (int k = 0; k < IdentifyResource.MAX_DEVICES + 8; k++) {
            list.append("/dev/nvme").append(k).append("n1  S").append(k).append("  Samsung SSD 990 PRO ").append(k + 1)
                    .append("TB  1  2.00  TB /   2.00  TB    512   B +  0 B   4B2QJXD7\n");
        }
        given().contentType("text/plain").body(list.toString()).when().post("/identify").then().statusCode(200)
                .body("devices", hasSize(IdentifyResource.MAX_DEVICES))
                .body("devices[0].model", equalTo("Samsung SSD 990 PRO 1TB"))
                .body("devicesNotShown", equalTo(8));
        given().contentType("text/plain").body(fixture("nvme-list-two.txt")).when().post("/identify").then().statusCode(200)
                .body("devicesNotShown", equalTo(0));
        given().contentType("text/plain").body("Samsung PM893 240GB 2.5\" SATA").when().post("/identify").then().statusCode(200)
                .body("devicesNotShown", nullValue());
    }

    @Test
    void aPostedTitleIsReadAsATitleAndBadBodiesAreProblems() {
        given().contentType("text/plain").body("Samsung PM893 240GB 2.5\" SATA").when().post("/identify").then().statusCode(200)
                .body("decision", equalTo("MATCH")).body("devices", nullValue());
        given().contentType("text/plain").body("   ").when().post("/identify").then().statusCode(400)
                .contentType("application/problem+json");
        given().contentType("text/plain").body("x".repeat(IdentifyResource.MAX_OUTPUT_BYTES + 1)).when().post("/identify")
                .then().statusCode(413).contentType("application/problem+json");
        given().contentType("application/json").body("{}").when().post("/identify").then().statusCode(415);
    }
}
