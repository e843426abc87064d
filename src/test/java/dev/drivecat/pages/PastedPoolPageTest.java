package dev.drivecat.pages;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.pools.PoolPastes;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/**
 * The recommend page's pool form: a text area posted as a form, without JavaScript, to /recommend,
 * answered with what was read from the paste and the ranked drives. Runs on the seed catalog.
 */
@QuarkusTest
class PastedPoolPageTest {

    static String fixture(String name) {
        return dev.drivecat.pools.PoolOutputParserTest.fixture(name);
    }

    static ExtractableResponse<Response> postForm(String paste, String... fields) {
        var request = given().accept(ContentNegotiationTest.BROWSER).contentType("application/x-www-form-urlencoded; charset=UTF-8")
                .formParam("paste", paste);
        for (int i = 0; i < fields.length; i += 2) {
            request = request.formParam(fields[i], fields[i + 1]);
        }
        return request.when().post("/recommend").then().extract();
    }

    @Test
    void theRecommendPageHasAPoolFormThatPostsToItselfAndRunsNoScript() {
        ExtractableResponse<Response> page = given().accept(ContentNegotiationTest.BROWSER).when().get("/recommend").then()
                .statusCode(200).extract();
        Document html = Jsoup.parse(page.asString());
        Element form = html.selectFirst("form.paste");
        assertThat(form.attr("method")).isEqualTo("post");
        assertThat(form.attr("action")).as("a relative address, as the policy's form-action 'self' allows").isEqualTo("/recommend");
        assertThat(form.selectFirst("textarea[name=paste]")).isNotNull();
        assertThat(html.select("script")).isEmpty();
        assertThat(page.header("Content-Security-Policy")).contains("form-action 'self'").contains("default-src 'none'");
    }

    @Test
    void aPastedPoolIsAnsweredWithWhatWasReadItsMeasuredSizeAndTheDrives() {
        String paste = fixture("raidz2x2-logs-list-v-zdb.txt");
        ExtractableResponse<Response> answer = postForm(paste, "role", "special", "smallBlocks", "16K", "pool", "",
                "interface", "u2", "interface", "sata");

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.contentType()).isEqualTo("text/html;charset=UTF-8");
        assertThat(answer.header("Cache-Control")).isEqualTo("no-store");
        assertThat(answer.header("Content-Security-Policy")).contains("form-action 'self'");
        Document html = Jsoup.parse(answer.asString());
        Element pool = html.selectFirst("section.pool");
        assertThat(pool.selectFirst("h2").text()).isEqualTo("From your pool tank");
        assertThat(pool.selectFirst("p.question").text())
                .isEqualTo("Read: raidz2 × 2, 6 wide, disks 8 TB, logs: 2 (zpool list -v at lines 2–21)");
        assertThat(pool.text()).contains("The question it gives: layout=raidz2, width=6, dataVdevs=2, diskTb=8.004445, hasSlog=true.");
        assertThat(pool.select("table.sizing tbody tr")).hasSize(14);
        Element used = pool.selectFirst("table.sizing tr.used");
        assertThat(used.selectFirst("th").text()).isEqualTo("16K (this question)");
        assertThat(used.select("td").get(0).text()).isEqualTo("79.9 GiB");
        assertThat(html.selectFirst("p.question").text()).contains("for a RAIDZ2 pool 6 wide, 3 drives in the special mirror");
        assertThat(html.select("ol.results > li")).isNotEmpty();
        assertThat(html.select("p.note")).anySatisfy(n -> assertThat(n.text()).startsWith("Measured, not estimated"));
        // the paste is back in the form, to edit and send again, with the question's other fields
        assertThat(html.selectFirst("form.paste textarea[name=paste]").wholeText()).isEqualTo(paste);
        assertThat(html.selectFirst("form.paste input[name=role][value=special]").hasAttr("checked")).isTrue();
        assertThat(html.selectFirst("form.paste input[name=interface][value=u2]").hasAttr("checked")).isTrue();
        // the question's own form never carries the pool (GET /recommend takes no pool)
        assertThat(html.select("form.ask input[name=pool]")).isEmpty();
    }

    @Test
    void whatIsNoPoolIsAPageThatSaysWhatIsReadAndKeepsThePaste() {
        ExtractableResponse<Response> answer = postForm("my pool has six disks", "role", "special");

        assertThat(answer.statusCode()).isEqualTo(400);
        Document html = Jsoup.parse(answer.asString());
        assertThat(html.selectFirst("[role=alert]").text()).contains("The body holds no zpool or zdb output drivecat reads");
        assertThat(html.selectFirst("form.paste textarea[name=paste]").wholeText()).isEqualTo("my pool has six disks");

        String two = PoolPastes.STATUS_EXAMPLE + "\n" + PoolPastes.STATUS_EXAMPLE.replace("tank", "backup");
        Document several = Jsoup.parse(postForm(two, "role", "special").asString());
        assertThat(several.selectFirst("[role=alert]").text()).contains("The paste shows 2 pools (tank, backup): say which one with pool=NAME");
        Document chosen = Jsoup.parse(postForm(two, "role", "special", "pool", "backup").asString());
        assertThat(chosen.selectFirst("section.pool h2").text()).isEqualTo("From your pool backup");
    }
}
