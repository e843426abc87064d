package dev.drivecat.scraping;

import dev.drivecat.identity.ForPartsWords;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import dev.drivecat.scraping.SiteDefinition.HostDefinition;
import dev.drivecat.scraping.SiteDefinition.Shipper;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;

/**
 * A site definition as the parsers read it: where each named part of a page is, what each phrase
 * means, which sentence names a seller and which wording a condition. Built only by
 * {@link SiteRulesCompiler}, which has checked the definition. Reading is pure: every method is a
 * function of the definition and its arguments.
 */
final class SiteRules {

    static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;

    private final SiteDefinition definition;
    private final Map<String, HostDefinition> hosts;
    private final List<Pattern> urlPatterns;
    private final List<IdPlace> idSources;
    private final Map<String, List<CompiledProbe>> selectors;
    private final Map<String, List<Pattern>> phrases;
    private final List<CompiledSentence> sentences;
    private final List<CompiledCondition> conditions;
    private final List<CompiledSellerType> sellerTypes;
    private final String layout;
    private final List<Layout> layouts;

    /** A place on the page, compiled. */
    record CompiledProbe(String css, Evaluator evaluator, String attr, Pattern match) {
    }

    /** Where an external id is read: the URL, or a place on the page. */
    record IdPlace(boolean url, CompiledProbe probe) {
    }

    record CompiledSentence(Pattern pattern, Shipper shipper) {
    }

    /**
     * A condition rule: wording it finds means {@code condition}, or, with {@code forParts}, an item
     * for parts or not working (no condition; never priced). A for-parts rule without a pattern
     * finds the words identity reads as "for parts or not working" ({@link ForPartsWords}).
     */
    record CompiledCondition(Pattern pattern, Condition condition, boolean forParts) {

        static CompiledCondition of(Pattern pattern, Condition condition) {
            return new CompiledCondition(pattern, condition, false);
        }

        static CompiledCondition forParts(Pattern pattern) {
            return new CompiledCondition(pattern, null, true);
        }

        /** The words of {@code normalised} this rule finds, if it finds any. */
        Optional<String> find(String normalised) {
            if (pattern == null) {
                return ForPartsWords.in(normalised);
            }
            Matcher m = pattern.matcher(normalised);
            return m.find() ? Optional.of(m.group()) : Optional.empty();
        }
    }

    /** A seller-type rule; a null {@code seller} holds for every offer. */
    record CompiledSellerType(String name, Pattern seller, SellerType type) {
    }

    /** What a seller sentence says: who sells, and who ships. */
    record SellerLine(String seller, Shipper shipper) {
    }

    /**
     * One layout of the site: its name, the places whose presence says a page may be of it (none:
     * any page may be), and the rules with its selectors in place of the shared ones.
     */
    record Layout(String name, List<CompiledProbe> when, SiteRules rules) {

        /** Whether the page may be of this layout. */
        boolean applies(Element page) {
            return when.isEmpty() || when.stream().anyMatch(p -> page.selectFirst(p.evaluator()) != null);
        }

        /** The places {@code when} names, for messages. */
        String describeWhen() {
            return when.stream().map(CompiledProbe::css).toList().toString();
        }
    }

    /** The name of the layout whose selectors these are when none is defined. */
    static final String DEFAULT_LAYOUT = "default";

    SiteRules(SiteDefinition definition, Map<String, HostDefinition> hosts, List<Pattern> urlPatterns,
            List<IdPlace> idSources, Map<String, List<CompiledProbe>> selectors, Map<String, List<Pattern>> phrases,
            List<CompiledSentence> sentences, List<CompiledCondition> conditions, List<CompiledSellerType> sellerTypes,
            String layout, List<Layout> layouts) {
        this.definition = definition;
        this.hosts = Collections.unmodifiableMap(new LinkedHashMap<>(hosts));
        this.urlPatterns = List.copyOf(urlPatterns);
        this.idSources = List.copyOf(idSources);
        this.selectors = Map.copyOf(selectors);
        this.phrases = Map.copyOf(phrases);
        this.sentences = List.copyOf(sentences);
        this.conditions = List.copyOf(conditions);
        this.sellerTypes = List.copyOf(sellerTypes);
        this.layout = layout;
        this.layouts = List.copyOf(layouts);
    }

    /** The same rules with some selectors replaced: one layout of the site. */
    SiteRules forLayout(String name, Map<String, List<CompiledProbe>> replaced) {
        Map<String, List<CompiledProbe>> merged = new LinkedHashMap<>(selectors);
        merged.putAll(replaced);
        return new SiteRules(definition, hosts, urlPatterns, idSources, merged, phrases, sentences, conditions, sellerTypes,
                name, List.of());
    }

    /** The layout these rules read, e.g. {@code classic-priceblock}. */
    String layout() {
        return layout;
    }

    /** The site's layouts, in the order they are tried (on the shared rules; empty on a layout's own). */
    List<Layout> layouts() {
        return layouts;
    }

    /** Which selector names are defined, for checking that a layout has what its parser reads. */
    boolean defines(String selector) {
        return selectors.containsKey(selector);
    }

    /**
     * The kind of seller an offer has, by the first seller-type rule that holds: a rule with a
     * seller pattern for a seller whose name matches it, a rule without one for every offer.
     * Empty when no rule holds (no seller named and no rule for every offer).
     */
    Optional<SellerType> sellerType(String sellerName) {
        String name = sellerName == null ? null : normalise(sellerName);
        for (CompiledSellerType rule : sellerTypes) {
            if (rule.seller() == null) {
                return Optional.of(rule.type());
            }
            if (name != null && !name.isEmpty() && rule.seller().matcher(name).find()) {
                return Optional.of(rule.type());
            }
        }
        return Optional.empty();
    }

    /** The name of the seller-type rule that decides, for tests and messages. */
    Optional<String> sellerTypeRule(String sellerName) {
        String name = sellerName == null ? null : normalise(sellerName);
        return sellerTypes.stream().filter(rule -> rule.seller() == null
                || name != null && !name.isEmpty() && rule.seller().matcher(name).find())
                .map(CompiledSellerType::name).findFirst();
    }

    /** Whether the pattern declares the named group (Java 17 has no Pattern.namedGroups()). */
    static boolean hasGroup(Pattern pattern, String name) {
        return pattern.pattern().contains("(?<" + name + ">");
    }

    SiteDefinition definition() {
        return definition;
    }

    Map<String, HostDefinition> hosts() {
        return hosts;
    }

    Optional<HostDefinition> host(String host) {
        return Optional.ofNullable(host).map(h -> hosts.get(h.toLowerCase(Locale.ROOT)));
    }

    /** The external id in a product page URL, if the URL is one (read as {@link #productPage} reads it). */
    Optional<String> idFromUrl(URI url) {
        Optional<URI> page = productPage(url);
        if (page.isEmpty()) {
            return Optional.empty();
        }
        String pathAndQuery = page.get().getRawPath() + (page.get().getRawQuery() == null ? "" : "?" + page.get().getRawQuery());
        for (Pattern pattern : urlPatterns) {
            Matcher m = pattern.matcher(pathAndQuery);
            if (m.find()) {
                return Optional.of(m.group("id"));
            }
        }
        return Optional.empty();
    }

    /**
     * The URL as a browser reads it, when that is a product page of the site: its path without dot
     * segments, so that {@code /itm/123456789/../../signin} is {@code /signin} and no item page, and
     * {@code /itm/x/../123456789} is {@code /itm/123456789}. Empty for any other URL.
     */
    Optional<URI> productPage(URI url) {
        if (url == null || url.getRawPath() == null || url.getScheme() == null || url.getRawAuthority() == null) {
            return Optional.empty();
        }
        URI page;
        try {
            page = new URI(url.getScheme() + "://" + url.getRawAuthority() + withoutDotSegments(url.getRawPath())
                    + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery()));
        } catch (java.net.URISyntaxException e) {
            return Optional.empty();
        }
        String pathAndQuery = page.getRawPath() + (page.getRawQuery() == null ? "" : "?" + page.getRawQuery());
        for (Pattern pattern : urlPatterns) {
            if (pattern.matcher(pathAndQuery).find()) {
                return Optional.of(page);
            }
        }
        return Optional.empty();
    }

    /**
     * A path with its dot segments removed as RFC 3986 (section 5.2.4) removes them, a segment spelt
     * {@code %2e} or {@code %2E} counting as a dot, as browsers read it (the WHATWG URL standard's
     * "single-dot" and "double-dot" path segments); a trailing dot segment leaves the path ending in
     * a slash.
     */
    static String withoutDotSegments(String rawPath) {
        String[] segments = rawPath.split("/", -1);
        java.util.ArrayDeque<String> kept = new java.util.ArrayDeque<>();
        for (int i = 1; i < segments.length; i++) {
            String segment = segments[i].replaceAll("(?i)%2e", ".");
            boolean last = i == segments.length - 1;
            if (segment.equals(".") || segment.equals("..")) {
                if (segment.equals("..")) {
                    kept.pollLast();
                }
                if (last) {
                    kept.addLast("");
                }
                continue;
            }
            kept.addLast(segments[i]);
        }
        return "/" + String.join("/", kept);
    }

    /** The page's external id, from the places productPage.externalId lists, in order. */
    Optional<String> externalId(Element page, URI url) {
        for (IdPlace source : idSources) {
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

    /** The condition that the wording names, by the site's condition rules; none for wording that says for parts. */
    Optional<Condition> condition(String wording) {
        return rule(wording).filter(c -> !c.forParts()).map(CompiledCondition::condition);
    }

    /**
     * The words by which the wording says the item is for parts or not working (the first condition
     * rule that finds the wording is a {@code FOR_PARTS} rule); empty when it names a condition or
     * none.
     */
    Optional<String> forParts(String wording) {
        return rule(wording).filter(CompiledCondition::forParts).flatMap(c -> c.find(normalise(wording)));
    }

    private Optional<CompiledCondition> rule(String wording) {
        if (wording == null || wording.isBlank()) {
            return Optional.empty();
        }
        String normalised = normalise(wording);
        return conditions.stream().filter(c -> c.find(normalised).isPresent()).findFirst();
    }

}
