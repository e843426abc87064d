package dev.drivecat.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Turns Jackson's messages into one line that names the place in the document, without Java class names. */
public final class JsonErrors {

    private JsonErrors() {
    }

    public static String describe(JsonProcessingException e) {
        String where = pointer(e);
        String what = e.getOriginalMessage();
        if (what != null) {
            // Java types (also generic ones) and Jackson's token names mean nothing to a client
            what = what.replaceAll("\\(class [^)]*\\)", "").replaceAll("\\s*\\(token `[^`]*`\\)", "")
                    .replaceAll("`[a-z]+(\\.[a-zA-Z_$0-9]+)+(<[^`]*>)?`", "value");
            int newline = what.indexOf('\n');
            if (newline > 0) {
                what = what.substring(0, newline);
            }
        }
        String location = e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
        return (where.isEmpty() ? "Malformed JSON" : "At " + where) + location + ": " + what;
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
