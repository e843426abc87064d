package dev.drivecat.scraping;

import dev.drivecat.pricing.Condition;
import dev.drivecat.scraping.SiteDefinition.HostDefinition;
import dev.drivecat.scraping.SiteDefinition.IdSource;
import dev.drivecat.scraping.SiteDefinition.Probe;
import dev.drivecat.scraping.SiteDefinition.SellerSentence;
import dev.drivecat.scraping.SiteDefinition.Shipper;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;
import org.jsoup.select.Selector;

/**
 * A {@link SiteDefinition} checked and compiled: selectors parsed, phrases compiled. Building one
 * validates the definition, so a malformed file fails at start-up rather than on the first page.
 * Reading is pure: every method is a function of the definition and its arguments.
 */
final class SiteRules {

    private static final Pattern HOST = Pattern.compile("[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+");
    private static final Pattern MARKETPLACE_CODE = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");
    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;

    private final SiteDefinition definition;
    private final Map<String, HostDefinition> hosts = new LinkedHashMap<>();
    private final List<Pattern> urlPatterns = new ArrayList<>();
    private final List<CompiledIdSource> idSources = new ArrayList<>();
    private final Map<String, List<CompiledProbe>> selectors = new LinkedHashMap<>();
    private final Map<String, List<Pattern>> phrases = new LinkedHashMap<>();
    private final List<CompiledSentence> sentences = new ArrayList<>();
    private final List<CompiledCondition> conditions = new ArrayList<>();

    /** A place on the page, compiled. */
    record CompiledProbe(String css, Evaluator evaluator, String attr, Pattern match) {
    }

    private record CompiledIdSource(boolean url, CompiledProbe probe) {
    }

    private record CompiledSentence(Pattern pattern, Shipper shipper) {
    }

    private record CompiledCondition(Pattern pattern, Condition condition) {
    }

    /** What a seller sentence says: who sells, and who ships. */
    record SellerLine(String seller, Shipper shipper) {
    }

    private SiteRules(SiteDefinition definition) {
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
        SiteRules rules = new SiteRules(definition);
        Problems problems = new Problems(source);
        rules.compileHosts(problems);
        rules.compileProductPage(problems);
        for (String key : requiredSelectors) {
            List<Probe> probes = definition.selectors().get(key);
            if (probes == null || probes.isEmpty()) {
                problems.add("selectors." + key + " is missing; the " + definition.site() + " parser needs it");
            }
        }
        definition.selectors().forEach((key, probes) -> {
            List<CompiledProbe> compiled = new ArrayList<>();
            for (int i = 0; i < (probes == null ? 0 : probes.size()); i++) {
                rules.compileProbe(problems, "selectors." + key + "[" + i + "]", probes.get(i)).ifPresent(compiled::add);
            }
            rules.selectors.put(key, List.copyOf(compiled));
        });
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
                    .ifPresent(p -> rules.sentences.add(new CompiledSentence(p, sentence.shipper())));
        }
        for (int i = 0; i < definition.conditions().size(); i++) {
            var rule = definition.conditions().get(i);
            String where = "conditions[" + i + "]";
            if (rule.condition() == null) {
                problems.add(where + ".condition is missing (NEW, NEW_OLD_STOCK, USED or RENEWED)");
            }
            rules.compilePattern(problems, where + ".pattern", rule.pattern(), null)
                    .ifPresent(p -> rules.conditions.add(new CompiledCondition(p, rule.condition())));
        }
        problems.throwIfAny();
        return rules;
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
            if (!isCurrency(host.currency())) {
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
                idSources.add(new CompiledIdSource(true, null));
            } else {
                compileProbe(problems, where, source.probe()).ifPresent(p -> idSources.add(new CompiledIdSource(false, p)));
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

    private Optional<Pattern> compilePattern(Problems problems, String where, String regex, String requiredGroup) {
        if (regex == null || regex.isEmpty()) {
            problems.add(where + " is empty");
            return Optional.empty();
        }
        try {
            Pattern pattern = Pattern.compile(regex, FLAGS);
            if (requiredGroup != null && !hasGroup(pattern, requiredGroup)) {
                problems.add(where + " '" + regex + "' has no named group (?<" + requiredGroup + ">...)");
                return Optional.empty();
            }
            return Optional.of(pattern);
        } catch (PatternSyntaxException e) {
            problems.add(where + " is not a valid regular expression: " + e.getDescription() + " in '" + regex + "'");
            return Optional.empty();
        }
    }

    /** Whether the pattern declares the named group (Java 17 has no Pattern.namedGroups()). */
    static boolean hasGroup(Pattern pattern, String name) {
        return pattern.pattern().contains("(?<" + name + ">");
    }

    private static boolean isCurrency(String code) {
        if (code == null || !code.matches("[A-Z]{3}")) {
            return false;
        }
        try {
            Currency.getInstance(code);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    // ---- reading ----

    SiteDefinition definition() {
        return definition;
    }

    Map<String, HostDefinition> hosts() {
        return hosts;
    }

    Optional<HostDefinition> host(String host) {
        return Optional.ofNullable(host).map(h -> hosts.get(h.toLowerCase(Locale.ROOT)));
    }

    /** The external id in a product page URL, if the URL is one. */
    Optional<String> idFromUrl(URI url) {
        if (url == null || url.getRawPath() == null) {
            return Optional.empty();
        }
        String pathAndQuery = url.getRawPath() + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        for (Pattern pattern : urlPatterns) {
            Matcher m = pattern.matcher(pathAndQuery);
            if (m.find()) {
                return Optional.of(m.group("id"));
            }
        }
        return Optional.empty();
    }

    /** The page's external id, from the places productPage.externalId lists, in order. */
    Optional<String> externalId(Element page, URI url) {
        for (CompiledIdSource source : idSources) {
            Optional<String> id = source.url() ? idFromUrl(url) : found(page, List.of(source.probe()), e -> true).map(Found::value);
            if (id.isPresent()) {
                return id;
            }
        }
        return Optional.empty();
    }

    /** The selectors tried for {@code key}, for messages. */
    String describe(String key) {
        return selectors.getOrDefault(key, List.of()).stream().map(CompiledProbe::css).toList().toString();
    }

    /**
     * The first element, in selector order, that one of {@code key}'s places finds; a place with
     * {@code match} only finds elements whose value matches.
     */
    Optional<Element> element(Element scope, String key) {
        return element(scope, key, e -> true);
    }

    Optional<Element> element(Element scope, String key, Predicate<Element> accept) {
        for (CompiledProbe probe : selectors.getOrDefault(key, List.of())) {
            for (Element e : scope.select(probe.evaluator())) {
                if (accept.test(e) && (probe.match() == null || read(e, probe).isPresent())) {
                    return Optional.of(e);
                }
            }
        }
        return Optional.empty();
    }

    /** Whether the element is, or sits inside, one of the places {@code key} names. */
    boolean within(Element element, String key) {
        for (CompiledProbe probe : selectors.getOrDefault(key, List.of())) {
            if (element.closest(probe.evaluator()) != null) {
                return true;
            }
        }
        return false;
    }

    /** Whether the element itself is one of the places {@code key} names. */
    boolean is(Element element, String key) {
        return selectors.getOrDefault(key, List.of()).stream().anyMatch(p -> element.is(p.evaluator()));
    }

    /** Every element that one of {@code key}'s places finds, in selector order, without repeats. */
    List<Element> elements(Element scope, String key) {
        List<Element> found = new ArrayList<>();
        for (CompiledProbe probe : selectors.getOrDefault(key, List.of())) {
            for (Element e : scope.select(probe.evaluator())) {
                if (!found.contains(e)) {
                    found.add(e);
                }
            }
        }
        return found;
    }

    /** The first non-blank value that {@code key}'s places read, whitespace normalised. */
    Optional<String> value(Element scope, String key) {
        return value(scope, key, e -> true);
    }

    Optional<String> value(Element scope, String key, Predicate<Element> accept) {
        return found(scope, key, accept).map(Found::value);
    }

    /** Like {@link #value}, but also returns the element the value came from. */
    Optional<Found> found(Element scope, String key, Predicate<Element> accept) {
        return found(scope, selectors.getOrDefault(key, List.of()), accept);
    }

    private static Optional<Found> found(Element scope, List<CompiledProbe> probes, Predicate<Element> accept) {
        for (CompiledProbe probe : probes) {
            for (Element e : scope.select(probe.evaluator())) {
                if (accept.test(e)) {
                    Optional<String> value = read(e, probe);
                    if (value.isPresent()) {
                        return Optional.of(new Found(e, value.get()));
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** A value read from the page and the element it came from. */
    record Found(Element element, String value) {
    }

    private static Optional<String> read(Element e, CompiledProbe probe) {
        String raw = probe.attr() == null ? e.text() : e.attr(probe.attr());
        String value = normalise(raw);
        if (probe.match() != null) {
            Matcher m = probe.match().matcher(value);
            if (!m.find()) {
                return Optional.empty();
            }
            value = normalise(hasGroup(probe.match(), "value") ? m.group("value") : m.group());
        }
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    /** Non-breaking and thin spaces become spaces; runs of white space become one. */
    static String normalise(String text) {
        if (text == null) {
            return "";
        }
        return text.replace('\u00a0', ' ').replace('\u202f', ' ').replace('\u2009', ' ')
                .replaceAll("\\s+", " ").trim();
    }

    /** Whether one of the phrases {@code key} occurs in {@code text}. */
    boolean says(String key, String text) {
        return phrase(key, text).isPresent();
    }

    /** The first of the phrases {@code key} found in {@code text}: its group {@code value}, or the match. */
    Optional<String> phrase(String key, String text) {
        if (text == null || text.isEmpty()) {
            return Optional.empty();
        }
        String normalised = normalise(text);
        for (Pattern pattern : phrases.getOrDefault(key, List.of())) {
            Matcher m = pattern.matcher(normalised);
            if (m.find()) {
                String value = hasGroup(pattern, "value") ? m.group("value") : m.group();
                return Optional.of(normalise(value));
            }
        }
        return Optional.empty();
    }

    /** What a one-sentence seller line says, if it is one the site definition knows. */
    Optional<SellerLine> sellerSentence(String text) {
        String normalised = normalise(text);
        for (CompiledSentence sentence : sentences) {
            Matcher m = sentence.pattern().matcher(normalised);
            if (m.find()) {
                String seller = normalise(m.group("seller"));
                if (!seller.isEmpty()) {
                    return Optional.of(new SellerLine(seller, sentence.shipper()));
                }
            }
        }
        return Optional.empty();
    }

    /** The condition that the wording names, by the site's condition rules. */
    Optional<Condition> condition(String wording) {
        if (wording == null || wording.isBlank()) {
            return Optional.empty();
        }
        String normalised = normalise(wording);
        return conditions.stream().filter(c -> c.pattern().matcher(normalised).find()).map(CompiledCondition::condition)
                .findFirst();
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
