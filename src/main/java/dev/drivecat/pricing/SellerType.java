package dev.drivecat.pricing;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.drivecat.common.ApiToken;
import java.util.List;

/** Who sells an offer: the marketplace itself (e.g. "Ships from and sold by Amazon.com") or someone else. */
public enum SellerType implements ApiToken {
    MARKETPLACE(List.of("amazon", "first-party", "1p")),
    THIRD_PARTY(List.of("3p", "thirdparty"));

    private final List<String> aliases;

    SellerType(List<String> aliases) {
        this.aliases = aliases;
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
