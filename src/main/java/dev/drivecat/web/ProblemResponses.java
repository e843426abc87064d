package dev.drivecat.web;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * Describes in the OpenAPI document what every operation may answer because of the web layer,
 * so that resources only describe their own outcomes, by status and words:
 * <ul>
 * <li>every error response (4xx, 5xx, default) is RFC 9457 problem+json unless the resource says
 * otherwise (the HTML pages of the subscription links);</li>
 * <li>an operation with parameters may answer 400: {@link RequestParameters} refuses unknown query
 * parameters and control characters in any parameter, naming the parameter;</li>
 * <li>an admin operation may answer 401 ({@link AdminAuthFilter});</li>
 * <li>a rate-limited operation may answer 429 with Retry-After ({@link RateLimitFilter});</li>
 * <li>an operation that takes a body may answer 413 when the body is over its limit ({@link BodyLimits});</li>
 * <li>any operation may answer another problem ({@code default}): 503 with Retry-After while the
 * database is unreachable, 406 or 415 for media types it does not serve, 414 or 431 for a request
 * line or headers over the limits, 500 with a reference for a failure nobody expected.</li>
 * </ul>
 * A parameter declared without a schema is described as a string: every parameter is read as text.
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class ProblemResponses implements OASFilter {

    static final String PROBLEM_REF = "#/components/schemas/Problem";

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        if (openAPI.getPaths() == null) {
            return;
        }
        for (Map.Entry<String, PathItem> path : openAPI.getPaths().getPathItems().entrySet()) {
            if (path.getKey().startsWith("/q/")) {
                continue;
            }
            for (Operation operation : path.getValue().getOperations().values()) {
                describe(path.getKey(), operation);
            }
        }
    }

    private static void describe(String path, Operation operation) {
        List<Parameter> parameters = operation.getParameters() == null ? List.of() : operation.getParameters();
        for (Parameter parameter : parameters) {
            if (parameter.getSchema() == null && parameter.getContent() == null) {
                parameter.setSchema(OASFactory.createSchema().addType(Schema.SchemaType.STRING));
            }
        }
        APIResponses responses = operation.getResponses();
        if (responses == null) {
            responses = OASFactory.createAPIResponses();
            operation.setResponses(responses);
        }
        if (!parameters.isEmpty()) {
            addIfAbsent(responses, "400", "A parameter is unknown, malformed or not allowed, or holds a control character; "
                    + "the problem's parameter member names it.");
        }
        if (operation.getSecurity() != null && !operation.getSecurity().isEmpty()) {
            addIfAbsent(responses, "401", "Missing or wrong admin token, or none configured.");
        }
        if (RateLimitFilter.LIMITED_PATHS.contains(path)) {
            addIfAbsent(responses, "429", "Too many requests of this kind from this client; Retry-After says when to try again.");
        }
        if (operation.getRequestBody() != null) {
            addIfAbsent(responses, "413", "The body is larger than this operation takes; the problem's maxBytes says how large it may be.");
        }
        addIfAbsent(responses, APIResponses.DEFAULT, "Any other problem: 503 with Retry-After while the database is unreachable, "
                + "503 for work stopped once the request's deadline (drivecat.requests.deadline) passed or its client went away, "
                + "406 or 415 for a media type this operation does not serve, 414 or 431 for a request line or headers over the "
                + "limits, 500 with a reference to quote for a failure nobody expected.");
        for (Map.Entry<String, APIResponse> response : responses.getAPIResponses().entrySet()) {
            String code = response.getKey();
            boolean error = code.startsWith("4") || code.startsWith("5") || code.equals(APIResponses.DEFAULT);
            if (error && response.getValue().getContent() == null && response.getValue().getRef() == null) {
                response.getValue().setContent(problemContent());
            }
        }
    }

    private static void addIfAbsent(APIResponses responses, String code, String description) {
        if (!responses.hasAPIResponse(code)) {
            responses.addAPIResponse(code, OASFactory.createAPIResponse().description(description));
        }
    }

    private static Content problemContent() {
        return OASFactory.createContent().addMediaType(Problem.MEDIA_TYPE,
                OASFactory.createMediaType().schema(OASFactory.createSchema().ref(PROBLEM_REF)));
    }
}
