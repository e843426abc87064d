package dev.drivecat.common;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An expected failure of a domain operation: the caller's input was wrong, something is missing,
 * or the operation conflicts with the current state. Services throw it without knowing about HTTP;
 * the web layer's one mapper answers it as problem+json, with {@link #details()} as extension
 * members and {@link #getMessage()} as the detail.
 */
public class DomainException extends RuntimeException {

    /** What kind of failure this is; the web layer maps each to one problem type and status. */
    public enum Kind {
        INVALID_PARAMETER, INVALID_BODY, NOT_FOUND, CONFLICT, PRECONDITION_FAILED, PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, UNPROCESSABLE,
        TOO_MANY_REQUESTS,
        /** The service cannot answer this request now (its work was stopped). */
        UNAVAILABLE
    }

    private final Kind kind;
    private final transient Map<String, Object> details;

    public DomainException(Kind kind, String detail) {
        this(kind, detail, Map.of());
    }

    public DomainException(Kind kind, String detail, Map<String, Object> details) {
        super(detail, null, false, false);
        this.kind = kind;
        this.details = Members.copyOf(details);
    }

    public Kind kind() {
        return kind;
    }

    /** Extension members for the problem (e.g. {@code parameter}, {@code errors}). */
    public Map<String, Object> details() {
        return details;
    }

    /** The same failure with one more detail member. */
    public DomainException with(String member, Object value) {
        return new DomainException(kind, getMessage(), Members.with(details, member, value));
    }

    public static DomainException notFound(String detail) {
        return new DomainException(Kind.NOT_FOUND, detail);
    }

    public static DomainException conflict(String detail) {
        return new DomainException(Kind.CONFLICT, detail);
    }

    public static DomainException unprocessable(String detail) {
        return new DomainException(Kind.UNPROCESSABLE, detail);
    }

    public static DomainException invalidBody(String detail) {
        return new DomainException(Kind.INVALID_BODY, detail);
    }

    /** A bad query or path parameter, named so that clients can point at it. */
    public static DomainException invalidParameter(String parameter, String detail) {
        return new DomainException(Kind.INVALID_PARAMETER, detail, Map.of("parameter", parameter));
    }

    /**
     * The domain failure that is the throwable or one of its causes: a reader or the framework may
     * wrap one (the body limit's 413, thrown by the counted stream while Jackson, a form or a String
     * parameter reads the body). Empty when there is none.
     */
    public static Optional<DomainException> in(Throwable e) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable t = e; t != null && seen.add(t); t = t.getCause()) {
            if (t instanceof DomainException d) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    /** A bad request that is not about one parameter. */
    public static DomainException badRequest(String detail) {
        return new DomainException(Kind.INVALID_PARAMETER, detail);
    }
}
