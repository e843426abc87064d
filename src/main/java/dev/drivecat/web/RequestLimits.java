package dev.drivecat.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Map;

/**
 * Answers a request line or headers over drivecat's limits with 414 or 431 problem+json, before any
 * route sees the request (but {@link SecurityHeaders}, which only arranges for its headers on the answer).
 *
 * <p>Why two limits each: a request over the HTTP codec's own limits
 * ({@code quarkus.http.limits.max-initial-line-length}, {@code quarkus.http.limits.max-header-size})
 * is refused inside Vert.x before Quarkus sees it, with a bare 414 or 431 and no body, and Quarkus
 * offers no hook to change that answer. So the codec's limits are set to twice drivecat's
 * ({@link #MAX_URI_LENGTH}, {@link #MAX_HEADERS_SIZE}); everything between the two gets a problem
 * that says what the limit is, and only requests beyond twice the limit get the codec's bare answer.
 */
@ApplicationScoped
public class RequestLimits {

    /** The longest request target (path and query) answered, in characters; the codec's limit is twice this. */
    public static final int MAX_URI_LENGTH = 4096;

    /** The largest sum of header names and values answered, in characters; the codec's limit is twice this. */
    public static final int MAX_HEADERS_SIZE = 20 * 1024;

    @Inject
    ObjectMapper json;

    void install(@Observes Router router) {
        // right after SecurityHeaders, which only registers what it sets, ahead of every route that reads the request
        router.route().order(Integer.MIN_VALUE + 1).handler(this::check);
    }

    void check(RoutingContext context) {
        HttpServerRequest request = context.request();
        String uri = request.uri();
        if (uri.length() > MAX_URI_LENGTH) {
            refuse(context, ProblemType.URI_TOO_LONG, "The request target is " + uri.length()
                    + " characters long; drivecat answers request targets of at most " + MAX_URI_LENGTH
                    + " characters. Send fewer or shorter parameters.", MAX_URI_LENGTH);
            return;
        }
        int headers = 0;
        for (Map.Entry<String, String> header : request.headers()) {
            headers += header.getKey().length() + header.getValue().length();
        }
        if (headers > MAX_HEADERS_SIZE) {
            refuse(context, ProblemType.HEADERS_TOO_LARGE, "The request's headers hold " + headers
                    + " characters; drivecat answers requests whose header names and values add up to at most " + MAX_HEADERS_SIZE
                    + " characters.", MAX_HEADERS_SIZE);
            return;
        }
        context.next();
    }

    private void refuse(RoutingContext context, ProblemType type, String detail, int maximum) {
        Problem problem = Problem.of(type, detail).with("maximum", maximum);
        // the path only, and only when short: the query, or the path itself, may be what is too long
        String path = context.request().path();
        if (path != null && path.length() <= 256) {
            problem = problem.at(path);
        }
        String body;
        try {
            body = json.writeValueAsString(problem);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        context.response().setStatusCode(type.status()).putHeader("Content-Type", Problem.MEDIA_TYPE)
                .putHeader("Connection", "close").end(body);
    }
}
