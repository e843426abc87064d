package dev.drivecat.common;

import java.util.List;
import java.util.Map;

/** A client sent a value outside a closed set; the answer names the parameter and the allowed values. */
public class InvalidValueException extends DomainException {

    private final String parameter;
    private final String value;
    private final List<String> allowed;

    public InvalidValueException(String parameter, String value, List<String> allowed) {
        super(Kind.INVALID_PARAMETER, "'" + value + "' is not a valid " + parameter + "; allowed: " + String.join(", ", allowed),
                Map.of("parameter", parameter, "allowed", List.copyOf(allowed)));
        this.parameter = parameter;
        this.value = value;
        this.allowed = List.copyOf(allowed);
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
