package dev.drivecat.web;

/** The kinds of problem drivecat answers with; slugs are part of the API contract. */
public enum ProblemType {
    INVALID_PARAMETER("invalid-parameter", "Invalid parameter", 400),
    INVALID_BODY("invalid-body", "Invalid request body", 400),
    NOT_FOUND("not-found", "Not found", 404),
    UNAUTHORIZED("unauthorized", "Unauthorized", 401),
    METHOD_NOT_ALLOWED("method-not-allowed", "Method not allowed", 405),
    NOT_ACCEPTABLE("not-acceptable", "Not acceptable", 406),
    CONFLICT("conflict", "Conflict", 409),
    PRECONDITION_FAILED("precondition-failed", "Precondition failed", 412),
    PAYLOAD_TOO_LARGE("payload-too-large", "Payload too large", 413),
    UNSUPPORTED_MEDIA_TYPE("unsupported-media-type", "Unsupported media type", 415),
    URI_TOO_LONG("uri-too-long", "URI too long", 414),
    HEADERS_TOO_LARGE("headers-too-large", "Request header fields too large", 431),
    UNPROCESSABLE("unprocessable", "Unprocessable content", 422),
    TOO_MANY_REQUESTS("too-many-requests", "Too many requests", 429),
    INTERNAL("internal", "Internal error", 500),
    UNAVAILABLE("unavailable", "Service unavailable", 503);

    private final String slug;
    private final String title;
    private final int status;

    ProblemType(String slug, String title, int status) {
        this.slug = slug;
        this.title = title;
        this.status = status;
    }

    public String slug() {
        return slug;
    }

    public String title() {
        return title;
    }

    public int status() {
        return status;
    }
}
