package dev.drivecat.pages;

import dev.drivecat.DrivecatConfig;
import dev.drivecat.catalog.Drive;
import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.PlpAssessment;
import dev.drivecat.catalog.PlpClass;
import dev.drivecat.charts.PriceChart;
import dev.drivecat.charts.SvgChart;
import dev.drivecat.common.ApiSettings;
import dev.drivecat.common.ApiToken;
import dev.drivecat.common.Dates;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Params;
import dev.drivecat.common.QueryParametersOf;
import dev.drivecat.digest.ChangeWords;
import dev.drivecat.drives.CatalogQueries;
import dev.drivecat.drives.DriveResource;
import dev.drivecat.drives.DriveViews.DriveDetail;
import dev.drivecat.drives.DriveViews.DrivePage;
import dev.drivecat.drives.DriveViews.DriveSummary;
import dev.drivecat.drives.DriveViews.EnduranceView;
import dev.drivecat.drives.DriveViews.ListingView;
import dev.drivecat.drives.DriveViews.MeasuredLatency;
import dev.drivecat.drives.DriveViews.SourceView;
import dev.drivecat.drives.DriveViews.SpecValueView;
import dev.drivecat.drives.DriveViews.SpecView;
import dev.drivecat.pricing.Money;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * {@code /drives} and {@code /drives/{slug}} for people: the catalog with its filters as a form, and
 * one drive with its specs and their sources, its offers and its price history as a chart. The
 * parameters are read by the JSON resource itself ({@link DriveResource}), so a page and the JSON of
 * the same address always answer the same question.
 */
@Path("/drives")
public class DrivePages {

    /** The spec fields the latency section shows, measured first. */
    static final List<String> LATENCY_FIELDS = List.of("syncWriteLatency", "writeLatency", "readLatency");
    private static final List<String> LIST_PARAMETERS = List.of("interface", "formFactor", "media", "plp", "vendor", "minDwpd", "q",
            "sort", "limit", "offset", "currency", "includeBusinessOnly");

    @Inject
    DriveResource drives;

    @Inject
    CatalogQueries catalog;

    @Inject
    DrivecatConfig config;

    @Inject
    ApiSettings apiSettings;

    // ---- the list

    /** The drive list page. */
    public record DrivesView(DrivesForm form, List<DriveRow> rows, long total, int first, int last, String previous, String next,
                             String currency, String curl) {
    }

    /** The list's filters, filled with what was asked. */
    public record DrivesForm(List<RecommendForm.Option> interfaces, List<RecommendForm.Option> formFactors,
                             List<RecommendForm.Option> media, List<RecommendForm.Option> plp, List<RecommendForm.Option> sorts,
                             String vendor, String minDwpd, String q, String currency, String defaultCurrency,
                             boolean includeBusinessOnly) {
    }

    /** One drive in the list. */
    public record DriveRow(String name, String href, String kind, String plp, String plpWording, String endurance, OfferView offer) {
    }

    @GET
    @Produces(Html.PRODUCES)
    @Operation(hidden = true)
    @QueryParametersOf(type = DriveResource.class, method = "list")
    public Response list(@Context UriInfo uri) {
        Map<String, List<String>> raw = uri.getQueryParameters();
        Map<String, List<String>> canonical = canonical(raw);
        if (!canonical.equals(raw)) {
            return Html.seeOther("/drives", canonical);
        }
        DrivePage page = drives.list(raw.get("interface"), raw.get("bus"), raw.get("formFactor"), raw.get("media"), raw.get("plp"), raw.get("vendor"),
                Html.first(raw, "minDwpd"), Html.first(raw, "q"), Html.first(raw, "sort"), Html.first(raw, "limit"),
                Html.first(raw, "offset"), Html.first(raw, "currency"), Html.first(raw, "includeBusinessOnly"));
        List<DriveRow> rows = page.items().stream().map(DrivePages::row).toList();
        int first = page.items().isEmpty() ? 0 : page.offset() + 1;
        int last = page.offset() + page.items().size();
        String previous = page.offset() > 0 ? "/drives" + Html.query(withOffset(raw, Math.max(0, page.offset() - page.limit()))) : null;
        String next = last < page.total() ? "/drives" + Html.query(withOffset(raw, page.offset() + page.limit())) : null;
        String curl = "curl -H 'Accept: application/json' '" + config.publicBaseUrl() + "/drives" + Html.query(raw) + "'";
        return Html.ok(PageTemplates.drives(new DrivesView(form(raw, page.currency()), rows, page.total(), first, last, previous, next,
                page.currency(), curl)));
    }

    static DriveRow row(DriveSummary d) {
        var plp = d.plp();
        String kind = Words.iface(d.iface()) + ", " + Words.formFactor(d.formFactor()) + (d.media() == null ? "" : ", " + Words.media(d.media()));
        return new DriveRow(Drive.name(d.vendor(), d.model(), d.capacityGb()), "/drives/" + d.slug(), kind,
                d.plpAssessment().protection().words(),
                plp == null ? null : plp.wording(), endurance(d.endurance()), OfferView.of(d.bestOffer()));
    }

    static DrivesForm form(Map<String, List<String>> raw, String currency) {
        return new DrivesForm(
                options(raw, "interface", InterfaceFilter.values(), Words::interfaceFilter),
                options(raw, "formFactor", FormFactor.values(), Words::formFactor),
                options(raw, "media", Media.values(), Words::media),
                options(raw, "plp", PlpClass.values(), c -> "PLP " + Words.plpClass(c)),
                sorts(Html.first(raw, "sort")),
                Html.field(raw, "vendor"), Html.field(raw, "minDwpd"), Html.field(raw, "q"), Html.field(raw, "currency"), currency,
                "true".equalsIgnoreCase(Html.first(raw, "includeBusinessOnly")));
    }

    private static <E extends Enum<E> & ApiToken> List<RecommendForm.Option> options(Map<String, List<String>> raw, String name, E[] values,
                                                                                   java.util.function.Function<E, String> label) {
        List<String> given = Params.values(raw.get(name));
        List<RecommendForm.Option> options = new ArrayList<>();
        for (E e : values) {
            options.add(new RecommendForm.Option(e.token(), label.apply(e), given.stream().anyMatch(g -> g.equalsIgnoreCase(e.token()))));
        }
        return options;
    }

    private static List<RecommendForm.Option> sorts(String sort) {
        Map<String, String> sorts = new LinkedHashMap<>();
        sorts.put("slug", "name");
        sorts.put("price", "price, lowest first");
        sorts.put("capacity", "capacity, smallest first");
        sorts.put("-capacity", "capacity, largest first");
        sorts.put("-dwpd", "drive writes per day, most first");
        sorts.put("-tbw", "rated writes, most first");
        sorts.put("vendor", "vendor");
        String chosen = sort == null || sort.isBlank() ? "slug" : sort.trim();
        List<RecommendForm.Option> options = new ArrayList<>();
        sorts.forEach((token, label) -> options.add(new RecommendForm.Option(token, label, token.equalsIgnoreCase(chosen))));
        if (!sorts.containsKey(chosen)) {
            options.add(new RecommendForm.Option(chosen, chosen, true));
        }
        return options;
    }

    /** The list's query without the empty fields a form sends. */
    static Map<String, List<String>> canonical(Map<String, List<String>> raw) {
        Map<String, List<String>> kept = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(LIST_PARAMETERS);
        raw.keySet().stream().filter(n -> !LIST_PARAMETERS.contains(n)).sorted().forEach(names::add);
        for (String name : names) {
            List<String> values = raw.get(name);
            if (values == null) {
                continue;
            }
            List<String> nonBlank = values.stream().filter(v -> v != null && !v.isBlank()).map(String::trim).toList();
            if (!nonBlank.isEmpty()) {
                kept.put(name, nonBlank);
            }
        }
        return kept;
    }

    private static Map<String, List<String>> withOffset(Map<String, List<String>> raw, int offset) {
        Map<String, List<String>> q = canonical(raw);
        q.remove("offset");
        if (offset > 0) {
            q.put("offset", List.of(Integer.toString(offset)));
        }
        return q;
    }

    // ---- one drive

    /** The drive page. */
    public record DriveView(String name, String slug, List<Fact> facts, PlpSection plp, String endurance, List<SpecRow> specs,
                            List<SpecRow> latencies, List<MeasurementRow> measurements, boolean measured, OfferView bestOffer, List<ListingRow> listings,
                            String chart, String chartSummary, String chartCurrency, List<String> otherCurrencies,
                            List<ChartRow> chartRows, String currency, String curl, String pricesHref, String svgHref) {
    }

    /** One published sync-write measurement: the number, how it was taken, and where it was published. */
    public record MeasurementRow(String latency, String how, String wording, String href, String title, String date) {
    }

    /** A label and its value, for the summary list. */
    public record Fact(String label, String value) {
    }

    /**
     * Power-loss protection as the shared assessment reads it: the class in words, its summary (the
     * same sentence /recommend gives), the confidence, each source's words, and what to check.
     */
    public record PlpSection(String classWords, String summary, String flush, String safe, String confidence, List<PlpEvidenceRow> evidence,
                             List<String> warnings) {
    }

    /** One source's words about the drive's protection. */
    public record PlpEvidenceRow(String reading, String wording, SourceLink source) {
    }

    /** Where a value comes from; {@code href} only for an address a browser can open. */
    public record SourceLink(String title, String href, String kind, String retrieved) {
    }

    /** One spec value with its evidence; alternatives are what other sources said. */
    public record SpecRow(String field, String value, String wording, String appliesTo, SourceLink source, boolean derived,
                          String derivedFrom, List<SpecRow> alternatives) {
    }

    /** One listing with its current offer (null when it has none) and a held-back suspect price. */
    public record ListingRow(String marketplace, String seller, String sellerType, String condition, boolean businessOnly,
                             String href, OfferView offer, String suspect) {
    }

    /** One day's lowest price of one condition, the chart as a table. */
    public record ChartRow(String day, String condition, String price) {
    }

    @GET
    @Path("/{slug}")
    @Produces(Html.PRODUCES)
    @Operation(hidden = true)
    @QueryParametersOf(type = DriveResource.class, method = "detail")
    public Response detail(@PathParam("slug") String slug, @Context UriInfo uri) {
        String currency = Html.first(uri.getQueryParameters(), "currency");
        DriveDetail d = drives.detail(slug, currency, Html.first(uri.getQueryParameters(), "includeBusinessOnly"));
        String pageCurrency = d.bestOffer() != null && d.bestOffer().currency() != null ? d.bestOffer().currency()
                : currency == null || currency.isBlank() ? apiSettings.defaultCurrency().getCurrencyCode() : currency.trim();
        String name = Drive.name(d.vendor(), d.model(), d.capacityGb());
        List<PriceChart.Sample> samples = PriceChart.samples(catalog.prices(slug, null, null).observations());
        String chartCurrency = PriceChart.currency(samples, pageCurrency);
        PriceChart.Chart chart = PriceChart.build(name, samples, chartCurrency, null, null, PriceChart.Size.PAGE);
        List<String> otherCurrencies = PriceChart.currencies(samples).keySet().stream().filter(c -> !c.equals(chartCurrency)).sorted().toList();
        List<ChartRow> chartRows = new ArrayList<>();
        chart.series().forEach(s -> s.points().forEach(p -> chartRows.add(new ChartRow(Dates.day(p.day()), s.label(),
                Money.format(p.price(), chartCurrency)))));
        chartRows.sort(java.util.Comparator.comparing(ChartRow::day));

        Map<String, SpecView> specs = d.specs();
        List<SpecRow> specRows = new ArrayList<>();
        List<SpecRow> latencies = new ArrayList<>();
        for (Map.Entry<String, SpecView> e : specs.entrySet()) {
            SpecRow row = specRow(e.getKey(), e.getValue());
            if (row != null) {
                specRows.add(row);
            }
        }
        for (String field : LATENCY_FIELDS) {
            SpecRow row = specs.containsKey(field) ? specRow(field, specs.get(field)) : null;
            if (row != null) {
                latencies.add(row);
            }
        }
        List<MeasurementRow> measurements = d.measurements().stream().map(DrivePages::measurement).toList();
        boolean measured = !measurements.isEmpty()
                || specs.containsKey("syncWriteLatency") && specs.get("syncWriteLatency").chosen() != null;

        List<ListingRow> listings = d.listings().stream().map(DrivePages::listing).toList();
        String curl = "curl -H 'Accept: application/json' '" + config.publicBaseUrl() + "/drives/" + slug + "'";
        DriveView view = new DriveView(name, slug, facts(d), plp(d.plpAssessment()), endurance(d.endurance()), specRows, latencies, measurements, measured,
                OfferView.of(d.bestOffer()), listings, SvgChart.render(chart, "price-chart"), chart.description(), chartCurrency,
                otherCurrencies, chartRows, pageCurrency, curl, "/drives/" + slug + "/prices", "/drives/" + slug + "/prices.svg");
        return Html.ok(PageTemplates.drive(view));
    }

    static MeasurementRow measurement(MeasuredLatency m) {
        String how = (m.tool() == null ? "imported" : m.tool()) + ", " + m.blockSizeBytes() / 1024 + "K " + m.test();
        String title = m.sourceTitle() == null || m.sourceTitle().isBlank() ? m.sourceUrl() : m.sourceTitle();
        return new MeasurementRow(m.latencyUs().stripTrailingZeros().toPlainString() + " µs", how, m.wording(), m.sourceUrl(), title,
                m.measuredAt() == null ? null : Dates.day(m.measuredAt()));
    }

    @ServerExceptionMapper
    public Response problem(DomainException e) {
        return Html.problem(e);
    }

    static List<Fact> facts(DriveDetail d) {
        List<Fact> facts = new ArrayList<>();
        facts.add(new Fact("Vendor", d.vendor()));
        facts.add(new Fact("Model", d.model()));
        facts.add(new Fact("Capacity", Drive.capacityLabel(d.capacityGb())));
        facts.add(new Fact("Interface", Words.iface(d.iface())));
        facts.add(new Fact("Form factor", Words.formFactor(d.formFactor())));
        if (d.pcieGen() != null) {
            facts.add(new Fact("PCIe", "generation " + d.pcieGen() + (d.pcieLanes() == null ? "" : ", ×" + d.pcieLanes())));
        }
        facts.add(new Fact("Media", Words.media(d.media())));
        if (d.discontinued() != null) {
            facts.add(new Fact("Discontinued", d.discontinued() ? "yes (new old stock and used offers only, in time)" : "no"));
        }
        if (!d.partNumbers().isEmpty()) {
            facts.add(new Fact(d.partNumbers().size() == 1 ? "Part number" : "Part numbers", String.join(", ", d.partNumbers())));
        }
        return facts;
    }

    static PlpSection plp(PlpAssessment a) {
        List<PlpEvidenceRow> evidence = a.evidence().stream().map(e -> new PlpEvidenceRow(e.reading(), e.wording(),
                new SourceLink(e.source() == null ? e.url() : e.source(), Words.href(e.url()), Words.sourceKind(e.kind()), null))).toList();
        return new PlpSection(a.protection().words(), a.summary(), Words.plpFlush(a.flush()), Words.plpSafe(a.safe()),
                a.confidence().token(), evidence, a.warnings());
    }

    static String endurance(EnduranceView e) {
        List<String> parts = new ArrayList<>();
        if (e.dwpd() != null) {
            parts.add(Words.number(e.dwpd()) + " drive writes per day" + (e.dwpdDerived() ? " (derived)" : ""));
        }
        if (e.tbw() != null) {
            parts.add(Words.number(e.tbw()) + " TB written" + (e.tbwDerived() ? " (derived)" : ""));
        }
        if (e.warrantyYears() != null) {
            parts.add(Words.number(e.warrantyYears()) + "-year warranty");
        }
        return parts.isEmpty() ? "not stated" : String.join(", ", parts);
    }

    static SourceLink source(SourceView s) {
        if (s == null) {
            return null;
        }
        return new SourceLink(s.title() == null || s.title().isBlank() ? s.url() : s.title(), Words.href(s.url()),
                Words.sourceKind(s.kind()), s.retrievedAt() == null ? null : Dates.day(s.retrievedAt()));
    }

    static SpecRow specRow(String field, SpecView spec) {
        if (spec.chosen() == null && spec.alternatives().isEmpty()) {
            return null;
        }
        SpecValueView chosen = spec.chosen() != null ? spec.chosen() : spec.alternatives().get(0);
        List<SpecRow> alternatives = spec.alternatives().stream().filter(a -> a != chosen)
                .map(a -> value(field, a, List.of())).toList();
        return value(field, chosen, alternatives);
    }

    private static SpecRow value(String field, SpecValueView v, List<SpecRow> alternatives) {
        String label = "raw".equals(field) && v.appliesTo() != null ? v.appliesTo() : Words.field(field);
        String value = "raw".equals(field) ? v.wording() : Words.value(v.value(), v.unit());
        return new SpecRow(label, value, v.wording(), "raw".equals(field) ? null : v.appliesTo(), source(v.source()), v.derived(),
                v.derivedFrom(), alternatives);
    }

    static ListingRow listing(ListingView l) {
        OfferView current = OfferView.of(l.current());
        String suspect = l.pendingSuspect() == null ? null
                : "A newer price of " + Money.format(l.pendingSuspect().price(), l.pendingSuspect().currency()) + " (seen "
                + Dates.day(l.pendingSuspect().observedAt()) + ") moved too far from the current one; it is held back until the "
                + "next observation confirms it.";
        return new ListingRow(l.marketplace(), l.seller() == null ? "seller not named" : l.seller(),
                ChangeWords.sellerType(l.sellerType()), ChangeWords.condition(l.condition()),
                l.businessOnly(), Words.href(l.url()), current, suspect);
    }
}
