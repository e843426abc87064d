package dev.drivecat.specs;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The seed catalog as it ships, imported: how many drives, how much of it cites public pages, how
 * many drives the ranking can judge for PLP and endurance (src/docs/catalog.md), the errors of the
 * first seed that stay fixed, and figures that a datasheet gives per capacity.
 */
@QuarkusTest
class SeedCatalogTest {

    @Inject
    EntityManager em;

    private double ratio(String sql) {
        Object[] r = (Object[]) em.createNativeQuery(sql).getSingleResult();
        return ((Number) r[0]).doubleValue() / ((Number) r[1]).doubleValue();
    }

    private static JsonPath drive(String slug) {
        return given().when().get("/drives/" + slug).then().statusCode(200).extract().jsonPath();
    }

    @Test
    void listsAtLeastSixtyDrives() {
        given().when().get("/drives").then().statusCode(200).body("total", org.hamcrest.Matchers.greaterThanOrEqualTo(60));
    }

    @Test
    void atLeastNinetyPercentOfStatedValuesCiteAPublicAddress() {
        double cited = ratio("""
                SELECT count(*) FILTER (WHERE source_url ~ '^https?://'), count(*)
                  FROM spec_value WHERE source_kind <> 'DERIVED'
                """);
        assertThat(cited).isGreaterThanOrEqualTo(0.90);
    }

    /** PLP is known when a source classes it, or the drive is 3D XPoint (which the OpenZFS hardware page says needs none). */
    @Test
    void plpIsKnownForAtLeastEightyPercentOfDrives() {
        double known = ratio("""
                SELECT count(*) FILTER (WHERE d.media = '3d-xpoint' OR EXISTS (
                           SELECT 1 FROM spec_value v WHERE v.drive_id = d.id AND v.field = 'plp' AND v.chosen AND v.value_token IS NOT NULL)),
                       count(*)
                  FROM drive d
                """);
        assertThat(known).isGreaterThanOrEqualTo(0.80);
    }

    /** Endurance is known when the drive has a TBW or DWPD, stated or derived from stated values. */
    @Test
    void enduranceIsKnownForAtLeastEightyPercentOfDrives() {
        double known = ratio("""
                SELECT count(*) FILTER (WHERE EXISTS (
                           SELECT 1 FROM spec_value v WHERE v.drive_id = d.id AND v.field IN ('tbw', 'dwpd') AND v.value_number IS NOT NULL)),
                       count(*)
                  FROM drive d
                """);
        assertThat(known).isGreaterThanOrEqualTo(0.80);
    }

    @Test
    void theMx100AndTheSeagate600ProAreNotPlpOnAReviewersBlanketLine() {
        for (String slug : List.of("crucial-mx100-256gb-sata", "seagate-600-pro-240gb-sata")) {
            JsonPath d = drive(slug);
            assertThat(d.getList("specs.plp.chosen.wording", String.class)).as(slug)
                    .noneMatch(w -> w != null && w.startsWith("All of these drives have a capacitor backed write cache"));
            assertThat(d.getString("plp.class")).as(slug).isNotEqualTo("STATED_YES");
        }
        // the same era's Crucial wording, as its maker gives it: data at rest only
        assertThat(drive("crucial-m550-512gb-sata").getString("plp.class")).isEqualTo("DATA_AT_REST_ONLY");
    }

    @Test
    void theS3700100gbEnduranceIsTenDrivesADayForFiveYearsNot1874Tb() {
        JsonPath d = drive("intel-dc-s3700-100gb-sata");
        assertThat(d.getDouble("endurance.tbw")).isEqualTo(1825.0);
        assertThat(d.getBoolean("endurance.tbwDerived")).isTrue();
        assertThat(d.getList("specs.tbw.alternatives.value")).doesNotContain(1874);
    }

    @Test
    void theP4800xAddInCardCitesNothingTheGuideSaidOfTheU2Model() {
        JsonPath d = drive("intel-optane-p4800x-375gb-aic");
        assertThat(em.createNativeQuery("""
                SELECT count(*) FROM spec_value v JOIN drive d ON d.id = v.drive_id
                 WHERE d.slug = 'intel-optane-p4800x-375gb-aic' AND v.source_url = 'urn:drivecat:source:slog-special-vdev-buying-guide-2026'
                """).getSingleResult()).isEqualTo(0L);
        assertThat(d.getString("specs.dwpd.chosen.source.url")).startsWith("http");
        assertThat(d.getList("partNumbers", String.class)).contains("SSDPED1K375GA");
    }

    @Test
    void datasheetSeriesLinesGiveEachCapacityItsOwnFigures() {
        // the S3610 datasheet gives 800GB twice: 5.3PB for the 2.5-inch model the catalog holds, 4.2PB for the 1.8-inch one
        JsonPath s3610 = drive("intel-dc-s3610-800gb-sata");
        assertThat(s3610.getDouble("endurance.tbw")).isEqualTo(5300.0);
        assertThat(s3610.getBoolean("endurance.tbwDerived")).isFalse();
        assertThat(s3610.getString("plp.class")).isEqualTo("STATED_YES");
        // one P3600 datasheet states protection and 3 drive writes a day for both of its form factors
        for (String slug : List.of("intel-dc-p3600-1600gb-u2", "intel-dc-p3600-1600gb-aic")) {
            JsonPath p3600 = drive(slug);
            assertThat(p3600.getString("plp.class")).as(slug).isEqualTo("STATED_YES");
            assertThat(p3600.getDouble("endurance.dwpd")).as(slug).isEqualTo(3.0);
        }
        // a review's capacity list names the PM1733's 1.92 TB U.2, and its 1 DWPD holds for the series
        assertThat(drive("samsung-pm1733-1920gb-u2").getDouble("endurance.dwpd")).isEqualTo(1.0);
    }

    @Test
    void optaneDrivesHaveTheirWarrantyAndPartNumbersWhereAPageGivesThem() {
        assertThat(drive("intel-optane-p4800x-375gb-u2").getInt("endurance.warrantyYears")).isEqualTo(5);
        assertThat(drive("intel-optane-p1600x-118gb-m2").getList("partNumbers", String.class)).contains("SSDPEK1A118GA");
        assertThat(drive("intel-optane-p1600x-58gb-m2").getList("partNumbers", String.class)).contains("SSDPEK1A058GA");
    }
}
