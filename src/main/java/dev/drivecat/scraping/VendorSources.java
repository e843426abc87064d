package dev.drivecat.scraping;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.drivecat.catalog.SourceKind;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Where drive makers publish product pages and datasheets ({@code scrapers/specs/vendors.yaml}):
 * the hosts the fetcher may ask for a vendor's page, how often, and which paths are product pages
 * and which datasheets. Loaded once; a malformed file stops start-up with a message naming it.
 */
public final class VendorSources {

    static final String PATH = "scrapers/specs/vendors.yaml";

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()).registerModule(new JavaTimeModule())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** A maker's source of pages: its hosts, and which of their paths are datasheets and product pages. */
    public record Vendor(String maker, Map<String, Duration> hosts, List<Pattern> datasheets, List<Pattern> productPages) {

        /** What a page at this URL is, by its path: a datasheet, a product page, or neither (empty). */
        public Optional<SourceKind> kindOf(URI url) {
            String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
            if (datasheets.stream().anyMatch(p -> p.matcher(path).find())) {
                return Optional.of(SourceKind.VENDOR_DATASHEET);
            }
            if (productPages.stream().anyMatch(p -> p.matcher(path).find())) {
                return Optional.of(SourceKind.VENDOR_PAGE);
            }
            return Optional.empty();
        }
    }

    record File(Patterns defaults, List<VendorEntry> vendors) {
    }

    record Patterns(List<String> datasheets, List<String> productPages) {
    }

    record VendorEntry(String maker, List<HostEntry> hosts, List<String> datasheets, List<String> productPages) {
    }

    record HostEntry(String host, Duration minInterval) {
    }

    private final Map<String, Vendor> byHost;
    private final List<Vendor> vendors;

    private VendorSources(List<Vendor> vendors) {
        this.vendors = List.copyOf(vendors);
        Map<String, Vendor> hosts = new LinkedHashMap<>();
        for (Vendor v : vendors) {
            for (String host : v.hosts().keySet()) {
                if (hosts.put(host, v) != null) {
                    throw new InvalidSiteDefinitionException(PATH + ": host " + host + " is named twice");
                }
            }
        }
        this.byHost = Map.copyOf(hosts);
    }

    /** The vendor sources on the classpath. */
    public static VendorSources fromClasspath() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try (InputStream in = (loader == null ? VendorSources.class.getClassLoader() : loader).getResourceAsStream(PATH)) {
            if (in == null) {
                throw new InvalidSiteDefinitionException(PATH + " is not on the classpath");
            }
            return fromYaml(PATH, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new InvalidSiteDefinitionException(PATH + " could not be read: " + e.getMessage(), e);
        }
    }

    /** Vendor sources read from a YAML text (for tests); {@code source} names it in messages. */
    public static VendorSources fromYaml(String source, String yaml) {
        File file;
        try {
            file = YAML.readValue(yaml, File.class);
        } catch (IOException e) {
            throw new InvalidSiteDefinitionException(source + " is not a valid list of vendor sources: " + e.getMessage(), e);
        }
        if (file == null || file.vendors() == null || file.vendors().isEmpty()) {
            throw new InvalidSiteDefinitionException(source + " names no vendor");
        }
        Patterns defaults = file.defaults() == null ? new Patterns(List.of(), List.of()) : file.defaults();
        return new VendorSources(file.vendors().stream().map(v -> vendor(source, v, defaults)).toList());
    }

    private static Vendor vendor(String source, VendorEntry v, Patterns defaults) {
        if (v.maker() == null || v.maker().isBlank() || v.hosts() == null || v.hosts().isEmpty()) {
            throw new InvalidSiteDefinitionException(source + ": every vendor needs a maker and at least one host");
        }
        Map<String, Duration> hosts = new LinkedHashMap<>();
        for (HostEntry h : v.hosts()) {
            if (h.host() == null || !h.host().matches("[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+")) {
                throw new InvalidSiteDefinitionException(source + ": vendor " + v.maker() + " has a host that is no lower-case host name: "
                        + h.host());
            }
            if (h.minInterval() == null || h.minInterval().isNegative() || h.minInterval().isZero()) {
                throw new InvalidSiteDefinitionException(source + ": host " + h.host() + " needs a positive minInterval");
            }
            hosts.put(h.host(), h.minInterval());
        }
        return new Vendor(v.maker().strip(), hosts, patterns(source, v.datasheets() == null ? defaults.datasheets() : v.datasheets()),
                patterns(source, v.productPages() == null ? defaults.productPages() : v.productPages()));
    }

    private static List<Pattern> patterns(String source, List<String> regexes) {
        if (regexes == null || regexes.isEmpty()) {
            throw new InvalidSiteDefinitionException(source + ": a vendor needs datasheet and product-page paths, its own or the defaults");
        }
        return regexes.stream().map(r -> {
            try {
                return Pattern.compile(r);
            } catch (PatternSyntaxException e) {
                throw new InvalidSiteDefinitionException(source + ": " + r + " is not a regular expression: " + e.getDescription(), e);
            }
        }).toList();
    }

    /** The vendor whose host serves this URL. */
    public Optional<Vendor> forUrl(URI url) {
        return url == null || url.getHost() == null ? Optional.empty() : forHost(url.getHost());
    }

    public Optional<Vendor> forHost(String host) {
        return host == null ? Optional.empty() : Optional.ofNullable(byHost.get(host.toLowerCase(Locale.ROOT)));
    }

    /** The least time between two requests to a vendor host; empty for a host no vendor names. */
    public Optional<Duration> minInterval(String host) {
        return forHost(host).map(v -> v.hosts().get(host.toLowerCase(Locale.ROOT)));
    }

    public List<Vendor> vendors() {
        return vendors;
    }

    /** Every vendor host. */
    public List<String> hosts() {
        return List.copyOf(byHost.keySet());
    }
}
