package dev.drivecat.digest;

import java.math.BigDecimal;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of POST /subscriptions: the address and what to hear about. Only these members are
 * read; any other (an id, a confirmed flag, a token) is an error, never assigned.
 */
@Schema(name = "SubscriptionRequest", description = "Filters combine as: the drives named, plus every drive matching the interfaces "
        + "and roles given (both when both are given); with no filter at all, every drive.")
public record SubscriptionRequest(
        @Schema(required = true, description = "Where the digest goes.", examples = "zfs-admin@example.org") String email,
        @Schema(description = "Drive slugs to follow.", examples = "[\"intel-optane-p4800x-375gb-u2\"]") List<String> drives,
        @Schema(description = "m2, u2, u3, aic, sata, sas, nvme, e1s.", examples = "[\"u2\", \"m2\"]") List<String> interfaces,
        @Schema(description = "slog, special: drives that pass the role's PLP requirement; the digest also names the role's current "
                + "best pick per interface.", examples = "[\"slog\"]") List<String> roles,
        @Schema(description = "Leave out price moves smaller than this percentage (default and minimum: "
                + "drivecat.price-changes.min-percent).", examples = "5") BigDecimal minChangePercent) {
}
