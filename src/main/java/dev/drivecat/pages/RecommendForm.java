package dev.drivecat.pages;

import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.common.ApiToken;
import dev.drivecat.common.Params;
import dev.drivecat.digest.ChangeWords;
import dev.drivecat.pools.VdevType;
import dev.drivecat.pricing.Condition;
import dev.drivecat.ranking.PastedQuestion;
import dev.drivecat.ranking.PlpRequirement;
import dev.drivecat.ranking.RecommendRequest;
import dev.drivecat.ranking.Role;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The /recommend question as a form, filled with what the person asked. The form submits to
 * /recommend itself with GET, so a result is a link that can be shared, and the same link gives
 * JSON to a tool. A form sends every field, empty or not; {@link #canonical} drops the empty ones
 * and those of the other role, so that the address shown is the question as the API reads it.
 *
 * <p>To add a field: a record component here, its name in {@link #TEXT_FIELDS} or
 * {@link #CHECKBOXES}, and an input in templates/pages/recommend-form.html (which role a field
 * belongs to is the API's own, {@link RecommendRequest#parametersOf}).
 */
public record RecommendForm(
        List<Option> roles,
        List<Option> interfaces,
        List<Option> plp,
        List<Option> layouts,
        List<Option> conditions,
        String width,
        String diskTb,
        String dataVdevs,
        String dataTib,
        String maxPrice,
        String maxSetPrice,
        String currency,
        String syncWriteMBps,
        String recordsize,
        String smallBlocks,
        String openzfsVersion,
        boolean includeBusinessOnly,
        boolean includeOutOfStock,
        boolean hasSlog,
        boolean slogMirror,
        String pool,
        List<Kept> kept) {

    /** A parameter of the question that the form has no field for, kept as a hidden input. */
    public record Kept(String name, String value) {
    }

    /** One choice of a select, a radio group or a checkbox group. */
    public record Option(String value, String label, boolean selected) {
    }

    /** Fields typed as text or numbers, in the order the canonical address lists them. */
    static final List<String> TEXT_FIELDS = List.of("width", "diskTb", "dataVdevs", "dataTib", "maxPrice", "maxSetPrice",
            "currency", "syncWriteMBps", "recordsize", "smallBlocks", "openzfsVersion");
    static final List<String> CHECKBOXES = List.of("includeBusinessOnly", "includeOutOfStock", "hasSlog", "slogMirror");
    private static final List<String> ORDER = orderOfFields();

    /** The form as the raw query fills it (defaults where it says nothing). */
    static RecommendForm of(Map<String, List<String>> raw) {
        String role = Html.first(raw, "role");
        List<String> ifaces = values(raw, "interface");
        String plp = Html.first(raw, "plp");
        String layout = Html.first(raw, "layout");
        List<String> conditions = values(raw, "condition");
        List<Option> roleOptions = List.of(
                new Option(Role.SLOG.token(), "SLOG (separate log)", role == null || Role.SLOG.token().equalsIgnoreCase(role)),
                new Option(Role.SPECIAL.token(), "special vdev (metadata, small blocks)", Role.SPECIAL.token().equalsIgnoreCase(role)),
                new Option(Role.DEDUP.token(), "dedup vdev (deduplication tables)", Role.DEDUP.token().equalsIgnoreCase(role)),
                new Option(Role.CACHE.token(), "cache device (L2ARC)", Role.CACHE.token().equalsIgnoreCase(role)));
        List<Option> interfaceOptions = new ArrayList<>();
        for (InterfaceFilter f : InterfaceFilter.values()) {
            interfaceOptions.add(new Option(f.token(), Words.interfaceFilter(f), containsToken(ifaces, f.token())));
        }
        // the default depends on the role and the pool: an empty choice, which canonical drops, lets the API decide it
        boolean plpDefault = plp == null || plp.isBlank();
        List<Option> plpOptions = new ArrayList<>();
        plpOptions.add(new Option("", Words.PLP_DEFAULT, plpDefault));
        for (PlpRequirement r : PlpRequirement.values()) {
            plpOptions.add(new Option(r.token(), Words.plpRequirement(r), !plpDefault && r.token().equalsIgnoreCase(plp.trim())));
        }
        List<Option> layoutOptions = new ArrayList<>();
        for (VdevType l : VdevType.values()) {
            layoutOptions.add(new Option(l.token(), Words.layout(l), layout == null ? l == VdevType.MIRROR : l.token().equalsIgnoreCase(layout)));
        }
        List<Option> conditionOptions = new ArrayList<>();
        for (Condition c : Condition.values()) {
            conditionOptions.add(new Option(c.token(), ChangeWords.condition(c),
                    conditions.stream().anyMatch(v -> ApiToken.parse(Condition.class, v).orElse(null) == c)));
        }
        return new RecommendForm(roleOptions, interfaceOptions, plpOptions, layoutOptions, conditionOptions,
                Html.field(raw, "width"), Html.field(raw, "diskTb"), Html.field(raw, "dataVdevs"), Html.field(raw, "dataTib"),
                Html.field(raw, "maxPrice"), Html.field(raw, "maxSetPrice"), Html.field(raw, "currency"), Html.field(raw, "syncWriteMBps"),
                Html.field(raw, "recordsize"), Html.field(raw, "smallBlocks"), Html.field(raw, "openzfsVersion"),
                checked(raw, "includeBusinessOnly"), checked(raw, "includeOutOfStock"), checked(raw, "hasSlog"), checked(raw, "slogMirror"),
                Html.field(raw, PastedQuestion.POOL), kept(raw));
    }

    /**
     * The question without what a form sends but the API would not want: empty fields, and the fields
     * of the other role (which the API refuses). Everything else is kept as given (an unknown or wrong
     * value is for the API to name).
     */
    static Map<String, List<String>> canonical(Map<String, List<String>> raw) {
        Role role = ApiToken.parse(Role.class, String.valueOf(Html.first(raw, "role")).trim()).orElse(Role.SLOG);
        List<String> roles = RecommendRequest.parametersOf(role);
        List<String> api = RecommendRequest.parameters();
        Map<String, List<String>> kept = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(ORDER);
        raw.keySet().stream().filter(n -> !ORDER.contains(n)).sorted().forEach(names::add);
        for (String name : names) {
            List<String> values = raw.get(name);
            if (values == null || api.contains(name) && !roles.contains(name)) {
                continue;
            }
            List<String> nonBlank = values.stream().filter(v -> v != null && !v.isBlank()).map(String::trim).toList();
            if (!nonBlank.isEmpty()) {
                kept.put(name, nonBlank);
            }
        }
        return kept;
    }

    /**
     * The question's parameters the form has no field for ({@code bus}, {@code sellerType}, ...), as
     * hidden inputs: editing the question in the form keeps them.
     */
    private static List<Kept> kept(Map<String, List<String>> raw) {
        List<Kept> kept = new ArrayList<>();
        // the pool a paste is read for belongs to the pool form: the question's form asks no paste
        raw.keySet().stream().filter(n -> !ORDER.contains(n) && !n.equals(PastedQuestion.POOL)).sorted()
                .forEach(n -> raw.get(n).stream().filter(v -> v != null && !v.isBlank()).forEach(v -> kept.add(new Kept(n, v))));
        return kept;
    }

    private static List<String> orderOfFields() {
        List<String> order = new ArrayList<>(List.of("role", "interface", "plp", "layout", "condition"));
        order.addAll(TEXT_FIELDS);
        order.addAll(CHECKBOXES);
        return List.copyOf(order);
    }

    private static boolean checked(Map<String, List<String>> raw, String name) {
        return "true".equalsIgnoreCase(String.valueOf(Html.first(raw, name)).trim());
    }

    private static List<String> values(Map<String, List<String>> raw, String name) {
        return Params.values(raw.get(name));
    }

    private static boolean containsToken(List<String> values, String token) {
        return values.stream().anyMatch(v -> v.equalsIgnoreCase(token));
    }
}
