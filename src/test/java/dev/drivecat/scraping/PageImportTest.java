package dev.drivecat.scraping;

import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import dev.drivecat.testing.WritesData;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A page saved by a browser goes through the scrape's parser and storage path. */
@QuarkusTest
@TestProfile(WritesData.class)
class PageImportTest {

    static String page(String name) throws Exception {
        return Files.readString(Path.of("src/test/resources/fixtures/scrape", name), StandardCharsets.UTF_8);
    }

    static String marketplacePage(String name) throws Exception {
        return Files.readString(Path.of("src/test/resources/fixtures/marketplaces", name), StandardCharsets.UTF_8);
    }

    @Test
    void aSavedPageOfAnItemForPartsPricesNothingAndItsListingLosesItsOffer() throws Exception {
        String forParts = marketplacePage("ebay/item-for-parts.html").replace("256000000911", "256000000912")
                .replace("800GB U.2", "800GB PCIe AIC");
        String drive = "intel-dc-p3700-800gb-aic";
        admin().contentType("text/html; charset=utf-8").body(forParts.replace("For parts or not working", "Used"))
                .queryParam("url", "https://www.ebay.com/itm/256000000912").queryParam("drive", drive)
                // within the 6 hours eBay's terms let an offer be shown as current (scrapers/ebay.yaml, terms)
                .queryParam("observedAt", java.time.Instant.now().minus(java.time.Duration.ofHours(2)).toString())
                .when().post("/admin/imports/pages").then().statusCode(200)
                .body("outcome", equalTo("PARSED")).body("stored", equalTo(true)).body("offers[0].condition", equalTo("USED"));
        given().when().get("/drives/" + drive).then().statusCode(200)
                .body("listings.find { it.externalId == '256000000912' }.current.price", equalTo(24.99f));

        admin().contentType("text/html; charset=utf-8").body(forParts)
                .queryParam("url", "https://www.ebay.com/itm/256000000912")
                .queryParam("observedAt", java.time.Instant.now().minus(java.time.Duration.ofHours(1)).toString())
                .when().post("/admin/imports/pages").then().statusCode(200)
                .body("outcome", equalTo("NO_OFFER"))
                .body("externalId", equalTo("256000000912"))
                .body("reason", equalTo("FOR_PARTS: the item is for parts or not working (the condition says \"For parts or not working\"): "
                        + "no drive to buy and use, so it is never priced"))
                .body("stored", equalTo(false))
                .body("offers", hasSize(0))
                .body("note", equalTo("The item is for parts or not working: nothing was priced, and its listing ended: "
                        + "it no longer has a current offer."));
        given().when().get("/drives/" + drive).then().statusCode(200)
                .body("listings.find { it.externalId == '256000000912' }.current", nullValue());
        given().when().get("/drives/" + drive + "/prices").then().statusCode(200)
                .body("observations.findAll { it.externalId == '256000000912' }", hasSize(1));
    }

    @Test
    void aSavedPageChangesTheBestOfferAndPostingItTwiceStoresOneObservation() throws Exception {
        String html = page("p4800x-third-party.html");
        admin().contentType("text/html; charset=utf-8").body(html)
                .queryParam("url", "https://www.amazon.com/dp/B0E2ETEST1")
                .queryParam("drive", "intel-optane-p4800x-375gb-u2")
                .queryParam("observedAt", "2026-11-28T09:30:00Z")
                .when().post("/admin/imports/pages")
                .then().statusCode(200)
                .body("outcome", equalTo("PARSED"))
                .body("stored", equalTo(true))
                .body("marketplace", equalTo("amazon-us"))
                .body("offers", hasSize(1))
                .body("offers[0].price", equalTo(399.00f))
                .body("offers[0].currency", equalTo("USD"))
                .body("offers[0].seller", equalTo("Kestrel Components"))
                .body("offers[0].condition", equalTo("NEW_OLD_STOCK"))
                .body("offers[0].added", equalTo(true));

        given().when().get("/drives/intel-optane-p4800x-375gb-u2").then().statusCode(200)
                .body("bestOffer.price", equalTo(399.00f))
                .body("bestOffer.observedAt", equalTo("2026-11-28T09:30:00Z"));

        admin().contentType("text/html").body(html)
                .queryParam("url", "https://www.amazon.com/dp/B0E2ETEST1")
                .queryParam("drive", "intel-optane-p4800x-375gb-u2")
                .queryParam("observedAt", "2026-11-28T09:30:00Z")
                .when().post("/admin/imports/pages")
                .then().statusCode(200)
                .body("offers[0].added", equalTo(false));
        given().when().get("/drives/intel-optane-p4800x-375gb-u2/prices").then().statusCode(200)
                .body("observations.findAll { it.externalId == 'B0E2ETEST1' }", hasSize(1));
    }

    @Test
    void aMissingUrlAnAlienPathAndAFutureObservedAtAre400sNamingTheirParameter() throws Exception {
        String html = page("p4800x-third-party.html");
        admin().contentType("text/html").body(html).queryParam("url", "")
                .when().post("/admin/imports/pages")
                .then().statusCode(400).body("parameter", equalTo("url")).body("allowed", hasItem("www.amazon.com"));
        admin().contentType("text/html").body(html).queryParam("url", "https://www.amazon.com/gp/help/customer")
                .when().post("/admin/imports/pages")
                .then().statusCode(400).body("parameter", equalTo("url"));
        admin().contentType("text/html").body(html).queryParam("url", "https://www.amazon.com/dp/B0E2ETEST1")
                .queryParam("observedAt", "2999-01-01T00:00:00Z")
                .when().post("/admin/imports/pages")
                .then().statusCode(400).body("parameter", equalTo("observedAt"));
    }

    static void importDriveWithPartNumber(String slug, String partNumber) {
        admin().contentType("application/json").body("""
                {"format": "drivecat-import/1",
                 "sources": {"v": {"url": "https://acme.example/%1$s", "kind": "VENDOR_PAGE", "retrievedAt": "2026-12-01"}},
                 "drives": [{"slug": "%1$s", "vendor": "Acme", "model": "T1", "capacityGb": 400, "interface": "sata",
                             "formFactor": "2.5in", "partNumbers": ["%2$s"]}]}
                """.formatted(slug, partNumber)).when().post("/admin/imports/specs").then().statusCode(200);
    }

    @Test
    void aPageImportWithoutADriveIsMatchedByAPartNumberInItsTitle() throws Exception {
        importDriveWithPartNumber("acme-t1-400gb-sata", "ACT1-400G");
        String html = page("p4800x-third-party.html").replace("B0E2ETEST1", "B0E2EPN001")
                .replace("Intel Optane SSD DC P4800X Series 375GB 2.5in U.2 PCIe x4 3D XPoint", "Acme T1 400GB SATA (ACT1-400G)");
        admin().contentType("text/html").body(html)
                .queryParam("url", "https://www.amazon.com/dp/B0E2EPN001")
                .when().post("/admin/imports/pages")
                .then().statusCode(200)
                .body("stored", equalTo(true))
                .body("drive", equalTo("acme-t1-400gb-sata"))
                .body("note", containsString("ACT1-400G"))
                .body("partNumberWarning", nullValue());
        given().when().get("/drives/acme-t1-400gb-sata/prices").then().statusCode(200)
                .body("observations.externalId", hasItem("B0E2EPN001"));
    }

    @Test
    void aPageImportWhoseTitleNamesAnotherDrivesPartNumberIsStoredAndFlagged() throws Exception {
        importDriveWithPartNumber("acme-t2-400gb-sata", "ACT2-400G");
        String html = page("p4800x-third-party.html").replace("B0E2ETEST1", "B0E2EPN002")
                .replace("Intel Optane SSD DC P4800X Series 375GB", "Acme T2 400GB ACT2-400G");
        admin().contentType("text/html").body(html)
                .queryParam("url", "https://www.amazon.com/dp/B0E2EPN002")
                .queryParam("drive", "intel-optane-p4800x-375gb-u2")
                .when().post("/admin/imports/pages")
                .then().statusCode(200)
                .body("stored", equalTo(true))
                .body("drive", equalTo("intel-optane-p4800x-375gb-u2"))
                .body("partNumberWarning", containsString("ACT2-400G"))
                .body("partNumberWarning", containsString("acme-t2-400gb-sata"));
    }

    @Test
    void theAnswerNamesTheLayoutThatReadThePageAndWhereStructuredDataDisagreed() throws Exception {
        admin().contentType("text/html; charset=utf-8").body(marketplacePage("ebay/item-bin-foreign-currency.html"))
                .queryParam("url", "https://www.ebay.com/itm/123456789012")
                .when().post("/admin/imports/pages")
                .then().statusCode(200)
                .body("outcome", equalTo("PARSED"))
                .body("layout", equalTo("x-price"))
                .body("disagreements", hasSize(1))
                .body("disagreements[0].field", equalTo("currency"))
                .body("disagreements[0].page", equalTo("1250.00 EUR"))
                .body("disagreements[0].kept", equalTo("page"))
                .body("offers[0].price", equalTo(1250.00f))
                .body("offers[0].currency", equalTo("EUR"));
        given().when().get("/q/metrics").then().statusCode(200).body(containsString(
                "drivecat_scrape_parses_total{layout=\"x-price\",result=\"parsed\",site=\"ebay\",source=\"import\"}"));
    }

    @Test
    void aPageNoLayoutReadsIsUnprocessableAndNamesTheLayoutsTried() throws Exception {
        admin().contentType("text/html").body(marketplacePage("amazon/unknown-layout.html"))
                .queryParam("url", "https://www.amazon.com/dp/B0TESTUNK1")
                .when().post("/admin/imports/pages")
                .then().statusCode(422)
                .contentType("application/problem+json")
                .body("outcome", equalTo("PARSE_FAILED"))
                .body("detail", containsString("no layout of scrapers/amazon.yaml found an offer"))
                .body("detail", containsString("core-price: the featured offer (qualifiedBuybox) shows no price"))
                .body("detail", containsString("classic-priceblock: not tried"));
    }

    @Test
    void aRobotCheckStoresNothingAndSaysWhy() throws Exception {
        admin().contentType("text/html").body(page("robot-check.html"))
                .queryParam("url", "https://www.amazon.com/dp/B0E2ETEST2")
                .queryParam("drive", "intel-optane-p4800x-375gb-u2")
                .when().post("/admin/imports/pages")
                .then().statusCode(200)
                .body("outcome", equalTo("BLOCKED"))
                .body("layout", equalTo("none"))
                .body("reason", org.hamcrest.Matchers.not(org.hamcrest.Matchers.emptyOrNullString()))
                .body("stored", equalTo(false))
                .body("offers", hasSize(0));
        given().when().get("/drives/intel-optane-p4800x-375gb-u2/prices").then().statusCode(200)
                .body("observations.findAll { it.externalId == 'B0E2ETEST2' }", hasSize(0));
    }

    @Test
    void anUnreadablePageIs422AndStoresNothing() throws Exception {
        admin().contentType("text/html").body(page("layout-changed.html"))
                .queryParam("url", "https://www.amazon.com/dp/B0E2ETEST3")
                .queryParam("drive", "intel-optane-p4800x-375gb-u2")
                .when().post("/admin/imports/pages")
                .then().statusCode(422)
                .contentType("application/problem+json")
                .body("outcome", equalTo("PARSE_FAILED"))
                .body("detail", containsString("Nothing was stored"));
        given().when().get("/drives/intel-optane-p4800x-375gb-u2/prices").then().statusCode(200)
                .body("observations.findAll { it.externalId == 'B0E2ETEST3' }", hasSize(0));
    }

    @Test
    void aZeroPriceIsNoPriceSoAnInStockPageIs422NotAServerError() throws Exception {
        admin().contentType("text/html").body(page("p4800x-third-party.html").replace("$399.00", "$0.00")
                        .replace("B0E2ETEST1", "B0E2EZERO1"))
                .queryParam("url", "https://www.amazon.com/dp/B0E2EZERO1")
                .queryParam("drive", "intel-optane-p4800x-375gb-aic")
                .when().post("/admin/imports/pages")
                .then().statusCode(422)
                .contentType("application/problem+json")
                .body("detail", containsString("'$0.00' is not a price above zero"))
                .body("detail", containsString("Nothing was stored"));
    }

    @Test
    void aPriceOnAPageThatSaysNothingAboutStockIsStoredWithStockUnknownAndIsNoBestOffer() throws Exception {
        String html = page("p4800x-third-party.html").replace("B0E2ETEST1", "B0E2ESTOCK").replace("$399.00", "$9.00")
                .replaceAll("(?s)<div id=\"availability\".*?</div>", "")
                .replaceAll("<input id=\"add-to-cart-button\"[^>]*>", "");
        admin().contentType("text/html").body(html)
                .queryParam("url", "https://www.amazon.com/dp/B0E2ESTOCK")
                .queryParam("drive", "samsung-pm9a3-960gb-u2")
                .queryParam("observedAt", "2026-11-28T10:00:00Z")
                .when().post("/admin/imports/pages")
                .then().statusCode(200)
                .body("stored", equalTo(true))
                .body("offers[0].price", equalTo(9.00f))
                .body("offers[0].inStock", nullValue());

        given().when().get("/drives/samsung-pm9a3-960gb-u2/prices").then().statusCode(200)
                .body("observations.find { it.externalId == 'B0E2ESTOCK' }.price", equalTo(9.00f))
                .body("observations.find { it.externalId == 'B0E2ESTOCK' }.inStock", nullValue());
        given().when().get("/drives/samsung-pm9a3-960gb-u2").then().statusCode(200)
                .body("bestOffer.externalId", not(equalTo("B0E2ESTOCK")));
    }

    @Test
    void aPageWhoseListingSellsAnotherDriveIs409NamingThatDriveAndStoresNothing() throws Exception {
        String html = page("p4800x-third-party.html").replace("B0E2ETEST1", "B0E2ECONF1");
        admin().contentType("text/html").body(html)
                .queryParam("url", "https://www.amazon.com/dp/B0E2ECONF1")
                .queryParam("drive", "micron-7450-pro-960gb-m2")
                .queryParam("observedAt", "2026-11-28T11:00:00Z")
                .when().post("/admin/imports/pages")
                .then().statusCode(200).body("stored", equalTo(true));

        admin().contentType("text/html").body(html)
                .queryParam("url", "https://www.amazon.com/dp/B0E2ECONF1")
                .queryParam("drive", "kingston-dc600m-480gb-sata")
                .queryParam("observedAt", "2026-11-28T12:00:00Z")
                .when().post("/admin/imports/pages")
                .then().statusCode(409)
                .contentType("application/problem+json")
                .body("listingDrive", equalTo("micron-7450-pro-960gb-m2"))
                .body("detail", containsString("sells drive 'micron-7450-pro-960gb-m2'"));
        given().when().get("/drives/kingston-dc600m-480gb-sata/prices").then().statusCode(200)
                .body("observations.findAll { it.externalId == 'B0E2ECONF1' }", hasSize(0));
        given().when().get("/drives/micron-7450-pro-960gb-m2/prices").then().statusCode(200)
                .body("observations.findAll { it.externalId == 'B0E2ECONF1' }", hasSize(1));
    }

    @Test
    void aSavedPageIsReadInTheCharsetItDeclaresNotTheOneTheUploadToolAddedToTheContentType() throws Exception {
        byte[] windows1252 = page("p4800x-third-party.html").replace("B0E2ETEST1", "B0E2ECHARS")
                .replace("<meta charset=\"utf-8\">", "<meta charset=\"windows-1252\">")
                .replace("$399.00", "399,00 €").replace("Kestrel Components", "Müller Komponenten")
                .getBytes(java.nio.charset.Charset.forName("windows-1252"));
        admin().contentType("text/html; charset=utf-8").body(windows1252)
                .queryParam("url", "https://www.amazon.de/dp/B0E2ECHARS")
                .queryParam("drive", "intel-optane-p4800x-375gb-aic")
                .when().post("/admin/imports/pages")
                .then().statusCode(200)
                .body("marketplace", equalTo("amazon-de"))
                .body("offers[0].price", equalTo(399.00f))
                .body("offers[0].currency", equalTo("EUR"))
                .body("offers[0].seller", equalTo("Müller Komponenten"));
    }

    @Test
    void aPageOfAnotherItemThanItsUrlNamesIs422AndStoresNothing() throws Exception {
        String html = page("p4800x-third-party.html").replace("B0E2ETEST1", "B0E2ESWAP3");
        for (String drive : new String[] {"intel-optane-p4800x-375gb-aic", ""}) {
            admin().contentType("text/html").body(html)
                    .queryParam("url", "https://www.amazon.com/dp/B0E2ESWAP4")
                    .queryParam("drive", drive)
                    .when().post("/admin/imports/pages")
                    .then().statusCode(422)
                    .contentType("application/problem+json")
                    .body("pageExternalId", equalTo("B0E2ESWAP3"))
                    .body("urlExternalId", equalTo("B0E2ESWAP4"))
                    .body("detail", containsString("The page is item B0E2ESWAP3 on amazon-us, but its URL names item B0E2ESWAP4"))
                    .body("detail", containsString("Nothing was stored"));
        }
        given().when().get("/drives/intel-optane-p4800x-375gb-aic/prices").then().statusCode(200)
                .body("observations.externalId", not(hasItem("B0E2ESWAP3")))
                .body("observations.externalId", not(hasItem("B0E2ESWAP4")));
    }

    @Test
    void aUrlNamingTheSelectedVariationIsTheItemThePageShowsButItsParentIsNot() throws Exception {
        String html = marketplacePage("amazon/sold-by-amazon.html");
        admin().contentType("text/html").body(html)
                .queryParam("url", "https://www.amazon.com/dp/B0TESTP160")
                .when().post("/admin/imports/pages")
                .then().statusCode(200)
                .body("outcome", equalTo("PARSED"))
                .body("externalId", equalTo("B0TESTP160"))
                .body("offers[0].price", equalTo(74.99f));
        admin().contentType("text/html").body(html)
                .queryParam("url", "https://www.amazon.com/Optane-P1600X-118GB/dp/B0TESTPARN")
                .when().post("/admin/imports/pages")
                .then().statusCode(422)
                .body("pageExternalId", equalTo("B0TESTP160"))
                .body("urlExternalId", equalTo("B0TESTPARN"));
    }

    @Test
    void withoutADriveAPageIsStoredForTheDriveItsTitleNamesByModelCapacityAndFormFactor() throws Exception {
        // a price no best offer of the profile's other tests is above
        admin().contentType("text/html").body(page("p4800x-third-party.html").replace("B0E2ETEST1", "B0E2ETEST5").replace("$399.00", "$3,990.00"))
                .queryParam("url", "https://www.amazon.com/dp/B0E2ETEST5")
                .when().post("/admin/imports/pages")
                .then().statusCode(200)
                .body("stored", equalTo(true))
                .body("drive", equalTo("intel-optane-p4800x-375gb-u2"))
                .body("note", containsString("the form factor U.2"))
                .body("offers[0].price", equalTo(3990.00f));
    }

    @Test
    void withoutADriveAnItemWhoseTitleNamesNoOneCatalogDriveIsParsedButNotStored() throws Exception {
        admin().contentType("text/html").body(page("p4800x-third-party.html").replace("B0E2ETEST1", "B0E2ETEST4")
                        .replace("Intel Optane SSD DC P4800X Series 375GB 2.5in U.2 PCIe x4 3D XPoint", "Intel Optane SSD DC P4800X Series"))
                .queryParam("url", "https://www.amazon.com/dp/B0E2ETEST4")
                .when().post("/admin/imports/pages")
                .then().statusCode(200)
                .body("stored", equalTo(false))
                .body("note", containsString("AMBIGUOUS"))
                .body("note", containsString("drive=<slug>"))
                .body("offers[0].price", equalTo(399.00f));
    }

    @Test
    void refusesPagesOfMarketplacesNotInScrapers() {
        admin().contentType("text/html").body("<html></html>")
                .queryParam("url", "https://shop.example/dp/B0E2ETEST1")
                .when().post("/admin/imports/pages")
                .then().statusCode(400)
                .contentType("application/problem+json");
    }
}
