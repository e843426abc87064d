package dev.drivecat.scraping;

import dev.drivecat.scraping.fetch.FetchResult;
import java.net.URI;
import java.util.Optional;
import java.util.function.Supplier;
import org.jsoup.nodes.Document;

/**
 * Reads a marketplace page into a {@link PageParse} with the parser of the page's host; a parser
 * that throws gives a failed parse, never an error of the caller. The one path for pages fetched
 * by a scrape and pages saved by users: only the charset rule differs ({@link PageReader}).
 */
final class PageParsing {

    private PageParsing() {
    }

    /** A fetched page, read at its final URL (after redirects) in the charset its HTTP header named. */
    static PageParse fetched(SiteDefinitions sites, FetchResult.Fetched page) {
        return parse(sites, page.finalUrl(), () -> PageReader.fetched(page.body(), page.charset(), page.finalUrl().toString()));
    }

    /** A page saved by a user, read at the URL it was saved from in the charset it declares itself. */
    static PageParse saved(SiteDefinitions sites, URI url, byte[] body, String contentTypeCharset) {
        return parse(sites, url, () -> PageReader.saved(body, contentTypeCharset, url.toString()));
    }

    /** The item the page is, when it says: a product page, with or without something to buy. */
    static Optional<String> externalId(PageParse parse) {
        if (parse instanceof PageParse.Product product) {
            return Optional.ofNullable(product.externalId());
        }
        if (parse instanceof PageParse.NoOffer none) {
            return Optional.ofNullable(none.externalId());
        }
        return Optional.empty();
    }

    /**
     * Whether two external ids name the same item. Case is ignored: the URL patterns match
     * either case, and no marketplace tells items apart by it (ASINs and Newegg item numbers are
     * printed upper-case, eBay's are digits).
     */
    static boolean sameItem(String a, String b) {
        return a != null && a.equalsIgnoreCase(b);
    }

    private static PageParse parse(SiteDefinitions sites, URI url, Supplier<Document> document) {
        Optional<MarketplaceParser> parser = sites.parserFor(url.getHost());
        if (parser.isEmpty()) {
            return new PageParse.Failed("no parser for " + url);
        }
        Document read = document.get();
        try {
            return parser.get().parse(read, url);
        } catch (RuntimeException e) {
            return new PageParse.Failed("the parser failed: " + e.getMessage());
        }
    }
}
