package dev.drivecat.common;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A client sent a value outside a closed set; the answer names the parameter and the allowed values. */
public class InvalidValueException extends DomainException {

    private final String parameter;
    private final String value;
    private final List<String> allowed;

    public InvalidValueException(String parameter, String value, List<String> allowed) {
        super(Kind.INVALID_PARAMETER, "'" + Text.quote(value) + "' is not a valid " + parameter + "; allowed: " + String.join(", ", allowed),
                members(parameter, allowed));
        this.parameter = parameter;
        this.value = value;
        this.allowed = List.copyOf(allowed);
    }

    /** In this order in every answer (Map.of's order changes from one start to the next). */
    private static Map<String, Object> members(String parameter, List<String> allowed) {
        Map<String, Object> members = new LinkedHashMap<>();
        members.put("parameter", parameter);
        members.put("allowed", List.copyOf(allowed));
        return members;
    }

    public String parameter() {
        return parameter;
    }

    public String value() {
        return value;
    }

    public List<String> allowed() {
        return allowed;
    }
}
