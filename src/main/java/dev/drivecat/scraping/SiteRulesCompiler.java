package dev.drivecat.scraping;

import dev.drivecat.common.Currencies;
import dev.drivecat.pricing.Condition;
import dev.drivecat.scraping.SiteDefinition.ConditionRule;
import dev.drivecat.scraping.SiteDefinition.HostDefinition;
import dev.drivecat.scraping.SiteDefinition.IdSource;
import dev.drivecat.scraping.SiteDefinition.Probe;
import dev.drivecat.scraping.SiteDefinition.SellerSentence;
import dev.drivecat.scraping.SiteRules.CompiledProbe;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;
import org.jsoup.select.Selector;

/**
 * Checks a {@link SiteDefinition} and compiles it into {@link SiteRules}: selectors parsed,
 * phrases compiled, hosts and currencies checked. Every problem of a definition is collected and
 * reported at once, so a malformed file fails at start-up, naming each wrong entry, rather than on
 * the first page.
 */
final class SiteRulesCompiler {

    private static final Pattern HOST = Pattern.compile("[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+");
    private static final Pattern MARKETPLACE_CODE = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    private static final Pattern LAYOUT_NAME = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

    private final SiteDefinition definition;
    private final Map<String, HostDefinition> hosts = new LinkedHashMap<>();
    private final List<Pattern> urlPatterns = new ArrayList<>();
    private final List<SiteRules.IdPlace> idSources = new ArrayList<>();
    private final Map<String, List<CompiledProbe>> selectors = new LinkedHashMap<>();
    private final Map<String, List<Pattern>> phrases = new LinkedHashMap<>();
    private final List<SiteRules.CompiledSentence> sentences = new ArrayList<>();
    private final List<SiteRules.CompiledCondition> conditions = new ArrayList<>();
    private final List<SiteRules.CompiledSellerType> sellerTypes = new ArrayList<>();

    private SiteRulesCompiler(SiteDefinition definition) {
        this.definition = definition;
    }

    /**
     * Checks and compiles a definition.
     *
     * @param source where it was read, for messages (e.g. {@code scrapers/amazon.yaml})
     * @param requiredSelectors selector names the site's parser reads
     * @param requiredPhrases phrase names the site's parser reads
     * @throws InvalidSiteDefinitionException naming the file and the entry that is wrong
     */
    static SiteRules compile(String source, SiteDefinition definition, Collection<String> requiredSelectors,
            Collection<String> requiredPhrases) {
        SiteRulesCompiler rules = new SiteRulesCompiler(definition);
        Problems problems = new Problems(source);
        rules.compileHosts(problems);
        rules.compileProductPage(problems);
        rules.selectors.putAll(rules.compileSelectors(problems, "selectors", definition.selectors()));
        for (String key : requiredPhrases) {
            if (!definition.phrases().containsKey(key)) {
                problems.add("phrases." + key + " is missing; the " + definition.site() + " parser needs it"
                        + " (an empty list [] says the site has no such phrase)");
            }
        }
        definition.phrases().forEach((key, patterns) -> {
            List<Pattern> compiled = new ArrayList<>();
            for (int i = 0; i < (patterns == null ? 0 : patterns.size()); i++) {
                rules.compilePattern(problems, "phrases." + key + "[" + i + "]", patterns.get(i), null)
                        .ifPresent(compiled::add);
            }
            rules.phrases.put(key, List.copyOf(compiled));
        });
        for (int i = 0; i < definition.sellerSentences().size(); i++) {
            SellerSentence sentence = definition.sellerSentences().get(i);
            String where = "sellerSentences[" + i + "]";
            if (sentence.shipper() == null) {
                problems.add(where + ".shipper is missing (SELLER or MARKETPLACE)");
            }
            rules.compilePattern(problems, where + ".pattern", sentence.pattern(), "seller")
                    .ifPresent(p -> rules.sentences.add(new SiteRules.CompiledSentence(p, sentence.shipper())));
        }
        for (int i = 0; i < definition.conditions().size(); i++) {
            rules.compileCondition(problems, "conditions[" + i + "]", definition.conditions().get(i));
        }
        rules.compileSellerTypes(problems);
        SiteRules shared = new SiteRules(definition, rules.hosts, rules.urlPatterns, rules.idSources, rules.selectors,
                rules.phrases, rules.sentences, rules.conditions, rules.sellerTypes, SiteRules.DEFAULT_LAYOUT, List.of());
        List<SiteRules.Layout> layouts = rules.compileLayouts(problems, shared, requiredSelectors);
        problems.throwIfAny();
        return new SiteRules(definition, rules.hosts, rules.urlPatterns, rules.idSources, rules.selectors, rules.phrases,
                rules.sentences, rules.conditions, rules.sellerTypes, SiteRules.DEFAULT_LAYOUT, layouts);
    }

    /** The selectors a search layout must have: the result elements and, in each, its title and its link. */
    static final List<String> SEARCH_REQUIRED = List.of("item", "title");

    /**
     * Checks and compiles a definition's search section and API hosts; empty when it has no search
     * section.
     *
     * @param shared the site's compiled rules (its phrases, conditions and seller types serve the
     *     search results too)
     * @throws InvalidSiteDefinitionException naming the file and every entry that is wrong
     */
    static Optional<SearchRules> compileSearch(String source, SiteDefinition definition, SiteRules shared) {
        SiteRulesCompiler rules = new SiteRulesCompiler(definition);
        Problems problems = new Problems(source);
        for (int i = 0; i < definition.apiHosts().size(); i++) {
            String host = definition.apiHosts().get(i);
            if (host == null || !HOST.matcher(host).matches()) {
                problems.add("apiHosts[" + i + "] '" + host + "' is not a lower-case host name such as api.ebay.com");
            }
        }
        SiteDefinition.Search search = definition.search();
        if (search == null) {
            problems.throwIfAny();
            return Optional.empty();
        }
        HostDefinition host = null;
        java.net.URI template = null;
        if (search.url() == null || !search.url().contains("{query}")) {
            problems.add("search.url '" + search.url() + "' must be an absolute URL with {query} where the query goes");
        } else {
            try {
                template = java.net.URI.create(search.url().replace("{query}", "q"));
                host = shared.hosts().get(String.valueOf(template.getHost()));
                if (!"https".equals(template.getScheme()) || host == null) {
                    problems.add("search.url '" + search.url() + "' must be an https URL on one of the site's hosts "
                            + shared.hosts().keySet());
                }
            } catch (IllegalArgumentException e) {
                problems.add("search.url '" + search.url() + "' is not a URL: " + e.getMessage());
            }
        }
        List<Pattern> urlPatterns = new ArrayList<>();
        for (int i = 0; i < search.urlPatterns().size(); i++) {
            rules.compilePattern(problems, "search.urlPatterns[" + i + "]", search.urlPatterns().get(i), null).ifPresent(urlPatterns::add);
        }
        if (search.urlPatterns().isEmpty()) {
            problems.add("search.urlPatterns is missing; it says how a search URL looks");
        }
        List<Pattern> noResults = new ArrayList<>();
        for (int i = 0; i < search.noResults().size(); i++) {
            rules.compilePattern(problems, "search.noResults[" + i + "]", search.noResults().get(i), null).ifPresent(noResults::add);
        }
        List<CompiledProbe> next = new ArrayList<>();
        for (int i = 0; i < search.nextPage().size(); i++) {
            rules.compileProbe(problems, "search.nextPage[" + i + "]", search.nextPage().get(i)).ifPresent(next::add);
        }
        if (search.layouts().isEmpty()) {
            problems.add("search.layouts is empty; a search section needs at least one layout");
        }
        List<SiteRules.Layout> layouts = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < search.layouts().size(); i++) {
            SiteDefinition.Layout layout = search.layouts().get(i);
            String where = "search.layouts[" + i + "]";
            if (layout.name() == null || !LAYOUT_NAME.matcher(layout.name()).matches()) {
                problems.add(where + ".name '" + layout.name() + "' is not a layout name such as s-card (lower-case letters, digits and hyphens)");
                continue;
            }
            where = "search.layouts[" + layout.name() + "]";
            if (!names.add(layout.name())) {
                problems.add(where + " is listed twice");
            }
            for (String key : SEARCH_REQUIRED) {
                if (!layout.selectors().containsKey(key) || layout.selectors().get(key) == null || layout.selectors().get(key).isEmpty()) {
                    problems.add(where + ".selectors." + key + " is missing; every search layout says where it is");
                }
            }
            if (!layout.selectors().containsKey("link") && !layout.selectors().containsKey("externalId")) {
                problems.add(where + ".selectors has neither link nor externalId; a result needs one to name its item");
            }
            List<CompiledProbe> when = new ArrayList<>();
            for (int w = 0; w < layout.when().size(); w++) {
                rules.compileProbe(problems, where + ".when[" + w + "]", layout.when().get(w)).ifPresent(when::add);
            }
            // a search layout's rules are the site's shared rules with its own selectors: the site's
            // conditions, seller types and robot check read the results too
            layouts.add(new SiteRules.Layout(layout.name(), List.copyOf(when),
                    shared.forLayout(layout.name(), rules.compileSelectors(problems, where + ".selectors", layout.selectors()))));
        }
        if (search.itemUrl() != null && (!search.itemUrl().contains("{id}") || !search.itemUrl().startsWith("https://"))) {
            problems.add("search.itemUrl '" + search.itemUrl() + "' must be an https URL with {id} where the item's id goes");
        }
        problems.throwIfAny();
        return Optional.of(new SearchRules(search.url(), host, java.util.Set.copyOf(shared.hosts().keySet()), urlPatterns, noResults,
                layouts, next, search.itemUrl()));
    }

    private Map<String, List<CompiledProbe>> compileSelectors(Problems problems, String where,
            Map<String, List<Probe>> selectors) {
        Map<String, List<CompiledProbe>> compiled = new LinkedHashMap<>();
        selectors.forEach((key, probes) -> {
            List<CompiledProbe> places = new ArrayList<>();
            for (int i = 0; i < (probes == null ? 0 : probes.size()); i++) {
                compileProbe(problems, where + "." + key + "[" + i + "]", probes.get(i)).ifPresent(places::add);
            }
            compiled.put(key, List.copyOf(places));
        });
        return compiled;
    }

    /**
     * The layouts, each the shared selectors with its own in their place; a definition without
     * layouts has one, {@code default}. Every layout must end up with each selector its parser
     * reads, from the shared ones or its own.
     */
    private List<SiteRules.Layout> compileLayouts(Problems problems, SiteRules shared, Collection<String> requiredSelectors) {
        List<SiteDefinition.Layout> defined = definition.layouts().isEmpty()
                ? List.of(new SiteDefinition.Layout(SiteRules.DEFAULT_LAYOUT, List.of(), Map.of()))
                : definition.layouts();
        List<SiteRules.Layout> layouts = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < defined.size(); i++) {
            SiteDefinition.Layout layout = defined.get(i);
            String where = "layouts[" + i + "]";
            if (layout.name() == null || !LAYOUT_NAME.matcher(layout.name()).matches()) {
                problems.add(where + ".name '" + layout.name() + "' is not a layout name such as classic-priceblock"
                        + " (lower-case letters, digits and hyphens)");
                continue;
            }
            where = "layouts[" + layout.name() + "]";
            if (!names.add(layout.name())) {
                problems.add(where + " is listed twice");
            }
            List<CompiledProbe> when = new ArrayList<>();
            for (int w = 0; w < layout.when().size(); w++) {
                compileProbe(problems, where + ".when[" + w + "]", layout.when().get(w)).ifPresent(when::add);
            }
            SiteRules rules = shared.forLayout(layout.name(), compileSelectors(problems, where + ".selectors", layout.selectors()));
            for (String key : requiredSelectors) {
                if (!rules.defines(key) || rules.describe(key).equals("[]")) {
                    problems.add((definition.layouts().isEmpty() ? "selectors." + key
                            : where + ": selectors." + key) + " is missing; the " + definition.site() + " parser needs it"
                            + (definition.layouts().isEmpty() ? "" : " (shared or in the layout)"));
                }
            }
            layouts.add(new SiteRules.Layout(layout.name(), List.copyOf(when), rules));
        }
        return List.copyOf(layouts);
    }

    private void compileSellerTypes(Problems problems) {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < definition.sellerTypes().size(); i++) {
            SiteDefinition.SellerTypeRule rule = definition.sellerTypes().get(i);
            String where = "sellerTypes[" + i + "]";
            if (rule.name() == null || rule.name().isBlank()) {
                problems.add(where + ".name is missing; a rule is named in tests and messages");
            } else if (!names.add(rule.name())) {
                problems.add(where + ".name '" + rule.name() + "' is listed twice");
            }
            if (rule.type() == null) {
                problems.add(where + ".type is missing (MARKETPLACE or THIRD_PARTY)");
                continue;
            }
            if (rule.seller() == null) {
                sellerTypes.add(new SiteRules.CompiledSellerType(rule.name(), null, rule.type()));
            } else {
                compilePattern(problems, where + ".seller", rule.seller(), null)
                        .ifPresent(p -> sellerTypes.add(new SiteRules.CompiledSellerType(rule.name(), p, rule.type())));
            }
        }
    }

    private void compileHosts(Problems problems) {
        if (definition.hosts().isEmpty()) {
            problems.add("hosts is empty; a site needs at least one host");
        }
        for (int i = 0; i < definition.hosts().size(); i++) {
            HostDefinition host = definition.hosts().get(i);
            String where = "hosts[" + i + "]";
            if (host.host() == null || !HOST.matcher(host.host()).matches()) {
                problems.add(where + ".host '" + host.host() + "' is not a lower-case host name such as www.amazon.de");
                continue;
            }
            where = "hosts[" + host.host() + "]";
            if (hosts.put(host.host(), host) != null) {
                problems.add(where + " is listed twice");
            }
            if (host.marketplace() == null || !MARKETPLACE_CODE.matcher(host.marketplace()).matches()) {
                problems.add(where + ".marketplace '" + host.marketplace() + "' is not a marketplace code such as amazon-de");
            }
            if (!Currencies.isIso4217(host.currency())) {
                problems.add(where + ".currency '" + host.currency() + "' is not an ISO 4217 code such as EUR");
            }
            if (host.numbers() == null) {
                problems.add(where + ".numbers is missing (POINT_DECIMAL for 1,234.56 or COMMA_DECIMAL for 1.234,56)");
            }
            if (host.minInterval() == null || host.minInterval().getSeconds() < 1) {
                problems.add(where + ".minInterval '" + host.minInterval() + "' must be at least one second, e.g. PT10S");
            }
        }
    }

    private void compileProductPage(Problems problems) {
        var page = definition.productPage();
        if (page == null || page.urlPatterns().isEmpty()) {
            problems.add("productPage.urlPatterns is missing; it says how a product page URL looks");
        } else {
            for (int i = 0; i < page.urlPatterns().size(); i++) {
                compilePattern(problems, "productPage.urlPatterns[" + i + "]", page.urlPatterns().get(i), "id")
                        .ifPresent(urlPatterns::add);
            }
        }
        if (page == null || page.externalId().isEmpty()) {
            problems.add("productPage.externalId is missing; it says where a page's id is read");
            return;
        }
        for (int i = 0; i < page.externalId().size(); i++) {
            IdSource source = page.externalId().get(i);
            String where = "productPage.externalId[" + i + "]";
            if (source.url() == (source.css() != null)) {
                problems.add(where + " must be either {url: true} or a place on the page {css: ...}");
            } else if (source.url()) {
                idSources.add(new SiteRules.IdPlace(true, null));
            } else {
                compileProbe(problems, where, source.probe()).ifPresent(p -> idSources.add(new SiteRules.IdPlace(false, p)));
            }
        }
    }

    private Optional<CompiledProbe> compileProbe(Problems problems, String where, Probe probe) {
        if (probe == null || probe.css() == null || probe.css().isBlank()) {
            problems.add(where + " has no css selector");
            return Optional.empty();
        }
        Evaluator evaluator;
        try {
            evaluator = QueryParser.parse(probe.css());
        } catch (Selector.SelectorParseException | IllegalArgumentException e) {
            problems.add(where + " css '" + probe.css() + "' is not a valid selector: " + e.getMessage());
            return Optional.empty();
        }
        Pattern match = null;
        if (probe.match() != null) {
            match = compilePattern(problems, where + ".match", probe.match(), null).orElse(null);
            if (match == null) {
                return Optional.empty();
            }
        }
        return Optional.of(new CompiledProbe(probe.css(), evaluator, probe.attr(), match));
    }

    /** The values a condition rule may have: a condition, or an item for parts or not working. */
    private static final List<String> CONDITION_VALUES = java.util.stream.Stream.concat(
            java.util.Arrays.stream(Condition.values()).map(Condition::name), java.util.stream.Stream.of(ConditionRule.FOR_PARTS)).toList();

    private void compileCondition(Problems problems, String where, ConditionRule rule) {
        if (rule.condition() == null || !CONDITION_VALUES.contains(rule.condition())) {
            problems.add(where + ".condition " + (rule.condition() == null ? "is missing" : "'" + rule.condition() + "' is not one")
                    + " (" + String.join(", ", CONDITION_VALUES) + ")");
            return;
        }
        boolean forParts = rule.condition().equals(ConditionRule.FOR_PARTS);
        if (forParts && rule.pattern() == null) {
            // the words identity reads as "for parts or not working"
            conditions.add(SiteRules.CompiledCondition.forParts(null));
            return;
        }
        if (rule.pattern() == null) {
            problems.add(where + ".pattern is missing (only a " + ConditionRule.FOR_PARTS + " rule may leave it out)");
            return;
        }
        compilePattern(problems, where + ".pattern", rule.pattern(), null).ifPresent(p -> conditions.add(forParts
                ? SiteRules.CompiledCondition.forParts(p) : SiteRules.CompiledCondition.of(p, Condition.valueOf(rule.condition()))));
    }

    private Optional<Pattern> compilePattern(Problems problems, String where, String regex, String requiredGroup) {
        if (regex == null || regex.isEmpty()) {
            problems.add(where + " is empty");
            return Optional.empty();
        }
        try {
            Pattern pattern = Pattern.compile(regex, SiteRules.FLAGS);
            if (requiredGroup != null && !SiteRules.hasGroup(pattern, requiredGroup)) {
                problems.add(where + " '" + regex + "' has no named group (?<" + requiredGroup + ">...)");
                return Optional.empty();
            }
            return Optional.of(pattern);
        } catch (PatternSyntaxException e) {
            problems.add(where + " is not a valid regular expression: " + e.getDescription() + " in '" + regex + "'");
            return Optional.empty();
        }
    }

    /** Collects every problem of a definition so that one start-up shows them all. */
    private static final class Problems {
        private final String source;
        private final List<String> messages = new ArrayList<>();

        Problems(String source) {
            this.source = source;
        }

        void add(String message) {
            messages.add(message);
        }

        void throwIfAny() {
            if (!messages.isEmpty()) {
                throw new InvalidSiteDefinitionException(source + " is not a usable site definition:\n  - "
                        + String.join("\n  - ", messages));
            }
        }
    }
}
