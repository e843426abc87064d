package dev.drivecat.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns Jackson's messages into one line that names the place in the document, without Java class names. */
public final class JsonErrors {

    private JsonErrors() {
    }

    public static String describe(JsonProcessingException e) {
        String where = pointer(e);
        String what = e.getOriginalMessage();
        if (e instanceof MismatchedInputException m && m.getTargetType() != null && !m.getTargetType().isEnum() && what != null
                && what.startsWith("Cannot ")) {
            // Jackson words these for Java programmers ("no String-argument constructor/factory method"): say it in JSON's terms
            String found = found(what);
            what = "expected " + expected(m.getTargetType()) + (found == null ? "" : ", found " + found);
        } else if (what != null) {
            // Java types (also generic ones) and Jackson's token names mean nothing to a client
            what = what.replaceAll("\\(class [^)]*\\)", "").replaceAll("\\s*\\(token `[^`]*`\\)", "")
                    .replaceAll("`[a-z]+(\\.[a-zA-Z_$0-9]+)+(<[^`]*>)?`", "value");
            int newline = what.indexOf('\n');
            if (newline > 0) {
                what = what.substring(0, newline);
            }
        }
        what = what == null ? null : Text.escape(what);
        String location = e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
        return (where.isEmpty() ? "Malformed JSON" : "At " + where) + location + ": " + what;
    }

    /** What a Java type reads from, in JSON's terms. */
    private static String expected(Class<?> type) {
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "a list";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type.isPrimitive() || Number.class.isAssignableFrom(type)) {
            return "a number";
        }
        if (CharSequence.class.isAssignableFrom(type)) {
            return "text";
        }
        return "an object";
    }

    private static final Pattern FOUND = Pattern.compile("from (String|Integer|Floating-point|Number|Boolean|Array|Object|Null) value");

    /** The kind of JSON value Jackson met, from its message (the exception does not keep it). */
    private static String found(String message) {
        Matcher m = FOUND.matcher(message);
        if (!m.find()) {
            return null;
        }
        return switch (m.group(1)) {
            case "String" -> "text";
            case "Boolean" -> "true or false";
            case "Array" -> "a list";
            case "Object" -> "an object";
            case "Null" -> "null";
            default -> "a number";
        };
    }

    /**
     * A body that is not the JSON expected, as a 400 whose members say where it broke: {@code pointer}
     * (RFC 6901) when the document was read that far, and {@code line} and {@code column}.
     */
    public static DomainException invalidBody(JsonProcessingException e, String allowed) {
        return new DomainException(DomainException.Kind.INVALID_BODY, describe(e) + (allowed == null ? "" : "; " + allowed), location(e));
    }

    /** Where the document broke, as problem members. */
    public static Map<String, Object> location(JsonProcessingException e) {
        Map<String, Object> members = new LinkedHashMap<>();
        String pointer = pointer(e);
        if (!pointer.isEmpty()) {
            members.put("pointer", pointer);
        }
        if (e.getLocation() != null && e.getLocation().getLineNr() > 0) {
            members.put("line", e.getLocation().getLineNr());
            members.put("column", e.getLocation().getColumnNr());
        }
        return members;
    }

    private static String pointer(JsonProcessingException e) {
        return e instanceof JsonMappingException mapping ? JsonPointers.of(mapping.getPath()) : "";
    }
}
