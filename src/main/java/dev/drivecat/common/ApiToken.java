package dev.drivecat.common;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * An enum constant with the token that names it in the API, the database and the import format.
 * One concept, one name: the token is what clients send, what they read back, and what the
 * database check constraints list.
 */
public interface ApiToken {

    /** What lenient parsing ignores: case is folded separately. */
    java.util.regex.Pattern IGNORED = java.util.regex.Pattern.compile("[\\s_\\-.\"'″]");

    String token();

    /**
     * Parses a client-supplied value leniently: case, '-', '_', '.', spaces and quotes are ignored,
     * so {@code newOldStock}, {@code NEW_OLD_STOCK} and {@code new-old-stock} are one value. The
     * constant's name and any alias are accepted too.
     */
    static <E extends Enum<E> & ApiToken> Optional<E> parse(Class<E> type, String raw) {
        if (raw == null) {
            return Optional.empty();
        }
        for (E constant : type.getEnumConstants()) {
            if (constant.token().equals(raw)) {
                return Optional.of(constant);
            }
        }
        String wanted = normalise(raw);
        if (wanted.isEmpty()) {
            return Optional.empty();
        }
        for (E constant : type.getEnumConstants()) {
            if (normalise(constant.token()).equals(wanted) || normalise(constant.name()).equals(wanted)
                    || constant.aliases().stream().map(ApiToken::normalise).anyMatch(wanted::equals)) {
                return Optional.of(constant);
            }
        }
        return Optional.empty();
    }

    /** Like {@link #parse} but fails with the list of allowed tokens. */
    static <E extends Enum<E> & ApiToken> E require(Class<E> type, String what, String raw) {
        return parse(type, raw).orElseThrow(() -> new InvalidValueException(what, raw, tokens(type)));
    }

    static <E extends Enum<E> & ApiToken> List<String> tokens(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(ApiToken::token).toList();
    }

    /** Other spellings clients commonly use for this value. */
    default List<String> aliases() {
        return List.of();
    }

    private static String normalise(String s) {
        return IGNORED.matcher(s.toLowerCase(Locale.ROOT)).replaceAll("");
    }
}
