package dev.drivecat.pages;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The same addresses answer people and tools: a request that prefers text/html gets a page, any
 * other the JSON it always got, and both say {@code Vary: Accept}. Runs on the seed catalog.
 */
@QuarkusTest
class ContentNegotiationTest {

    static final String BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
    static final String P4800X = "/drives/intel-optane-p4800x-375gb-u2";
    static final List<String> ADDRESSES = List.of("/", "/recommend?role=slog&interface=m2", "/drives?interface=m2", P4800X);
    static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void toolsGetTheSameJsonWhateverTheyAcceptAndBrowsersGetAPage() throws Exception {
        for (String address : ADDRESSES) {
            ExtractableResponse<Response> none = given().when().get(address).then().extract();
            assertThat(none.statusCode()).as(address).isEqualTo(200);
            assertThat(none.contentType()).as(address + " with no Accept").startsWith("application/json");
            assertThat(none.header("Vary")).as(address).isEqualTo("Accept");
            JsonNode json = JSON.readTree(none.asString());
            for (String accept : List.of("*/*", "application/json", "text/html;q=0.5, application/json", "application/json, text/html")) {
                ExtractableResponse<Response> tool = given().header("Accept", accept).when().get(address).then().extract();
                assertThat(tool.contentType()).as(address + " with Accept: " + accept).startsWith("application/json");
                assertThat(tool.header("Vary")).isEqualTo("Accept");
                assertThat(JSON.readTree(tool.asString())).as(address + " with Accept: " + accept).isEqualTo(json);
            }
            for (String accept : List.of(BROWSER, "text/html", "application/json;q=0.5, text/html")) {
                given().header("Accept", accept).when().get(address).then()
                        .statusCode(200)
                        .contentType("text/html;charset=UTF-8")
                        .header("Vary", "Accept")
                        .body(startsWith("<!DOCTYPE html>"));
            }
        }
    }

    @Test
    void aDrivePageAsksIdentifyWhetherAListingTitleIsTheDrive() {
        org.jsoup.nodes.Document page = Jsoup.parse(given().accept(BROWSER).when().get("/drives/samsung-pm893-240gb-sata").then()
                .statusCode(200).extract().asString());
        org.jsoup.nodes.Element form = page.selectFirst("form.identify");
        assertThat(form).isNotNull();
        assertThat(form.attr("action")).isEqualTo("/identify");
        assertThat(form.attr("method")).isEqualTo("get");
        String field = form.selectFirst("input[type=text]").attr("name");
        given().queryParam(field, "Samsung PM893 240GB 2.5\" SATA SSD").when().get(form.attr("action")).then().statusCode(200)
                .body("decision", equalTo("MATCH")).body("drive", equalTo("samsung-pm893-240gb-sata"));
    }

    @Test
    void aToolAskingWithoutARoleStillGetsTheProblemWhileAPersonGetsTheForm() {
        given().when().get("/recommend").then().statusCode(400).contentType("application/problem+json")
                .body("parameter", equalTo("role"));
        given().accept(BROWSER).when().get("/recommend").then().statusCode(200).contentType("text/html;charset=UTF-8")
                .body(containsString("<form class=\"ask\" method=\"get\" action=\"/recommend\">"));
    }

    @Test
    void aBadQuestionIsAPageThatSaysWhatIsAllowed() {
        org.jsoup.nodes.Document bad = Jsoup.parse(given().accept(BROWSER).when().get("/recommend?role=slog&plp=maybe").then()
                .statusCode(400).contentType("text/html;charset=UTF-8").extract().asString());
        assertThat(bad.selectFirst("[role=alert]").text()).contains("'maybe' is not a valid plp; allowed: required, preferred, any");
        // the form is still there, with the question in it
        assertThat(bad.selectFirst("input[name=role][value=slog]").hasAttr("checked")).isTrue();
        org.jsoup.nodes.Document missing = Jsoup.parse(given().accept(BROWSER).when().get("/drives/no-such-drive").then()
                .statusCode(404).contentType("text/html;charset=UTF-8").extract().asString());
        assertThat(missing.selectFirst("[role=alert]").text()).isEqualTo("No drive with slug 'no-such-drive'");
        given().when().get("/drives/no-such-drive").then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    void aSubmittedFormIsRedirectedToTheQuestionAsTheApiReadsIt() {
        // a form sends every field: the empty ones, and for a SLOG the special vdev's, are dropped
        String location = given().accept(BROWSER).redirects().follow(false)
                .when().get("/recommend?role=slog&interface=m2&plp=required&maxPrice=&layout=mirror&width=&diskTb=&currency=")
                .then().statusCode(303).extract().header("Location");
        assertThat(location).endsWith("/recommend?role=slog&interface=m2&plp=required");
        // each role keeps its own fields and drops the other's: a mirrored log for a SLOG, the layout for a special vdev; the
        // OpenZFS release is every role's
        assertThat(given().accept(BROWSER).redirects().follow(false)
                .when().get("/recommend?role=slog&plp=required&slogMirror=true&openzfsVersion=2.2&layout=mirror")
                .then().statusCode(303).extract().header("Location"))
                .endsWith("/recommend?role=slog&plp=required&openzfsVersion=2.2&slogMirror=true");
        assertThat(given().accept(BROWSER).redirects().follow(false)
                .when().get("/recommend?role=special&plp=required&layout=raidz2&openzfsVersion=2.2&slogMirror=true")
                .then().statusCode(303).extract().header("Location"))
                .endsWith("/recommend?role=special&plp=required&layout=raidz2&openzfsVersion=2.2");
        // that address answers tools too
        given().when().get("/recommend?role=slog&interface=m2&plp=required").then().statusCode(200)
                .body("query.role", equalTo("slog"));
        assertThat(given().accept(BROWSER).redirects().follow(false).when().get("/drives?q=&interface=m2&minDwpd=")
                .then().statusCode(303).extract().header("Location")).endsWith("/drives?interface=m2");
    }

    @Test
    void editingAQuestionInTheFormKeepsTheParametersTheFormHasNoFieldFor() {
        org.jsoup.nodes.Document page = Jsoup.parse(given().accept(BROWSER).when()
                .get("/recommend?role=slog&interface=m2&bus=nvme&sellerType=MARKETPLACE").then().statusCode(200).extract().asString());
        org.jsoup.nodes.Element form = page.selectFirst("form.ask");
        assertThat(form.select("input[type=hidden]").stream().map(i -> i.attr("name") + "=" + i.attr("value")).toList())
                .containsExactly("bus=nvme", "sellerType=MARKETPLACE");
        // a field the form has is not repeated as a hidden input
        assertThat(form.select("input[type=hidden][name=interface]")).isEmpty();
        assertThat(form.selectFirst("input[name=interface][value=m2]").hasAttr("checked")).isTrue();
    }

    @Test
    void thePriceChartIsAnSvgImageThatIsWellFormedXmlWithATitledPointPerDay() throws Exception {
        byte[] svg = given().when().get(P4800X + "/prices.svg").then().statusCode(200)
                .contentType("image/svg+xml;charset=UTF-8").extract().asByteArray();
        Document doc = xml(svg);
        Element root = doc.getDocumentElement();
        assertThat(root.getNamespaceURI()).isEqualTo("http://www.w3.org/2000/svg");
        assertThat(root.getLocalName()).isEqualTo("svg");
        assertThat(root.getAttribute("role")).isEqualTo("img");
        assertThat(text(doc, "title").get(0)).isEqualTo("Lowest price per day of Intel Optane SSD DC P4800X 375GB, USD, 21 Oct 2026");
        assertThat(text(doc, "desc").get(0)).contains("New old stock: 1 day, $420.00 on 21 Oct 2026");
        List<Element> points = points(doc);
        // the seed catalog has one observation of this drive
        assertThat(points).singleElement().satisfies(p -> {
            assertThat(p.getAttribute("data-day")).isEqualTo("2026-10-21");
            assertThat(p.getElementsByTagNameNS("http://www.w3.org/2000/svg", "title").item(0).getTextContent())
                    .isEqualTo("21 Oct 2026: $420.00 (new old stock)");
        });
        assertThat(root.getAttribute("data-points")).isEqualTo("1");
    }

    @Test
    void fromAndToBoundTheChartAndBadValuesAreProblems() throws Exception {
        Document empty = xml(given().queryParam("from", "2026-11-01").queryParam("to", "2026-12-01")
                .when().get(P4800X + "/prices.svg").then().statusCode(200).extract().asByteArray());
        assertThat(points(empty)).isEmpty();
        assertThat(text(empty, "text")).contains("No in-stock price in USD from 1\u201330 Nov 2026.");

        given().queryParam("from", "yesterday").when().get(P4800X + "/prices.svg").then().statusCode(400)
                .contentType("application/problem+json").body("parameter", equalTo("from"));
        given().queryParam("from", "2026-12-01").queryParam("to", "2026-11-01").when().get(P4800X + "/prices.svg")
                .then().statusCode(400).body("parameter", equalTo("to"));
        given().queryParam("colour", "red").when().get(P4800X + "/prices.svg").then().statusCode(400)
                .contentType("application/problem+json");
        given().when().get("/drives/no-such-drive/prices.svg").then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    void theContractDescribesTheChartAndNoPageVariantOfTheJsonOperations() throws Exception {
        JsonNode doc = new ObjectMapper(new YAMLFactory()).readTree(Files.readString(Path.of("openapi", "openapi.yaml"),
                StandardCharsets.UTF_8));
        assertThat(doc.at("/paths/~1drives~1{slug}~1prices.svg/get/responses/200/content").has("image/svg+xml")).isTrue();
        for (String path : List.of("/", "/recommend", "/drives", "/drives/{slug}")) {
            JsonNode content = doc.path("paths").path(path).path("get").path("responses").path("200").path("content");
            List<String> types = new ArrayList<>();
            content.fieldNames().forEachRemaining(types::add);
            assertThat(types).as(path).containsExactly("application/json");
        }
    }

    static Document xml(byte[] bytes) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(bytes));
    }

    static List<Element> points(Document doc) {
        List<Element> points = new ArrayList<>();
        NodeList paths = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "path");
        for (int i = 0; i < paths.getLength(); i++) {
            Element e = (Element) paths.item(i);
            if (e.getAttribute("class").contains("pc-pt")) {
                points.add(e);
            }
        }
        return points;
    }

    static List<String> text(Document doc, String tag) {
        List<String> texts = new ArrayList<>();
        NodeList nodes = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", tag);
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent().trim());
        }
        return texts;
    }
}
