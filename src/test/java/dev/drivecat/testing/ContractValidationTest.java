package dev.drivecat.testing;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.restassured.OpenApiValidationFilter;
import com.github.tomakehurst.wiremock.WireMockServer;
import io.restassured.RestAssured;
import io.restassured.filter.Filter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The contract check itself: an answer that breaks openapi/openapi.yaml fails the request that got
 * it, and only a page for a browser is left to the page tests. A local server on loopback plays a
 * drivecat that answers wrongly.
 */
class ContractValidationTest {

    static WireMockServer wrong;
    static Filter contract;

    @BeforeAll
    static void start() {
        wrong = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
        wrong.start();
        // a drive whose capacity is text: the contract says integer
        wrong.stubFor(get(urlPathEqualTo("/drives/broken")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withBody("{\"slug\":\"broken\",\"capacityGb\":\"lots\"}")));
        wrong.stubFor(get(urlPathEqualTo("/drives/page")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "text/html;charset=UTF-8").withBody("<!DOCTYPE html><title>a page</title>")));
        contract = ContractValidation.apiOnly(OpenApiInteractionValidator
                .createForInlineApiSpecification(ContractValidation.openApi30(ContractValidation.CONTRACT)).build());
    }

    @AfterAll
    static void stop() {
        wrong.stop();
    }

    @Test
    void anAnswerTheContractDoesNotDescribeFailsTheRequest() {
        assertThatThrownBy(() -> RestAssured.given().filter(contract).baseUri(wrong.baseUrl()).accept("application/json")
                .get("/drives/broken")).isInstanceOf(OpenApiValidationFilter.OpenApiValidationException.class)
                .hasMessageContaining("capacityGb");
    }

    @Test
    void aPageIsLeftToThePageTestsOnlyWhenTheRequestAskedForHtml() {
        assertThatThrownBy(() -> RestAssured.given().filter(contract).baseUri(wrong.baseUrl()).accept("*/*")
                .get("/drives/page")).isInstanceOf(OpenApiValidationFilter.OpenApiValidationException.class);
        // a browser's Accept names text/html and gets the page: not part of the JSON contract
        assertThatCode(() -> RestAssured.given().filter(contract).baseUri(wrong.baseUrl())
                .accept("text/html,application/xhtml+xml,*/*;q=0.8").get("/drives/page")).doesNotThrowAnyException();
        // but a broken JSON answer to the same browser is still caught
        assertThatThrownBy(() -> RestAssured.given().filter(contract).baseUri(wrong.baseUrl())
                .accept("text/html,application/xhtml+xml,*/*;q=0.8").get("/drives/broken"))
                .isInstanceOf(OpenApiValidationFilter.OpenApiValidationException.class);
    }
}
