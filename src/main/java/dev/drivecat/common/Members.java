package dev.drivecat.common;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Extension members of a problem answer (RFC 9457), as {@link DomainException} and the web layer's
 * problem carry them: in the order they were added, so an answer reads the same on every start
 * ({@code Map.copyOf}'s order changes from one JVM to the next), and never without a value.
 */
public final class Members {

    private Members() {
    }

    /** An unmodifiable copy in the given order; a member without a value is refused. */
    public static Map<String, Object> copyOf(Map<String, Object> members) {
        members.forEach((member, value) -> Objects.requireNonNull(value, member));
        return Collections.unmodifiableMap(new LinkedHashMap<>(members));
    }

    /** The members with one more (or one replaced) at its place in the order. */
    public static Map<String, Object> with(Map<String, Object> members, String member, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(members);
        more.put(member, value);
        return copyOf(more);
    }
}
