package dev.drivecat.catalog;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.oneOf;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

@QuarkusTest
class CatalogApiTest {

    @Test
    void busNarrowsAnInterfaceToM2NvmeOrM2Sata() {
        given().when().get("/drives?interface=m2&bus=nvme&limit=100").then().statusCode(200)
                .body("items", not(empty()))
                .body("items.interface", everyItem(equalTo("nvme")))
                .body("items.formFactor", everyItem(startsWith("m2")));
        given().when().get("/drives?interface=m2&bus=sata&limit=100").then().statusCode(200)
                .body("items.interface", everyItem(equalTo("sata")));
        given().when().get("/drives?bus=floppy").then().statusCode(400).body("parameter", equalTo("bus"));
    }

    @Test
    void formFactorMediaAndVendorFiltersCombineWithAnd() {
        given().queryParam("formFactor", "u2").queryParam("media", "3d-xpoint").queryParam("vendor", "INTEL").queryParam("limit", "100")
                .when().get("/drives").then().statusCode(200)
                .body("items.slug", hasItem("intel-optane-p4800x-375gb-u2"))
                .body("items.formFactor", everyItem(equalTo("u2")))
                .body("items.media", everyItem(equalTo("3d-xpoint")))
                .body("items.vendor", everyItem(equalTo("Intel")));
        given().queryParam("formFactor", "u2").queryParam("media", "qlc").queryParam("vendor", "intel")
                .when().get("/drives").then().statusCode(200)
                .body("items.media", everyItem(equalTo("qlc")));
    }

    @Test
    void listsSeededM2DrivesWithPlpWordingAndBestOffer() {
        given().queryParam("interface", "m2")
                .when().get("/drives")
                .then().statusCode(200)
                .contentType("application/json")
                .body("items.slug", hasItems(
                        "intel-optane-p1600x-118gb-m2", "intel-optane-p1600x-58gb-m2", "kingston-dc2000b-480gb-m2",
                        "micron-7450-pro-480gb-m2", "micron-7450-pro-960gb-m2", "samsung-990-pro-2tb-m2"))
                .body("items.slug", not(hasItem("intel-optane-p4800x-375gb-u2")))
                .body("items.formFactor", everyItem(equalTo("m2-2280")))
                .body("items.find { it.slug == 'micron-7450-pro-480gb-m2' }.plp.class", equalTo("MODEL_SPECIFIC"))
                .body("items.find { it.slug == 'micron-7450-pro-480gb-m2' }.plp.wording", equalTo("PLP on the M.2 2280 model"))
                .body("items.find { it.slug == 'micron-7450-pro-480gb-m2' }.plp.appliesTo", equalTo("M.2 22x80"))
                .body("items.find { it.slug == 'micron-7450-pro-480gb-m2' }.bestOffer.price", equalTo(640.00f))
                .body("items.find { it.slug == 'micron-7450-pro-480gb-m2' }.bestOffer.priceHigh", equalTo(650.00f))
                .body("items.find { it.slug == 'micron-7450-pro-480gb-m2' }.bestOffer.currency", equalTo("USD"))
                .body("items.find { it.slug == 'micron-7450-pro-480gb-m2' }.bestOffer.observedAt", equalTo("2026-10-21T00:00:00Z"))
                // out of stock on the check date: no best offer, never a made-up one
                .body("items.find { it.slug == 'intel-optane-p1600x-118gb-m2' }.bestOffer", nullValue())
                // offered to business accounts only: not the best offer unless asked for
                .body("items.find { it.slug == 'kingston-dc2000b-480gb-m2' }.bestOffer", nullValue());
    }

    @Test
    void interfaceFilterTakesSeveralValuesRepeatedOrCommaSeparated() {
        // one page holds every drive of the seed for a U.2 or add-in-card slot, so every kind must be on
        // it; a U.2 slot takes U.3 drives too (InterfaceFilter)
        given().queryParam("interface", "u2,aic").queryParam("limit", 100).when().get("/drives")
                .then().statusCode(200)
                .body("total", lessThanOrEqualTo(100))
                .body("items.formFactor", everyItem(oneOf("u2", "u3", "aic")))
                .body("items.slug", hasItems("intel-optane-900p-280gb-aic", "intel-optane-p4800x-375gb-u2", "kioxia-cd6-r-960gb-u3"));
        int commaSeparated = given().queryParam("interface", "u2,aic").when().get("/drives").then().extract().path("total");
        given().queryParam("interface", "u2").queryParam("interface", "aic").when().get("/drives")
                .then().statusCode(200)
                .body("total", equalTo(commaSeparated))
                .body("items.formFactor", everyItem(oneOf("u2", "u3", "aic")));
    }

    @Test
    void rejectsUnknownInterfaceNamingTheAllowedValues() {
        given().queryParam("interface", "floppy")
                .when().get("/drives")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("status", equalTo(400))
                .body("type", equalTo("urn:problem-type:drivecat:invalid-parameter"))
                .body("parameter", equalTo("interface"))
                .body("detail", containsString("'floppy' is not a valid interface"))
                .body("allowed", contains("sata", "sas", "nvme", "m2", "u2", "u3", "aic", "e1s"))
                .body("instance", equalTo("/drives"));
    }

    @Test
    void rejectsLimitOverTheCapNamingIt() {
        given().queryParam("limit", "100000")
                .when().get("/drives")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("from 1 to 100"))
                .body("maximum", equalTo(100));
    }

    @Test
    void rejectsMalformedNumbersAsBadRequestNotNotFound() {
        given().queryParam("minDwpd", "lots").when().get("/drives")
                .then().statusCode(400).contentType("application/problem+json")
                .body("parameter", equalTo("minDwpd"));
        given().queryParam("offset", "-3").when().get("/drives")
                .then().statusCode(400).body("parameter", equalTo("offset"));
    }

    @Test
    void filtersByPlpClassMinDwpdAndText() {
        given().queryParam("plp", "STATED_NO").when().get("/drives")
                .then().statusCode(200)
                .body("items.slug", hasItems("intel-optane-900p-280gb-aic", "samsung-990-pro-1tb-m2"))
                .body("items.plp.class", everyItem(equalTo("STATED_NO")));
        given().queryParam("plp", "DATA_AT_REST_ONLY").when().get("/drives")
                .then().statusCode(200)
                .body("items.slug", hasItems("crucial-m550-512gb-sata", "crucial-mx500-1tb-sata"))
                .body("items.slug", not(hasItem("crucial-mx100-256gb-sata")));
        given().queryParam("minDwpd", "30").when().get("/drives")
                .then().statusCode(200)
                .body("items.slug", hasItems("intel-optane-p4800x-375gb-aic", "intel-optane-p4800x-375gb-u2",
                        "intel-optane-p5800x-400gb-u2"))
                .body("items.slug", not(hasItem("micron-7450-pro-480gb-m2")));
        given().queryParam("q", "SSDPEK1A058").when().get("/drives")
                .then().statusCode(200).body("items.slug", contains("intel-optane-p1600x-58gb-m2"));
    }

    @Test
    void sortsByBestPriceCheapestFirstWithUnpricedLast() {
        given().queryParam("sort", "price").queryParam("limit", "3").when().get("/drives")
                .then().statusCode(200)
                .body("items.slug", contains("intel-optane-900p-280gb-aic", "samsung-pm893-240gb-sata", "intel-optane-p4800x-375gb-u2"))
                .body("limit", equalTo(3))
                .body("total", equalTo((int) given().when().get("/drives").then().extract().path("total")));
        given().queryParam("sort", "cheapest").when().get("/drives")
                .then().statusCode(400).body("allowed", hasItem("-price"));
    }

    @Test
    void showsEverySpecWithItsSourceAndEveryListing() {
        given().when().get("/drives/intel-optane-p4800x-375gb-u2")
                .then().statusCode(200)
                .body("media", equalTo("3d-xpoint"))
                .body("interface", equalTo("nvme"))
                .body("formFactor", equalTo("u2"))
                .body("specs.plp.chosen.value", equalTo("STATED_YES"))
                .body("specs.plp.chosen.wording", equalTo("Enhanced PLP: Yes"))
                .body("specs.plp.chosen.source.url", startsWith("urn:drivecat:source:"))
                .body("specs.plp.chosen.source.kind", equalTo("REVIEW"))
                .body("specs.plp.chosen.source.retrievedAt", equalTo("2026-10-21T00:00:00Z"))
                .body("specs.plp.alternatives.wording", hasItem(containsString("Enhanced Power Loss Data Protection")))
                .body("specs.dwpd.chosen.value", equalTo(30))
                .body("specs.dwpd.chosen.unit", equalTo("DWPD"))
                .body("specs.dwpd.chosen.derived", equalTo(false))
                .body("specs.openzfsKnownGoodSlog.chosen.value", equalTo("YES"))
                .body("listings", hasSize(1))
                .body("listings[0].sellerType", equalTo("THIRD_PARTY"))
                .body("listings[0].condition", equalTo("NEW_OLD_STOCK"))
                .body("listings[0].current.price", equalTo(420.00f))
                .body("listings[0].current.priceHigh", equalTo(450.00f))
                .body("bestOffer.price", equalTo(420.00f))
                .body("bestOffer.ageDays", notNullValue());
    }

    @Test
    void answersUnknownSlugWith404Problem() {
        given().when().get("/drives/no-such-drive")
                .then().statusCode(404)
                .contentType("application/problem+json")
                .body("detail", containsString("no-such-drive"));
    }

    @Test
    void answersUnknownPathWith404Problem() {
        given().when().get("/no/such/path")
                .then().statusCode(404)
                .contentType("application/problem+json")
                .body("type", equalTo("urn:problem-type:drivecat:not-found"));
    }

    @Test
    void givesPriceHistoryAsCsvOnRequest() {
        String csv = given().accept("text/csv")
                .when().get("/drives/intel-optane-900p-280gb-aic/prices")
                .then().statusCode(200)
                .contentType(containsString("text/csv"))
                .extract().asString();
        String[] lines = csv.split("\n");
        assertThat(lines[0]).startsWith("observedAt,marketplace,externalId,seller,sellerType");
        assertThat(lines).hasSize(2);
        assertThat(lines[1]).startsWith(
                "2026-10-21T00:00:00Z,amazon-us,guide-2026-10-21/intel-optane-900p-280gb-aic,Amazon.com,MARKETPLACE,NEW,false,300.00,320.00,USD");
    }

    @Test
    void givesPriceHistoryAsJsonByDefaultWithinAWindow() {
        given().when().get("/drives/intel-optane-900p-280gb-aic/prices")
                .then().statusCode(200)
                .body("observations", hasSize(1))
                .body("observations[0].price", equalTo(300.00f))
                .body("observations[0].sellerType", equalTo("MARKETPLACE"));
        given().queryParam("from", "2026-10-22").when().get("/drives/intel-optane-900p-280gb-aic/prices")
                .then().statusCode(200)
                .body("observations", empty());
        given().queryParam("from", "yesterday").when().get("/drives/intel-optane-900p-280gb-aic/prices")
                .then().statusCode(400).body("parameter", equalTo("from"));
    }

    @Test
    void offersFilterBySellerTypeAndCondition() {
        given().queryParam("sellerType", "MARKETPLACE").when().get("/offers")
                .then().statusCode(200)
                .body("items.drive", contains("intel-optane-900p-280gb-aic"));
        given().queryParam("condition", "newOldStock").when().get("/offers")
                .then().statusCode(200)
                .body("items.drive", contains("intel-optane-p4800x-375gb-u2", "intel-optane-p5800x-400gb-u2"));
        given().queryParam("marketplace", "mars-market").when().get("/offers")
                .then().statusCode(400).body("allowed", hasItem("amazon-us"));
        given().queryParam("inStock", "false").when().get("/offers")
                .then().statusCode(200)
                .body("items.price", everyItem(nullValue()))
                .body("items.drive", not(hasItem("micron-7450-pro-480gb-m2")));
    }

    @Test
    void misspeltQueryParametersAreRejectedNamingTheOnesTaken() {
        given().queryParam("interfce", "m2").when().get("/drives")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("interfce"))
                .body("allowed", hasItems("interface", "formFactor", "minDwpd"));
        given().queryParam("seller", "amazon").when().get("/offers")
                .then().statusCode(400)
                .body("allowed", hasItems("sellerType", "marketplace"));
        given().queryParam("since", "2026-10-01").when().get("/drives/intel-optane-900p-280gb-aic/prices")
                .then().statusCode(400)
                .body("allowed", contains("from", "to"));
    }

    @Test
    void priceHistoryWindowMustEndAfterItStarts() {
        given().queryParam("from", "2026-10-22").queryParam("to", "2026-10-01")
                .when().get("/drives/intel-optane-900p-280gb-aic/prices")
                .then().statusCode(400)
                .body("parameter", equalTo("to"))
                .body("detail", containsString("after from"));
    }

    @Test
    void offersAreListedInOneCurrencyOnly() {
        given().when().get("/offers")
                .then().statusCode(200)
                .body("items.price", hasItem(notNullValue()))
                .body("items.findAll { it.price != null }.currency", everyItem(equalTo("USD")));
        // the seed has no euro prices: only offers without a price (and so without a currency) remain
        given().queryParam("currency", "EUR").when().get("/offers")
                .then().statusCode(200)
                .body("items.price", everyItem(nullValue()));
        given().queryParam("currency", "euro").when().get("/offers")
                .then().statusCode(400)
                .body("parameter", equalTo("currency"));
    }

    @Test
    void offersOpenOnlyToBusinessAccountsAreLeftOutUnlessAskedFor() {
        given().queryParam("drive", "kingston-dc2000b-480gb-m2").when().get("/offers")
                .then().statusCode(200)
                .body("items", empty());
        given().queryParam("drive", "kingston-dc2000b-480gb-m2").queryParam("includeBusinessOnly", "true").when().get("/offers")
                .then().statusCode(200)
                .body("items.drive", contains("kingston-dc2000b-480gb-m2"))
                .body("items[0].businessOnly", equalTo(true));
        given().queryParam("includeBusinessOnly", "maybe").when().get("/offers")
                .then().statusCode(400)
                .body("parameter", equalTo("includeBusinessOnly"));
    }
}
