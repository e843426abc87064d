package dev.drivecat.specs;

import static dev.drivecat.specs.SpecFixtures.page;
import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import dev.drivecat.testing.WritesData;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.restassured.response.ValidatableResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(WritesData.class)
class SpecPageImportApiTest {

    private static final String PAGES = "/admin/imports/spec-pages";

    /** A spec page of the test fixtures, imported from url with the other parameters given. */
    private static ValidatableResponse post(String fixture, String url, Map<String, String> params) {
        return postHtml(page(fixture), url, params);
    }

    private static ValidatableResponse postHtml(String html, String url, Map<String, String> params) {
        return admin().contentType("text/html; charset=UTF-8").body(html)
                .queryParam("url", url).queryParams(params)
                .when().post(PAGES).then();
    }

    private static JsonPath drive(String slug) {
        return given().when().get("/drives/" + slug).then().statusCode(200).extract().jsonPath();
    }

    // --- one vendor-style page per seed vendor ------------------------------------------

    @Test
    void intelPageStatingNoPlpForA3dXpointDriveIsStoredAsStatedNoWithXpointMedia() {
        String url = "https://ark.intel.com/content/www/us/en/ark/products/123626.html";
        post("intel-optane-900p-280gb.html", url, Map.of("retrievedAt", "2026-11-29T00:00:00Z"))
                .statusCode(200)
                .body("dictionary.id", equalTo("intel"))
                .body("dictionary.recognisedBy", equalTo("host ark.intel.com"))
                .body("kind", equalTo("VENDOR_PAGE"))
                .body("importer", equalTo("spec-page/1"))
                .body("stored", equalTo(true))
                .body("variants[0].match.outcome", equalTo("MATCHED"))
                .body("variants[0].match.drive", equalTo("intel-optane-900p-280gb-aic"))
                .body("variants[0].values.find { it.field == 'plp' }.value", equalTo("STATED_NO"))
                .body("variants[0].values.find { it.field == 'plp' }.label", equalTo("Enhanced Power Loss Data Protection"))
                .body("variants[0].values.find { it.field == 'plp' }.sourceValue", equalTo("No"))
                .body("variants[0].values.find { it.field == 'plp' }.stored", equalTo("NEW"))
                .body("variants[0].values.find { it.field == 'tbw' }.value", equalTo(5110))
                .body("variants[0].values.find { it.field == 'tbw' }.unit", equalTo("TB"))
                .body("variants[0].values.find { it.field == 'tbw' }.wording", equalTo("Endurance Rating (Lifetime Writes): 5.11 PBW"))
                .body("variants[0].derived.find { it.field == 'dwpd' }.value", equalTo(10));

        JsonPath d = drive("intel-optane-900p-280gb-aic");
        assertThat(d.getString("specs.plp.chosen.value")).isEqualTo("STATED_NO");
        assertThat(d.getString("specs.plp.chosen.wording")).isEqualTo("Enhanced Power Loss Data Protection: No");
        assertThat(d.getString("specs.plp.chosen.source.kind")).isEqualTo("VENDOR_PAGE");
        assertThat(d.getString("specs.plp.chosen.source.url")).isEqualTo(url);
        assertThat(d.getString("specs.plp.chosen.source.retrievedAt")).isEqualTo("2026-11-29T00:00:00Z");
        assertThat(d.getString("specs.plp.chosen.importer")).isEqualTo("spec-page/1");
        assertThat(d.getString("plp.class")).isEqualTo("STATED_NO");
        assertThat(d.getString("media")).isEqualTo("3d-xpoint");
        assertThat(d.getString("specs.media.chosen.source.kind")).isEqualTo("VENDOR_PAGE");
        assertThat(d.getString("specs.media.chosen.wording")).isEqualTo("Lithography Type: 3D XPoint™");
        // endurance: TBW stated by the page, DWPD derived from it, the page's warranty and the capacity
        assertThat(d.getInt("specs.tbw.chosen.value")).isEqualTo(5110);
        assertThat(d.getBoolean("specs.tbw.chosen.derived")).isFalse();
        assertThat(d.getInt("specs.dwpd.chosen.value")).isEqualTo(10);
        assertThat(d.getBoolean("specs.dwpd.chosen.derived")).isTrue();
        assertThat(d.getString("specs.dwpd.chosen.derivedFrom")).contains("tbw").contains("5.11 PBW").contains("warrantyYears");
        assertThat(d.getBoolean("endurance.dwpdDerived")).isTrue();
        assertThat(d.getInt("specs.warrantyYears.chosen.value")).isEqualTo(5);
        assertThat(d.getString("interface")).isEqualTo("nvme");
        assertThat(d.getInt("specs.pcieGen.chosen.value")).isEqualTo(3);
        assertThat(d.getInt("specs.writeLatency.chosen.value")).isEqualTo(10);
        assertThat(d.getString("specs.writeLatency.chosen.unit")).isEqualTo("us");
        assertThat(d.getInt("specs.randomWriteIops.chosen.value")).isEqualTo(500000);
        assertThat(d.getList("partNumbers", String.class)).contains("SSDPED1D280GA");
        // a label no dictionary maps is kept, with its label
        assertThat(d.getList("specs.raw.alternatives.findAll { it.appliesTo == 'Mean Time Between Failures (MTBF)' }.wording", String.class))
                .containsExactly("1.6 million hours");
        // the guide's earlier statement is still there, as an alternative
        assertThat(d.getList("specs.plp.alternatives.source.kind", String.class)).contains("REVIEW");
    }

    @Test
    void micronPageStatesPlpForTheM2ModelOnly() {
        post("micron-7450-pro-480gb.html", "https://www.micron.com/products/storage/ssd/data-center-ssd/7450-ssd", Map.of())
                .statusCode(200)
                .body("dictionary.id", equalTo("micron"))
                .body("variants[0].match.drive", equalTo("micron-7450-pro-480gb-m2"))
                // the seed catalog holds the drive's part number, which decides before model and capacity
                .body("variants[0].match.reason", containsString("part number MTFDKBA480TFR"));

        JsonPath d = drive("micron-7450-pro-480gb-m2");
        assertThat(d.getString("specs.plp.chosen.value")).isEqualTo("MODEL_SPECIFIC");
        assertThat(d.getString("specs.plp.chosen.appliesTo")).isEqualTo("M.2 22x80");
        assertThat(d.getString("specs.plp.chosen.wording")).isEqualTo("Power-Loss Protection: M.2 22x80 only");
        assertThat(d.getString("specs.plp.chosen.source.kind")).isEqualTo("VENDOR_PAGE");
        assertThat(d.getString("media")).isEqualTo("tlc");
        assertThat(d.getInt("specs.tbw.chosen.value")).isEqualTo(800);
        assertThat(d.getString("specs.tbw.chosen.source.kind")).isEqualTo("VENDOR_PAGE");
        assertThat(d.getInt("specs.warrantyYears.chosen.value")).isEqualTo(5);
        assertThat(d.getInt("specs.readLatency.chosen.value")).isEqualTo(80);
        assertThat(d.getInt("specs.writeLatency.chosen.value")).isEqualTo(15);
        assertThat(d.getInt("pcieGen")).isEqualTo(4);
        assertThat(d.getList("partNumbers", String.class)).contains("MTFDKBA480TFR");
        // the stated DWPD (the guide's) stays stated; nothing derived replaces it
        assertThat(d.getBoolean("specs.dwpd.chosen.derived")).isFalse();
        // the 960GB drive of the same model is untouched
        assertThat(drive("micron-7450-pro-960gb-m2").getList("specs.plp.alternatives.source.kind", String.class)).doesNotContain("VENDOR_PAGE");
    }

    @Test
    void samsungPageReadsPlpFromItsFeatureListAndThreeBitMlcAsTlc() {
        post("samsung-pm893-240gb.html", "https://semiconductor.samsung.com/ssd/datacenter-ssd/pm893/", Map.of())
                .statusCode(200)
                .body("dictionary.id", equalTo("samsung"))
                .body("variants[0].match.drive", equalTo("samsung-pm893-240gb-sata"));

        JsonPath d = drive("samsung-pm893-240gb-sata");
        assertThat(d.getString("specs.plp.chosen.value")).isEqualTo("STATED_YES");
        assertThat(d.getString("specs.plp.chosen.wording")).contains("Power Loss Protection").startsWith("Features:");
        assertThat(d.getString("specs.media.chosen.value")).isEqualTo("tlc");
        assertThat(d.getString("specs.media.chosen.wording")).isEqualTo("NAND Flash Type: Samsung V-NAND 3-bit MLC");
        assertThat(d.getInt("specs.tbw.chosen.value")).isEqualTo(438);
        assertThat(d.getBoolean("specs.dwpd.chosen.derived")).isTrue();
        assertThat(d.getFloat("specs.dwpd.chosen.value")).isEqualTo(1.0f);
        assertThat(d.getString("interface")).isEqualTo("sata");
        assertThat(d.getInt("specs.randomWriteIops.chosen.value")).isEqualTo(30000);
        assertThat(d.getList("partNumbers", String.class)).contains("MZ7L3240HCHQ-00A07");
    }

    @Test
    void kingstonPageImportsTheEnduranceOfItsCapacityAndAgainStoresNothingNew() {
        String url = "https://www.kingston.com/en/ssd/dc600m-data-center-solid-state-drive?capacity=480gb";
        JsonPath first = post("kingston-dc600m-480gb.html", url, Map.of()).statusCode(200)
                .body("dictionary.id", equalTo("kingston"))
                .body("variants[0].match.drive", equalTo("kingston-dc600m-480gb-sata"))
                .extract().jsonPath();
        int firstAdded = first.getInt("variants[0].added");
        JsonPath before = drive("kingston-dc600m-480gb-sata");

        post("kingston-dc600m-480gb.html", url, Map.of("retrievedAt", "2026-11-30"))
                .statusCode(200)
                .body("stored", equalTo(false))
                .body("variants[0].added", equalTo(0))
                .body("variants[0].unchanged", equalTo(firstAdded + first.getInt("variants[0].unchanged")))
                .body("variants[0].values.stored", everyItem(equalTo("UNCHANGED")));

        JsonPath after = drive("kingston-dc600m-480gb-sata");
        assertThat(after.getMap("specs")).isEqualTo(before.getMap("specs"));
        assertThat(after.getInt("specs.tbw.chosen.value")).isEqualTo(876);
        assertThat(after.getInt("specs.dwpd.chosen.value")).isEqualTo(1);
        assertThat(after.getBoolean("specs.dwpd.chosen.derived")).isFalse();
        assertThat(after.getInt("specs.warrantyYears.chosen.value")).isEqualTo(5);
        assertThat(after.getString("specs.plp.chosen.value")).isEqualTo("STATED_YES");
        assertThat(after.getString("specs.plp.chosen.wording")).contains("On-board Power Loss Protection (PLP)");
        assertThat(after.getString("media")).isEqualTo("tlc");
        assertThat(after.getInt("specs.seqWrite.chosen.value")).isEqualTo(530);
        assertThat(after.getInt("specs.randomWriteIops.chosen.value")).isEqualTo(78000);
        assertThat(after.getList("partNumbers", String.class)).contains("SEDC600M/480G");
    }

    @Test
    void solidigmPageCreatesTheDriveWhenAskedWithDwpdStatedAndTbwDerived() {
        given().when().get("/drives/solidigm-d7-p5520-3840gb-u2").then().statusCode(404);
        post("solidigm-d7-p5520-3840gb.html", "https://www.solidigm.com/products/data-center/d7/p5520.html", Map.of("create", "true"))
                .statusCode(200)
                .body("dictionary.id", equalTo("solidigm"))
                .body("variants[0].match.outcome", equalTo("CREATED"))
                .body("variants[0].match.drive", equalTo("solidigm-d7-p5520-3840gb-u2"))
                .body("variants[0].derived.find { it.field == 'tbw' }.value", equalTo(7008));

        JsonPath d = drive("solidigm-d7-p5520-3840gb-u2");
        assertThat(d.getString("vendor")).isEqualTo("Solidigm");
        assertThat(d.getString("model")).isEqualTo("D7-P5520");
        assertThat(d.getInt("capacityGb")).isEqualTo(3840);
        assertThat(d.getString("interface")).isEqualTo("nvme");
        assertThat(d.getString("formFactor")).isEqualTo("u2");
        assertThat(d.getInt("pcieGen")).isEqualTo(4);
        assertThat(d.getInt("pcieLanes")).isEqualTo(4);
        assertThat(d.getString("media")).isEqualTo("tlc");
        assertThat(d.getString("plp.class")).isEqualTo("STATED_YES");
        assertThat(d.getInt("specs.dwpd.chosen.value")).isEqualTo(1);
        assertThat(d.getBoolean("specs.dwpd.chosen.derived")).isFalse();
        assertThat(d.getInt("specs.tbw.chosen.value")).isEqualTo(7008);
        assertThat(d.getBoolean("specs.tbw.chosen.derived")).isTrue();
        assertThat(d.getString("specs.tbw.chosen.wording")).contains("1 DWPD").contains("3.84 TB").contains("5 years");
        assertThat(d.getList("partNumbers", String.class)).containsExactly("SSDPF2KX038T1");

        // the second time, the part number finds it
        post("solidigm-d7-p5520-3840gb.html", "https://www.solidigm.com/products/data-center/d7/p5520.html", Map.of("create", "true"))
                .statusCode(200)
                .body("variants[0].match.outcome", equalTo("MATCHED"))
                .body("variants[0].match.reason", containsString("SSDPF2KX038T1"))
                .body("variants[0].added", equalTo(0));
    }

    @Test
    void unknownVendorPageIsReadWithTheGenericLabelsAndUnmatchedStoresNothing() {
        String url = "https://acme.example/products/ax-100";
        post("acme-ax100-400gb.html", url, Map.of("dryRun", "true"))
                .statusCode(200)
                .body("dictionary.id", equalTo("generic"))
                .body("dryRun", equalTo(true))
                .body("stored", equalTo(false))
                .body("variants[0].match.outcome", equalTo("UNMATCHED"))
                .body("variants[0].identity.vendor", equalTo("Acme"))
                .body("variants[0].identity.model", equalTo("AX-100"))
                .body("variants[0].identity.interface", equalTo("sas"))
                .body("variants[0].values.find { it.field == 'plp' }.value", equalTo("STATED_YES"))
                .body("variants[0].values.find { it.field == 'plp' }.wording", equalTo("Power Loss Imminent (PLI): Supported"))
                .body("variants[0].values.find { it.field == 'dwpd' }.value", equalTo(3))
                .body("variants[0].values.find { it.field == 'warrantyYears' }.value", equalTo(5))
                .body("variants[0].values.find { it.field == 'writeLatency' }.value", equalTo(20))
                .body("variants[0].values.find { it.field == 'raw' && it.appliesTo == 'Vibration (operating)' }.wording", equalTo("2.17 GRMS"))
                .body("variants[0].values.stored", everyItem(equalTo("NOT_STORED")));

        post("acme-ax100-400gb.html", url, Map.of())
                .statusCode(409)
                .contentType("application/problem+json")
                .body("detail", containsString("matches no drive"))
                .body("detail", containsString("create=true"))
                .body("report.variants[0].values.field", hasItem("plp"))
                .body("report.stored", equalTo(false));
        given().queryParam("q", "AX-100").when().get("/drives").then().statusCode(200).body("total", equalTo(0));
    }

    @Test
    void pageFittingTwoDrivesStoresNothingAndNamesThem() {
        String url = "https://ark.intel.com/content/www/us/en/ark/products/97161.html";
        int before = drive("intel-optane-p4800x-375gb-u2").getList("specs.plp.alternatives").size();
        post("intel-optane-p4800x-375gb.html", url, Map.of())
                .statusCode(409)
                .contentType("application/problem+json")
                .body("type", equalTo("urn:problem-type:drivecat:conflict"))
                .body("detail", containsString("several drives"))
                .body("detail", containsString("drive=<slug>"))
                .body("candidates", containsInAnyOrder("intel-optane-p4800x-375gb-u2", "intel-optane-p4800x-375gb-aic"))
                .body("report.variants[0].match.outcome", equalTo("AMBIGUOUS"));
        assertThat(drive("intel-optane-p4800x-375gb-u2").getList("specs.plp.alternatives")).hasSize(before);
        assertThat(drive("intel-optane-p4800x-375gb-u2").getString("specs.plp.chosen.source.kind")).isEqualTo("REVIEW");
    }

    @Test
    void aPartNumberInThePageTitleTellsTwoFormFactorsApart() {
        String html = page("intel-optane-p4800x-375gb.html").replace("<title>Intel® Optane™ SSD DC P4800X Series 375GB</title>",
                "<title>Intel® Optane™ SSD DC P4800X Series 375GB, 1/2 Height PCIe x4, 3D XPoint™ SSDPED1K375GA</title>");
        postHtml(html, "https://ark.intel.com/content/www/us/en/ark/products/97154.html", Map.of("dryRun", "true"))
                .statusCode(200)
                .body("variants[0].match.outcome", equalTo("MATCHED"))
                .body("variants[0].match.drive", equalTo("intel-optane-p4800x-375gb-aic"))
                .body("variants[0].match.reason", containsString("title"))
                .body("variants[0].match.reason", containsString("SSDPED1K375GA"));
        // named for the U.2 drive, a title naming only the card's part number is refused
        postHtml(html, "https://ark.intel.com/content/www/us/en/ark/products/97154.html", Map.of("drive", "intel-optane-p4800x-375gb-u2"))
                .statusCode(409)
                .body("detail", containsString("title or heading"))
                .body("owner", equalTo("intel-optane-p4800x-375gb-aic"));
    }

    @Test
    void dryRunPreviewsEverythingARealImportStoresDerivedValuesIncludedAndStoresNothing() {
        // "3 DWPD (5 years)" on a 400 GB drive: a real import derives 3 × 0.4 TB × 365 × 5 = 2190 TBW
        String html = page("acme-ax100-400gb.html").replace("AX-100", "AX-200");
        String url = "https://acme.example/products/ax-200";
        JsonPath preview = postHtml(html, url, Map.of("dryRun", "true", "create", "true"))
                .statusCode(200)
                .body("dryRun", equalTo(true))
                .body("stored", equalTo(false))
                .body("variants[0].match.outcome", equalTo("WOULD_CREATE"))
                .body("variants[0].match.drive", equalTo("acme-ax-200-400gb-sas"))
                .body("variants[0].values.stored", everyItem(equalTo("WOULD_ADD")))
                .body("variants[0].derived.find { it.field == 'tbw' }.value", equalTo(2190))
                .body("variants[0].derived.find { it.field == 'tbw' }.derivedFrom", containsString("(not yet stored)"))
                .extract().jsonPath();
        given().when().get("/drives/acme-ax-200-400gb-sas").then().statusCode(404);
        int wouldAdd = preview.getInt("variants[0].added");
        assertThat(wouldAdd).isEqualTo(preview.getList("variants[0].values").size());

        JsonPath real = postHtml(html, url, Map.of("create", "true")).statusCode(200).extract().jsonPath();
        assertThat(real.getInt("variants[0].added")).isEqualTo(wouldAdd);
        assertThat(real.getList("variants[0].derived.field", String.class))
                .isEqualTo(preview.getList("variants[0].derived.field", String.class));
        assertThat(real.getList("variants[0].derived.wording", String.class))
                .isEqualTo(preview.getList("variants[0].derived.wording", String.class));
        assertThat(drive("acme-ax-200-400gb-sas").getInt("specs.tbw.chosen.value")).isEqualTo(2190);

        // once stored, a dry run of the same page finds every value already there and the same derivation
        postHtml(html, url, Map.of("dryRun", "true"))
                .statusCode(200)
                .body("variants[0].match.outcome", equalTo("MATCHED"))
                .body("variants[0].values.stored", everyItem(equalTo("UNCHANGED")))
                .body("variants[0].added", equalTo(0))
                .body("variants[0].derived.find { it.field == 'tbw' }.value", equalTo(2190))
                .body("variants[0].derived.find { it.field == 'tbw' }.derivedFrom", not(containsString("not yet stored")));
    }

    @Test
    void pageWithoutAPlpRowIsNotStatedOnAVendorPageOnly() {
        post("crucial-mx100-256gb.html", "https://www.crucial.com/ssd/mx100/CT256MX100SSD1", Map.of("dryRun", "true"))
                .statusCode(200)
                .body("variants[0].match.drive", equalTo("crucial-mx100-256gb-sata"))
                .body("variants[0].match.reason", containsString("CT256MX100SSD1"))
                .body("variants[0].values.find { it.field == 'plp' }.value", equalTo("NOT_STATED"))
                .body("variants[0].values.find { it.field == 'plp' }.label", nullValue())
                .body("variants[0].values.find { it.field == 'plp' }.wording", containsString("no power-loss protection entry"));
        // the same page as a review: its silence is not read
        post("crucial-mx100-256gb.html", "https://www.crucial.com/ssd/mx100/CT256MX100SSD1", Map.of("dryRun", "true", "kind", "REVIEW"))
                .statusCode(200)
                .body("kind", equalTo("REVIEW"))
                .body("variants[0].values.field", not(hasItem("plp")));
    }

    @Test
    void explicitDriveSkipsMatchingButRefusesAPageWhosePartNumberIsAnotherDrives() {
        String url = "https://ark.intel.com/content/www/us/en/ark/products/71913.html";
        post("intel-dc-s3700-100gb.html", url, Map.of("drive", "intel-dc-s3500-80gb-sata"))
                .statusCode(409)
                .contentType("application/problem+json")
                .body("detail", containsString("SSDSC2BA100G3T"))
                .body("detail", containsString("intel-dc-s3700-100gb-sata"))
                .body("owner", equalTo("intel-dc-s3700-100gb-sata"));
        assertThat(drive("intel-dc-s3500-80gb-sata").getList("specs.plp.alternatives.source.kind", String.class)).doesNotContain("VENDOR_PAGE");

        post("intel-dc-s3700-100gb.html", url, Map.of("drive", "intel-dc-s3700-100gb-sata"))
                .statusCode(200)
                .body("variants[0].match.outcome", equalTo("NAMED"))
                .body("variants[0].match.drive", equalTo("intel-dc-s3700-100gb-sata"))
                .body("variants[0].values.find { it.field == 'dwpd' }.value", equalTo(10))
                .body("variants[0].values.find { it.field == 'warrantyYears' }.wording",
                        equalTo("Endurance Rating (Lifetime Writes): 10 drive writes per day for 5 years"));
        JsonPath d = drive("intel-dc-s3700-100gb-sata");
        assertThat(d.getString("specs.dwpd.chosen.source.kind")).isEqualTo("VENDOR_PAGE");
        // no source states a TBW: it is derived from the vendor's 10 DWPD over 5 years, 0.1 TB × 10 × 365 × 5
        assertThat(d.getInt("specs.tbw.chosen.value")).isEqualTo(1825);
        assertThat(d.getBoolean("specs.tbw.chosen.derived")).isTrue();
        assertThat(d.getString("media")).isEqualTo("mlc");
    }

    @Test
    void createWithoutEnoughIdentityIsA400NamingWhatIsMissing() {
        String html = "<html><head><title>Spec sheet</title></head><body><table>"
                + "<tr><td>Capacity</td><td>960 GB</td></tr><tr><td>Endurance</td><td>1 DWPD</td></tr>"
                + "<tr><td>Power Loss Protection</td><td>Yes</td></tr></table></body></html>";
        postHtml(html, "https://example.org/sheet", Map.of("create", "true"))
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("does not state"))
                .body("parameter", equalTo("create"))
                .body("missing", containsInAnyOrder("vendor", "model", "interface", "formFactor"))
                .body("detail", containsString("vendor="));
    }

    // --- parameters and bodies ----------------------------------------------------------

    @Test
    void rejectsMissingOrMalformedUrl() {
        admin().contentType("text/html").body(page("acme-ax100-400gb.html")).when().post(PAGES)
                .then().statusCode(400).contentType("application/problem+json")
                .body("parameter", equalTo("url")).body("detail", containsString("url is required"));
        admin().contentType("text/html").body(page("acme-ax100-400gb.html")).queryParam("url", "ark.intel.com/x").when().post(PAGES)
                .then().statusCode(400).body("parameter", equalTo("url")).body("detail", containsString("absolute http(s) URL"));
    }

    @Test
    void rejectsDerivedKindAndUnknownKindNamingTheAllowedOnes() {
        post("acme-ax100-400gb.html", "https://acme.example/x", Map.of("kind", "DERIVED", "dryRun", "true"))
                .statusCode(400).body("parameter", equalTo("kind"))
                .body("allowed", contains("VENDOR_PAGE", "VENDOR_DATASHEET", "REVIEW", "MEASUREMENT"));
        post("acme-ax100-400gb.html", "https://acme.example/x", Map.of("kind", "BLOG", "dryRun", "true"))
                .statusCode(400).body("parameter", equalTo("kind")).body("detail", containsString("'BLOG'"));
    }

    @Test
    void rejectsContradictoryOrMalformedOptions() {
        post("acme-ax100-400gb.html", "https://acme.example/x", Map.of("create", "true", "drive", "intel-dc-s3700-100gb-sata"))
                .statusCode(400).body("parameter", equalTo("create"));
        post("acme-ax100-400gb.html", "https://acme.example/x", Map.of("drive", "no-such-drive"))
                .statusCode(400).body("parameter", equalTo("drive")).body("detail", containsString("no-such-drive"));
        post("acme-ax100-400gb.html", "https://acme.example/x", Map.of("dryRun", "maybe"))
                .statusCode(400).body("parameter", equalTo("dryRun")).body("detail", containsString("true or false"));
        post("acme-ax100-400gb.html", "https://acme.example/x", Map.of("retrievedAt", "yesterday"))
                .statusCode(400).body("parameter", equalTo("retrievedAt"));
        post("acme-ax100-400gb.html", "https://acme.example/x", Map.of("dictionary", "toshiba"))
                .statusCode(400).body("parameter", equalTo("dictionary")).body("allowed", hasItem("generic"));
        post("acme-ax100-400gb.html", "https://acme.example/x", Map.of("slug", "acme-ax100"))
                .statusCode(400).body("parameter", equalTo("slug")).body("detail", containsString("create=true"));
    }

    @Test
    void namedDictionaryOverridesRecognition() {
        post("acme-ax100-400gb.html", "https://acme.example/x", Map.of("dictionary", "intel", "dryRun", "true"))
                .statusCode(200)
                .body("dictionary.id", equalTo("intel"))
                .body("dictionary.recognisedBy", equalTo("named by the request"));
    }

    @Test
    void requiresTheAdminToken() {
        given().contentType("text/html").body(page("acme-ax100-400gb.html")).queryParam("url", "https://acme.example/x")
                .when().post(PAGES).then().statusCode(401).contentType("application/problem+json");
    }

    @Test
    void refusesBodiesThatAreNotHtmlOrTooLarge() {
        admin().contentType("application/json").body("{}").queryParam("url", "https://acme.example/x")
                .when().post(PAGES).then().statusCode(415).contentType("application/problem+json");
        String huge = "<html><body>" + "x".repeat((int) WritesData.MAX_IMPORT_BODY_BYTES) + "</body></html>";
        admin().contentType("text/html").body(huge).queryParam("url", "https://acme.example/x")
                .when().post(PAGES).then().statusCode(413).contentType("application/problem+json")
                .body("maxBytes", equalTo((int) WritesData.MAX_IMPORT_BODY_BYTES));
        admin().contentType("text/html").body("").queryParam("url", "https://acme.example/x")
                .when().post(PAGES).then().statusCode(400).body("detail", containsString("needs a request body"));
    }

    @Test
    void aStructuredImportOverTheCapIsRefusedAsItStreamsIn() {
        String huge = "{\"format\": \"drivecat-import/1\", \"sources\": {\"s\": {\"url\": \"https://x.example/"
                + "x".repeat((int) WritesData.MAX_IMPORT_BODY_BYTES) + "\", \"kind\": \"REVIEW\", \"retrievedAt\": \"2026-11-20\"}}}";
        admin().contentType("application/json").body(huge)
                .when().post("/admin/imports/specs").then().statusCode(413).contentType("application/problem+json")
                .body("maxBytes", equalTo((int) WritesData.MAX_IMPORT_BODY_BYTES));
        admin().contentType("application/json").body("")
                .when().post("/admin/imports/specs").then().statusCode(400).body("detail", containsString("needs a request body"));
    }

    @Test
    void publishesBothEndpointsInTheOpenApiDocument() {
        String doc = given().queryParam("format", "json").when().get("/q/openapi").then().statusCode(200).extract().asString();
        JsonPath api = JsonPath.from(doc);
        Map<String, Object> pages = api.getMap("paths.'/admin/imports/spec-pages'.post");
        Map<String, Object> tables = api.getMap("paths.'/admin/imports/spec-tables'.post");
        assertThat(pages).containsKeys("summary", "description", "parameters", "responses");
        assertThat(tables).containsKeys("summary", "description", "parameters", "responses");
        List<String> names = api.getList("paths.'/admin/imports/spec-pages'.post.parameters.name", String.class);
        assertThat(names).contains("url", "drive", "dryRun", "create", "kind", "retrievedAt");
        assertThat(api.getMap("paths.'/admin/imports/spec-tables'.post.requestBody.content")).containsKeys("text/csv", "application/json");
        assertThat(api.getMap("paths.'/admin/imports/spec-pages'.post.responses")).containsKeys("200", "400", "401", "409", "413", "415");
        assertThat(doc).contains("SpecSourceImport");
        assertThat(api.getMap("components.schemas.SpecSourceValue")).isNotNull();
    }
}
