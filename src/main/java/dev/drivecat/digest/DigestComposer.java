package dev.drivecat.digest;

import dev.drivecat.DrivecatConfig;
import dev.drivecat.catalog.Drive;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.charts.PngChart;
import dev.drivecat.charts.PriceChart;
import dev.drivecat.common.ApiSettings;
import dev.drivecat.common.ApiToken;
import dev.drivecat.common.Dates;
import dev.drivecat.drives.CatalogQueries;
import dev.drivecat.pricing.ChangeKind;
import dev.drivecat.pricing.IsoWeek;
import dev.drivecat.pricing.PriceChange;
import dev.drivecat.pricing.PriceChangeRules;
import dev.drivecat.pricing.PriceChangeService.ChangeReport;
import dev.drivecat.pricing.PriceChangeSettings;
import dev.drivecat.ranking.RecommendParams;
import dev.drivecat.ranking.Recommendation;
import dev.drivecat.ranking.RecommendationService;
import dev.drivecat.ranking.Role;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Writes one subscriber's digest: picks the week's changes for their settings, and renders the
 * subject, the plain-text part and the HTML part, with the current best pick per role and interface
 * they follow. In the HTML part each change has a small chart of its drive's price (that condition,
 * that currency, over {@code drivecat.price-changes.lowest-within} up to the week's end) as a PNG sent
 * with the message.
 */
@ApplicationScoped
public class DigestComposer {

    @Inject
    DrivecatConfig config;

    @Inject
    ApiSettings apiSettings;

    @Inject
    PriceChangeSettings priceChangeSettings;

    @Inject
    RecommendationService recommendations;

    @Inject
    CatalogQueries catalog;

    @Inject
    ChangeFeed feed;

    /** How the chart is shown in the mail: half the size it is drawn at, so it is sharp on dense screens. */
    static final int CHART_WIDTH = PriceChart.Size.MAIL.width() / 2;
    static final int CHART_HEIGHT = PriceChart.Size.MAIL.height() / 2;

    /** A rendered digest, with the pictures its HTML shows. */
    public record Composed(String subject, String text, String html, int changeCount, List<MailSender.InlineImage> images) {
    }

    /** Everything a run computes once and shares between subscribers. */
    public static final class Week {
        final IsoWeek week;
        final ChangeReport report;
        final Map<Role, Set<String>> roleDrives;
        final Map<String, Optional<PickView>> picks = new HashMap<>();
        /** Charts by drive, currency and condition: each is drawn once a run, whoever gets it. */
        final Map<String, Optional<Chart>> charts = new HashMap<>();
        final Map<String, String> driveNames = new HashMap<>();

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

    /** A change's chart: the picture and what it shows, in words for those who do not see it. */
    record Chart(MailSender.InlineImage image, String alt) {
    }

    public Composed compose(Week w, SubscriptionSettings s, String unsubscribeUrl) {
        List<PriceChange> changes = select(w.report.changes(), s, w.roleDrives);
        String subject = DigestSubject.of(changes, w.week);
        List<ChangeView> views = new ArrayList<>();
        Map<String, MailSender.InlineImage> images = new java.util.LinkedHashMap<>();
        for (PriceChange c : changes) {
            Optional<Chart> chart = w.charts.computeIfAbsent(chartKey(c), k -> chart(c, w.report.until()));
            chart.ifPresent(ch -> images.putIfAbsent(ch.image().contentId(), ch.image()));
            views.add(view(c, chart.orElse(null)));
        }
        List<PickView> picks = picks(w, s);
        List<String> unnamed = s.drives().stream().filter(d -> !w.driveNames.containsKey(d)).toList();
        w.driveNames.putAll(feed.driveNames(unnamed));
        ZoneId zone = priceChangeSettings.weekZone();
        DigestView view = new DigestView(subject, "week " + w.week.week() + " of " + w.week.year(),
                Dates.window(w.report.since(), w.report.until(), zone), views, picks, !picks.isEmpty(), views.isEmpty(),
                SubscriptionService.describe(s, w.driveNames), unsubscribeUrl, config.publicBaseUrl(), CHART_WIDTH, CHART_HEIGHT);
        return new Composed(subject, MailTemplates.text(MailTemplates.digest(view)), MailTemplates.html(MailTemplates.digest(view)),
                changes.size(), List.copyOf(images.values()));
    }

    private static String chartKey(PriceChange c) {
        return c.drive() + "/" + c.currency() + "/" + (c.condition() == null ? "unstated" : c.condition().token());
    }

    /** The chart of a change's drive in its currency and condition, up to the end of the week; none when nothing can be drawn. */
    private Optional<Chart> chart(PriceChange c, Instant until) {
        Instant from = until.minus(priceChangeSettings.lowestWithin());
        List<PriceChart.Sample> samples = PriceChart.samples(catalog.prices(c.drive(), from, until).observations());
        LocalDate last = until.minusNanos(1).atOffset(java.time.ZoneOffset.UTC).toLocalDate();
        PriceChart.Chart chart = PriceChart.build(c.driveName() + ", " + ChangeWords.condition(c.condition()), samples, c.currency(),
                c.condition(), null, last, PriceChart.Size.MAIL);
        if (!chart.hasPoints()) {
            return Optional.empty();
        }
        String id = "price-" + chartKey(c).toLowerCase(java.util.Locale.ROOT).replace('/', '-').replace('_', '-') + "@drivecat";
        return Optional.of(new Chart(new MailSender.InlineImage(id, id.substring(0, id.indexOf('@')) + ".png", "image/png",
                PngChart.render(chart)), chart.description()));
    }

    private ChangeView view(PriceChange c, Chart chart) {
        PriceChange.PricePoint now = c.after();
        String seller = now == null || now.seller() == null ? "seller not named" : now.seller();
        return new ChangeView(c.driveName(), c.driveUrl(), ChangeWords.kinds(c.kinds()), ChangeWords.headline(c),
                c.before() == null ? null : ChangeWords.money(c.before().price(), c.currency()),
                now == null ? null : ChangeWords.money(now.price(), c.currency()),
                c.percent() == null ? null : ChangeWords.percent(c.percent()),
                seller, ChangeWords.sellerType(c.sellerType()), ChangeWords.condition(c.condition()),
                now == null ? null : now.marketplace(), now == null ? null : now.url(),
                now == null ? null : Dates.day(now.observedAt()),
                c.has(ChangeKind.NEW_LOW) && c.previousLow() != null ? "the lowest in the " + priceChangeSettings.lowestWithin().toDays()
                        + " days before this week was " + ChangeWords.money(c.previousLow(), c.currency()) : null,
                c.has(ChangeKind.PRICE_DROP),
                chart == null ? null : chart.image().contentId(), chart == null ? null : chart.alt());
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
                .parse(apiSettings.defaultCurrency().getCurrencyCode(), apiSettings.maxLimit()));
        if (r.results().isEmpty()) {
            return Optional.empty();
        }
        Recommendation.Result top = r.results().get(0);
        Recommendation.DriveRef d = top.drive();
        String capacity = Drive.capacityLabel(d.capacityGb());
        var offer = top.bestOffer();
        String reason = top.reasons().isEmpty() ? null : top.reasons().get(0);
        return Optional.of(new PickView(roleLabel(role), iface == null ? "any interface" : iface,
                d.vendor() + " " + d.model() + " " + capacity, config.publicBaseUrl() + "/drives/" + d.slug(),
                offer == null ? null : ChangeWords.money(offer.price(), offer.currency()),
                offer == null ? null : (offer.seller() == null ? "seller not named" : offer.seller()) + ", "
                        + ChangeWords.sellerType(offer.sellerType()) + ", " + ChangeWords.condition(offer.condition())
                        + ", price seen " + Dates.day(offer.observedAt()) + (offer.stale() ? " (stale)" : ""),
                offer == null ? null : offer.url(),
                BigDecimal.valueOf(top.score()).setScale(1, java.math.RoundingMode.HALF_UP).toPlainString(), reason, null));
    }

    private static String roleLabel(String role) {
        return "slog".equals(role) ? "SLOG" : "special vdev";
    }

    /** The whole digest, as the templates read it; {@code days} is the week as people write it ("16–22 Nov 2026"). */
    public record DigestView(String subject, String week, String days, List<ChangeView> changes, List<PickView> picks,
                             boolean hasPicks, boolean empty, String follows, String unsubscribeUrl, String home, int chartWidth,
                             int chartHeight) {
    }

    /** One change, in words, with its chart's content id (null: no chart). */
    public record ChangeView(String drive, String driveUrl, String kinds, String headline, String before, String after, String percent,
                             String seller, String sellerType, String condition, String marketplace, String listingUrl,
                             String observedAt, String previousLow, boolean drop, String chartCid, String chartAlt) {
    }

    /** The current best pick for a role and interface, or why there is none. */
    public record PickView(String role, String iface, String drive, String driveUrl, String price, String seller, String listingUrl,
                           String score, String reason, String none) {
    }
}
