package dev.drivecat.ranking;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a component of {@link RecommendRequest}: the roles that take the parameter. A parameter without
 * it is every role's; a role refuses another role's parameter with a 400 that names what it takes.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
@interface ForRoles {
    Role[] value();
}
