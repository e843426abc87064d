package dev.drivecat.scraping;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One marketplace's pages as data, read from {@code scrapers/<site>.yaml}: its hosts, how its
 * product URLs look, where each part of a page is (CSS selectors, tried in order) and which
 * phrases mean what, in every language its pages use. A layout change that moves a part or
 * rewords a phrase is fixed in the YAML; the parser for the site only knows the page's shape.
 * See src/docs/scraping.md for the format.
 *
 * @param site which parser reads these pages: {@code amazon}, {@code ebay} or {@code newegg}
 * @param hosts the hosts the fetcher may ask, each a drivecat marketplace
 * @param productPage how a product page URL looks and where its external id is
 * @param selectors named parts of a page, each an ordered list of places to look; the first
 *     place that yields something wins. Shared by every layout
 * @param phrases named lists of regular expressions (case-insensitive) that decide what a text
 *     means, e.g. {@code robotCheck}, {@code outOfStock}
 * @param sellerSentences one-sentence seller lines such as "Sold by X and Fulfilled by Amazon."
 * @param conditions condition wording to condition, first match wins
 * @param defaults what the site means when a page leaves something unsaid
 * @param layouts the generations of the site's product pages, tried in order; each names the
 *     selectors that differ from the shared ones. None: one layout, {@code default}, of the shared
 *     selectors alone
 * @param sellerTypes who sells what kind of offer, first match wins
 * @param structuredData how the page's structured data (JSON-LD, microdata, meta tags) is weighed
 *     against its visible offer
 * @param search how the site's search result pages look, for discovery; null when they are not read
 * @param apiHosts hosts of the marketplace's official API (e.g. {@code api.ebay.com}): the only
 *     hosts besides {@code hosts} that drivecat talks to for this site
 * @param terms what the marketplace's terms ask of the data shown and kept; none: no limit
 */
public record SiteDefinition(
        String site,
        List<HostDefinition> hosts,
        ProductPage productPage,
        Map<String, List<Probe>> selectors,
        Map<String, List<String>> phrases,
        List<SellerSentence> sellerSentences,
        List<ConditionRule> conditions,
        Defaults defaults,
        List<Layout> layouts,
        List<SellerTypeRule> sellerTypes,
        StructuredDataUse structuredData,
        Search search,
        List<String> apiHosts,
        Terms terms) {

    public SiteDefinition {
        hosts = hosts == null ? List.of() : List.copyOf(hosts);
        selectors = selectors == null ? Map.of() : Map.copyOf(selectors);
        phrases = phrases == null ? Map.of() : Map.copyOf(phrases);
        sellerSentences = sellerSentences == null ? List.of() : List.copyOf(sellerSentences);
        conditions = conditions == null ? List.of() : List.copyOf(conditions);
        defaults = defaults == null ? new Defaults(null, false) : defaults;
        layouts = layouts == null ? List.of() : List.copyOf(layouts);
        sellerTypes = sellerTypes == null ? List.of() : List.copyOf(sellerTypes);
        structuredData = structuredData == null ? new StructuredDataUse(Prefer.PAGE) : structuredData;
        apiHosts = apiHosts == null ? List.of() : List.copyOf(apiHosts);
        terms = terms == null ? new Terms(null, null, null) : terms;
    }

    /**
     * A marketplace's terms as data, written to its marketplaces at start.
     *
     * @param currentFor an offer is shown as current only while its newest observation is at most this old (ISO 8601,
     *     e.g. PT6H); null: for as long as it is the newest
     * @param afterEnd what a listing keeps once it has ended ({@code KEEP} when unset)
     * @param source the page that states the terms
     */
    public record Terms(java.time.Duration currentFor, dev.drivecat.pricing.AfterEnd afterEnd, String source) {

        public Terms {
            afterEnd = afterEnd == null ? dev.drivecat.pricing.AfterEnd.KEEP : afterEnd;
            if (currentFor != null && (currentFor.isNegative() || currentFor.isZero() || currentFor.getSeconds() > Integer.MAX_VALUE)) {
                throw new IllegalArgumentException("terms.currentFor must be a positive duration, not " + currentFor);
            }
        }
    }

    /**
     * The site's search result pages, as data.
     *
     * @param url where a query is searched: an absolute URL on one of the site's hosts, with
     *     {@code {query}} where the URL-encoded query goes. The fetcher's robots rules decide whether
     *     it is ever asked
     * @param urlPatterns a search URL (path and query) matches one of these: a saved page posted
     *     with such a URL is read as search results
     * @param noResults phrases (regular expressions) a results page shows when nothing was found
     * @param layouts the generations of the site's result pages, tried in order; in each,
     *     {@code item} names the elements that are one result each, and {@code title}, {@code link},
     *     {@code externalId}, {@code price}, {@code priceRange}, {@code shipping}, {@code condition},
     *     {@code seller}, {@code buyingFormat}, {@code location}, {@code sponsored} and {@code skip}
     *     where in a result its parts are
     * @param nextPage where the link to the next page of results is
     * @param itemUrl an item's page, with {@code {id}} where its id goes: the URL a result is kept
     *     under (the result's own link when unset)
     */
    public record Search(String url, List<String> urlPatterns, List<String> noResults, List<Layout> layouts, List<Probe> nextPage,
                         String itemUrl) {

        public Search {
            urlPatterns = urlPatterns == null ? List.of() : List.copyOf(urlPatterns);
            noResults = noResults == null ? List.of() : List.copyOf(noResults);
            layouts = layouts == null ? List.of() : List.copyOf(layouts);
            nextPage = nextPage == null ? List.of() : List.copyOf(nextPage);
        }
    }

    /**
     * One host of the site.
     *
     * @param host the host name exactly as in URLs, e.g. {@code www.amazon.de}
     * @param marketplace the drivecat marketplace code, e.g. {@code amazon-de}
     * @param currency the ISO 4217 currency the host prices in by default
     * @param numbers how the host writes numbers ({@code POINT_DECIMAL} 1,234.56 or
     *     {@code COMMA_DECIMAL} 1.234,56)
     * @param minInterval the least time between two requests to this host, ISO 8601 (e.g. PT10S)
     */
    public record HostDefinition(
            String host, String marketplace, String currency, NumberConvention numbers, Duration minInterval) {
    }

    /**
     * @param urlPatterns a product page's URL (path and query) matches one of these; the named
     *     group {@code id} is the external id in the URL
     * @param externalId where the page's external id is read, first found wins: a place on the page,
     *     or {@code {url: true}} for the id in the URL
     */
    public record ProductPage(List<String> urlPatterns, List<IdSource> externalId) {

        public ProductPage {
            urlPatterns = urlPatterns == null ? List.of() : List.copyOf(urlPatterns);
            externalId = externalId == null ? List.of() : List.copyOf(externalId);
        }
    }

    /** Either the id in the URL ({@code url: true}) or a place on the page, as in {@link Probe}. */
    public record IdSource(boolean url, String css, String attr, String match) {

        Probe probe() {
            return new Probe(css, attr, match);
        }
    }

    /**
     * One place to look on a page. In YAML either a bare CSS selector or
     * {@code {css: ..., attr: ..., match: ...}}.
     *
     * @param css the elements to look at, within the part of the page being read
     * @param attr read this attribute instead of the element's text
     * @param match a regular expression the value must contain; its named group {@code value}
     *     (or else the whole match) is what is read
     */
    public record Probe(String css, String attr, String match) {

        @JsonCreator
        public Probe(@JsonProperty("css") String css, @JsonProperty("attr") String attr,
                @JsonProperty("match") String match) {
            this.css = css;
            this.attr = attr;
            this.match = match;
        }

        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public static Probe of(String css) {
            return new Probe(css, null, null);
        }
    }

    /**
     * A seller line written as one sentence, e.g. "Verkauf und Versand durch X." The named group
     * {@code seller} is the seller's name.
     *
     * @param shipper who ships, as the sentence says: {@code SELLER} or {@code MARKETPLACE}
     */
    public record SellerSentence(String pattern, Shipper shipper) {
    }

    /** Who ships an offer, according to a seller sentence. */
    public enum Shipper { SELLER, MARKETPLACE }

    /**
     * Condition wording matching {@code pattern} (case-insensitive) means {@code condition}: one of
     * {@link Condition}'s names, or {@value #FOR_PARTS}, an item for parts or not working, which is
     * never priced. A {@code FOR_PARTS} rule may leave out the pattern: it then finds the words the
     * identity matcher reads as "for parts or not working", in every language it knows.
     */
    public record ConditionRule(String pattern, String condition) {

        /** The condition of an item for parts or not working: no drive to buy and use. */
        public static final String FOR_PARTS = "FOR_PARTS";
    }

    /**
     * @param conditionWhenUnstated the condition of an offer whose page states none (Amazon and
     *     Newegg show new offers without saying "new"); null when the site has no such default
     * @param unstatedShipperIsSeller when a page names the seller but not the shipper, the seller
     *     ships (Amazon says "Fulfilled by Amazon" whenever it ships a third party's offer)
     */
    public record Defaults(Condition conditionWhenUnstated, boolean unstatedShipperIsSeller) {
    }

    /**
     * One generation of a site's product pages: where its price, seller and offer are when they
     * are not where the shared selectors look.
     *
     * @param name how parses, metrics and run reports name the layout, e.g. {@code classic-priceblock}
     * @param when the layout is tried only on a page where one of these places is; none: on every page
     * @param selectors the selectors of this layout, each replacing the shared one of the same name
     */
    public record Layout(String name, List<Probe> when, Map<String, List<Probe>> selectors) {

        public Layout {
            when = when == null ? List.of() : List.copyOf(when);
            selectors = selectors == null ? Map.of() : Map.copyOf(selectors);
        }
    }

    /**
     * Who an offer's seller is, as a kind: a seller whose name matches {@code seller} (a regular
     * expression, case-insensitive) is of {@code type}. A rule without {@code seller} holds for
     * every offer of the site, whether the page names the seller or not (no one but third parties
     * sell on eBay).
     *
     * @param name the rule's name, for tests and messages
     */
    public record SellerTypeRule(String name, String seller, SellerType type) {
    }

    /**
     * @param prefer whose value is kept where the page's structured data and its visible offer
     *     disagree (both are recorded on the parse); where only one states a value, that one is used
     */
    public record StructuredDataUse(Prefer prefer) {
    }

    /** Which of two sources that disagree is kept. */
    public enum Prefer {
        /** The offer as the page shows it to people (the buy box). */
        PAGE,
        /** The page's structured data (schema.org Offer, product meta tags). */
        STRUCTURED
    }
}
