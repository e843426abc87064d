package dev.drivecat.specs;

import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import dev.drivecat.testing.WritesData;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

/**
 * The real saved sources in ../shared/fixtures/real (read in place, never copied): the Intel DC
 * S3700/S3710/S3520 tables and the citilink.ru Kingston A400 page must import to the values
 * SOURCES.md lists. Skipped, saying so, when that folder is absent.
 */
@QuarkusTest
@TestProfile(WritesData.class)
class RealSpecSourcesApiTest {

    private static final String S3700_CSV = "spec-data/intel-ssd-dc-s3700-400g.cloud-atlas.csv";
    private static final String COMPARISON_CSV = "spec-data/intel-ssd-dc-s3700-s3710-s3520.cloud-atlas.csv";
    private static final String CITILINK = "citilink/ssd-properties-2022-kingston-a400-480gb.html";

    @Test
    void s3700TableImportsTenDwpdFiveYearsAndSevenPointThreePetabytesAsStatedValues() {
        byte[] csv = SpecFixtures.realBytes(S3700_CSV);
        String url = "https://github.com/huataihuang/cloud-atlas/blob/4de3b86f3937a7b36aa4e473cc8f5815f62112e0/"
                + "source/linux/storage/disk/intel_ssd_dc_series/intel_ssd_dc_s3700_400g.csv";
        JsonPath report = admin().contentType("text/csv; charset=UTF-8").body(csv)
                .queryParam("url", url).queryParam("create", "true").queryParam("model", "SSD DC S3700")
                .queryParam("retrievedAt", "2026-11-29")
                .when().post("/admin/imports/spec-tables").then().statusCode(200)
                .body("dictionary.id", equalTo("intel"))
                .body("kind", equalTo("VENDOR_DATASHEET"))
                // the seed catalog has the S3700 400GB: model and capacity find it
                .body("variants[0].match.outcome", equalTo("MATCHED"))
                .body("variants[0].match.drive", equalTo("intel-dc-s3700-400gb-sata"))
                .body("variants[0].identity.capacityGb", equalTo(400))
                .body("variants[0].values.find { it.field == 'tbw' }.sourceValue", equalTo("每天10次全盘写寿命5年=7.3PB"))
                .extract().jsonPath();
        // "25nm" names no media: the wording is kept, no value is guessed
        assertThat(report.getString("variants[0].values.find { it.field == 'media' }.wording")).isEqualTo("工艺: 25nm");
        assertThat(report.getString("variants[0].values.find { it.field == 'media' }.value")).isNull();
        // the table has no power-loss protection row, and a table's silence is not a statement
        assertThat(report.getList("variants[0].values.field", String.class)).doesNotContain("plp");

        JsonPath d = given().when().get("/drives/intel-dc-s3700-400gb-sata").then().statusCode(200).extract().jsonPath();
        assertThat(d.getString("model")).isEqualTo("SSD DC S3700");
        assertThat(d.getString("formFactor")).isEqualTo("2.5in");
        assertThat(d.getInt("specs.tbw.chosen.value")).isEqualTo(7300);
        assertThat(d.getBoolean("specs.tbw.chosen.derived")).isFalse();
        assertThat(d.getString("specs.tbw.chosen.wording")).isEqualTo("耐用度Endurance Rating (Lifetime Writes): 每天10次全盘写寿命5年=7.3PB");
        assertThat(d.getString("specs.tbw.chosen.source.kind")).isEqualTo("VENDOR_DATASHEET");
        assertThat(d.getInt("specs.dwpd.chosen.value")).isEqualTo(10);
        assertThat(d.getBoolean("specs.dwpd.chosen.derived")).isFalse();
        assertThat(d.getInt("specs.warrantyYears.chosen.value")).isEqualTo(5);
        assertThat(d.getInt("specs.seqWrite.chosen.value")).isEqualTo(460);
        assertThat(d.getInt("specs.randomWriteIops.chosen.value")).isEqualTo(36000);
        // a readable value beats the table's unreadable "25nm": the datasheet's MLC stays the drive's media
        assertThat(d.getString("media")).isEqualTo("mlc");
        assertThat(d.getList("specs.media.alternatives.wording", String.class)).contains("工艺: 25nm");
        assertThat(d.getList("specs.raw.alternatives.appliesTo", String.class)).contains("平均无故障时间Mean Time Between Failures (MTBF)");
    }

    @Test
    void comparisonTableReadsEachColumnToItsOwnDrive() {
        byte[] csv = SpecFixtures.realBytes(COMPARISON_CSV);
        JsonPath report = admin().contentType("text/csv; charset=UTF-8").body(csv)
                .queryParam("url", "https://github.com/huataihuang/cloud-atlas/blob/a5fbda8e33119312723be93d775debf00e124b4b/"
                        + "source/linux/storage/disk/intel_ssd_dc_series/intel_ssd_dc_s3700_s3710_s3520.csv")
                .queryParam("dryRun", "true").queryParam("create", "true")
                .when().post("/admin/imports/spec-tables").then().statusCode(200)
                .body("dictionary.id", equalTo("intel"))
                .body("stored", equalTo(false))
                .body("variants.name", contains("S3700 400GB", "S3710 400GB", "S3520 480GB"))
                .body("variants.identity.capacityGb", contains(400, 400, 480))
                .body("variants.identity.interface", everyItem(equalTo("sata")))
                .body("variants.identity.formFactor", everyItem(equalTo("2.5in")))
                .body("variants.identity.vendor", everyItem(equalTo("Intel")))
                .extract().jsonPath();
        assertThat(report.getInt("variants[0].values.find { it.field == 'tbw' }.value")).isEqualTo(7300);
        assertThat(report.getInt("variants[0].values.find { it.field == 'dwpd' }.value")).isEqualTo(10);
        assertThat(report.getInt("variants[1].values.find { it.field == 'tbw' }.value")).isEqualTo(8300);
        assertThat(report.getInt("variants[2].values.find { it.field == 'tbw' }.value")).isEqualTo(945);
        assertThat(report.getString("variants[2].values.find { it.field == 'media' }.value")).isEqualTo("nand");
        for (int i = 0; i < 3; i++) {
            assertThat(report.getList("variants[" + i + "].values.findAll { it.field == 'warrantyYears' }.value", Integer.class))
                    .isNotEmpty().allMatch(years -> years == 5);
        }
        // the seed catalog has the S3710 400GB; the S3520 is not in it: with create=true a real run would add it
        assertThat(report.getList("variants.match.outcome", String.class).subList(1, 3)).containsExactly("MATCHED", "WOULD_CREATE");
        assertThat(report.getList("variants.match.drive", String.class).subList(1, 3))
                .containsExactly("intel-dc-s3710-400gb-sata", "intel-s3520-480gb-sata");
        given().when().get("/drives/intel-s3520-480gb-sata").then().statusCode(404);
    }

    @Test
    void citilinkA400PageYieldsCapacityInterfaceMediaAndTbwButNoPlpOrDwpd() {
        byte[] html = SpecFixtures.realBytes(CITILINK);
        // sent as REST Assured does by default, "text/html; charset=ISO-8859-1": the page's own <meta charset> must win
        admin().contentType("text/html").body(html)
                .queryParam("url", "https://www.citilink.ru/product/ssd-nakopitel-kingston-a400-sa400s37-480g-480gb-2-5-sata-iii-420253/properties/")
                .queryParam("dryRun", "true")
                .when().post("/admin/imports/spec-pages").then().statusCode(200)
                .body("dictionary.id", equalTo("citilink"))
                .body("kind", equalTo("REVIEW"))
                .body("variants[0].identity.vendor", equalTo("Kingston"))
                .body("variants[0].identity.model", equalTo("A400"))
                .body("variants[0].identity.partNumbers", contains("SA400S37/480G"))
                .body("variants[0].identity.capacityGb", equalTo(480))
                .body("variants[0].identity.interface", equalTo("sata"))
                .body("variants[0].identity.formFactor", equalTo("2.5in"))
                .body("variants[0].values.find { it.field == 'capacity' }.value", equalTo(480))
                .body("variants[0].values.find { it.field == 'capacity' }.wording", equalTo("Объем накопителя: 480 ГБ"))
                .body("variants[0].values.find { it.field == 'interface' }.value", equalTo("sata"))
                .body("variants[0].values.find { it.field == 'media' }.value", equalTo("nand"))
                .body("variants[0].values.find { it.field == 'media' }.sourceValue", equalTo("3D NAND"))
                .body("variants[0].values.find { it.field == 'tbw' }.value", equalTo(160))
                .body("variants[0].values.find { it.field == 'tbw' }.wording", equalTo("Ресурс TBW: 160 ТБ"))
                .body("variants[0].values.field", not(hasItem("plp")))
                .body("variants[0].values.field", not(hasItem("dwpd")))
                // the seller's warranty is not the vendor's: kept raw, not read as warrantyYears
                .body("variants[0].values.field", not(hasItem("warrantyYears")))
                .body("variants[0].values.find { it.appliesTo == 'Гарантия' }.field", equalTo("raw"));
    }
}
