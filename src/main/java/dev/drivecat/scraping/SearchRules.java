package dev.drivecat.scraping;

import dev.drivecat.scraping.SiteDefinition.HostDefinition;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A site's search result pages as {@link SearchPageReader} reads them, compiled from the
 * definition's {@code search} section by {@link SiteRulesCompiler}.
 *
 * @param host the host searches are asked of (its marketplace, currency and number convention)
 * @param hosts every host of the site
 * @param layouts the generations of result pages, in the order they are tried
 */
record SearchRules(String urlTemplate, HostDefinition host, java.util.Set<String> hosts, List<Pattern> urlPatterns,
                   List<Pattern> noResults, List<SiteRules.Layout> layouts, List<SiteRules.CompiledProbe> nextPage, String itemUrl) {

    /** The page a result of this item is kept under, when the definition names one. */
    java.util.Optional<URI> itemUrl(String id) {
        return itemUrl == null ? java.util.Optional.empty()
                : java.util.Optional.of(URI.create(itemUrl.replace("{id}", URLEncoder.encode(id, StandardCharsets.UTF_8))));
    }

    /** The URL that searches for the query. */
    URI url(String query) {
        return URI.create(urlTemplate.replace("{query}", URLEncoder.encode(query, StandardCharsets.UTF_8)));
    }

    /** Whether a URL is one of the site's search URLs. */
    boolean isSearch(URI url) {
        if (url == null || url.getRawPath() == null) {
            return false;
        }
        String pathAndQuery = url.getRawPath() + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        return urlPatterns.stream().anyMatch(p -> p.matcher(pathAndQuery).find());
    }

    /** Whether the page's text says the search found nothing. */
    boolean saysNoResults(String text) {
        String normalised = SiteRules.normalise(text);
        return noResults.stream().anyMatch(p -> p.matcher(normalised).find());
    }
}
