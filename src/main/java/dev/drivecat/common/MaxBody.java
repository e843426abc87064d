package dev.drivecat.common;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The largest request body an operation takes, on its resource method: a body declared larger
 * (Content-Length) is refused before a byte of it is read, and one sent in chunks is cut off as
 * soon as it passes the limit, both as 413 problem+json. An operation without this annotation takes
 * at most {@link #DEFAULT_BYTES}. The web layer enforces it for every operation; the resource reads
 * the body with {@link BodyLimit} and the same limit.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface MaxBody {

    /** The limit of an operation that declares none: small JSON bodies, forms. */
    long DEFAULT_BYTES = 16 * 1024;

    /** The limit in bytes; unused when {@link #property()} names one. */
    long bytes() default DEFAULT_BYTES;

    /** A configuration property whose value is the limit in bytes (e.g. {@code drivecat.imports.max-body-bytes}). */
    String property() default "";
}
