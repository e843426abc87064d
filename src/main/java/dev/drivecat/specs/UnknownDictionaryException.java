package dev.drivecat.specs;

import java.util.List;

/** The admin named a spec dictionary that does not exist. */
public class UnknownDictionaryException extends IllegalArgumentException {

    private final transient List<String> known;

    public UnknownDictionaryException(String wanted, List<String> known) {
        super("no spec dictionary \"" + wanted + "\"; known: " + String.join(", ", known));
        this.known = List.copyOf(known);
    }

    public List<String> known() {
        return known;
    }
}
