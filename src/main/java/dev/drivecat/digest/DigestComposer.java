package dev.drivecat.digest;

import dev.drivecat.DrivecatConfig;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.common.ApiToken;
import dev.drivecat.pricing.ChangeKind;
import dev.drivecat.pricing.IsoWeek;
import dev.drivecat.pricing.PriceChange;
import dev.drivecat.pricing.PriceChangeRules;
import dev.drivecat.pricing.PriceChangeService.ChangeReport;
import dev.drivecat.ranking.RecommendParams;
import dev.drivecat.ranking.Recommendation;
import dev.drivecat.ranking.RecommendationService;
import dev.drivecat.ranking.Role;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateData;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Writes one subscriber's digest: picks the week's changes for their settings, and renders the
 * subject, the plain-text part and the HTML part, with the current best pick per role and interface
 * they follow.
 */
@ApplicationScoped
public class DigestComposer {

    @Inject
    DrivecatConfig config;

    @Inject
    RecommendationService recommendations;

    @Location("mail/digest.txt")
    Template text;

    @Location("mail/digest.html")
    Template html;

    /** A rendered digest. */
    public record Composed(String subject, String text, String html, int changeCount) {
    }

    /** Everything a run computes once and shares between subscribers. */
    public static final class Week {
        final IsoWeek week;
        final ChangeReport report;
        final Map<Role, Set<String>> roleDrives;
        final Map<String, Optional<PickView>> picks = new HashMap<>();

        public Week(IsoWeek week, ChangeReport report, Map<Role, Set<String>> roleDrives) {
            this.week = week;
            this.report = report;
            this.roleDrives = roleDrives;
        }
    }

    /** The changes this subscriber follows, at their threshold. */
    static List<PriceChange> select(List<PriceChange> all, SubscriptionSettings s, Map<Role, Set<String>> roleDrives) {
        List<InterfaceFilter> interfaces = s.interfaces().stream()
                .map(t -> ApiToken.parse(InterfaceFilter.class, t).orElseThrow()).toList();
        List<Role> roles = s.roles().stream().map(t -> ApiToken.parse(Role.class, t).orElseThrow()).toList();
        List<PriceChange> kept = new ArrayList<>();
        for (PriceChange c : all) {
            boolean named = s.drives().contains(c.drive());
            boolean inCategory = s.followsCategory()
                    && (interfaces.isEmpty() || interfaces.stream().anyMatch(f -> f.matches(c.iface(), c.formFactor())))
                    && (roles.isEmpty() || roles.stream().anyMatch(r -> roleDrives.getOrDefault(r, Set.of()).contains(c.drive())));
            if (!(s.followsEverything() || named || inCategory)) {
                continue;
            }
            PriceChangeRules.atLeast(c.kinds(), c.percent(), s.minChangePercent())
                    .ifPresent(kinds -> kept.add(kinds.equals(c.kinds()) ? c : c.withKinds(kinds)));
        }
        return kept;
    }

    public Composed compose(Week w, SubscriptionSettings s, String unsubscribeUrl) {
        List<PriceChange> changes = select(w.report.changes(), s, w.roleDrives);
        String subject = DigestSubject.of(changes, w.week);
        List<ChangeView> views = changes.stream().map(this::view).toList();
        List<PickView> picks = picks(w, s);
        DigestView view = new DigestView(subject, w.week.toString(), w.report.since().toString(), w.report.until().toString(),
                views, picks, !picks.isEmpty(), views.isEmpty(), SubscriptionService.describe(s), unsubscribeUrl, config.publicBaseUrl());
        return new Composed(subject, text.data("d", view).render(), html.data("d", view).render(), changes.size());
    }

    private ChangeView view(PriceChange c) {
        PriceChange.PricePoint now = c.after();
        String seller = now == null || now.seller() == null ? "seller not named" : now.seller();
        return new ChangeView(c.driveName(), c.driveUrl(), ChangeWords.kinds(c.kinds()), ChangeWords.headline(c),
                c.before() == null ? null : ChangeWords.money(c.before().price(), c.currency()),
                now == null ? null : ChangeWords.money(now.price(), c.currency()),
                c.percent() == null ? null : ChangeWords.percent(c.percent()),
                seller, ChangeWords.sellerType(c.sellerType()), ChangeWords.condition(c.condition()),
                now == null ? null : now.marketplace(), now == null ? null : now.url(),
                now == null ? null : now.observedAt().toString(),
                c.has(ChangeKind.NEW_LOW) && c.previousLow() != null ? "the lowest in the " + config.priceChanges().lowestWithin().toDays()
                        + " days before this week was " + ChangeWords.money(c.previousLow(), c.currency()) : null,
                c.has(ChangeKind.PRICE_DROP));
    }

    private List<PickView> picks(Week w, SubscriptionSettings s) {
        List<PickView> picks = new ArrayList<>();
        List<String> interfaces = s.interfaces().isEmpty() ? java.util.Collections.singletonList(null) : s.interfaces();
        for (String role : s.roles()) {
            for (String iface : interfaces) {
                String key = role + "/" + iface;
                Optional<PickView> pick = w.picks.computeIfAbsent(key, k -> pick(role, iface));
                picks.add(pick.orElse(new PickView(roleLabel(role), iface == null ? "any interface" : iface, null, null, null,
                        null, null, null, null, "no drive in stock fits this role and interface now")));
            }
        }
        return picks;
    }

    private Optional<PickView> pick(String role, String iface) {
        Map<String, List<String>> params = new HashMap<>();
        params.put("role", List.of(role));
        params.put("limit", List.of("1"));
        if (iface != null) {
            params.put("interface", List.of(iface));
        }
        Recommendation r = recommendations.recommendation(new RecommendParams(params)
                .parse(config.api().defaultCurrency(), config.api().maxLimit()));
        if (r.results().isEmpty()) {
            return Optional.empty();
        }
        Recommendation.Result top = r.results().get(0);
        Recommendation.DriveRef d = top.drive();
        String capacity = dev.drivecat.catalog.Drive.capacityLabel(d.capacityGb());
        var offer = top.bestOffer();
        String reason = top.reasons().isEmpty() ? null : top.reasons().get(0);
        return Optional.of(new PickView(roleLabel(role), iface == null ? "any interface" : iface,
                d.vendor() + " " + d.model() + " " + capacity, config.publicBaseUrl() + "/drives/" + d.slug(),
                offer == null ? null : ChangeWords.money(offer.price(), offer.currency()),
                offer == null ? null : (offer.seller() == null ? "seller not named" : offer.seller()) + ", "
                        + ChangeWords.sellerType(offer.sellerType()) + ", " + ChangeWords.condition(offer.condition())
                        + ", price seen " + offer.observedAt().toString().substring(0, 10) + (offer.stale() ? " (stale)" : ""),
                offer == null ? null : offer.url(),
                BigDecimal.valueOf(top.score()).setScale(1, java.math.RoundingMode.HALF_UP).toPlainString(), reason, null));
    }

    private static String roleLabel(String role) {
        return "slog".equals(role) ? "SLOG" : "special vdev";
    }

    /** The whole digest, as the templates read it. */
    @TemplateData
    public record DigestView(String subject, String week, String since, String until, List<ChangeView> changes, List<PickView> picks,
                             boolean hasPicks, boolean empty, String follows, String unsubscribeUrl, String home) {
    }

    /** One change, in words. */
    @TemplateData
    public record ChangeView(String drive, String driveUrl, String kinds, String headline, String before, String after, String percent,
                             String seller, String sellerType, String condition, String marketplace, String listingUrl,
                             String observedAt, String previousLow, boolean drop) {
    }

    /** The current best pick for a role and interface, or why there is none. */
    @TemplateData
    public record PickView(String role, String iface, String drive, String driveUrl, String price, String seller, String listingUrl,
                           String score, String reason, String none) {
    }
}
