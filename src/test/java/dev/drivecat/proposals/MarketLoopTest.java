package dev.drivecat.proposals;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.drivecat.testing.LocalMarketplaces;
import dev.drivecat.testing.MarketplaceServer;
import dev.drivecat.testing.TestResources;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The market loop end to end, offline: a saved eBay search page with listings of a drive the catalog
 * lacks (a synthetic model, PM9Z9, that no seed will ever hold) becomes proposals; an operator
 * dismisses one; a saved vendor page adopts another, which creates the drive with cited values,
 * prices its listings and puts it in /recommend; a datasheet fetched from a vendor host adopts a
 * third; documents that do not describe the proposal change nothing.
 */
@QuarkusTest
@TestProfile(LocalMarketplaces.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MarketLoopTest {

    static final String SEARCH = "https://www.ebay.com/sch/i.html?_nkw=samsung+pm9z9";
    static final String VENDOR_PAGE = "https://semiconductor.samsung.com/ssd/datacenter-ssd/pm9z9/";
    static final String DATASHEET = "https://download.semiconductor.samsung.com/resources/data-sheet/pm9z9-7-68tb.pdf";

    @Inject
    AgroalDataSource dataSource;

    long rows(String sql) {
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement(); ResultSet r = st.executeQuery(sql)) {
            return r.next() ? r.getLong(1) : 0;
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    static JsonPath importSearchPage() {
        return admin().contentType("text/html").body(TestResources.text("fixtures/discovery/ebay-search-missing-drive.html"))
                .queryParam("url", SEARCH).queryParam("observedAt", "2026-12-04T09:00:00Z")
                .when().post("/admin/imports/pages").then().statusCode(200).extract().jsonPath();
    }

    static Map<String, Object> proposal(String q, int capacityGb, String form) {
        List<Map<String, Object>> items = admin().queryParam("q", q).queryParam("status", "OPEN").when().get("/admin/catalog/proposals")
                .then().statusCode(200).extract().jsonPath().getList("items");
        return items.stream().filter(p -> ((Number) p.get("capacityGb")).intValue() == capacityGb && java.util.Objects.equals(form,
                p.get("formFactor"))).findFirst().orElseThrow(() -> new AssertionError("no open proposal " + q + " " + capacityGb + " " + form
                + " among " + items));
    }

    @Test
    @Order(1)
    void listingsOfADriveTheCatalogLacksBecomeItsProposalAndLotsNeverDo() {
        JsonPath imported = importSearchPage();
        assertThat(imported.getInt("search.results")).isEqualTo(10);
        assertThat(imported.getInt("search.matched")).isZero();
        assertThat(imported.getInt("search.proposed")).isEqualTo(8);

        Map<String, Object> u2 = proposal("PM9Z9", 3840, "u2");
        assertThat(u2).containsEntry("maker", "Samsung").containsEntry("model", "PM9Z9").containsEntry("interface", "nvme")
                .containsEntry("status", "OPEN").containsEntry("knownSeries", false).containsEntry("listings", 4).containsEntry("sellers", 3)
                .containsEntry("currency", "USD");
        // the auction's bid is no price to buy at: the range is of the three offers to buy
        assertThat(new java.math.BigDecimal(u2.get("priceLow").toString())).isEqualByComparingTo("289.00");
        assertThat(new java.math.BigDecimal(u2.get("priceHigh").toString())).isEqualByComparingTo("349.99");
        assertThat((List<String>) u2.get("partNumbers")).containsExactly("MZQLZ3T8HALA-00007");
        List<Map<String, Object>> results = (List<Map<String, Object>>) u2.get("results");
        assertThat(results).extracting(r -> r.get("url")).containsExactlyInAnyOrder("https://www.ebay.com/itm/266000000001",
                "https://www.ebay.com/itm/266000000002", "https://www.ebay.com/itm/266000000003", "https://www.ebay.com/itm/266000000008");
        assertThat(results).allSatisfy(r -> assertThat(r).containsEntry("source", "import:ebay").containsKeys("title", "price", "currency",
                "condition", "seenAt"));

        // another capacity and another form are other drives' proposals; a form stated less precisely, a proposal of its own
        assertThat(proposal("PM9Z9", 7680, "u2")).containsEntry("listings", 1);
        assertThat(proposal("PM9Z9", 3840, "m2-22110")).containsEntry("listings", 1);
        assertThat(proposal("PM9Z9", 3840, "2.5in-nvme")).containsEntry("listings", 1);
        // a capacity the catalog lacks in a series it holds: a proposal under the catalog's name
        assertThat(proposal("PM893", 1920, "2.5in")).containsEntry("knownSeries", true).containsEntry("model", "PM893")
                .containsEntry("interface", "sata");

        // the lot and the for-parts item propose nothing, and no listing of the search was priced
        assertThat(admin().queryParam("q", "Lot of 5").when().get("/admin/catalog/proposals").then().statusCode(200).extract()
                .jsonPath().getInt("total")).isZero();
        assertThat(rows("SELECT count(*) FROM listing WHERE external_id LIKE '26600000000%'")).isZero();
        assertThat(rows("SELECT count(*) FROM proposal_result pr JOIN discovery_result r ON r.id = pr.discovery_result_id "
                + "WHERE r.decision <> 'NO_MATCH'")).isZero();
    }

    @Test
    @Order(2)
    void proposalsAreFilteredByMakerAsIdentityNamesMakersAndBadFiltersAreRefused() {
        assertThat(admin().queryParam("maker", "samsung").queryParam("q", "PM9Z9").when().get("/admin/catalog/proposals").then()
                .statusCode(200).extract().jsonPath().getInt("total")).isEqualTo(4);
        assertThat(admin().queryParam("maker", "Solidigm").queryParam("q", "PM9Z9").when().get("/admin/catalog/proposals").then()
                .statusCode(200).extract().jsonPath().getInt("total")).isZero();
        admin().queryParam("status", "PENDING").when().get("/admin/catalog/proposals").then().statusCode(400)
                .contentType("application/problem+json").body("parameter", equalTo("status"))
                .body("detail", containsString("OPEN, ADOPTED, DISMISSED"));
        given().when().get("/admin/catalog/proposals").then().statusCode(401);
        // the operator's page: the same list, the most listings first
        String page = admin().accept("text/html").queryParam("q", "PM9Z9").when().get("/admin/catalog/proposals").then().statusCode(200)
                .contentType("text/html").extract().asString();
        assertThat(page).contains("Samsung PM9Z9 3.84 TB").contains("4 from 3 sellers").contains("https://www.ebay.com/itm/266000000003");
        assertThat(page.indexOf("Samsung PM9Z9 3.84 TB")).isLessThan(page.indexOf("Samsung PM9Z9 7.68 TB"));
        admin().when().get("/admin/catalog/proposals/999999").then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    @Order(3)
    void aDismissedProposalStaysDismissedWhenItsListingsComeAgain() {
        long id = ((Number) proposal("PM9Z9", 3840, "m2-22110").get("id")).longValue();
        admin().contentType("application/json").body("{}").when().post("/admin/catalog/proposals/" + id + "/dismiss").then().statusCode(400)
                .body("pointer", equalTo("/reason"));
        admin().contentType("application/json").body("{\"reason\": \"no M.2 22110 slot in our servers\"}")
                .when().post("/admin/catalog/proposals/" + id + "/dismiss").then().statusCode(200)
                .body("status", equalTo("DISMISSED")).body("statusReason", equalTo("no M.2 22110 slot in our servers"));
        admin().contentType("application/json").body("{\"reason\": \"again\"}").when().post("/admin/catalog/proposals/" + id + "/dismiss")
                .then().statusCode(409);
        importSearchPage();
        admin().when().get("/admin/catalog/proposals/" + id).then().statusCode(200).body("status", equalTo("DISMISSED"))
                .body("listings", equalTo(1));
        assertThat(rows("SELECT times_seen FROM proposal_result WHERE proposal_id = " + id)).isEqualTo(2);
    }

    @Test
    @Order(4)
    void aSavedItemPageOfADriveTheCatalogLacksIsEvidenceForItsProposal() {
        JsonPath page = admin().contentType("text/html").body(TestResources.text("fixtures/discovery/ebay-item-missing-drive.html"))
                .queryParam("url", "https://www.ebay.com/itm/266000000020").when().post("/admin/imports/pages").then().statusCode(200)
                .extract().jsonPath();
        assertThat(page.getBoolean("stored")).isFalse();
        assertThat(page.getString("note")).contains("evidence for its proposal");
        assertThat(proposal("PM9Z9", 7680, "u2")).containsEntry("listings", 2).containsEntry("sellers", 2);
    }

    @Test
    @Order(5)
    void aVendorPageAdoptsTheProposalWithCitedValuesAndItsListingsArePriced() {
        long id = ((Number) proposal("PM9Z9", 3840, "u2").get("id")).longValue();
        long drives = rows("SELECT count(*) FROM drive");
        io.restassured.response.Response adopted = admin().contentType("text/html").body(TestResources.text("spec-pages/samsung-pm9z9-3840gb.html"))
                .queryParam("url", VENDOR_PAGE).when().post("/admin/catalog/proposals/" + id + "/adopt").then().statusCode(201)
                .extract().response();
        String slug = adopted.jsonPath().getString("drive");
        assertThat(slug).isEqualTo("samsung-pm9z9-3840gb-u2");
        assertThat(adopted.header("Location")).isEqualTo("/drives/" + slug);
        assertThat(adopted.jsonPath().getString("proposal.status")).isEqualTo("ADOPTED");
        // its four listings now name the drive; the three that showed a price to buy at are priced, the auction is not;
        // the proposal of a 2.5" NVMe PM9Z9 3.84TB is adopted with it, its listing (U.2 or U.3?) left to an operator
        assertThat(adopted.jsonPath().getInt("identifiedAgain.results")).isEqualTo(5);
        assertThat(adopted.jsonPath().getInt("identifiedAgain.matched")).isEqualTo(4);
        assertThat(adopted.jsonPath().getInt("identifiedAgain.priced")).isEqualTo(3);
        assertThat(rows("SELECT count(*) FROM drive")).isEqualTo(drives + 1);

        // the drive is the page's, every value cited to it in its words
        JsonPath drive = given().when().get("/drives/" + slug).then().statusCode(200).extract().jsonPath();
        assertThat(drive.getString("vendor")).isEqualTo("Samsung");
        assertThat(drive.getString("model")).isEqualTo("PM9Z9");
        assertThat(drive.getInt("capacityGb")).isEqualTo(3840);
        assertThat(drive.getString("interface")).isEqualTo("nvme");
        assertThat(drive.getString("formFactor")).isEqualTo("u2");
        assertThat(rows("SELECT count(*) FROM spec_value v JOIN drive d ON d.id = v.drive_id WHERE d.slug = '" + slug
                + "' AND v.source_kind <> 'DERIVED' AND v.source_url <> '" + VENDOR_PAGE + "'")).isZero();
        assertThat(rows("SELECT count(*) FROM spec_value v JOIN drive d ON d.id = v.drive_id WHERE d.slug = '" + slug
                + "' AND v.field = 'plp' AND v.wording LIKE '%Power Loss Protection%'")).isEqualTo(1);
        assertThat(drive.getString("bestOffer.price")).isEqualTo("289.0");
        assertThat(drive.getString("bestOffer.url")).isEqualTo("https://www.ebay.com/itm/266000000003");

        // identity knows it, and /recommend weighs it
        given().queryParam("text", "Samsung PM9Z9 3.84TB U.2 NVMe").when().get("/identify").then().statusCode(200)
                .body("decision", equalTo("MATCH")).body("drive", equalTo(slug));
        JsonPath ranked = given().queryParam("role", "special").queryParam("interface", "u2").queryParam("limit", "100")
                .queryParam("condition", "used").when().get("/recommend").then().statusCode(200).extract().jsonPath();
        assertThat(ranked.getList("results.drive.slug", String.class)).contains(slug);

        // the same page again changes nothing
        admin().contentType("text/html").body(TestResources.text("spec-pages/samsung-pm9z9-3840gb.html")).queryParam("url", VENDOR_PAGE)
                .when().post("/admin/catalog/proposals/" + id + "/adopt").then().statusCode(200).body("created", equalTo(false));
        assertThat(rows("SELECT count(*) FROM drive")).isEqualTo(drives + 1);
        assertThat(rows("SELECT count(*) FROM spec_value v JOIN drive d ON d.id = v.drive_id WHERE d.slug = '" + slug + "' AND v.source_kind <> 'DERIVED'"))
                .isEqualTo(rows("SELECT count(DISTINCT v.id) FROM spec_value v JOIN drive d ON d.id = v.drive_id WHERE d.slug = '" + slug
                        + "' AND v.source_kind <> 'DERIVED'"));
    }

    @Test
    @Order(6)
    void documentsThatDoNotDescribeTheProposalChangeNothing() throws IOException {
        long id = ((Number) proposal("PM9Z9", 7680, "u2").get("id")).longValue();
        long drives = rows("SELECT count(*) FROM drive");
        long values = rows("SELECT count(*) FROM spec_value");
        // a page of another capacity, one the catalog holds now
        admin().contentType("text/html").body(TestResources.text("spec-pages/samsung-pm9z9-3840gb.html")).queryParam("url", VENDOR_PAGE)
                .when().post("/admin/catalog/proposals/" + id + "/adopt").then().statusCode(422)
                .body("detail", containsString("samsung-pm9z9-3840gb-u2"));
        // a page of another drive altogether
        admin().contentType("text/html").body(TestResources.text("spec-pages/solidigm-d7-p5520-3840gb.html"))
                .queryParam("url", "https://www.solidigm.com/products/data-center/d7/p5520.html")
                .when().post("/admin/catalog/proposals/" + id + "/adopt").then().statusCode(422).contentType("application/problem+json")
                .body("detail", containsString("does not describe the proposed drive"));
        // a PDF that is no datasheet
        admin().contentType("application/pdf").body(pdf(List.of("Quarterly report", "Revenue grew in every region this year."), List.of()))
                .queryParam("url", DATASHEET).when().post("/admin/catalog/proposals/" + id + "/adopt").then().statusCode(422)
                .body("detail", containsString("no datasheet"));
        // bytes that are no PDF
        admin().contentType("application/pdf").body("not a pdf at all".getBytes()).queryParam("url", DATASHEET)
                .when().post("/admin/catalog/proposals/" + id + "/adopt").then().statusCode(422);
        // 10 MB of text, and text just past the import limit: refused as declared, before any of it is read
        assertThat(declaring(id, 10 * 1024 * 1024)).startsWith("HTTP/1.1 413");
        assertThat(declaring(id, 5 * 1024 * 1024 + 1)).startsWith("HTTP/1.1 413").contains("payload-too-large").contains("maxBytes");
        // a body of another kind
        admin().contentType("application/json").body("{}").queryParam("url", DATASHEET)
                .when().post("/admin/catalog/proposals/" + id + "/adopt").then().statusCode(415);
        // nothing to fetch on a host that is no vendor's
        admin().queryParam("url", "https://example.org/pm9z9.html").when().post("/admin/catalog/proposals/" + id + "/adopt").then()
                .statusCode(400).body("parameter", equalTo("url"));
        assertThat(rows("SELECT count(*) FROM drive")).isEqualTo(drives);
        assertThat(rows("SELECT count(*) FROM spec_value")).isEqualTo(values);
        admin().when().get("/admin/catalog/proposals/" + id).then().statusCode(200).body("status", equalTo("OPEN"));
    }

    @Test
    @Order(7)
    void aDatasheetOfSeveralCapacitiesFetchedFromAVendorHostAdoptsTheProposalWithItsColumn() throws IOException {
        long id = ((Number) proposal("PM9Z9", 7680, "u2").get("id")).longValue();
        String host = "download.semiconductor.samsung.com:" + MarketplaceServer.server().port();
        MarketplaceServer.server().stubFor(get(urlEqualTo("/robots.txt")).withHeader("Host", com.github.tomakehurst.wiremock.client.WireMock.equalTo(host)).willReturn(aResponse().withStatus(404)));
        MarketplaceServer.server().stubFor(get(urlEqualTo("/resources/data-sheet/pm9z9-7-68tb.pdf")).withHeader("Host", com.github.tomakehurst.wiremock.client.WireMock.equalTo(host))
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/pdf").withBody(pdf(
                        List.of("Samsung PM9Z9 Datasheet", "PM9Z9"),
                        // the 3.84 TB column is the catalog's drive now; the 7.68 TB column is the proposal's
                        List.of(new String[] {"Capacity", "3.84 TB", "7.68 TB"},
                                new String[] {"Form Factor", "U.2 (2.5-inch, 7mm)", "U.2 (2.5-inch, 15mm)"},
                                new String[] {"Interface", "PCIe Gen4 x4, NVMe 1.4", "PCIe Gen4 x4, NVMe 1.4"},
                                new String[] {"Power Loss Protection", "Yes", "Yes"},
                                new String[] {"DWPD", "1 DWPD for 5 years", "1 DWPD for 5 years"},
                                new String[] {"Model Code", "MZQLZ3T8HALA-00007", "MZQLZ7T6HALA-00007"})))));
        String url = "http://" + host + "/resources/data-sheet/pm9z9-7-68tb.pdf";
        JsonPath adopted = admin().queryParam("url", url).when().post("/admin/catalog/proposals/" + id + "/adopt").then().statusCode(201)
                .extract().jsonPath();
        String slug = adopted.getString("drive");
        assertThat(slug).isEqualTo("samsung-pm9z9-7680gb-u2");
        assertThat(adopted.getString("source.kind")).isEqualTo("VENDOR_DATASHEET");
        assertThat(adopted.getInt("identifiedAgain.priced")).isEqualTo(2);
        assertThat(rows("SELECT count(*) FROM spec_value v JOIN drive d ON d.id = v.drive_id WHERE d.slug = '" + slug
                + "' AND v.field = 'plp' AND v.wording = 'Power Loss Protection: Yes'")).isEqualTo(1);
        assertThat(rows("SELECT count(*) FROM spec_value v JOIN drive d ON d.id = v.drive_id WHERE d.slug = '" + slug
                + "' AND v.field = 'partNumber' AND v.value_text = 'MZQLZ7T6HALA-00007'")).isEqualTo(1);
        // nothing of the other column was stored for the drive the catalog holds
        assertThat(rows("SELECT count(*) FROM spec_value v JOIN drive d ON d.id = v.drive_id WHERE d.slug = 'samsung-pm9z9-3840gb-u2' "
                + "AND v.source_url LIKE '%pm9z9-7-68tb.pdf'")).isZero();
    }

    /** What the service answers a request that declares a text body of this length, before a byte of it is sent. */
    static String declaring(long id, long length) throws IOException {
        String head = "POST /admin/catalog/proposals/" + id + "/adopt?url=" + java.net.URLEncoder.encode(DATASHEET,
                java.nio.charset.StandardCharsets.UTF_8) + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nAuthorization: Bearer "
                + dev.drivecat.testing.Admin.TOKEN + "\r\nContent-Length: " + length + "\r\n\r\n";
        try (java.net.Socket socket = new java.net.Socket("localhost", io.restassured.RestAssured.port)) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(head.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            try {
                socket.getInputStream().transferTo(answer);
            } catch (java.net.SocketTimeoutException | java.net.SocketException e) {
                // the answer is what arrived before the server closed or went quiet
            }
            return answer.toString(java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    /** A real PDF made with PDFBox: heading lines, then label and value rows set apart as a datasheet's table sets them. */
    static byte[] pdf(List<String> lines, List<String[]> rows) throws IOException {
        try (PDDocument doc = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDPage page = new PDPage();
            doc.addPage(page);
            PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
            try (PDPageContentStream s = new PDPageContentStream(doc, page)) {
                float y = 720;
                for (String line : lines) {
                    text(s, font, 72, y, line);
                    y -= 20;
                }
                for (String[] row : rows) {
                    for (int i = 0; i < row.length; i++) {
                        text(s, font, 72 + 170 * i, y, row[i]);
                    }
                    y -= 18;
                }
            }
            doc.save(out);
            return out.toByteArray();
        }
    }

    private static void text(PDPageContentStream s, PDType1Font font, float x, float y, String text) throws IOException {
        s.beginText();
        s.setFont(font, 11);
        s.newLineAtOffset(x, y);
        s.showText(text);
        s.endText();
    }
}
