package dev.drivecat.scraping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.drivecat.scraping.fetch.HostPolicy;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.List;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

public class SiteDefinitionsTest {

    private static final SiteDefinitions SITES = Pages.SITES;

    private static String shipped(String site) {
        try (InputStream in = SiteDefinitionsTest.class.getClassLoader().getResourceAsStream("scrapers/" + site + ".yaml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static SiteDefinitions amazonWith(String original, String replacement) {
        return siteWith("amazon", original, replacement);
    }

    private static SiteDefinitions siteWith(String site, String original, String replacement) {
        String yaml = shipped(site);
        assertThat(yaml).contains(original);
        return SiteDefinitions.fromYaml(Map.of("scrapers/" + site + ".yaml", yaml.replace(original, replacement)));
    }

    @ParameterizedTest
    @CsvSource({
        "www.amazon.com, amazon-us", "www.amazon.de, amazon-de", "www.amazon.es, amazon-es",
        "www.amazon.fr, amazon-fr", "www.amazon.co.uk, amazon-co-uk", "www.amazon.in, amazon-in",
        "www.amazon.com.br, amazon-com-br", "www.ebay.com, ebay-us", "www.ebay.de, ebay-de",
        "www.newegg.com, newegg-us"})
    void mapsEveryHostToItsMarketplaceCode(String host, String marketplace) {
        assertThat(SITES.marketplaceFor(host)).contains(marketplace);
        assertThat(SITES.parserFor(host)).isPresent();
    }

    @Test
    void eachHostHasItsDefaultCurrencyAndNumberConvention() {
        assertThat(SITES.forHost("www.amazon.com.br").orElseThrow().host().currency()).isEqualTo("BRL");
        assertThat(SITES.forHost("www.amazon.com.br").orElseThrow().host().numbers())
                .isEqualTo(NumberConvention.COMMA_DECIMAL);
        assertThat(SITES.forHost("www.amazon.co.uk").orElseThrow().host().currency()).isEqualTo("GBP");
        assertThat(SITES.forHost("www.amazon.in").orElseThrow().host().numbers()).isEqualTo(NumberConvention.POINT_DECIMAL);
    }

    @Test
    void hostPolicyGivesDefinedHostsTheirIntervalAndRefusesOthers() {
        HostPolicy policy = SITES;

        assertThat(policy.minInterval("www.amazon.de")).contains(Duration.ofSeconds(10));
        assertThat(policy.isAllowed("WWW.EBAY.COM")).isTrue();
        assertThat(policy.isAllowed("www.example.com")).isFalse();
        assertThat(policy.minInterval("amazon.com.evil.example")).isEmpty();
        assertThat(policy.isAllowed(null)).isFalse();
    }

    @ParameterizedTest
    @CsvSource({
        "https://www.amazon.com/Intel-Optane/dp/B0TESTP160?th=1, B0TESTP160",
        "https://www.amazon.de/gp/product/B0TESTPM89, B0TESTPM89",
        "https://www.ebay.com/itm/226771798286, 226771798286",
        "https://www.ebay.de/itm/lego-piratenschiff/198187151691?hash=x, 198187151691",
        "https://www.ebay.com/p/1701411334?iid=298293090902, 298293090902",
        "https://www.newegg.com/lg-27gn950/p/N82E16824026052, N82E16824026052",
        "https://www.newegg.com/Product/Product.aspx?Item=N82E16824026052, N82E16824026052"})
    void readsTheExternalIdFromAProductPageUrl(String url, String id) {
        assertThat(SITES.externalIdFromUrl(URI.create(url))).contains(id);
        assertThat(SITES.isProductPage(URI.create(url))).isTrue();
    }

    /** Product pages of every site, each form its definition reads. */
    public static final List<String> PRODUCT_PAGES = List.of("https://www.amazon.com/Intel-Optane/dp/B0TESTP160?th=1",
            "https://www.amazon.de/gp/product/B0TESTPM89", "https://www.ebay.com/itm/226771798286",
            "https://www.ebay.de/itm/lego-piratenschiff/198187151691?hash=x", "https://www.ebay.com/p/1701411334?iid=298293090902",
            "https://www.newegg.com/lg-27gn950/p/N82E16824026052", "https://www.newegg.com/Product/Product.aspx?Item=N82E16824026052");

    /**
     * Dot segments in every spelling a browser reads as one (., .., %2e, %2E, .%2e, %2e.), after,
     * inside and before a product page's path: the page kept is the one a browser opens, without dot
     * segments, and only when that is a product page; a path that climbs out of the item page to
     * another page (/itm/1/../../signin) is no product page.
     */
    @Test
    void aProductPageIsReadAsABrowserReadsItWithoutDotSegments() {
        List<String> dots = List.of("..", "%2e%2e", "%2E%2E", ".%2e", "%2e.");
        for (String raw : PRODUCT_PAGES) {
            URI page = URI.create(raw);
            String base = page.getScheme() + "://" + page.getRawAuthority();
            String path = page.getRawPath();
            String query = page.getRawQuery() == null ? "" : "?" + page.getRawQuery();
            String id = SITES.externalIdFromUrl(page).orElseThrow();
            for (String dot : dots) {
                // climbing out of the item page: another page of the site
                URI out = URI.create(base + path + "/" + dot + "/" + dot + "/" + dot + "/signin" + query);
                assertThat(SITES.productPage(out)).as(out.toString()).isEmpty();
                assertThat(SITES.isProductPage(out)).as(out.toString()).isFalse();
                // a detour that comes back: the page itself, written without it
                URI detour = URI.create(base + "/x/" + dot + path + query);
                assertThat(SITES.productPage(detour)).as(detour.toString()).contains(URI.create(base + path + query));
                assertThat(SITES.externalIdFromUrl(detour)).as(detour.toString()).contains(id);
                URI single = URI.create(base + "/./" + path.substring(1) + query);
                assertThat(SITES.productPage(single).map(URI::getRawPath)).as(single.toString()).contains(path);
            }
            assertThat(SITES.productPage(page)).as("a page without dot segments is kept as it is").contains(page);
        }
    }

    @ParameterizedTest
    @CsvSource({
        "https://www.amazon.com/s?k=optane", "https://www.ebay.com/sch/i.html?_nkw=optane",
        "https://www.newegg.com/p/pl?d=optane", "https://www.example.com/dp/B0TESTP160"})
    void otherPagesAreNotProductPages(String url) {
        assertThat(SITES.isProductPage(URI.create(url))).isFalse();
    }

    @Test
    void aMovedPriceIsFixedInTheSiteDefinitionAlone() {
        String url = "https://www.amazon.com/dp/B0TEST990P";
        assertThat(Pages.fixture("amazon/featured-offer-without-price.html", url)).isInstanceOf(PageParse.Failed.class);

        SiteDefinitions fixed = amazonWith("  - name: core-price\n    selectors:\n      price:\n",
                "  - name: core-price\n    selectors:\n      price:\n        - \"#newPriceSlot .a-price > .a-offscreen\"\n");
        PageParse parse = Pages.fixture("amazon/featured-offer-without-price.html", url, fixed);

        assertThat(Pages.featured(parse).price()).isEqualByComparingTo("169.99");
    }

    @Test
    void aRewordedPhraseIsFixedInTheSiteDefinitionAlone() {
        String url = "https://www.amazon.com/dp/B0TEST5400";
        assertThat(Pages.fixture("amazon/undeliverable-reworded.html", url)).isInstanceOf(PageParse.Failed.class);

        SiteDefinitions fixed = amazonWith("  undeliverable:\n",
                "  undeliverable:\n    - \"does not ship to your chosen address\"\n");
        PageParse parse = Pages.fixture("amazon/undeliverable-reworded.html", url, fixed);

        assertThat(parse).isInstanceOf(PageParse.NoOffer.class);
        assertThat(((PageParse.NoOffer) parse).kind()).isEqualTo(PageParse.NoOfferKind.UNDELIVERABLE);
    }

    @Test
    void aSearchSectionWithoutQueryPlaceOrItemsStopsLoadingNamingEachEntry() {
        assertThatThrownBy(() -> amazonWith("  url: \"https://www.amazon.com/s?k={query}\"", "  url: \"https://www.example.com/s\""))
                .isInstanceOf(InvalidSiteDefinitionException.class)
                .hasMessageContaining("search.url 'https://www.example.com/s' must be an absolute URL with {query}");
        assertThatThrownBy(() -> amazonWith("        item: [\"div[data-component-type=s-search-result][data-asin]\"]\n", ""))
                .isInstanceOf(InvalidSiteDefinitionException.class)
                .hasMessageContaining("search.layouts[s-search-result].selectors.item is missing");
    }

    @Test
    void aSearchUrlIsToldFromAProductUrlAndSearchesTheQuery() {
        assertThat(SITES.searchPage(URI.create("https://www.amazon.com/s?k=optane"))).isPresent();
        assertThat(SITES.searchPage(URI.create("https://www.amazon.com/dp/B06XSXF2G6"))).isEmpty();
        assertThat(SITES.search("ebay").orElseThrow().url("intel optane p4800x").toString())
                .isEqualTo("https://www.ebay.com/sch/i.html?_nkw=intel+optane+p4800x");
        assertThat(SITES.apiHosts()).contains("api.ebay.com");
    }

    @Test
    void invalidSelectorStopsLoadingNamingFileAndEntry() {
        assertThatThrownBy(() -> amazonWith("    - \"#availability\"\n", "    - \"#availability[\"\n"))
                .isInstanceOf(InvalidSiteDefinitionException.class)
                .hasMessageContaining("scrapers/amazon.yaml")
                .hasMessageContaining("selectors.availability[0]")
                .hasMessageContaining("#availability[");
    }

    @Test
    void invalidPhraseStopsLoadingNamingTheEntry() {
        assertThatThrownBy(() -> amazonWith("    - \"Currently unavailable\"\n", "    - \"Currently (unavailable\"\n"))
                .isInstanceOf(InvalidSiteDefinitionException.class)
                .hasMessageContaining("phrases.currentlyUnavailable[0]")
                .hasMessageContaining("not a valid regular expression");
    }

    @Test
    void missingSelectorThatTheParserNeedsStopsLoading() {
        assertThatThrownBy(() -> amazonWith("  availability:\n    - \"#availability\"\n", ""))
                .isInstanceOf(InvalidSiteDefinitionException.class)
                .hasMessageContaining("selectors.availability is missing");
    }

    @Test
    void badCurrencyAndIntervalStopLoading() {
        assertThatThrownBy(() -> amazonWith("marketplace: amazon-de,     currency: EUR",
                "marketplace: amazon-de,     currency: EURO"))
                .hasMessageContaining("hosts[www.amazon.de].currency 'EURO' is not an ISO 4217 code");
        assertThatThrownBy(() -> amazonWith("numbers: COMMA_DECIMAL, minInterval: PT10S}\n  - {host: www.amazon.es",
                "numbers: COMMA_DECIMAL, minInterval: PT0S}\n  - {host: www.amazon.es"))
                .hasMessageContaining("hosts[www.amazon.de].minInterval");
    }

    @Test
    void unknownOrMistypedKeyStopsLoading() {
        assertThatThrownBy(() -> amazonWith("\nselectors:\n", "\nselecters:\n"))
                .isInstanceOf(InvalidSiteDefinitionException.class)
                .hasMessageContaining("scrapers/amazon.yaml")
                .hasMessageContaining("selecters");
    }

    @Test
    void urlPatternWithoutIdGroupStopsLoading() {
        assertThatThrownBy(() -> amazonWith("\"/gp/product/(?<id>[A-Z0-9]{10})", "\"/gp/product/([A-Z0-9]{10})"))
                .hasMessageContaining("productPage.urlPatterns[1]")
                .hasMessageContaining("(?<id>");
    }

    @Test
    void aHostDefinedByTwoSitesStopsLoading() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("scrapers/amazon.yaml", shipped("amazon"));
        files.put("scrapers/ebay.yaml", shipped("ebay").replace("host: www.ebay.de,", "host: www.amazon.de,"));

        assertThatThrownBy(() -> SiteDefinitions.fromYaml(files))
                .isInstanceOf(InvalidSiteDefinitionException.class)
                .hasMessageContaining("www.amazon.de is already defined by the amazon site");
    }

    @Test
    void siteWithoutParserStopsLoading() {
        assertThatThrownBy(() -> SiteDefinitions.fromYaml(Map.of("scrapers/shop.yaml",
                shipped("newegg").replace("site: newegg", "site: shop"))))
                .hasMessageContaining("site 'shop' has no parser");
    }

    @Test
    void aLayoutWithoutASelectorItsParserNeedsStopsLoadingNamingTheLayout() {
        assertThatThrownBy(() -> amazonWith("  availability:\n    - \"#availability\"\n", ""))
                .hasMessageContaining("layouts[core-price]: selectors.availability is missing")
                .hasMessageContaining("layouts[classic-priceblock]: selectors.availability is missing");
    }

    @Test
    void aLayoutListedTwiceOrBadlyNamedStopsLoading() {
        assertThatThrownBy(() -> amazonWith("  - name: tabular-buybox\n", "  - name: core-price\n"))
                .hasMessageContaining("layouts[core-price] is listed twice");
        assertThatThrownBy(() -> amazonWith("  - name: tabular-buybox\n", "  - name: Tabular Buybox\n"))
                .hasMessageContaining("layouts[1].name 'Tabular Buybox' is not a layout name");
    }

    @Test
    void aBadLayoutConditionStopsLoadingNamingTheEntry() {
        assertThatThrownBy(() -> amazonWith("when: [\"#tabular-buybox\"]", "when: [\"#tabular-buybox[\"]"))
                .hasMessageContaining("layouts[tabular-buybox].when[0]");
    }

    @Test
    void aLayoutsOwnSelectorReplacesTheSharedOneOnlyInThatLayout() {
        SiteDefinitions moved = amazonWith("      # the new offer's condition: never the used offer's box beside it\n",
                "      availability:\n        - \"#availability-2019\"\n"
                        + "      # the new offer's condition: never the used offer's box beside it\n");

        ParsedOffer classic = Pages.featured(Pages.fixture("amazon/layout-classic-priceblock.html",
                "https://www.amazon.com/dp/B0TESTCLS1", moved));
        ParsedOffer corePrice = Pages.featured(Pages.fixture("amazon/sold-by-amazon.html",
                "https://www.amazon.com/dp/B0TESTP160", moved));

        assertThat(classic.availability()).as("the classic layout now looks only at #availability-2019").isNull();
        assertThat(corePrice.availability()).as("the shared selector still holds in core-price").isEqualTo("In Stock");
    }

    @Test
    void aSellerTypeRuleWithoutTypeOrWithABadPatternStopsLoading() {
        assertThatThrownBy(() -> amazonWith("{name: third-party, type: THIRD_PARTY, seller:", "{name: third-party, seller:"))
                .hasMessageContaining("sellerTypes[2].type is missing (MARKETPLACE or THIRD_PARTY)");
        assertThatThrownBy(() -> amazonWith("seller: \"\\\\S\"}", "seller: \"(\"}"))
                .hasMessageContaining("sellerTypes[2].seller is not a valid regular expression");
    }

    @Test
    void aConditionRuleOfAnUnknownConditionOrWithoutItsPatternStopsLoading() {
        assertThatThrownBy(() -> amazonWith("condition: USED}", "condition: BROKEN}"))
                .hasMessageContaining("conditions[3].condition 'BROKEN' is not one (NEW, NEW_OLD_STOCK, USED, RENEWED, FOR_PARTS)");
        assertThatThrownBy(() -> amazonWith("{pattern: \"Used|Gebraucht|Usado|D'occasion|Occasion|Usagé\", condition: USED}",
                "{condition: USED}"))
                .hasMessageContaining("conditions[3].pattern is missing (only a FOR_PARTS rule may leave it out)");
    }

    @Test
    void aWordingThatSaysForPartsIsAddedInTheSiteDefinitionAlone() {
        // a wording identity's words do not know ("Salvage" here) is priced until the site definition says otherwise
        String html = Pages.fixtureText("ebay/item-for-parts.html").replace("For parts or not working", "Salvage");
        String url = "https://www.ebay.com/itm/256000000911";
        assertThat(Pages.html(html, url)).isInstanceOf(PageParse.Product.class);

        SiteDefinitions fixed = siteWith("ebay", "  - {condition: FOR_PARTS}\n",
                "  - {condition: FOR_PARTS}\n  - {pattern: \"^salvage\", condition: FOR_PARTS}\n");
        PageParse parse = fixed.parserFor("www.ebay.com").orElseThrow().parse(org.jsoup.Jsoup.parse(html, url), java.net.URI.create(url));

        assertThat(parse).isInstanceOfSatisfying(PageParse.NoOffer.class, none -> {
            assertThat(none.kind()).isEqualTo(PageParse.NoOfferKind.FOR_PARTS);
            assertThat(none.reason()).contains("the condition says \"Salvage\"");
        });
    }

    @Test
    void anUnknownStructuredDataPreferenceStopsLoading() {
        assertThatThrownBy(() -> amazonWith("  prefer: PAGE", "  prefer: NEWEST"))
                .isInstanceOf(InvalidSiteDefinitionException.class)
                .hasMessageContaining("NEWEST");
    }
}
