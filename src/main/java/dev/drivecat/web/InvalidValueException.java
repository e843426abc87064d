package dev.drivecat.web;

import java.util.List;

/** A client sent a value outside a closed set; the answer names the allowed values. */
public class InvalidValueException extends RuntimeException {

    private final String parameter;
    private final String value;
    private final List<String> allowed;

    public InvalidValueException(String parameter, String value, List<String> allowed) {
        super("'" + value + "' is not a valid " + parameter + "; allowed: " + String.join(", ", allowed));
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
