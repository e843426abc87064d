package dev.drivecat.pages;

import dev.drivecat.common.DomainException;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * How a page is answered: HTML in UTF-8, an error as a page that says what was wrong, a cleaned-up question as a redirect;
 * and how it reads the query that fills its form.
 */
final class Html {

    /**
     * What the page methods produce. The server quality {@code qs=0.5} makes JAX-RS pick the JSON method
     * when the client likes both equally (any type, as curl asks by default, or no Accept at all) and this one
     * only when the client prefers text/html, as every browser does.
     */
    static final String PRODUCES = "text/html;qs=0.5";

    static final MediaType TYPE = MediaType.TEXT_HTML_TYPE.withCharset("UTF-8");

    private Html() {
    }

    static Response ok(TemplateInstance page) {
        return status(200, page);
    }

    static Response status(int status, TemplateInstance page) {
        return Response.status(status).type(TYPE).entity(page.render()).build();
    }

    /** A failure the API would answer as problem+json, as a page with the same status and words. */
    static Response problem(DomainException e) {
        int status = status(e.kind());
        return status(status, PageTemplates.problem(new ProblemView(status, title(e.kind()), e.getMessage())));
    }

    static int status(DomainException.Kind kind) {
        return switch (kind) {
            case INVALID_PARAMETER, INVALID_BODY -> 400;
            case NOT_FOUND -> 404;
            case CONFLICT -> 409;
            case PRECONDITION_FAILED -> 412;
            case PAYLOAD_TOO_LARGE -> 413;
            case UNSUPPORTED_MEDIA_TYPE -> 415;
            case UNPROCESSABLE -> 422;
            case TOO_MANY_REQUESTS -> 429;
            case UNAVAILABLE -> 503;
        };
    }

    static String title(DomainException.Kind kind) {
        return switch (kind) {
            case INVALID_PARAMETER, INVALID_BODY -> "That question cannot be answered";
            case NOT_FOUND -> "Not found";
            case CONFLICT -> "Conflict";
            case PRECONDITION_FAILED -> "Precondition failed";
            case PAYLOAD_TOO_LARGE -> "Too large";
            case UNSUPPORTED_MEDIA_TYPE -> "Unsupported media type";
            case UNPROCESSABLE -> "Cannot be processed";
            case TOO_MANY_REQUESTS -> "Too many requests";
            case UNAVAILABLE -> "Not answered";
        };
    }

    /**
     * 303 to the same page with the cleaned-up query, as a relative reference (RFC 9110 allows one):
     * JAX-RS's seeOther would make it absolute with the request's Host header, which a client chooses.
     */
    static Response seeOther(String path, Map<String, List<String>> query) {
        return Response.status(Response.Status.SEE_OTHER).header(HttpHeaders.LOCATION, path + query(query)).build();
    }

    /** "?a=1&b=x&b=y", or "" for no parameters. */
    static String query(Map<String, List<String>> params) {
        StringBuilder q = new StringBuilder();
        params.forEach((name, values) -> values.forEach(v -> q.append(q.length() == 0 ? '?' : '&')
                .append(URLEncoder.encode(name, StandardCharsets.UTF_8)).append('=')
                .append(URLEncoder.encode(v, StandardCharsets.UTF_8))));
        return q.toString();
    }

    /** A query parameter's first value, or null when the query does not give it. */
    static String first(Map<String, List<String>> query, String name) {
        List<String> values = query.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    /** A query parameter's first value as a form's text field shows it: empty when the query does not give it. */
    static String field(Map<String, List<String>> query, String name) {
        String value = first(query, name);
        return value == null ? "" : value;
    }

    /** What an error page says. */
    public record ProblemView(int status, String title, String detail) {
    }
}
