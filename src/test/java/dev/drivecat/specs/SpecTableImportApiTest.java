package dev.drivecat.specs;

import static dev.drivecat.specs.SpecFixtures.page;
import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;

import dev.drivecat.testing.WritesData;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(WritesData.class)
class SpecTableImportApiTest {

    private static final String TABLES = "/admin/imports/spec-tables";

    @Test
    void aConflictingSecondSourceIsKeptAsAnAlternativeAndPrecedenceChooses() {
        admin().contentType("text/html").body(page("crucial-mx100-256gb.html"))
                .queryParam("url", "https://www.crucial.com/ssd/mx100/CT256MX100SSD1")
                .when().post("/admin/imports/spec-pages").then().statusCode(200)
                .body("variants[0].match.drive", equalTo("crucial-mx100-256gb-sata"));
        String json = """
                [{"label": "Part Number", "value": "CT256MX100SSD1"},
                 {"label": "Endurance", "value": "80 TBW"},
                 {"label": "Warranty", "value": "3 years"}]
                """;
        admin().contentType("application/json").body(json)
                .queryParam("url", "https://www.crucial.com/wcsstore/CrucialSAS/pdf/product-flyer/mx100-flyer.pdf")
                .when().post(TABLES).then().statusCode(200)
                .body("importer", equalTo("spec-table/1"))
                .body("kind", equalTo("VENDOR_DATASHEET"))
                .body("variants[0].match.drive", equalTo("crucial-mx100-256gb-sata"))
                .body("variants[0].values.find { it.field == 'tbw' }.value", equalTo(80));

        JsonPath d = given().when().get("/drives/crucial-mx100-256gb-sata").then().statusCode(200).extract().jsonPath();
        // the vendor's page wins over its datasheet, which wins over the review; all three are kept
        assertThat(d.getInt("specs.tbw.chosen.value")).isEqualTo(72);
        assertThat(d.getString("specs.tbw.chosen.source.kind")).isEqualTo("VENDOR_PAGE");
        assertThat(d.getString("specs.tbw.chosen.wording")).isEqualTo("Total Bytes Written (TBW): 72TB");
        List<Map<String, Object>> alternatives = d.getList("specs.tbw.alternatives");
        assertThat(alternatives).extracting(a -> a.get("value"), a -> ((Map<?, ?>) a.get("source")).get("kind"), a -> a.get("wording"))
                .contains(org.assertj.core.groups.Tuple.tuple(80, "VENDOR_DATASHEET", "Endurance: 80 TBW"),
                        org.assertj.core.groups.Tuple.tuple(72, "REVIEW", "Endurance (Terabytes Written) | 72"));
        assertThat(d.getString("specs.tbw.alternatives.find { it.value == 80 }.importer")).isEqualTo("spec-table/1");
    }

    @Test
    void rowsOfModelLabelValueBecomeOneVariantPerModel() {
        String csv = """
                model,label,value
                ,Interface,SATA 6Gb/s
                ,Form Factor,"2.5"" 7mm"
                X1 240GB,Capacity,240 GB
                X1 240GB,TBW,438 TB
                X1 480GB,Capacity,480 GB
                X1 480GB,TBW,876 TB
                """;
        admin().contentType("text/csv").body(csv).queryParam("url", "urn:example:x1-datasheet").queryParam("dryRun", "true")
                .queryParam("vendor", "Example")
                .when().post(TABLES).then().statusCode(200)
                .body("dictionary.id", equalTo("generic"))
                .body("variants.name", contains("X1 240GB", "X1 480GB"))
                .body("variants.identity.capacityGb", contains(240, 480))
                .body("variants.identity.model", contains("X1", "X1"))
                .body("variants.identity.vendor", everyItem(equalTo("Example")))
                .body("variants.identity.interface", everyItem(equalTo("sata")))
                .body("variants[1].values.find { it.field == 'tbw' }.value", equalTo(876))
                .body("variants.match.outcome", everyItem(equalTo("UNMATCHED")));
    }

    @Test
    void namedDriveTakesTheColumnThatFitsItAndSkipsTheOthers() {
        String csv = """
                Model,Optane SSD DC P4800X 375GB,Optane SSD DC P4800X 750GB
                Endurance Rating (Lifetime Writes),30 DWPD,30 DWPD
                Latency - Write,10 µs,10 µs
                """;
        admin().contentType("text/csv").body(csv).queryParam("url", "urn:example:p4800x-brief").queryParam("dryRun", "true")
                .queryParam("drive", "intel-optane-p4800x-375gb-u2")
                .when().post(TABLES).then().statusCode(200)
                .body("dictionary.id", equalTo("intel"))
                .body("variants.match.outcome", contains("NAMED", "SKIPPED"))
                .body("variants[0].match.drive", equalTo("intel-optane-p4800x-375gb-u2"))
                .body("variants[0].values.find { it.field == 'writeLatency' }.value", equalTo(10));

        admin().contentType("text/csv").body(csv).queryParam("url", "urn:example:p4800x-brief").queryParam("dryRun", "true")
                .queryParam("drive", "intel-dc-s3700-100gb-sata")
                .when().post(TABLES).then().statusCode(400)
                .body("parameter", equalTo("drive"))
                .body("detail", containsString("2 models"))
                .body("variants", contains("Optane SSD DC P4800X 375GB", "Optane SSD DC P4800X 750GB"));
    }

    @Test
    void rejectsTablesThatCannotBeReadSayingWhereAndWhatIsAllowed() {
        admin().contentType("text/csv").body("label,value\nCapacity,\"400GB\nInterface,SATA")
                .queryParam("url", "urn:example:broken").when().post(TABLES)
                .then().statusCode(400).contentType("application/problem+json")
                .body("type", equalTo("urn:problem-type:drivecat:invalid-body"))
                .body("detail", containsString("CSV"));
        admin().contentType("application/json").body("{\"label\": \"Capacity\"}")
                .queryParam("url", "urn:example:broken").when().post(TABLES)
                .then().statusCode(400).body("detail", containsString("array of rows"));
        admin().contentType("application/json").body("[{\"label\": \"Capacity\", \"value\": \"400GB\", \"unit\": \"GB\"}]")
                .queryParam("url", "urn:example:broken").when().post(TABLES)
                .then().statusCode(400).body("detail", containsString("/0/unit")).body("detail", containsString("allowed: model, label, value"));
        admin().contentType("text/csv").body("just one cell\n")
                .queryParam("url", "urn:example:broken").when().post(TABLES)
                .then().statusCode(400).body("detail", containsString("allowed layouts"));
        admin().contentType("application/xml").body("<table/>")
                .queryParam("url", "urn:example:broken").when().post(TABLES)
                .then().statusCode(415).contentType("application/problem+json");
    }

    @Test
    void aTableIsNeverReadAsSilentOnPlp() {
        String csv = "label,value\nCapacity,480GB\nInterface,SATA\nForm Factor,2.5\"\nTBW,876 TB\n";
        admin().contentType("text/csv").body(csv).queryParam("url", "urn:example:excerpt").queryParam("dryRun", "true")
                .when().post(TABLES).then().statusCode(200)
                .body("variants[0].values.field", hasItem("tbw"))
                .body("variants[0].values.field", org.hamcrest.Matchers.not(hasItem("plp")));
    }
}
