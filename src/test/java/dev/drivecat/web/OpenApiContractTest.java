package dev.drivecat.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The committed API contract (openapi/openapi.yaml) is what the service serves. When an API
 * change is intended, regenerate it with
 * {@code ./mvnw test -Dtest=OpenApiContractTest -Dopenapi.update=true} and commit it.
 */
@QuarkusTest
class OpenApiContractTest {

    static final Path COMMITTED = Path.of("openapi", "openapi.yaml");
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void servedDocumentMatchesTheCommittedContract() throws Exception {
        String served = given().accept("application/yaml").when().get("/q/openapi")
                .then().statusCode(200).extract().asString();
        if (Boolean.getBoolean("openapi.update")) {
            Files.writeString(COMMITTED, served, StandardCharsets.UTF_8);
        }
        assertThat(COMMITTED).as("the committed contract").exists();
        JsonNode committed = YAML.readTree(Files.readString(COMMITTED, StandardCharsets.UTF_8));
        JsonNode current = YAML.readTree(served);
        if (!committed.equals(current)) {
            Path actual = Path.of("target", "openapi-served.yaml");
            Files.createDirectories(actual.getParent());
            Files.writeString(actual, served, StandardCharsets.UTF_8);
            fail("The served OpenAPI document differs from openapi/openapi.yaml (served copy: " + actual
                    + "). If the API change is intended, run ./mvnw test -Dtest=OpenApiContractTest -Dopenapi.update=true");
        }
    }

    @Test
    void contractDescribesEveryOperationAndItsErrors() throws Exception {
        JsonNode doc = YAML.readTree(Files.readString(COMMITTED, StandardCharsets.UTF_8));
        doc.get("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
            if (!op.getValue().isObject() || !op.getValue().has("responses")) {
                return;
            }
            assertThat(op.getValue().path("description").asText())
                    .as(op.getKey() + " " + path.getKey() + " has a description").isNotBlank();
            if (!path.getKey().startsWith("/q/")) {
                assertThat(op.getValue().get("responses").fieldNames()).toIterable()
                        .as(op.getKey() + " " + path.getKey() + " documents an error response")
                        .anyMatch(code -> code.startsWith("4"));
            }
        }));
    }
}
