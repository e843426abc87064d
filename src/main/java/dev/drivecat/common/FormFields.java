package dev.drivecat.common;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The fields of an application/x-www-form-urlencoded body, as a browser sends a form. */
public final class FormFields {

    private FormFields() {
    }

    /** Every field with its values in the order sent; a pair without a name or with a broken escape is no field. */
    public static Map<String, List<String>> read(String body) {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        if (body == null || body.isBlank()) {
            return fields;
        }
        for (String pair : body.trim().split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                try {
                    // both decoded before either is kept: a broken value leaves no field behind, not an empty one
                    String name = URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8);
                    String value = URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                    fields.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
                } catch (IllegalArgumentException malformed) {
                    // a broken escape is no field
                }
            }
        }
        return fields;
    }
}
