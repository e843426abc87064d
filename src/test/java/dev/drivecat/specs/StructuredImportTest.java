package dev.drivecat.specs;

import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;

import dev.drivecat.testing.WritesData;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(WritesData.class)
class StructuredImportTest {

    static final String DOC = """
            {
              "format": "drivecat-import/1",
              "sources": {
                "vendor": {"url": "https://vendor.example/ssd/x100", "title": "X100 spec page", "kind": "VENDOR_PAGE",
                           "retrievedAt": "2026-11-01T10:00:00Z"},
                "shop": {"url": "https://shop.example/x100", "kind": "REVIEW", "retrievedAt": "2026-11-02"}
              },
              "drives": [{
                "slug": "acme-x100-400gb-u2", "vendor": "Acme", "model": "X100", "capacityGb": 400,
                "interface": "nvme", "formFactor": "u2", "pcieGen": 4, "pcieLanes": 4, "partNumbers": ["acx100-400"],
                "specs": [
                  {"field": "plp", "value": "STATED_YES", "wording": "Power Loss Protection: Yes", "source": "vendor"},
                  {"field": "dwpd", "value": 3, "unit": "DWPD", "wording": "3 DWPD", "source": "vendor"},
                  {"field": "warrantyYears", "value": 5, "wording": "5-year warranty", "source": "vendor"},
                  {"field": "media", "value": "tlc", "wording": "3D TLC NAND", "source": "vendor"}
                ]
              }],
              "listings": [{
                "marketplace": "amazon-us", "externalId": "B0ACMEX100", "url": "https://www.amazon.com/dp/B0ACMEX100",
                "drive": "acme-x100-400gb-u2", "sellerName": "Acme Store", "sellerType": "THIRD_PARTY",
                "fulfilledByMarketplace": true, "condition": "NEW",
                "observations": [
                  {"observedAt": "2026-11-02T08:00:00Z", "price": 199.99, "currency": "USD", "inStock": true, "source": "shop"}
                ]
              }]
            }
            """;

    @Test
    void importsADocumentAndTheSecondImportChangesNothing() {
        admin().contentType(ContentType.JSON).body(DOC)
                .when().post("/admin/imports/specs")
                .then().statusCode(200)
                .body("drivesCreated", equalTo(1))
                .body("specValuesAdded", equalTo(4))
                .body("listingsCreated", equalTo(1))
                .body("observationsAdded", equalTo(1));

        admin().contentType(ContentType.JSON).body(DOC)
                .when().post("/admin/imports/specs")
                .then().statusCode(200)
                .body("drivesCreated", equalTo(0))
                .body("drivesUpdated", equalTo(0))
                .body("specValuesAdded", equalTo(0))
                .body("specValuesUnchanged", equalTo(4))
                .body("listingsCreated", equalTo(0))
                .body("listingsUpdated", equalTo(0))
                .body("observationsAdded", equalTo(0))
                .body("observationsUnchanged", equalTo(1));

        given().when().get("/drives/acme-x100-400gb-u2")
                .then().statusCode(200)
                .body("partNumbers", hasItems("ACX100-400"))
                .body("media", equalTo("tlc"))
                .body("specs.plp.chosen.wording", equalTo("Power Loss Protection: Yes"))
                .body("specs.plp.chosen.source.url", equalTo("https://vendor.example/ssd/x100"))
                .body("specs.plp.chosen.source.kind", equalTo("VENDOR_PAGE"))
                // TBW = 3 DWPD × 0.4 TB × 365 × 5 years, derived and marked so
                .body("specs.tbw.chosen.value", equalTo(2190))
                .body("specs.tbw.chosen.derived", equalTo(true))
                .body("specs.tbw.chosen.derivedFrom", containsString("dwpd #"))
                .body("endurance.tbwDerived", equalTo(true))
                .body("listings", hasSize(1))
                .body("bestOffer.price", equalTo(199.99f))
                .body("bestOffer.seller", equalTo("Acme Store"));
        given().queryParam("q", "acx100").when().get("/drives")
                .then().statusCode(200).body("items.slug", hasItem("acme-x100-400gb-u2"));
    }

    @Test
    void storesProtectionOfDataAtRestOnlyAsItsOwnClass() {
        String doc = """
                {"format": "drivecat-import/1",
                 "sources": {"d": {"url": "https://vendor.example/client-c1.pdf", "kind": "VENDOR_DATASHEET", "retrievedAt": "2026-12-01"}},
                 "drives": [{"slug": "acme-c1-256gb-sata", "vendor": "Acme", "model": "C1", "capacityGb": 256,
                             "interface": "sata", "formFactor": "2.5in",
                             "specs": [{"field": "plp", "value": "DATA_AT_REST_ONLY",
                                        "wording": "Power loss protection for data-at-rest", "source": "d"}]}]}
                """;
        admin().contentType(ContentType.JSON).body(doc).when().post("/admin/imports/specs").then().statusCode(200);
        given().queryParam("plp", "DATA_AT_REST_ONLY").when().get("/drives").then().statusCode(200)
                .body("items.slug", hasItem("acme-c1-256gb-sata"))
                .body("items.find { it.slug == 'acme-c1-256gb-sata' }.plp.class", equalTo("DATA_AT_REST_ONLY"));
    }

    @Test
    void rejectsAMalformedDocumentWholeAndPointsAtEveryBadPart() {
        String bad = """
                {
                  "format": "drivecat-import/1",
                  "sources": {"v": {"url": "https://vendor.example/y", "kind": "VENDOR_PAGE", "retrievedAt": "2026-11-01"}},
                  "drives": [
                    {"slug": "acme-y200-800gb-u2", "vendor": "Acme", "model": "Y200", "capacityGb": 800,
                     "interface": "nvme", "formFactor": "u2",
                     "specs": [{"field": "plp", "value": "STATED_YES", "wording": "PLP: Yes", "source": "v"}]},
                    {"slug": "acme-y200-1600gb-u2", "vendor": "Acme", "model": "Y200", "capacityGb": 1600,
                     "interface": "floppy", "formFactor": "u2",
                     "specs": [{"field": "plp", "value": "MAYBE", "wording": "PLP: perhaps", "source": "nowhere"}]}
                  ]
                }
                """;
        admin().contentType(ContentType.JSON).body(bad)
                .when().post("/admin/imports/specs")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("nothing was stored"))
                .body("errors.pointer", hasItems("/drives/1/interface", "/drives/1/specs/0/value", "/drives/1/specs/0/source"))
                .body("errors.find { it.pointer == '/drives/1/interface' }.message", containsString("allowed: sata, sas, nvme"));
        // the valid first drive was not stored either
        given().when().get("/drives/acme-y200-800gb-u2").then().statusCode(404);
    }

    @Test
    void membersThatMustHoldSomethingAreCheckedByTheirConstraintsAtTheirPointer() {
        String doc = """
                {"format": "drivecat-import/1",
                 "sources": {"v": {"url": "https://vendor.example/w", "kind": "VENDOR_PAGE", "retrievedAt": "2026-11-01"}},
                 "drives": [{"slug": "Acme W1", "vendor": "Acme", "model": "W1", "capacityGb": 100, "interface": "sata", "formFactor": "2.5in"},
                            {"slug": "acme-w2-100gb-sata", "vendor": "Acme", "model": "W2", "capacityGb": 100, "interface": "sata",
                             "formFactor": "2.5in", "specs": [{"field": "plp", "value": "STATED_YES", "wording": " ", "source": "v"}]}]}
                """;
        admin().contentType(ContentType.JSON).body(doc).when().post("/admin/imports/specs")
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors.pointer", hasItems("/drives/0/slug", "/drives/1/specs/0/wording"))
                .body("errors.find { it.pointer == '/drives/0/slug' }.message", containsString("lower-case words"));
        given().when().get("/drives/acme-w2-100gb-sata").then().statusCode(404);
    }

    @Test
    void rejectsNumbersTooLargeOrTooPreciseToStoreInsteadOfRoundingThem() {
        String doc = """
                {
                  "format": "drivecat-import/1",
                  "sources": {"v": {"url": "https://vendor.example/z", "kind": "VENDOR_PAGE", "retrievedAt": "2026-11-01"}},
                  "drives": [
                    {"slug": "acme-z300-800gb-u2", "vendor": "Acme", "model": "Z300", "capacityGb": 800,
                     "interface": "nvme", "formFactor": "u2",
                     "specs": [{"field": "dwpd", "value": 3.123456, "wording": "DWPD: 3.123456", "source": "v"},
                               {"field": "tbw", "value": 123456789012345, "wording": "TBW: a lot", "source": "v"}]}
                  ]
                }
                """;
        admin().contentType(ContentType.JSON).body(doc)
                .when().post("/admin/imports/specs")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("errors.pointer", hasItems("/drives/0/specs/0/value", "/drives/0/specs/1/value"))
                .body("errors.find { it.pointer == '/drives/0/specs/0/value' }.message", containsString("4 after"));
        given().when().get("/drives/acme-z300-800gb-u2").then().statusCode(404);
    }

    @Test
    void rejectsUnknownMembersInsteadOfDroppingThem() {
        String typo = """
                {"format": "drivecat-import/1", "sources": {},
                 "drives": [{"slug": "acme-z1-100gb-sata", "vendor": "Acme", "model": "Z1", "capacityGb": 100,
                             "interface": "sata", "formFactor": "2.5in", "capacityTb": 0.1}]}
                """;
        admin().contentType(ContentType.JSON).body(typo)
                .when().post("/admin/imports/specs")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("errors[0].pointer", equalTo("/drives/0/capacityTb"))
                .body("errors[0].message", containsString("capacityTb"));
        given().when().get("/drives/acme-z1-100gb-sata").then().statusCode(404);
    }

    @Test
    void rejectsBrokenJsonWithItsPosition() {
        admin().contentType(ContentType.JSON).body("{\"format\": \"drivecat-import/1\", \"drives\": [")
                .when().post("/admin/imports/specs")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("line 1"));
    }

    @Test
    void rejectsAListingThatWouldMoveToAnotherDrive() {
        String moved = """
                {"format": "drivecat-import/1",
                 "sources": {"g": {"url": "urn:drivecat:source:test", "kind": "REVIEW", "retrievedAt": "2026-11-01"}},
                 "listings": [{"marketplace": "amazon-us", "externalId": "guide-2026-10-21/intel-optane-p4800x-375gb-u2",
                               "drive": "intel-optane-900p-280gb-aic"}]}
                """;
        admin().contentType(ContentType.JSON).body(moved)
                .when().post("/admin/imports/specs")
                .then().statusCode(400)
                .body("errors[0].pointer", equalTo("/listings/0/drive"))
                .body("errors[0].message", containsString("cannot move"));
    }

    @Test
    void putsAListingsPageOnTheWatchListWhenAsked() {
        String doc = """
                {"format": "drivecat-import/1", "sources": {},
                 "listings": [{"marketplace": "amazon-us", "externalId": "B0WATCHME1", "url": "https://www.amazon.com/dp/B0WATCHME1",
                               "drive": "intel-optane-900p-280gb-aic", "watch": true}]}
                """;
        admin().contentType(ContentType.JSON).body(doc).when().post("/admin/imports/specs")
                .then().statusCode(200).body("pagesWatched", equalTo(1));
        admin().contentType(ContentType.JSON).body(doc).when().post("/admin/imports/specs")
                .then().statusCode(200).body("pagesWatched", equalTo(0));
        admin().queryParam("drive", "intel-optane-900p-280gb-aic").when().get("/admin/listings")
                .then().statusCode(200)
                .body("externalId", hasItem("B0WATCHME1"))
                .body("find { it.externalId == 'B0WATCHME1' }.active", equalTo(true));

        admin().contentType(ContentType.JSON).body(doc.replace("https://www.amazon.com/dp/B0WATCHME1", "https://shop.example/item/1")
                        .replace("B0WATCHME1", "SHOP-1"))
                .when().post("/admin/imports/specs")
                .then().statusCode(400)
                .body("errors[0].pointer", equalTo("/listings/0/url"))
                .body("errors[0].message", containsString("scrapers/"));
    }

    @Test
    void refusesImportsWithoutTheAdminToken() {
        given().contentType(ContentType.JSON).body(DOC)
                .when().post("/admin/imports/specs")
                .then().statusCode(401)
                .contentType("application/problem+json")
                .header("WWW-Authenticate", containsString("Bearer"));
        given().header("Authorization", "Bearer not-the-token").contentType(ContentType.JSON).body(DOC)
                .when().post("/admin/imports/specs")
                .then().statusCode(401)
                .body("detail", containsString("not the admin token"));
    }

    @Test
    void guardsAdminPathsThatDoNotExistToo() {
        given().when().get("/admin/no-such-thing").then().statusCode(401);
        admin().when().get("/admin/no-such-thing").then().statusCode(404);
    }
}
