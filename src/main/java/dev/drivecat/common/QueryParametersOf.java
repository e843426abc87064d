package dev.drivecat.common;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a resource method that reads its query itself (a page that answers at an API operation's
 * address, or a second operation that asks the same question another way): it takes the query
 * parameters the named method of {@link #type()} declares, and those it declares itself, so the
 * web layer's unknown-parameter check refuses the same unknown parameters on both, from one
 * declaration.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface QueryParametersOf {

    /** The resource class that declares the operation. */
    Class<?> type();

    /** The name of its resource method (unique in that class). */
    String method();
}
