package dev.drivecat.common;

import com.fasterxml.jackson.databind.JsonMappingException;
import java.util.List;

/** Builds RFC 6901 JSON pointers for error messages that point at the bad part of a document. */
public final class JsonPointers {

    private JsonPointers() {
    }

    public static String of(List<JsonMappingException.Reference> path) {
        StringBuilder pointer = new StringBuilder();
        for (JsonMappingException.Reference ref : path) {
            pointer.append('/');
            if (ref.getFieldName() != null) {
                pointer.append(escape(ref.getFieldName()));
            } else if (ref.getIndex() >= 0) {
                pointer.append(ref.getIndex());
            }
        }
        return pointer.toString();
    }

    public static String escape(String segment) {
        return segment.replace("~", "~0").replace("/", "~1");
    }
}
