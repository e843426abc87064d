package dev.drivecat.digest;

import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Params;
import dev.drivecat.pricing.IsoWeek;
import dev.drivecat.pricing.PriceChangeService.ChangeQuery;
import dev.drivecat.pricing.PriceChangeSettings;
import dev.drivecat.ranking.Role;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Turns /price-changes' query parameters into a question, or a 400 that says what is allowed. */
final class ChangeParams {

    /** The parsed request: the window and filters, with the roles still to be turned into drives. */
    record Parsed(Instant since, Instant until, String week, List<InterfaceFilter> interfaces, List<Role> roles, List<String> drives,
                  String currency, BigDecimal minPercent) {

        ChangeQuery query(java.util.Set<String> drives) {
            return new ChangeQuery(since, until, interfaces, drives, currency, minPercent);
        }
    }

    private ChangeParams() {
    }

    static Parsed parse(Map<String, List<String>> raw, PriceChangeSettings settings, Instant now) {
        String weekRaw = one(raw, "week");
        String sinceRaw = one(raw, "since");
        String untilRaw = one(raw, "until");
        Instant since;
        Instant until;
        String week = null;
        if (weekRaw != null && !weekRaw.isBlank()) {
            if (sinceRaw != null || untilRaw != null) {
                throw new DomainException(DomainException.Kind.INVALID_PARAMETER,
                        "give either week or since/until, not both").with("parameter", "week");
            }
            IsoWeek w = week(weekRaw, settings.weekZone(), "2026-W48");
            since = w.start(settings.weekZone());
            until = w.end(settings.weekZone());
            week = w.toString();
        } else {
            until = Params.instant("until", untilRaw).orElse(now);
            since = Params.instant("since", sinceRaw).orElse(until.minus(Duration.ofDays(7)));
        }
        if (!since.isBefore(until)) {
            throw new DomainException(DomainException.Kind.INVALID_PARAMETER,
                    "since (" + since + ") must be before until (" + until + ")").with("parameter", "since");
        }
        Duration max = settings.maxWindow();
        if (Duration.between(since, until).compareTo(max) > 0) {
            throw new DomainException(DomainException.Kind.INVALID_PARAMETER,
                    "the window from since to until may be at most " + max.toDays() + " days long (drivecat.price-changes.max-window); "
                            + "ask for longer periods in parts").with("parameter", "since").with("maximumDays", max.toDays());
        }
        List<InterfaceFilter> interfaces = Params.tokens(InterfaceFilter.class, "interface", raw.get("interface"));
        List<Role> roles = Params.tokens(Role.class, "role", raw.get("role"));
        List<String> drives = Params.values(raw.get("drive"));
        String currencyRaw = one(raw, "currency");
        String currency = currencyRaw == null || currencyRaw.isBlank() ? null : Params.currency(currencyRaw, (String) null);
        BigDecimal floor = settings.minPercent();
        BigDecimal min = Params.decimal("minChangePercent", one(raw, "minChangePercent"), floor, new BigDecimal("100")).orElse(floor);
        return new Parsed(since, until, week, interfaces, roles, drives, currency, min);
    }

    private static String one(Map<String, List<String>> raw, String name) {
        return Params.one(raw, name);
    }

    /** The {@code week} parameter, or a 400 saying what a week looks like (with the given example). */
    static IsoWeek week(String raw, java.time.ZoneId zone, String example) {
        return IsoWeek.parse(raw).orElseThrow(() -> Params.invalid("week", raw,
                "an ISO 8601 week such as " + example + " (Monday to Monday in " + zone + ")"));
    }
}
