package dev.drivecat.ranking;

import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.catalog.PlpAssessment;
import dev.drivecat.common.ApiToken;
import dev.drivecat.testing.Seed;
import dev.drivecat.testing.WritesData;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every catalog drive's page (JSON and HTML) and /recommend (each role, plp=any) give the same PLP
 * assessment: class, flush, safety, confidence, words, evidence and warnings. Most seed drives have
 * no offer, and /recommend shows only drives with one: each drive gets an offer in CHF, a currency
 * no other test asks in, so USD answers stay as they were.
 */
@QuarkusTest
@TestProfile(WritesData.class)
class PlpVerdictEverywhereTest {

    @Test
    void everyDrivesPageAndEveryRolesRecommendationGiveTheSamePlpAssessment() {
        List<String> slugs = given().when().get("/drives?limit=100").then().statusCode(200).extract().jsonPath()
                .getList("items.slug", String.class);
        // every seed drive; drives other tests of this profile add may be left out (a tiny test drive is too small for a log)
        assertThat(slugs).containsAll(Seed.slugs());
        String listings = slugs.stream().map(slug -> """
                {"marketplace": "amazon-us", "externalId": "plp-everywhere-%s", "drive": "%s", "sellerType": "THIRD_PARTY",
                 "condition": "NEW", "observations": [{"observedAt": "2026-11-30T00:00:00Z", "price": 100, "currency": "CHF",
                 "inStock": true, "source": "s"}]}""".formatted(slug, slug)).collect(Collectors.joining(",\n"));
        admin().contentType("application/json").body("""
                {"format": "drivecat-import/1",
                 "sources": {"s": {"url": "https://shop.example/plp-everywhere", "kind": "REVIEW", "retrievedAt": "2026-11-30"}},
                 "listings": [%s]}
                """.formatted(listings)).when().post("/admin/imports/specs").then().statusCode(200);

        Map<String, Map<String, Map<String, Object>>> byRole = new HashMap<>();
        for (String role : List.of("slog", "special")) {
            JsonPath r = given().when().get("/recommend?role=" + role + "&plp=any&currency=CHF&limit=100&includeOutOfStock=true"
                    + "&includeBusinessOnly=true").then().statusCode(200).extract().jsonPath();
            Map<String, Map<String, Object>> plp = new HashMap<>();
            for (Map<String, Object> result : r.<Map<String, Object>>getList("results")) {
                @SuppressWarnings("unchecked")
                Map<String, Object> drive = (Map<String, Object>) result.get("drive");
                @SuppressWarnings("unchecked")
                Map<String, Object> assessment = (Map<String, Object>) result.get("plp");
                plp.put((String) drive.get("slug"), assessment);
            }
            assertThat(plp.keySet()).as("role=%s answers for every seed drive", role).containsAll(Seed.slugs());
            byRole.put(role, plp);
        }
        for (String slug : Seed.slugs()) {
            JsonPath page = given().accept("application/json").when().get("/drives/" + slug).then().statusCode(200).extract().jsonPath();
            Map<String, Object> assessment = page.getMap("plpAssessment");
            String cls = page.getString("plpAssessment.class");
            String summary = page.getString("plpAssessment.summary");
            assertThat(summary).as(slug).isNotBlank();
            for (String role : byRole.keySet()) {
                // the whole assessment: class, flush, safety, confidence, summary, every source's words and every warning
                assertThat(byRole.get(role).get(slug)).as("%s: the assessment in role=%s", slug, role).isEqualTo(assessment);
            }
            String html = given().accept("text/html").when().get("/drives/" + slug).then().statusCode(200).extract().asString();
            assertThat(html).as("%s: the page's words", slug).contains(escaped(summary))
                    .contains("Power-loss protection: " + escaped(wordsOf(cls)));
        }
        // the contradictions that started it: a general claim and the OpenZFS list agree on the S3500, the P1600X is 3D XPoint
        assertThat(byRole.get("slog").get("intel-dc-s3500-80gb-sata").get("class")).isEqualTo("plp");
        assertThat(byRole.get("slog").get("intel-optane-p1600x-58gb-m2").get("class")).isEqualTo("xpoint");
        assertThat(byRole.get("slog").get("crucial-mx100-256gb-sata").get("class")).isEqualTo("flushed-data");
    }

    /**
     * import-format.md lets a plp statement leave out `value` when its wording cannot be read as a
     * class; such a drive must not stop /recommend or /drives from answering (every answer builds
     * every drive's assessment), and reads as unknown with its words kept.
     */
    @Test
    void aPlpStatementWithoutAClassIsUnknownEverywhereAndEveryListStillAnswers() {
        String slug = "acme-unread-plp-480gb-u2";
        admin().contentType("application/json").body("""
                {"format": "drivecat-import/1",
                 "sources": {"v": {"url": "https://vendor.example/unread-plp", "title": "Unread PLP spec page", "kind": "VENDOR_PAGE",
                                   "retrievedAt": "2026-11-30"}},
                 "drives": [{"slug": "%s", "vendor": "Acme", "model": "Unread PLP", "capacityGb": 480, "interface": "nvme",
                             "formFactor": "u2", "specs": [{"field": "plp", "wording": "Power protection: see datasheet", "source": "v"}]}],
                 "listings": [{"marketplace": "amazon-us", "externalId": "plp-unread", "drive": "%s", "sellerType": "THIRD_PARTY",
                               "condition": "NEW", "observations": [{"observedAt": "2026-11-30T00:00:00Z", "price": 100, "currency": "CHF",
                               "inStock": true, "source": "v"}]}]}
                """.formatted(slug, slug)).when().post("/admin/imports/specs").then().statusCode(200);

        JsonPath page = given().accept("application/json").when().get("/drives/" + slug).then().statusCode(200).extract().jsonPath();
        assertThat(page.getString("plpAssessment.class")).isEqualTo("unknown");
        assertThat(page.getString("plpAssessment.evidence[0].wording")).isEqualTo("Power protection: see datasheet");
        assertThat(page.getString("plpAssessment.summary")).contains("in words drivecat can read");
        assertThat(given().when().get("/drives?limit=100").then().statusCode(200).extract().jsonPath().getList("items.slug", String.class))
                .contains(slug);
        assertThat(given().accept("text/html").when().get("/drives/" + slug).then().statusCode(200).extract().asString())
                .contains(escaped(page.getString("plpAssessment.summary"))).contains("Power-loss protection: unknown");
        given().accept("text/html").when().get("/drives?limit=100").then().statusCode(200);
        for (String role : List.of("slog", "special")) {
            JsonPath r = given().when().get("/recommend?role=" + role + "&plp=any&currency=CHF&limit=100").then().statusCode(200)
                    .extract().jsonPath();
            Map<String, Object> answered = r.<Map<String, Object>>getList("results").stream()
                    .filter(result -> slug.equals(((Map<?, ?>) result.get("drive")).get("slug"))).findFirst()
                    .map(result -> {
                        @SuppressWarnings("unchecked")
                        Map<String, Object> plp = (Map<String, Object>) result.get("plp");
                        return plp;
                    }).orElseThrow(() -> new AssertionError("role=" + role + " ranks " + slug));
            assertThat(answered).as("role=%s: the page's assessment", role).isEqualTo(page.getMap("plpAssessment"));
        }
    }

    private static String wordsOf(String token) {
        return ApiToken.parse(PlpAssessment.Protection.class, token).orElseThrow(() -> new AssertionError("no class " + token)).words();
    }

    /** As Qute escapes text for HTML. */
    private static String escaped(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
    }
}
