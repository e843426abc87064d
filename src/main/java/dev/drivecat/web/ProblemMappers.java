package dev.drivecat.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.JsonErrors;
import dev.drivecat.common.RateLimitedException;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Turns every failure into RFC 9457 problem+json. Expected failures say what was wrong and what
 * is allowed; unexpected ones are logged with a reference the client can quote, and the client
 * sees no stack trace and no class name.
 */
public class ProblemMappers {

    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);

    @ServerExceptionMapper
    public Response problem(ProblemException e, UriInfo uri) {
        return respond(e.problem(), uri);
    }

    /** The one place where a domain failure becomes HTTP: its kind picks the problem type. */
    @ServerExceptionMapper
    public Response domain(DomainException e, UriInfo uri) {
        if (e instanceof RateLimitedException limited) {
            return RateLimitFilter.tooMany(uri.getPath(), e.getMessage(), limited.retryAfterSeconds());
        }
        return respond(problemOf(e), uri);
    }

    /** The problem a domain failure is answered with. */
    static Problem problemOf(DomainException e) {
        Problem problem = Problem.of(problemType(e.kind()), e.getMessage());
        for (Map.Entry<String, Object> member : e.details().entrySet()) {
            problem = problem.with(member.getKey(), member.getValue());
        }
        return problem;
    }

    static ProblemType problemType(DomainException.Kind kind) {
        return switch (kind) {
            case INVALID_PARAMETER -> ProblemType.INVALID_PARAMETER;
            case INVALID_BODY -> ProblemType.INVALID_BODY;
            case NOT_FOUND -> ProblemType.NOT_FOUND;
            case CONFLICT -> ProblemType.CONFLICT;
            case PRECONDITION_FAILED -> ProblemType.PRECONDITION_FAILED;
            case PAYLOAD_TOO_LARGE -> ProblemType.PAYLOAD_TOO_LARGE;
            case UNSUPPORTED_MEDIA_TYPE -> ProblemType.UNSUPPORTED_MEDIA_TYPE;
            case UNPROCESSABLE -> ProblemType.UNPROCESSABLE;
            case TOO_MANY_REQUESTS -> ProblemType.TOO_MANY_REQUESTS;
            case UNAVAILABLE -> ProblemType.UNAVAILABLE;
        };
    }

    @ServerExceptionMapper
    public Response constraintViolation(ConstraintViolationException e, UriInfo uri) {
        List<FieldError> errors = e.getConstraintViolations().stream()
                .sorted(Comparator.comparing(v -> v.getPropertyPath().toString()))
                .map(v -> new FieldError(leaf(v), v.getMessage()))
                .toList();
        String detail = errors.stream().map(err -> err.field() + ": " + err.message())
                .reduce((a, b) -> a + "; " + b).orElse("invalid request");
        return respond(Problem.of(ProblemType.INVALID_PARAMETER, detail).with("errors", errors), uri);
    }

    /** One refused field of a request, as the problem's {@code errors} list shows it: field, then message. */
    public record FieldError(String field, String message) {
    }

    @ServerExceptionMapper
    public Response unreadableJson(JsonProcessingException e, UriInfo uri) {
        return domain(DomainException.in(e).orElseGet(() -> JsonErrors.invalidBody(e, null)), uri);
    }

    /** Ahead of Quarkus's own mapper for this type, which answers plain JSON. */
    @ServerExceptionMapper
    public Response mismatchedInput(com.fasterxml.jackson.databind.exc.MismatchedInputException e, UriInfo uri) {
        return unreadableJson(e, uri);
    }

    @ServerExceptionMapper
    public Response notFound(NotFoundException e, UriInfo uri) {
        return respond(Problem.of(ProblemType.NOT_FOUND, "No resource at " + uri.getPath()), uri);
    }

    @ServerExceptionMapper
    public Response notAllowed(NotAllowedException e, UriInfo uri) {
        String allowed = String.join(", ", e.getResponse().getAllowedMethods());
        Problem problem = Problem.of(ProblemType.METHOD_NOT_ALLOWED,
                "This resource does not accept that method; allowed: " + allowed);
        return Response.fromResponse(respond(problem, uri)).header(HttpHeaders.ALLOW, allowed).build();
    }

    @ServerExceptionMapper
    public Response notAcceptable(NotAcceptableException e, UriInfo uri) {
        return respond(Problem.of(ProblemType.NOT_ACCEPTABLE,
                "This resource cannot answer in the media type the Accept header asks for"), uri);
    }

    @ServerExceptionMapper
    public Response unsupportedMediaType(NotSupportedException e, UriInfo uri) {
        return respond(Problem.of(ProblemType.UNSUPPORTED_MEDIA_TYPE,
                "This resource does not accept a body of that Content-Type"), uri);
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e, UriInfo uri) {
        Optional<DomainException> wrapped = DomainException.in(e);
        if (wrapped.isPresent()) {
            return domain(wrapped.get(), uri);
        }
        int status = e.getResponse().getStatus();
        if (status >= 500) {
            return unexpected(e, uri);
        }
        ProblemType type = switch (status) {
            case 401 -> ProblemType.UNAUTHORIZED;
            case 404 -> ProblemType.NOT_FOUND;
            case 405 -> ProblemType.METHOD_NOT_ALLOWED;
            case 406 -> ProblemType.NOT_ACCEPTABLE;
            case 409 -> ProblemType.CONFLICT;
            case 412 -> ProblemType.PRECONDITION_FAILED;
            case 413 -> ProblemType.PAYLOAD_TOO_LARGE;
            case 415 -> ProblemType.UNSUPPORTED_MEDIA_TYPE;
            case 422 -> ProblemType.UNPROCESSABLE;
            case 429 -> ProblemType.TOO_MANY_REQUESTS;
            default -> ProblemType.INVALID_PARAMETER;
        };
        if (e.getCause() instanceof JsonProcessingException json) {
            return unreadableJson(json, uri);
        }
        String detail = "The request could not be processed (HTTP " + status + ")";
        Problem problem = new Problem(Problem.of(type, detail).type(), type.title(), status, detail, null, Map.of());
        return respond(problem, uri);
    }

    @ServerExceptionMapper(priority = jakarta.ws.rs.Priorities.USER + 1000)
    public Response unexpected(Throwable e, UriInfo uri) {
        Optional<DomainException> wrapped = DomainException.in(e);
        if (wrapped.isPresent()) {
            return domain(wrapped.get(), uri);
        }
        boolean outcomeUnknown = DatabaseUnavailable.outcomeUnknown(e);
        if (outcomeUnknown || DatabaseUnavailable.causes(e)) {
            LOG.warnf("Database unavailable on %s%s: %s", uri.getPath(), outcomeUnknown ? " while committing (outcome unknown)" : "",
                    DatabaseUnavailable.summary(e));
            Problem problem = (outcomeUnknown
                    ? Problem.of(ProblemType.UNAVAILABLE, "The database stopped answering while this request's changes were being "
                            + "committed: they may or may not have been saved. Check whether they are there before sending the request "
                            + "again, in a few seconds.").with("outcome", "unknown")
                    : Problem.of(ProblemType.UNAVAILABLE,
                            "The database is unavailable; nothing was changed by this request. Retry in a few seconds."))
                    .with("retryAfterSeconds", DatabaseUnavailable.RETRY_AFTER_SECONDS);
            return Response.fromResponse(respond(problem, uri))
                    .header(HttpHeaders.RETRY_AFTER, DatabaseUnavailable.RETRY_AFTER_SECONDS).build();
        }
        if (textValueNotStorable(e)) {
            // a value the database cannot hold (U+0000) that no earlier check caught; the transaction rolled back
            return respond(Problem.of(ProblemType.INVALID_PARAMETER,
                    "A text value in this request holds a character that cannot be stored (U+0000); nothing was changed"), uri);
        }
        String reference = UUID.randomUUID().toString();
        LOG.errorf(e, "Unexpected error on %s (reference %s)", uri.getPath(), reference);
        return respond(Problem.of(ProblemType.INTERNAL,
                "drivecat could not answer this request; quote reference " + reference + " when reporting it")
                .with("reference", reference), uri);
    }

    /** PostgreSQL's "character not in repertoire" (22021) and "untranslatable character" (22P05). */
    private static boolean textValueNotStorable(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof java.sql.SQLException sql && ("22021".equals(sql.getSQLState()) || "22P05".equals(sql.getSQLState()))) {
                return true;
            }
        }
        return false;
    }

    static Response respond(Problem problem, UriInfo uri) {
        Problem located = problem.instance() == null && uri != null ? problem.at(uri.getPath()) : problem;
        return Response.status(located.status()).type(Problem.MEDIA_TYPE).entity(located).build();
    }

    private static String leaf(ConstraintViolation<?> violation) {
        String path = violation.getPropertyPath().toString();
        int dot = path.lastIndexOf('.');
        return dot < 0 ? path : path.substring(dot + 1);
    }
}
