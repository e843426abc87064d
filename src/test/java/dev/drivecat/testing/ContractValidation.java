package dev.drivecat.testing;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.restassured.OpenApiValidationFilter;
import com.atlassian.oai.validator.restassured.RestAssuredRequest;
import com.atlassian.oai.validator.restassured.RestAssuredResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.restassured.RestAssured;
import io.restassured.filter.Filter;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Checks every response a REST Assured test receives against the committed contract
 * (openapi/openapi.yaml): a response whose status, media type or body the contract does not
 * describe fails the test that made it. Registered for every test class through the JUnit
 * extension service file (and surefire's {@code junit.jupiter.extensions.autodetection.enabled}),
 * so no test can leave it out. Requests are not checked: many tests send wrong requests on purpose,
 * and what the service answers to them is what is checked.
 */
public final class ContractValidation implements BeforeAllCallback {

    public static final Path CONTRACT = Path.of("openapi", "openapi.yaml");

    private static Filter filter;

    @Override
    public void beforeAll(ExtensionContext context) throws ReflectiveOperationException {
        // A @QuarkusTest class lives in Quarkus's class loader with a REST Assured of its own: the filter
        // goes into the REST Assured the test class sees, loaded (with the parser's services) by that loader.
        ClassLoader loader = context.getRequiredTestClass().getClassLoader();
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            Class.forName(ContractValidation.class.getName(), true, loader).getMethod("install").invoke(null);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** Adds the validating filter to REST Assured's default filters, once per class loader. */
    public static synchronized void install() {
        if (Boolean.getBoolean("openapi.update")) {
            return; // the contract is being regenerated (OpenApiContractTest): the committed one may be out of date
        }
        if (filter == null) {
            filter = apiOnly(OpenApiInteractionValidator
                    .createForInlineApiSpecification(openApi30(CONTRACT))
                    .withLevelResolver(LevelResolver.create()
                            .withLevel("validation.request", ValidationReport.Level.IGNORE)
                            .build())
                    .build());
        }
        if (!RestAssured.filters().contains(filter)) {
            RestAssured.filters(filter);
        }
    }

    /**
     * The validator, for the API's answers only. A browser's request ({@code Accept} naming
     * {@code text/html}) may get a page for people, or a redirect to the canonical question, at the
     * same address (src/docs/pages.md); pages are not part of the JSON contract and their own tests
     * check them. Every other answer is checked, including a JSON answer to a request that named
     * {@code text/html} with a lower preference.
     */
    static Filter apiOnly(OpenApiInteractionValidator validator) {
        return (request, response, context) -> {
            Response answer = context.next(request, response);
            String accept = request.getHeaders().getValue("Accept");
            boolean page = accept != null && accept.toLowerCase(java.util.Locale.ROOT).contains("text/html")
                    && (answer.statusCode() / 100 == 3 || String.valueOf(answer.contentType()).startsWith("text/html"));
            if (!page) {
                ValidationReport report = validator.validate(RestAssuredRequest.of(request), RestAssuredResponse.of(answer));
                if (report.hasErrors()) {
                    throw new OpenApiValidationFilter.OpenApiValidationException(report);
                }
            }
            return answer;
        };
    }

    /**
     * The contract in OpenAPI 3.0 terms. The validator reads 3.1 documents but drops their type
     * lists ({@code type: [integer, "null"]}), so it would check no type at all; the same schemas
     * written the 3.0 way ({@code type: integer, nullable: true}) are checked. {@code {type: "null"}}
     * members of anyOf stay as they are (the validator's JSON Schema draft 4 knows them), so null is
     * allowed exactly where the 3.1 schema allows it: {@code type: object} beside
     * {@code anyOf: [$ref, {type: "null"}]} still refuses null, as 3.1 does (the type is what
     * refuses it there; the parser drops such a type, so the null alternative is dropped instead).
     */
    static String openApi30(Path contract) {
        try {
            ObjectNode doc = (ObjectNode) new ObjectMapper(new YAMLFactory()).readTree(Files.readString(contract));
            doc.put("openapi", "3.0.3");
            downgrade(doc);
            return new ObjectMapper().writeValueAsString(doc);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void downgrade(JsonNode node) {
        if (node instanceof ArrayNode array) {
            array.forEach(ContractValidation::downgrade);
            return;
        }
        if (!(node instanceof ObjectNode object)) {
            return;
        }
        if (object.get("type") instanceof ArrayNode types) {
            List<String> named = new ArrayList<>();
            types.forEach(t -> named.add(t.asText()));
            boolean nullable = named.remove("null");
            if (named.size() == 1) {
                object.put("type", named.get(0));
            } else if (!object.has("anyOf")) {
                object.remove("type");
                ArrayNode alternatives = object.putArray("anyOf");
                named.forEach(t -> alternatives.addObject().put("type", t));
            } else {
                throw new IllegalStateException("a schema with several types and an anyOf: " + object);
            }
            if (nullable) {
                object.put("nullable", true);
            }
        }
        if (object.get("type") != null && !object.path("nullable").asBoolean() && object.get("anyOf") instanceof ArrayNode anyOf) {
            // a non-null type beside anyOf [$ref, {type: "null"}] refuses null in 3.1; the parser drops such a type,
            // so the null alternative goes instead
            for (Iterator<JsonNode> it = anyOf.iterator(); it.hasNext(); ) {
                JsonNode member = it.next();
                if (member.size() == 1 && "null".equals(member.path("type").asText())) {
                    it.remove();
                }
            }
        }
        if (object.get("examples") instanceof ArrayNode examples) {
            object.remove("examples");
            if (!examples.isEmpty()) {
                object.set("example", examples.get(0));
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            downgrade(it.next().getValue());
        }
    }
}
