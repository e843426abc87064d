package dev.drivecat.pages;

import dev.drivecat.DrivecatConfig;
import dev.drivecat.catalog.Drive;
import dev.drivecat.common.ApiSettings;
import dev.drivecat.common.Dates;
import dev.drivecat.common.Decimals;
import dev.drivecat.common.BodyLimit;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.FormFields;
import dev.drivecat.common.MaxBody;
import dev.drivecat.digest.ChangeWords;
import dev.drivecat.pricing.Money;
import dev.drivecat.pools.PoolPastes;
import dev.drivecat.ranking.PastedPool;
import dev.drivecat.ranking.PastedQuestion;
import dev.drivecat.ranking.RecommendParams;
import dev.drivecat.ranking.RecommendQuery;
import dev.drivecat.ranking.RecommendResource;
import dev.drivecat.ranking.Recommendation;
import dev.drivecat.ranking.RecommendationService;
import dev.drivecat.ranking.Role;
import dev.drivecat.common.QueryParametersOf;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * {@code /recommend} for people: the question as a form (filled with what was asked) and the
 * ranked drives, each score component drawn as a bar, with the reasons, the warnings and the best
 * offer. The same {@link RecommendParams} and {@link RecommendationService} as the JSON answer, so
 * the page and the JSON never disagree.
 */
@Path("/recommend")
public class RecommendPage {

    @Inject
    RecommendationService recommendations;

    @Inject
    DrivecatConfig config;

    @Inject
    ApiSettings apiSettings;

    /**
     * The page: the forms, and either nothing asked yet, the answer, or what was wrong with the question.
     *
     * @param paste what was pasted in the pool form, to edit and send again (nothing of it is kept)
     * @param pool what was read from the paste; null without one
     */
    public record RecommendView(RecommendForm form, boolean asked, String error, String question, String curl, List<String> notes,
                                String pricesAge, List<ResultView> results, List<ExcludedView> excluded, int excludedTotal,
                                String excludedSummary, String paste, PoolView pool) {
    }

    /** What was read from a pasted pool, before the answer. */
    public record PoolView(String name, String where, String description, List<String> parameters, List<String> overridden,
                           List<String> warnings, String sizingSource, List<SizingRow> sizing) {
    }

    /** One special_small_blocks cutoff of the measured sizing; {@code used}: the one the room is judged by. */
    public record SizingRow(String smallBlocks, String needed, String atLeast, String counted, boolean used) {
    }

    /**
     * The pool form's largest body: every byte of a 256 KiB paste percent-encoded (%XX, three bytes),
     * and the form's other fields.
     */
    static final int PASTE_FORM_BYTES = 3 * PoolPastes.MAX_BYTES + (int) MaxBody.DEFAULT_BYTES;

    /** One ranked drive. */
    public record ResultView(int rank, String name, String href, String score, List<ComponentView> components, OfferView offer,
                             Integer setSize, String setCost, String setCostBasis, String predictedIops, List<String> reasons,
                             List<String> warnings) {
    }

    /** One score component: its points out of its weight, as a bar, and what it was computed from. */
    public record ComponentView(String label, String points, int weight, String percent, String input) {
    }

    /** A drive left out, and why. */
    public record ExcludedView(String name, String href, String reason, String detail) {
    }

    @GET
    @Produces(Html.PRODUCES)
    @Operation(hidden = true)
    @QueryParametersOf(type = RecommendResource.class, method = "recommend")
    public Response page(@Context UriInfo uri) {
        Map<String, List<String>> raw = uri.getQueryParameters();
        Map<String, List<String>> canonical = RecommendForm.canonical(raw);
        if (!canonical.equals(raw)) {
            return Html.seeOther("/recommend", canonical);
        }
        RecommendForm form = RecommendForm.of(raw);
        if (raw.isEmpty()) {
            return Html.ok(PageTemplates.recommend(new RecommendView(form, false, null, null, null, List.of(), null, List.of(),
                    List.of(), 0, null, "", null)));
        }
        try {
            RecommendQuery query = new RecommendParams(raw).parse(apiSettings.defaultCurrency().getCurrencyCode(), apiSettings.maxLimit());
            Recommendation answer = recommendations.recommendation(query);
            String curl = "curl -H 'Accept: application/json' '" + config.publicBaseUrl() + "/recommend" + Html.query(raw) + "'";
            return Html.ok(PageTemplates.recommend(view(form, answer, curl, "")));
        } catch (DomainException e) {
            return Html.status(Html.status(e.kind()), PageTemplates.recommend(new RecommendView(form, true, e.getMessage(), null,
                    null, List.of(), null, List.of(), List.of(), 0, null, "", null)));
        }
    }

    /**
     * The pool form, posted: the paste and the question's other fields in an
     * application/x-www-form-urlencoded body, answered with what was read from the paste and the
     * ranked drives, by the same {@link PastedQuestion} as POST /recommend's JSON. Nothing of the
     * paste is kept: the page shows it back in the form, and says {@code Cache-Control: no-store}.
     */
    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(Html.PRODUCES)
    @Operation(hidden = true)
    @MaxBody(bytes = PASTE_FORM_BYTES)
    @QueryParametersOf(type = RecommendResource.class, method = "recommendPaste")
    public Response pasted(@Context UriInfo uri, InputStream body) {
        Map<String, List<String>> fields = FormFields.read(new String(BodyLimit.readOptional(body, PASTE_FORM_BYTES, "The pool form"),
                StandardCharsets.UTF_8));
        String paste = fields.containsKey(PASTE) ? fields.remove(PASTE).get(0) : "";
        uri.getQueryParameters().forEach((name, values) -> fields.computeIfAbsent(name, n -> new ArrayList<>()).addAll(values));
        Map<String, List<String>> question = RecommendForm.canonical(fields);
        RecommendForm form = RecommendForm.of(question);
        try {
            if (paste.isBlank()) {
                throw DomainException.invalidBody("Paste the output of zpool status or zpool list -v (and, for the special vdev's "
                        + "size, zdb -Lbbbs POOL) into the pool form");
            }
            if (paste.getBytes(StandardCharsets.UTF_8).length > PoolPastes.MAX_BYTES) {
                throw BodyLimit.tooLarge("A paste", PoolPastes.MAX_BYTES);
            }
            RecommendQuery query = PastedQuestion.ask(question, paste, apiSettings.defaultCurrency().getCurrencyCode(), apiSettings.maxLimit());
            Recommendation answer = recommendations.recommendation(query);
            String curl = "curl -H 'Content-Type: text/plain' --data-binary @pool.txt '" + config.publicBaseUrl() + "/recommend"
                    + Html.query(question) + "'";
            return noStore(Html.ok(PageTemplates.recommend(view(form, answer, curl, paste))));
        } catch (DomainException e) {
            return noStore(Html.status(Html.status(e.kind()), PageTemplates.recommend(new RecommendView(form, true, e.getMessage(),
                    null, null, List.of(), null, List.of(), List.of(), 0, null, paste, null))));
        }
    }

    /** The pool form's text area. */
    static final String PASTE = "paste";

    private static Response noStore(Response page) {
        return Response.fromResponse(page).header("Cache-Control", "no-store").build();
    }

    @ServerExceptionMapper
    public Response problem(DomainException e) {
        return Html.problem(e);
    }

    static RecommendView view(RecommendForm form, Recommendation r, String curl, String paste) {
        Map<String, String> names = new java.util.HashMap<>();
        List<ResultView> results = new ArrayList<>();
        for (Recommendation.Result result : r.results()) {
            Recommendation.DriveRef d = result.drive();
            String name = Drive.name(d.vendor(), d.model(), d.capacityGb());
            names.put(d.slug(), name);
            results.add(result(result, name, r.query().currency()));
        }
        List<ExcludedView> excluded = r.filteredOut().drives().stream()
                .map(e -> new ExcludedView(names.getOrDefault(e.slug(), e.slug()), "/drives/" + e.slug(), Words.excluded(e.reason()),
                        e.detail()))
                .toList();
        String summary = r.filteredOut().byReason().entrySet().stream()
                .map(e -> e.getValue() + " " + Words.excluded(e.getKey()))
                .collect(Collectors.joining(", "));
        return new RecommendView(form, true, null, question(r.query()), curl, r.notes(), pricesAge(r.prices()), results, excluded,
                r.filteredOut().total(), summary, paste, pool(r.query()));
    }

    /** What was read from the paste, in words; null for a question without one. */
    static PoolView pool(RecommendQuery q) {
        PastedPool p = q.pool();
        if (p == null) {
            return null;
        }
        String description = p.read() == null ? "The paste shows no pool, only zdb's block statistics." : p.read().summary();
        List<String> parameters = p.parameters().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
        List<String> overridden = p.overridden().stream().map(Object::toString).toList();
        List<String> warnings = new ArrayList<>(p.read() == null ? List.of() : p.read().warnings());
        warnings.addAll(p.warnings());
        PastedPool.MeasuredSizing m = p.specialSizing();
        List<SizingRow> sizing = m == null ? List.of() : m.cutoffs().stream().map(c -> new SizingRow(c.smallBlocks(), gib(c.neededBytes()),
                gib(c.atLeastBytes()), c.counted(), c.smallBlocks().equals(m.smallBlocks()))).toList();
        return new PoolView(p.name(), p.where(), description, parameters, overridden, warnings, m == null ? null : m.shownAt().toString(),
                sizing);
    }

    private static String gib(Long bytes) {
        return bytes == null ? "not known" : Decimals.fixed(bytes / (1024d * 1024 * 1024), 1) + " GiB";
    }

    static ResultView result(Recommendation.Result r, String name, String currency) {
        List<ComponentView> components = r.components().stream().map(c -> new ComponentView(
                Words.component(c.name()), one(c.points()), c.weight(),
                BigDecimal.valueOf(Math.max(0, Math.min(1, c.value())) * 100).setScale(1, RoundingMode.HALF_UP).toPlainString(),
                c.input())).toList();
        String currencyOfSet = r.bestOffer() != null && r.bestOffer().currency() != null ? r.bestOffer().currency() : currency;
        return new ResultView(r.rank(), name, "/drives/" + r.drive().slug(), one(r.score()), components, OfferView.of(r.bestOffer()),
                r.setSize(), r.setCost() == null ? null : Money.format(r.setCost(), currencyOfSet), r.setCostBasis(),
                r.predictedSyncIops() == null ? null : Words.number(r.predictedSyncIops()), r.reasons(), r.warnings());
    }

    /** The question as drivecat understood it, defaults included, in words. */
    static String question(RecommendQuery q) {
        List<String> parts = new ArrayList<>();
        parts.add(switch (q.role()) {
            case SLOG -> "A SLOG";
            case SPECIAL -> "A special vdev";
            case DEDUP -> "A dedup vdev";
            case CACHE -> "A cache device (L2ARC)";
        });
        parts.add(q.interfaces().isEmpty() ? "any interface"
                : q.interfaces().stream().map(Words::interfaceFilter).collect(Collectors.joining(" or ")));
        parts.add("power-loss protection " + Words.plpRequirement(q.plp()));
        q.vdevSet().ifPresent(s -> parts.add("for a " + Words.layout(s.layout()) + " pool" + (s.width() == null ? "" : " " + s.width()
                + " wide") + ", " + s.setSize() + " drives in the " + (q.role() == Role.DEDUP ? "dedup" : "special") + " mirror"
                + (s.units() > s.setSize() ? " (" + s.units() + " drives in all)" : "")));
        parts.add(q.conditions().isEmpty() ? "any condition"
                : q.conditions().stream().map(ChangeWords::condition).collect(Collectors.joining(" or ")));
        if (q.maxPrice() != null) {
            parts.add("at most " + Money.format(q.maxPrice(), q.currency()) + " a drive");
        }
        if (q.maxSetPrice() != null) {
            parts.add("at most " + Money.format(q.maxSetPrice(), q.currency()) + " for the set");
        }
        parts.add("prices in " + q.currency());
        parts.add("sync writes of " + Words.number(q.syncWriteMBps()) + " MB/s");
        parts.add("the best " + q.limit());
        return String.join(" · ", parts);
    }

    static String pricesAge(Recommendation.PriceAges p) {
        if (p == null || p.oldestObservedAt() == null) {
            return "No prices behind this answer.";
        }
        if (p.oldestObservedAt().equals(p.newestObservedAt())) {
            return "Prices seen " + Dates.day(p.oldestObservedAt()) + " (" + Dates.age(p.oldestAgeDays()) + ").";
        }
        return "Prices seen from " + Dates.day(p.oldestObservedAt()) + " (" + Dates.age(p.oldestAgeDays()) + ") to "
                + Dates.day(p.newestObservedAt()) + " (" + Dates.age(p.newestAgeDays()) + ").";
    }

    private static String one(double v) {
        return BigDecimal.valueOf(v).setScale(1, RoundingMode.HALF_UP).toPlainString();
    }
}
