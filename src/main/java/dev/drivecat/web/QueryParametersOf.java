package dev.drivecat.web;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a resource method that reads its query itself (a page that answers at an API operation's
 * address): it takes exactly the query parameters the named method of {@link #type()} declares,
 * so {@link RequestParameters} refuses the same unknown parameters on both, from one declaration.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface QueryParametersOf {

    /** The resource class that declares the operation. */
    Class<?> type();

    /** The name of its resource method (unique in that class). */
    String method();
}
