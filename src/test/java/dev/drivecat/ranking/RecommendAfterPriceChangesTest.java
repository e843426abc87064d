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
                .anySatisfy(w -> assertThat(w).contains("3D XPoint without stated PLP"))
                .noneSatisfy(w -> assertThat(w).startsWith("Not on the OpenZFS"));
    }

    @Test
    @Order(2)
    void theSamsung990ProNeverRanksAboveAPlpDriveUnderRequiredOrPreferred() {
        // cheaper than anything else, with the most endurance: still not above a drive with safe flushes
        offer("samsung-990-pro-2tb-m2", "990pro-cheap", "25.00", "2026-11-27T00:00:00Z");

        JsonPath required = given().when().get("/recommend?role=slog&plp=required").then().statusCode(200).extract().jsonPath();
        assertThat(required.getList("results.drive.slug", String.class)).doesNotContain("samsung-990-pro-2tb-m2");
        assertThat(required.getString("filteredOut.drives.find { it.slug == 'samsung-990-pro-2tb-m2' }.reason")).isEqualTo("noPlp");

        JsonPath preferred = given().when().get("/recommend?role=slog&plp=preferred&limit=50").then().statusCode(200).extract().jsonPath();
        List<String> slugs = preferred.getList("results.drive.slug", String.class);
        List<Float> plpValues = preferred.getList("results.collect { r -> r.components.find { it.name == 'plp' }.value }", Float.class);
        List<Boolean> unsafe = preferred.getList(
                "results.collect { r -> r.reasons.any { it == 'Ranked below every drive with safe flushes because plp=preferred.' } }",
                Boolean.class);
        int at = slugs.indexOf("samsung-990-pro-2tb-m2");
        assertThat(at).isPositive();
        // every drive with safe flushes ranks above it; only drives without safe flushes (no or unknown PLP) may follow
        assertThat(plpValues.subList(0, at)).contains(1.0f);
        assertThat(unsafe.subList(0, at)).containsOnly(false);
        assertThat(unsafe.subList(at, unsafe.size())).containsOnly(true);
        assertThat(plpValues.subList(at, plpValues.size())).allSatisfy(v -> assertThat(v).isLessThanOrEqualTo(0.25f));
        assertThat(preferred.getList("results.find { it.drive.slug == 'samsung-990-pro-2tb-m2' }.reasons", String.class))
                .anySatisfy(r -> assertThat(r).contains("plp=preferred"));

        JsonPath any = given().when().get("/recommend?role=slog&plp=any&limit=50").then().statusCode(200).extract().jsonPath();
        assertThat(any.getList("results.find { it.drive.slug == 'samsung-990-pro-2tb-m2' }.warnings", String.class))
                .anySatisfy(w -> assertThat(w).contains("No power-loss protection"));
        assertThat(any.getDouble("results.find { it.drive.slug == 'samsung-990-pro-2tb-m2' }.predictedSyncIops"))
                .isLessThan(300);
    }
}
