package dev.drivecat.digest;

import static dev.drivecat.digest.DigestFixtures.BASE;
import static dev.drivecat.digest.DigestFixtures.P4800X;
import static dev.drivecat.digest.DigestFixtures.importDocument;
import static dev.drivecat.digest.DigestFixtures.importPrices;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;

import com.rometools.rome.feed.synd.SyndCategory;
import com.rometools.rome.feed.synd.SyndEntry;
import com.rometools.rome.feed.synd.SyndFeed;
import com.rometools.rome.feed.synd.SyndLink;
import com.rometools.rome.feed.synd.SyndPerson;
import com.rometools.rome.io.SyndFeedInput;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** GET /price-changes: the same change detection as the digest, as JSON and as Atom. */
@QuarkusTest
@TestProfile(DigestProfile.class)
class PriceChangeFeedTest {

    /**
     * Week 2026-W41 (Oct 5–12), M.2 drives: a 990 PRO (no PLP) drops from $200 to $150, and a scrape that
     * read $15 the day after is suspect; a P1600X (3D XPoint) listing appears at $80. Week 2026-W40
     * (Sep 28–Oct 5), DC600M: a $100 listing whose scraper stopped after Sep 27, and a $150 listing
     * still read on Oct 3.
     */
    static final String W40_W41 = """
            {
              "format": "drivecat-import/1",
              "sources": {"shop": {"url": "https://www.newegg.com/", "kind": "REVIEW", "retrievedAt": "2026-09-27"}},
              "listings": [
                {"marketplace": "newegg-us", "externalId": "N82E16820990PRO", "drive": "samsung-990-pro-2tb-m2",
                 "sellerName": "Newegg", "sellerType": "MARKETPLACE", "condition": "NEW",
                 "observations": [
                   {"observedAt": "2026-10-01T10:00:00Z", "price": 200.00, "currency": "USD", "inStock": true, "source": "shop"},
                   {"observedAt": "2026-10-08T10:00:00Z", "price": 150.00, "currency": "USD", "inStock": true, "source": "shop"},
                   {"observedAt": "2026-10-09T10:00:00Z", "price": 15.00, "currency": "USD", "inStock": true, "source": "shop"}
                 ]},
                {"marketplace": "newegg-us", "externalId": "N82E16820P1600X", "drive": "intel-optane-p1600x-58gb-m2",
                 "sellerName": "Newegg", "sellerType": "MARKETPLACE", "condition": "NEW",
                 "observations": [
                   {"observedAt": "2026-10-07T10:00:00Z", "price": 80.00, "currency": "USD", "inStock": true, "source": "shop"}
                 ]},
                {"marketplace": "newegg-us", "externalId": "N82E16820DC600A", "drive": "kingston-dc600m-480gb-sata",
                 "sellerName": "Cheap Disks", "sellerType": "THIRD_PARTY", "condition": "NEW",
                 "observations": [
                   {"observedAt": "2026-09-27T10:00:00Z", "price": 100.00, "currency": "USD", "inStock": true, "source": "shop"}
                 ]},
                {"marketplace": "newegg-us", "externalId": "N82E16820DC600B", "drive": "kingston-dc600m-480gb-sata",
                 "sellerName": "Dear Disks", "sellerType": "THIRD_PARTY", "condition": "NEW",
                 "observations": [
                   {"observedAt": "2026-09-27T10:00:00Z", "price": 150.00, "currency": "USD", "inStock": true, "source": "shop"},
                   {"observedAt": "2026-10-03T10:00:00Z", "price": 150.00, "currency": "USD", "inStock": true, "source": "shop"}
                 ]}
              ]
            }
            """;

    @Test
    void listsTheWeeksChangeAsJson() {
        importPrices();
        JsonPath changes = given().queryParam("since", "2026-11-16T00:00:00Z").queryParam("until", "2026-11-23T00:00:00Z")
                .queryParam("drive", P4800X)
                .when().get("/price-changes")
                .then().statusCode(200).contentType("application/json").extract().jsonPath();
        assertThat(changes.getList("changes")).hasSize(1);
        assertThat(changes.getString("changes[0].drive")).isEqualTo(P4800X);
        assertThat(changes.getList("changes[0].kinds")).containsExactly("PRICE_DROP", "NEW_LOW");
        assertThat(changes.getDouble("changes[0].before.price")).isEqualTo(420.00);
        assertThat(changes.getDouble("changes[0].after.price")).isEqualTo(370.00);
        assertThat(changes.getDouble("changes[0].change")).isEqualTo(-50.00);
        assertThat(changes.getDouble("changes[0].percent")).isEqualTo(-11.9);
        assertThat(changes.getString("changes[0].after.seller")).isEqualTo("Kestrel Components");
        assertThat(changes.getString("changes[0].sellerType")).isEqualTo("THIRD_PARTY");
        assertThat(changes.getString("changes[0].condition")).isEqualTo("NEW_OLD_STOCK");
        assertThat(changes.getString("changes[0].after.url")).isEqualTo("https://www.amazon.com/dp/B0DIGEST01");
        assertThat(changes.getString("changes[0].driveUrl")).isEqualTo(BASE + "/drives/" + P4800X);

        // week= is the same window
        given().queryParam("week", "2026-W47").queryParam("drive", P4800X).when().get("/price-changes")
                .then().statusCode(200).body("since", equalTo("2026-11-16T00:00:00Z")).body("changes.drive", hasItem(P4800X));
        // a higher threshold than the drop leaves it out
        given().queryParam("week", "2026-W47").queryParam("drive", P4800X).queryParam("minChangePercent", "15")
                .when().get("/price-changes").then().statusCode(200).body("changes", empty());
    }

    @Test
    void listsTheSameChangeAsAnAtomFeedOnRequest() throws Exception {
        importPrices();
        String atom = given().accept("application/atom+xml")
                .queryParam("since", "2026-11-16T00:00:00Z").queryParam("until", "2026-11-23T00:00:00Z").queryParam("drive", P4800X)
                .when().get("/price-changes")
                .then().statusCode(200).contentType(containsString("application/atom+xml")).extract().asString();
        // read as a feed reader would: Rome parses it as Atom 1.0 or fails
        SyndFeed feed = new SyndFeedInput().build(new StringReader(atom));
        assertThat(feed.getFeedType()).isEqualTo("atom_1.0");
        assertThat(feed.getTitle()).isEqualTo("drivecat price changes");
        assertThat(feed.getUri()).startsWith(BASE + "/price-changes?");
        assertThat(feed.getAuthors()).extracting(SyndPerson::getName).containsExactly("drivecat");
        assertThat(feed.getEntries()).hasSize(1);
        SyndEntry entry = feed.getEntries().get(0);
        assertThat(entry.getTitle()).contains("Intel Optane SSD DC P4800X 375GB", "$420.00", "$370.00", "\u221211.9%");
        assertThat(entry.getUri()).startsWith("urn:drivecat:price-change:" + P4800X + ":USD:NEW_OLD_STOCK:THIRD_PARTY:");
        assertThat(entry.getUpdatedDate().toInstant()).isEqualTo(java.time.Instant.parse("2026-11-16T10:00:00Z"));
        assertThat(entry.getLinks()).extracting(SyndLink::getHref).contains(BASE + "/drives/" + P4800X, "https://www.amazon.com/dp/B0DIGEST01");
        assertThat(entry.getCategories()).extracting(SyndCategory::getName).containsExactly("PRICE_DROP", "NEW_LOW");
    }

    @Test
    void aSuspectPriceIsNotAChangeAndARoleKeepsOnlyDrivesThatPassItsPlpRequirement() {
        importDocument(W40_W41);
        JsonPath all = given().queryParam("week", "2026-W41").queryParam("interface", "m2")
                .when().get("/price-changes").then().statusCode(200).extract().jsonPath();
        assertThat(all.getList("changes.drive")).contains("samsung-990-pro-2tb-m2", "intel-optane-p1600x-58gb-m2");
        Map<String, Object> drop = all.getMap("changes.find { it.drive == 'samsung-990-pro-2tb-m2' }");
        // the $15 read after the $150 was flagged suspect: the week's change is $200 → $150, not a false −92%
        assertThat(all.getDouble("changes.find { it.drive == 'samsung-990-pro-2tb-m2' }.after.price")).isEqualTo(150.00);
        assertThat(all.getDouble("changes.find { it.drive == 'samsung-990-pro-2tb-m2' }.percent")).isEqualTo(-25.0);
        // $150 is below the $200 of the look-back before the week
        assertThat(drop.get("kinds")).isEqualTo(List.of("PRICE_DROP", "NEW_LOW"));
        assertThat(all.getList("changes.find { it.drive == 'intel-optane-p1600x-58gb-m2' }.kinds")).containsExactly("NEW_LISTING");

        given().queryParam("week", "2026-W41").queryParam("interface", "m2").queryParam("role", "slog")
                .when().get("/price-changes").then().statusCode(200)
                .body("changes.drive", hasItems("intel-optane-p1600x-58gb-m2"))
                .body("changes.drive", not(hasItem("samsung-990-pro-2tb-m2")));
    }

    @Test
    void aListingWhoseScraperStoppedIsNeitherARiseNorOutOfStock() {
        importDocument(W40_W41);
        given().queryParam("week", "2026-W40").queryParam("drive", "kingston-dc600m-480gb-sata")
                .when().get("/price-changes").then().statusCode(200).body("changes", empty());
    }

    @Test
    void badParametersAre400sThatSayWhatIsAllowed() {
        given().queryParam("role", "zil").when().get("/price-changes").then().statusCode(400)
                .contentType("application/problem+json").body("allowed", hasItems("slog", "special"));
        given().queryParam("interface", "floppy").when().get("/price-changes").then().statusCode(400).body("allowed", hasItem("m2"));
        given().queryParam("since", "yesterday").when().get("/price-changes").then().statusCode(400)
                .body("detail", containsString("ISO 8601"));
        given().queryParam("since", "2026-11-20").queryParam("until", "2026-11-10").when().get("/price-changes").then().statusCode(400)
                .body("detail", containsString("must be before"));
        given().queryParam("since", "2026-01-01").queryParam("until", "2026-11-01").when().get("/price-changes").then().statusCode(400)
                .body("detail", containsString("at most 92 days"));
        given().queryParam("week", "2026-W60").when().get("/price-changes").then().statusCode(400)
                .body("detail", containsString("such as 2026-W48"));
        given().queryParam("drive", "no-such-drive").when().get("/price-changes").then().statusCode(400)
                .body("unknown", hasItem("no-such-drive"));
        given().queryParam("minChangePercent", "1").when().get("/price-changes").then().statusCode(400)
                .body("detail", containsString("minChangePercent"));
        given().queryParam("sort", "price").when().get("/price-changes").then().statusCode(400)
                .body("allowed", hasItem("since"));
    }
}
