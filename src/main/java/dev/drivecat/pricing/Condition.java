package dev.drivecat.pricing;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;
import java.util.List;
import java.util.Locale;

/**
 * The condition an offer is sold in. {@link #NEW_OLD_STOCK} is an unused drive of a discontinued
 * model sold new by a third party, or a listing that says so; its warranty may have lapsed, so
 * check the serial number with the vendor.
 */
public enum Condition implements ApiToken {
    NEW(List.of()),
    NEW_OLD_STOCK(List.of("nos")),
    USED(List.of("pre-owned", "second-hand")),
    RENEWED(List.of("refurbished", "renewed/refurbished"));

    private final List<String> aliases;
    private final String words;

    Condition(List<String> aliases) {
        this.aliases = aliases;
        this.words = name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /** The condition in lower-case words, as an explanation writes it: "new old stock". */
    public String words() {
        return words;
    }

    @Override
    @JsonValue
    public String token() {
        return name();
    }

    @Override
    public List<String> aliases() {
        return aliases;
    }
}
