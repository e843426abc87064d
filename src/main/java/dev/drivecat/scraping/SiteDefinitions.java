package dev.drivecat.scraping;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.drivecat.scraping.SiteDefinition.HostDefinition;
import dev.drivecat.scraping.fetch.HostPolicy;
import io.quarkus.runtime.Startup;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The marketplace site definitions shipped in {@code scrapers/} ({@code amazon.yaml},
 * {@code ebay.yaml}, {@code newegg.yaml}) and the vendor sources of {@code scrapers/specs/vendors.yaml},
 * loaded once at start-up. A malformed definition stops start-up with a message naming the file and
 * every entry that is wrong. Answers, per host: which site and marketplace it is, how often it may
 * be asked ({@link HostPolicy}: marketplace and vendor hosts alike), and which parser reads its pages.
 */
@Singleton
@Startup
public class SiteDefinitions implements HostPolicy {

    /** The sites drivecat has parsers for; each is read from {@code scrapers/<site>.yaml}. */
    public static final List<String> SITES = List.of("amazon", "ebay", "newegg");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .registerModule(new JavaTimeModule())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** A host, the site it belongs to, and the parser for its pages. */
    public record Site(SiteDefinition definition, HostDefinition host, MarketplaceParser parser) {

        /** The drivecat marketplace code, e.g. {@code amazon-de}. */
        public String marketplace() {
            return host.marketplace();
        }
    }

    private final Map<String, Site> byHost;
    private final Map<String, SearchSite> searchBySite;
    private final List<String> apiHosts;
    private final VendorSources vendors;

    /**
     * A site's search result pages: where a query is searched, and the reader of the results.
     *
     * @param site the site's name ({@code ebay}, {@code newegg}, …)
     */
    public record SearchSite(String site, String marketplace, SearchRules rules, SearchPageReader reader) {

        /** The URL that searches the site for a query. */
        public URI url(String query) {
            return rules.url(query);
        }

        /** The host searches are asked of. */
        public String host() {
            return rules.host().host();
        }

        /** Every host of the site. */
        public java.util.Set<String> hosts() {
            return rules.hosts();
        }
    }

    /** Loads the definitions from the classpath (for CDI). */
    public SiteDefinitions() {
        this(readClasspath(), VendorSources.fromClasspath());
    }

    private SiteDefinitions(List<Loaded> loaded, VendorSources vendors) {
        this.vendors = vendors;
        Map<String, Site> hosts = new LinkedHashMap<>();
        Map<String, SearchSite> searches = new LinkedHashMap<>();
        List<String> apis = new ArrayList<>();
        for (Loaded site : loaded) {
            SiteKind kind = SiteKind.of(site.source(), site.definition());
            SiteRules rules = SiteRulesCompiler.compile(site.source(), site.definition(), kind.selectors(), kind.phrases());
            MarketplaceParser parser = kind.reader(rules);
            SiteRulesCompiler.compileSearch(site.source(), site.definition(), rules).ifPresent(search -> searches.put(site.definition().site(),
                    new SearchSite(site.definition().site(), search.host().marketplace(), search, new SearchPageReader(search, rules))));
            apis.addAll(site.definition().apiHosts());
            for (HostDefinition host : rules.hosts().values()) {
                Site previous = hosts.put(host.host(), new Site(site.definition(), host, parser));
                if (previous != null) {
                    throw new InvalidSiteDefinitionException(site.source() + ": host " + host.host()
                            + " is already defined by the " + previous.definition().site() + " site");
                }
            }
        }
        this.byHost = Map.copyOf(hosts);
        this.searchBySite = Map.copyOf(searches);
        this.apiHosts = List.copyOf(apis);
    }

    /** A site's search pages, if its definition describes them. */
    public Optional<SearchSite> search(String site) {
        return Optional.ofNullable(searchBySite.get(site));
    }

    /** The search pages of the site a URL is on, if the URL is one of its search URLs. */
    public Optional<SearchSite> searchPage(URI url) {
        return Optional.ofNullable(url).flatMap(u -> forHost(u.getHost())).map(site -> searchBySite.get(site.definition().site()))
                .filter(search -> search.rules().isSearch(url));
    }

    /** The hosts of the marketplaces' official APIs ({@code apiHosts} of the definitions). */
    public List<String> apiHosts() {
        return apiHosts;
    }

    /** The definitions in {@code scrapers/} on the classpath. */
    public static SiteDefinitions fromClasspath() {
        return new SiteDefinitions(readClasspath(), VendorSources.fromClasspath());
    }

    /**
     * Definitions read from YAML texts, for tests and tools.
     *
     * @param yamlBySource YAML text by where it came from (used in messages)
     */
    public static SiteDefinitions fromYaml(Map<String, String> yamlBySource) {
        List<Loaded> loaded = new ArrayList<>();
        yamlBySource.forEach((source, yaml) -> loaded.add(new Loaded(source, read(source, yaml))));
        return new SiteDefinitions(loaded, VendorSources.fromClasspath());
    }

    private record Loaded(String source, SiteDefinition definition) {
    }

    private static List<Loaded> readClasspath() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = SiteDefinitions.class.getClassLoader();
        }
        List<Loaded> loaded = new ArrayList<>();
        for (String site : SITES) {
            String path = "scrapers/" + site + ".yaml";
            try (InputStream in = loader.getResourceAsStream(path)) {
                if (in == null) {
                    throw new InvalidSiteDefinitionException(path + " is not on the classpath; every site drivecat"
                            + " parses (" + String.join(", ", SITES) + ") needs its definition in scrapers/");
                }
                loaded.add(new Loaded(path, read(path, new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8))));
            } catch (IOException e) {
                throw new InvalidSiteDefinitionException(path + " could not be read: " + e.getMessage(), e);
            }
        }
        return loaded;
    }

    static SiteDefinition read(String source, String yaml) {
        try {
            SiteDefinition definition = YAML.readValue(yaml, SiteDefinition.class);
            if (definition == null) {
                throw new InvalidSiteDefinitionException(source + " is empty");
            }
            return definition;
        } catch (JsonProcessingException e) {
            throw new InvalidSiteDefinitionException(source + " is not a valid site definition: "
                    + e.getOriginalMessage() + locationOf(e), e);
        }
    }

    private static String locationOf(JsonProcessingException e) {
        return e.getLocation() == null ? ""
                : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
    }

    /** The site, marketplace and parser for a host, if a definition names it. */
    public Optional<Site> forHost(String host) {
        return host == null ? Optional.empty() : Optional.ofNullable(byHost.get(host.toLowerCase(Locale.ROOT)));
    }

    /** The drivecat marketplace code for a host, e.g. {@code amazon-de}. */
    public Optional<String> marketplaceFor(String host) {
        return forHost(host).map(Site::marketplace);
    }

    /** The parser for a page from this host. */
    public Optional<MarketplaceParser> parserFor(String host) {
        return forHost(host).map(Site::parser);
    }

    /** The external id in a product page URL (ASIN, eBay item id, Newegg item number), if it is one. */
    public Optional<String> externalIdFromUrl(URI url) {
        return Optional.ofNullable(url).flatMap(u -> forHost(u.getHost()))
                .flatMap(site -> ((SiteParser) site.parser()).rules().idFromUrl(url));
    }

    /** Whether the URL is a product page of a defined host. */
    public boolean isProductPage(URI url) {
        return externalIdFromUrl(url).isPresent();
    }

    /**
     * The URL as a browser reads it (without dot segments: {@code /itm/1/../../signin} is
     * {@code /signin}), when that is a product page of a defined host: the one check of a URL kept
     * as a listing's or a watched page's. Empty for any other URL.
     */
    public Optional<URI> productPage(URI url) {
        return Optional.ofNullable(url).flatMap(u -> forHost(u.getHost())).flatMap(site -> ((SiteParser) site.parser()).rules().productPage(url));
    }

    /** A marketplace host at its site's pace, or a vendor host of {@code scrapers/specs/vendors.yaml} at its own. */
    @Override
    public Optional<Duration> minInterval(String host) {
        return forHost(host).map(site -> site.host().minInterval()).or(() -> vendors.minInterval(host));
    }

    /** The makers' sources of product pages and datasheets ({@code scrapers/specs/vendors.yaml}). */
    public VendorSources vendors() {
        return vendors;
    }

    /** Every host a definition names. */
    public List<String> hosts() {
        return List.copyOf(byHost.keySet());
    }
}
