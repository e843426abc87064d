package dev.drivecat.discovery;

import dev.drivecat.scraping.PageReader;
import dev.drivecat.scraping.SearchPageReader;
import dev.drivecat.scraping.SiteDefinitions;
import dev.drivecat.scraping.fetch.FetchRequest;
import dev.drivecat.scraping.fetch.FetchResult;
import dev.drivecat.scraping.fetch.PoliteFetcher;
import java.net.URI;
import java.util.Optional;

/**
 * A site's search result pages as a search source: the query goes into the URL its definition in
 * scrapers/ names, the polite fetcher asks for it (where the site's robots.txt allows it), and the
 * site's search layouts read the results. Later pages are the pages the results link as next.
 */
public final class SearchPageSource implements SearchSource {

    private final SiteDefinitions.SearchSite search;
    private final PoliteFetcher fetcher;
    private final boolean enabled;
    private final String urlTemplate;
    private URI nextOf;
    private String nextFor;

    /**
     * @param urlTemplate another search URL than the definition's ({@code {query}} where the query goes), or null
     */
    SearchPageSource(SiteDefinitions.SearchSite search, PoliteFetcher fetcher, boolean enabled, String urlTemplate) {
        this.search = search;
        this.fetcher = fetcher;
        this.enabled = enabled;
        this.urlTemplate = urlTemplate;
    }

    private URI url(String query) {
        if (urlTemplate == null) {
            return search.url(query);
        }
        return URI.create(urlTemplate.replace("{query}", java.net.URLEncoder.encode(query, java.nio.charset.StandardCharsets.UTF_8)));
    }

    /** The name of a site's search-page source. */
    static String nameOf(String site) {
        return "search-page:" + site;
    }

    @Override
    public String name() {
        return nameOf(search.site());
    }

    @Override
    public Optional<String> unusable() {
        if (!enabled) {
            return Optional.of("the search pages of " + search.site() + " are not read: drivecat.discovery.search-sites "
                    + "(DRIVECAT_DISCOVERY_SEARCH_SITES) does not name " + search.site());
        }
        if (urlTemplate != null && (!urlTemplate.contains("{query}") || !search.hosts().contains(hostOf(urlTemplate)))) {
            return Optional.of("drivecat.discovery.search-urls." + search.site() + " must be a URL on one of the site's hosts "
                    + search.hosts() + " with {query} where the query goes");
        }
        return fetcher.refusal(url("drive").toString()).map(r -> "the fetcher refuses " + url("drive").getHost() + ": " + r.detail());
    }

    @Override
    public synchronized Page search(SearchQuery query, int page) throws SearchFailure {
        URI url = page == 0 || nextOf == null || !query.text().equals(nextFor) ? url(query.text()) : nextOf;
        if (page > 0 && (nextOf == null || !query.text().equals(nextFor))) {
            throw new SearchFailure(SearchFailure.Kind.FAILED, "the previous page of \"" + query.text() + "\" links no next page");
        }
        FetchResult result = fetcher.fetch(FetchRequest.of(url.toString()));
        if (result instanceof FetchResult.Refused refused) {
            throw new SearchFailure(SearchFailure.Kind.REFUSED, switch (refused.reason()) {
                case ROBOTS_DISALLOWED -> "robots.txt of " + url.getHost() + " disallows its search pages for drivecat ("
                        + refused.detail() + "): the search of " + search.site() + " is off";
                default -> refused.detail();
            });
        }
        if (result instanceof FetchResult.Failed failed) {
            throw new SearchFailure(SearchFailure.Kind.FAILED, "fetching " + url + " failed: " + failed.detail());
        }
        if (!(result instanceof FetchResult.Fetched fetched)) {
            throw new SearchFailure(SearchFailure.Kind.FAILED, "an unexpected answer to " + url + ": " + result);
        }
        SearchPageReader.Parse parse = search.reader().read(PageReader.fetched(fetched.body(), fetched.charset(),
                fetched.finalUrl().toString()), fetched.finalUrl());
        return page(parse, query);
    }

    private Page page(SearchPageReader.Parse parse, SearchQuery query) throws SearchFailure {
        if (parse instanceof SearchPageReader.Parse.Blocked blocked) {
            throw new SearchFailure(SearchFailure.Kind.BLOCKED, blocked.reason());
        }
        if (parse instanceof SearchPageReader.Parse.Failed failed) {
            throw new SearchFailure(SearchFailure.Kind.FAILED, failed.reason());
        }
        if (parse instanceof SearchPageReader.Parse.NoResults none) {
            nextOf = null;
            return new Page(java.util.List.of(), none.layout(), false, 0);
        }
        SearchPageReader.Parse.Results results = (SearchPageReader.Parse.Results) parse;
        nextOf = results.next();
        nextFor = query.text();
        return new Page(results.results(), results.layout(), results.next() != null, 0);
    }

    private static String hostOf(String template) {
        try {
            return URI.create(template.replace("{query}", "q")).getHost();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
