package dev.drivecat.ranking;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The buying guide's picks, on its 2026-10-21 prices (the seed catalog). */
@QuarkusTest
class RecommendGoldenTest {

    static JsonPath recommend(String query) {
        return given().when().get("/recommend?" + query).then().statusCode(200).extract().jsonPath();
    }

    @Test
    void u2SlogPicksTheP4800xAheadOfThePricierP5800x() {
        JsonPath r = recommend("role=slog&interface=u2");
        List<String> slugs = r.getList("results.drive.slug");
        assertThat(slugs.get(0)).isEqualTo("intel-optane-p4800x-375gb-u2");
        assertThat(slugs).contains("intel-optane-p5800x-400gb-u2");
        assertThat(slugs.indexOf("intel-optane-p5800x-400gb-u2")).isGreaterThan(0);
        float p4800x = r.getFloat("results[0].bestOffer.price");
        float p5800x = r.getFloat("results.find { it.drive.slug == 'intel-optane-p5800x-400gb-u2' }.bestOffer.price");
        assertThat(p5800x / p4800x).isBetween(1.6f, 1.9f);
        assertThat(r.getString("results[0].reasons.find { it.startsWith('Ranked above') }"))
                .contains("mostly on price");
        assertThat(r.getList("results[0].warnings", String.class))
                .anySatisfy(w -> assertThat(w).contains("New old stock").contains("warranty lookup"));
    }

    @Test
    void slogWithNoFilterPicksTheP4800xAndRanksFollowTheScoresShown() {
        JsonPath r = recommend("role=slog&limit=50");
        List<String> slugs = r.getList("results.drive.slug", String.class);
        assertThat(slugs.get(0)).isEqualTo("intel-optane-p4800x-375gb-u2");
        // the 900P (3D XPoint, its vendor says no PLP) ranks by its points: what its protection costs is in them, not in a rule
        assertThat(r.getList("results.score", Double.class)).isSortedAccordingTo(java.util.Comparator.reverseOrder());
        assertThat(slugs).contains("intel-optane-900p-280gb-aic");
        String p900 = "results.find { it.drive.slug == 'intel-optane-900p-280gb-aic' }";
        assertThat(r.getDouble(p900 + ".components.find { it.name == 'plp' }.points")).isEqualTo(12.5);
        assertThat(r.getString(p900 + ".plp.class")).isEqualTo("xpoint-vendor-no");
        assertThat(r.getList(p900 + ".reasons", String.class)).noneSatisfy(s -> assertThat(s).startsWith("Ranked below"));
        int at = slugs.indexOf("intel-optane-900p-280gb-aic");
        assertThat(r.getDouble("results[" + at + "].score")).isGreaterThanOrEqualTo(r.getDouble("results[" + (at + 1) + "].score"));
    }

    @Test
    void twoDrivesWithPlpAreNotRankedOnWhoStatedIt() {
        // the PM9A3's PLP is on Samsung's page, the 7450 PRO's in a review quoting Micron: the same protection, the same points
        JsonPath r = recommend("role=slog&limit=50");
        String pm9a3 = "results.find { it.drive.slug == 'samsung-pm9a3-960gb-u2' }";
        String micron = "results.find { it.drive.slug == 'micron-7450-pro-480gb-m2' }";
        assertThat(r.getDouble(pm9a3 + ".components.find { it.name == 'plp' }.points"))
                .isEqualTo(r.getDouble(micron + ".components.find { it.name == 'plp' }.points")).isEqualTo(25.0);
        assertThat(r.getString(pm9a3 + ".plp.confidence")).isEqualTo("high");
        assertThat(r.getString(micron + ".plp.confidence")).isEqualTo("medium");
        assertThat(r.getList(pm9a3 + ".reasons", String.class)).noneSatisfy(s -> assertThat(s).contains("mostly on plp"));
        assertThat(r.getList(micron + ".reasons", String.class)).noneSatisfy(s -> assertThat(s).contains("mostly on plp"));
    }

    @Test
    void theOptaneFlushIsCheaperThanTheSataPlpFlushAndEachSaysWhy() {
        JsonPath r = recommend("role=slog&limit=50");
        double p4800x = r.getDouble("results.find { it.drive.slug == 'intel-optane-p4800x-375gb-u2' }.flush.latencyUs");
        double pm893 = r.getDouble("results.find { it.drive.slug == 'samsung-pm893-240gb-sata' }.flush.latencyUs");
        assertThat(p4800x).isLessThan(pm893);
        // the U.2 P4800X has no measurement of its own: its add-in-card twin's diskinfo -wS stands in, and it says so
        assertThat(r.getString("results.find { it.drive.slug == 'intel-optane-p4800x-375gb-u2' }.flush.evidence"))
                .isEqualTo("measured-other-form-factor");
        assertThat(r.getString("results.find { it.drive.slug == 'samsung-pm893-240gb-sata' }.flush.basis"))
                .contains("SATA or SAS NAND with power-loss protection");
    }

    @Test
    void m2SpecialPicksTheMicron7450480gbAsAMirrorOfTwo() {
        JsonPath r = recommend("role=special&interface=m2");
        assertThat(r.getString("results[0].drive.slug")).isEqualTo("micron-7450-pro-480gb-m2");
        assertThat(r.getInt("results[0].setSize")).isEqualTo(2);
    }

    @Test
    void threeDataVdevsNeedThreeTimesTheRoomOfOne() {
        JsonPath one = recommend("role=special&layout=raidz2&width=8&diskTb=20");
        JsonPath three = recommend("role=special&layout=raidz2&width=8&diskTb=20&dataVdevs=3");
        double needOne = one.getDouble("results[0].capacity.requiredGib");
        double needThree = three.getDouble("results[0].capacity.requiredGib");
        assertThat(needThree).isGreaterThanOrEqualTo(3 * needOne - 0.2);
        assertThat(three.getList("filteredOut.drives.findAll { it.reason == 'tooSmall' }.slug", String.class))
                .contains("samsung-pm893-240gb-sata");
        assertThat(three.getList("notes", String.class)).anySatisfy(n -> assertThat(n).contains("3 data vdevs"));
    }

    @Test
    void aMirroredLogIsASetOfTwo() {
        JsonPath r = recommend("role=slog&interface=u2&slogMirror=true");
        assertThat(r.getList("results.setSize", Integer.class)).isNotEmpty().containsOnly(2);
        assertThat(r.getDouble("results[0].setCost")).isEqualTo(2 * r.getDouble("results[0].bestOffer.price"));
    }

    @Test
    void beforeOpenzfs24TheSpecialFlushWeighsNothing() {
        assertThat(recommend("role=special&interface=m2").getMap("model.weights")).containsKey("flush");
        JsonPath older = recommend("role=special&interface=m2&openzfsVersion=2.3");
        assertThat(older.getMap("model.weights")).doesNotContainKey("flush");
        assertThat(older.getString("query.openzfsVersion")).isEqualTo("2.3");
        given().when().get("/recommend?role=special&openzfsVersion=next").then().statusCode(400)
                .body("parameter", equalTo("openzfsVersion"));
    }

    @Test
    void busAndInterfaceCombine() {
        JsonPath nvme = recommend("role=slog&interface=m2&bus=nvme&plp=any&includeOutOfStock=true&includeBusinessOnly=true&limit=50");
        assertThat(nvme.getList("results.drive.interface", String.class)).isNotEmpty().containsOnly("nvme");
        assertThat(nvme.getList("results.drive.formFactor", String.class)).allSatisfy(f -> assertThat(f).startsWith("m2"));
        JsonPath sata = recommend("role=slog&interface=m2&bus=sata&plp=any&includeOutOfStock=true&includeBusinessOnly=true");
        assertThat(sata.getList("results.drive.interface", String.class)).doesNotContain("nvme");
    }

    @Test
    void m2SlogPicksTheMicron7450WhileTheP1600xIsOutOfStock() {
        JsonPath r = recommend("role=slog&interface=m2");
        assertThat(r.getString("results[0].drive.slug")).isEqualTo("micron-7450-pro-480gb-m2");
        assertThat(r.getList("results.drive.slug", String.class)).doesNotContain("intel-optane-p1600x-118gb-m2",
                "intel-optane-p1600x-58gb-m2", "samsung-990-pro-2tb-m2", "kingston-dc2000b-480gb-m2");
        Map<String, Integer> byReason = r.getMap("filteredOut.byReason");
        assertThat(byReason).containsEntry("outOfStock", 2).containsEntry("businessOnly", 1);
        // the guide's no-PLP M.2 drive is left out for it (the catalog holds more M.2 drives without PLP)
        assertThat(r.getString("filteredOut.drives.find { it.slug == 'samsung-990-pro-2tb-m2' }.reason")).isEqualTo("noPlp");
        assertThat(r.getString("filteredOut.drives.find { it.slug == 'intel-optane-p1600x-118gb-m2' }.detail"))
                .contains("out of stock on Amazon on the check date");
        // PLP stated for the M.2 22x80 model counts for this M.2 2280 drive
        assertThat(r.getString("results[0].components.find { it.name == 'plp' }.input")).contains("PLP on the M.2 2280 model");
    }

    @Test
    void aicSlogShowsThe900pWithTheXpointPlpWarning() {
        JsonPath r = recommend("role=slog&interface=aic");
        assertThat(r.getList("results.drive.slug", String.class)).contains("intel-optane-900p-280gb-aic");
        List<String> warnings = r.getList("results.find { it.drive.slug == 'intel-optane-900p-280gb-aic' }.warnings", String.class);
        assertThat(warnings).anySatisfy(w -> assertThat(w).contains("vendor states no power-loss protection").contains("Enhanced PLP: No"));
        assertThat(warnings).anySatisfy(w -> assertThat(w).contains("known-good SLOG list"));
        assertThat(r.getString("results.find { it.drive.slug == 'intel-optane-900p-280gb-aic' }.bestOffer.sellerType"))
                .isEqualTo("MARKETPLACE");
    }

    @Test
    void sataRaidz2SpecialPicksThePm893240gbAndPricesTheSetOfThree() {
        JsonPath r = recommend("role=special&interface=sata&layout=raidz2");
        assertThat(r.getString("results[0].drive.slug")).isEqualTo("samsung-pm893-240gb-sata");
        assertThat(r.getInt("results[0].setSize")).isEqualTo(3);
        assertThat(r.getDouble("results[0].setCost")).isEqualTo(3 * 350.00);
        assertThat(r.getList("results[0].warnings", String.class)).anySatisfy(w -> assertThat(w).contains("can never be removed"));
        assertThat(r.getList("notes", String.class)).anySatisfy(w -> assertThat(w).contains("puts the ZIL on the special vdev"));
    }

    @Test
    void m2Raidz2SpecialPicksTheMicron7450WithASetOfThree() {
        JsonPath r = recommend("role=special&interface=m2&layout=raidz2");
        assertThat(r.getString("results[0].drive.slug")).startsWith("micron-7450-pro-");
        assertThat(r.getInt("results[0].setSize")).isEqualTo(3);
    }

    @Test
    void setSizeFollowsThePoolsRedundancy() {
        assertThat(recommend("role=special&layout=raidz3").getList("results.setSize", Integer.class)).isNotEmpty().containsOnly(4);
        assertThat(recommend("role=special&layout=raidz1").getList("results.setSize", Integer.class)).isNotEmpty().containsOnly(2);
        assertThat(recommend("role=special&layout=mirror&width=2").getList("results.setSize", Integer.class)).isNotEmpty().containsOnly(2);
        assertThat(recommend("role=special&layout=mirror&width=3").getList("results.setSize", Integer.class)).isNotEmpty().containsOnly(3);
    }

    @Test
    void everyScoreIsTheSumOfItsExplainedComponents() {
        JsonPath r = recommend("role=slog");
        List<Map<String, Object>> results = r.getList("results");
        assertThat(results).isNotEmpty();
        for (int i = 0; i < results.size(); i++) {
            List<Map<String, Object>> components = r.getList("results[" + i + "].components");
            double points = components.stream().mapToDouble(c -> ((Number) c.get("points")).doubleValue()).sum();
            int weights = components.stream().mapToInt(c -> ((Number) c.get("weight")).intValue()).sum();
            assertThat(weights).isEqualTo(100);
            assertThat(r.getDouble("results[" + i + "].score")).isCloseTo(points, org.assertj.core.data.Offset.offset(0.2));
            assertThat(components).allSatisfy(c -> assertThat((String) c.get("input")).isNotBlank());
            assertThat(r.getList("results[" + i + "].reasons", String.class)).isNotEmpty();
            assertThat(r.getInt("results[" + i + "].rank")).isEqualTo(i + 1);
        }
        // ranks follow the scores shown
        assertThat(r.getList("results.score", Double.class)).hasSizeGreaterThan(3).isSortedAccordingTo(java.util.Comparator.reverseOrder());
    }

    @Test
    void echoesTheInterpretedQueryAndThePriceAges() {
        given().when().get("/recommend?role=slog&interface=m2")
                .then().statusCode(200)
                .body("query.role", equalTo("slog"))
                .body("query.interfaces", contains("m2"))
                .body("query.plp", equalTo("required"))
                .body("query.syncWriteMBps", equalTo(5))
                .body("query.currency", equalTo("USD"))
                .body("query.limit", equalTo(10))
                .body("query", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasKey("slog")))
                .body("model.overheadUs", org.hamcrest.Matchers.both(org.hamcrest.Matchers.greaterThan(217f))
                        .and(org.hamcrest.Matchers.lessThan(221f)))
                .body("model.syncIopsModel", containsString("1e6 / (overheadUs + flushLatencyUs)"))
                .body("prices.oldestObservedAt", equalTo("2026-10-21T00:00:00Z"))
                .body("prices.oldestAgeDays", org.hamcrest.Matchers.greaterThanOrEqualTo(39))
                .body("results[0].predictedSyncIops", org.hamcrest.Matchers.greaterThan(3000))
                .body("results[0].lifeYears", org.hamcrest.Matchers.notNullValue())
                .body("results[0].warnings", hasItem(containsString("days ago")));
    }

    @Test
    void usesTheMeasuredLatencyWhenTheCatalogHasOne() {
        JsonPath r = recommend("role=slog&interface=m2&includeOutOfStock=true");
        assertThat(r.getString("results.find { it.drive.slug == 'intel-optane-p1600x-58gb-m2' }.flush.basis"))
                .contains("measured").contains("13.6 usec/IO");
        assertThat(r.getDouble("results.find { it.drive.slug == 'intel-optane-p1600x-58gb-m2' }.flush.latencyUs")).isEqualTo(13.6);
        assertThat(r.getString("results.find { it.drive.slug == 'micron-7450-pro-480gb-m2' }.flush.basis")).contains("write latency as stated");
        // a 3D XPoint drive with no latency of its own in the catalog takes its device class's measured default
        JsonPath u2 = recommend("role=slog&interface=u2");
        assertThat(u2.getString("results.find { it.drive.slug == 'intel-optane-p5800x-400gb-u2' }.flush.evidence")).isEqualTo("class-default");
        assertThat(u2.getString("results.find { it.drive.slug == 'intel-optane-p5800x-400gb-u2' }.flush.basis"))
                .contains("assumed 13.85 µs").contains("3D XPoint default");
        // an out-of-stock drive has no price to compare and says so
        assertThat(r.getList("results.find { it.drive.slug == 'intel-optane-p1600x-58gb-m2' }.warnings", String.class))
                .anySatisfy(w -> assertThat(w).contains("No offer in stock"));
    }

    @Test
    void rejectsAMissingOrUnknownRoleListingBoth() {
        given().when().get("/recommend").then().statusCode(400)
                .contentType("application/problem+json")
                .body("parameter", equalTo("role"))
                .body("allowed", contains("slog", "special", "dedup", "cache"));
        given().when().get("/recommend?role=zil").then().statusCode(400)
                .body("allowed", contains("slog", "special", "dedup", "cache"));
    }

    @Test
    void rejectsUnknownInterfacesAndParametersThatDoNotApply() {
        given().when().get("/recommend?role=slog&interface=floppy").then().statusCode(400)
                .body("allowed", hasItem("m2"));
        given().when().get("/recommend?role=slog&layout=raidz2").then().statusCode(400)
                .body("detail", containsString("applies to role=special or role=dedup only"));
        given().when().get("/recommend?role=slog&smallBlocks=16K").then().statusCode(400)
                .body("detail", containsString("applies to role=special only"));
        given().when().get("/recommend?role=slog&interfce=m2").then().statusCode(400)
                .body("detail", containsString("interfce"));
        given().when().get("/recommend?role=special&recordsize=100K").then().statusCode(400)
                .body("parameter", equalTo("recordsize"));
        given().when().get("/recommend?role=special&openzfsVersion=2.3&smallBlocks=2M").then().statusCode(400)
                .body("parameter", equalTo("smallBlocks")).body("detail", containsString("OpenZFS 2.4 takes any size up to 16M"));
        given().when().get("/recommend?role=slog&limit=1000").then().statusCode(400)
                .body("parameter", equalTo("limit"));
    }

    @Test
    void leavesOutDrivesTooSmallForTheSpecialVdevAndSaysByHowMuch() {
        // 200 TiB at 16K records needs about 1.5 TiB of metadata room: no seeded SATA drive holds it
        JsonPath r = recommend("role=special&interface=sata&layout=raidz2&dataTib=200&recordsize=16K");
        assertThat(r.getList("results")).isEmpty();
        assertThat(r.getString("filteredOut.drives.find { it.slug == 'samsung-pm893-240gb-sata' }.reason")).isEqualTo("tooSmall");
        assertThat(r.getString("filteredOut.drives.find { it.slug == 'samsung-pm893-240gb-sata' }.detail")).contains("short of");
        // a small pool fits and is judged for room
        JsonPath small = recommend("role=special&interface=sata&layout=raidz2&dataTib=10");
        assertThat(small.getString("results[0].capacity.assessment")).startsWith("fits");
    }

    @Test
    void filtersByConditionAndSellerType() {
        given().when().get("/recommend?role=slog&condition=newOldStock").then().statusCode(200)
                .body("results", not(org.hamcrest.Matchers.empty()))
                .body("results.bestOffer.condition", everyItem(equalTo("NEW_OLD_STOCK")))
                .body("results.drive.slug", not(hasItem("intel-optane-900p-280gb-aic")));
        given().when().get("/recommend?role=slog&sellerType=MARKETPLACE").then().statusCode(200)
                .body("results.drive.slug", contains("intel-optane-900p-280gb-aic"));
        given().when().get("/recommend?role=slog&includeBusinessOnly=true&interface=m2&includeOutOfStock=true").then().statusCode(200)
                .body("results.drive.slug", hasItem("kingston-dc2000b-480gb-m2"));
    }

    @Test
    void leavesOutOffersInOtherCurrenciesAndCountsThem() {
        JsonPath r = recommend("role=slog&currency=EUR");
        assertThat(r.getList("results")).isEmpty();
        int otherCurrency = r.getInt("filteredOut.byReason.otherCurrency");
        assertThat(otherCurrency).isPositive()
                .isEqualTo(r.getList("filteredOut.drives.findAll { it.reason == 'otherCurrency' }").size());
        assertThat(r.getList("notes", String.class))
                .anySatisfy(n -> assertThat(n).contains(otherCurrency + " drive(s) had offers only in other currencies than EUR"));
    }
}
