package dev.drivecat.catalog;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;
import java.util.List;

/** The physical form of a drive, which decides the slot or bay it needs. */
public enum FormFactor implements ApiToken {
    /** A 2.5-inch SATA or SAS drive. */
    INCH_2_5("2.5in", "2.5\"", List.of("2.5", "2.5 inch", "2.5-inch", "sff")),
    U2("u2", "U.2", List.of()),
    U3("u3", "U.3", List.of()),
    M2_2280("m2-2280", "M.2 2280", List.of("m.2 22x80", "m2 22x80", "m2-22x80")),
    M2_22110("m2-22110", "M.2 22110", List.of("m.2 22x110", "m2-22x110")),
    /** A PCIe add-in card (HHHL or FHHL). */
    AIC("aic", "add-in card", List.of("add-in card", "hhhl", "pcie card")),
    E1S("e1s", "E1.S", List.of());

    private final String token;
    private final String label;
    private final List<String> aliases;

    FormFactor(String token, String label, List<String> aliases) {
        this.token = token;
        this.label = label;
        this.aliases = aliases;
    }

    @Override
    @JsonValue
    public String token() {
        return token;
    }

    @Override
    public List<String> aliases() {
        return aliases;
    }

    /** How people write it, e.g. {@code M.2 2280}. */
    public String label() {
        return label;
    }

    public boolean isM2() {
        return this == M2_2280 || this == M2_22110;
    }
}
