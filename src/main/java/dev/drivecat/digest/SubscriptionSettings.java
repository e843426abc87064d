package dev.drivecat.digest;

import java.math.BigDecimal;
import java.util.List;

/**
 * What a subscriber follows, validated. Kept on a confirmation token until the address confirms it,
 * then on the subscriber. Tokens: drive slugs, interface filter tokens, role tokens.
 */
public record SubscriptionSettings(List<String> drives, List<String> interfaces, List<String> roles, BigDecimal minChangePercent) {

    public SubscriptionSettings {
        drives = drives == null ? List.of() : List.copyOf(drives);
        interfaces = interfaces == null ? List.of() : List.copyOf(interfaces);
        roles = roles == null ? List.of() : List.copyOf(roles);
    }

    /** Whether a category (interfaces and/or roles) is followed beyond the named drives. */
    public boolean followsCategory() {
        return !interfaces.isEmpty() || !roles.isEmpty();
    }

    public boolean followsEverything() {
        return drives.isEmpty() && !followsCategory();
    }
}
