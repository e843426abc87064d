package dev.drivecat.ranking;

import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.WritesData;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** The golden cases that need a price the guide did not have. */
@QuarkusTest
@TestProfile(WritesData.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RecommendAfterPriceChangesTest {

    static void offer(String drive, String externalId, String price, String observedAt) {
        admin().contentType("application/json").body("""
                {"format": "drivecat-import/1",
                 "sources": {"s": {"url": "https://shop.example/%s", "kind": "REVIEW", "retrievedAt": "%s"}},
                 "listings": [{"marketplace": "amazon-us", "externalId": "%s", "drive": "%s",
                               "sellerType": "THIRD_PARTY", "condition": "NEW",
                               "observations": [{"observedAt": "%s", "price": %s, "currency": "USD", "inStock": true, "source": "s"}]}]}
                """.formatted(externalId, observedAt, externalId, drive, observedAt, price))
                .when().post("/admin/imports/specs").then().statusCode(200);
    }

    @Test
    @Order(1)
    void theP1600xComesFirstForAnM2SlogOnceItIsInStockAtItsUsualPrice() {
        String before = given().when().get("/recommend?role=slog&interface=m2").then().statusCode(200)
                .extract().jsonPath().getString("results[0].drive.slug");
        assertThat(before).isEqualTo("micron-7450-pro-480gb-m2");

        offer("intel-optane-p1600x-118gb-m2", "p1600x-118-back-in-stock", "59.00", "2026-11-27T00:00:00Z");

        JsonPath after = given().when().get("/recommend?role=slog&interface=m2").then().statusCode(200).extract().jsonPath();
        assertThat(after.getString("results[0].drive.slug")).isEqualTo("intel-optane-p1600x-118gb-m2");
        assertThat(after.getList("results[0].warnings", String.class))
                .anySatisfy(w -> assertThat(w).contains("3D XPoint without a PLP statement from its vendor"))
                .noneSatisfy(w -> assertThat(w).startsWith("Not on the OpenZFS"));
    }

    @Test
    @Order(2)
    void theSamsung990ProRanksByItsPointsWhenPlpIsNotRequired() {
        // cheaper than anything else, with the most endurance: left out under required, ranked by its points otherwise
        offer("samsung-990-pro-2tb-m2", "990pro-cheap", "25.00", "2026-11-27T00:00:00Z");

        JsonPath required = given().when().get("/recommend?role=slog&plp=required").then().statusCode(200).extract().jsonPath();
        assertThat(required.getList("results.drive.slug", String.class)).doesNotContain("samsung-990-pro-2tb-m2");
        assertThat(required.getString("filteredOut.drives.find { it.slug == 'samsung-990-pro-2tb-m2' }.reason")).isEqualTo("noPlp");
        assertThat(required.getString("filteredOut.drives.find { it.slug == 'samsung-990-pro-2tb-m2' }.detail"))
                .contains("slow").contains("safe as long as it honours flushes").doesNotContain("not safe");

        for (String plp : List.of("preferred", "any")) {
            JsonPath r = given().when().get("/recommend?role=slog&plp=" + plp + "&limit=50").then().statusCode(200).extract().jsonPath();
            List<String> slugs = r.getList("results.drive.slug", String.class);
            assertThat(slugs).contains("samsung-990-pro-2tb-m2");
            assertThat(r.getList("results.score", Double.class)).isSortedAccordingTo(java.util.Comparator.reverseOrder());
            String p990 = "results.find { it.drive.slug == 'samsung-990-pro-2tb-m2' }";
            // its slow flush and unconfirmed safety cost it points: every drive with cheap, safe flushes has more
            assertThat(r.getFloat(p990 + ".components.find { it.name == 'plp' }.value")).isEqualTo(0.25f);
            assertThat(r.getString(p990 + ".plp.class")).isEqualTo("none");
            assertThat(r.getList(p990 + ".warnings", String.class))
                    .anySatisfy(w -> assertThat(w).contains("Its flushes wait for the flash").contains("slow, not unsafe"));
            assertThat(r.getDouble(p990 + ".predictedSyncIops")).isLessThan(300);
            // every drive with cheap, safe flushes has more points (other tests of this profile may add drives below it)
            List<String> flushes = r.getList("results.plp.flush", String.class);
            assertThat(flushes.subList(slugs.indexOf("samsung-990-pro-2tb-m2"), flushes.size())).doesNotContain("cheap");
        }
    }
}
