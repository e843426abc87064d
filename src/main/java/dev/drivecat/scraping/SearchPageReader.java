package dev.drivecat.scraping;

import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import java.math.BigDecimal;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Reads a marketplace's search result page with the site's search layouts: each result's title,
 * link and item id, its price, shipping, condition and seller where the page shows them. Pure: a
 * function of the rules, the page and its URL. A result page is read whole or not at all: a robot
 * check, a page no layout can read and a page of results none of which can be read are failures,
 * never "no results".
 */
public final class SearchPageReader {

    /** What a search page turned out to be. */
    public sealed interface Parse {
        /**
         * Results, read by {@code layout}; {@code next} is the next page's URL, when the page links one;
         * {@code unreadable} counts results without a title, link or item id, which are left out.
         */
        record Results(String layout, List<SearchResult> results, URI next, int unreadable) implements Parse {
            public Results {
                results = List.copyOf(results);
            }
        }

        /** The page says the search found nothing. */
        record NoResults(String layout) implements Parse {
        }

        /** A robot check or CAPTCHA came back. */
        record Blocked(String reason) implements Parse {
        }

        /** No layout could read the page. */
        record Failed(String reason) implements Parse {
        }
    }

    /** Titles longer than this are not a result's title (eBay allows 80 characters, Amazon about 200). */
    public static final int MAX_TITLE = 500;

    private static final Pattern PERCENT = Pattern.compile("(?<percent>\\d{1,3}(?:[.,]\\d)?)\\s*%");
    private static final Pattern SCORE = Pattern.compile("\\((?<score>\\d[\\d.,]*)\\)");

    private final SearchRules search;
    private final SiteRules site;

    SearchPageReader(SearchRules search, SiteRules site) {
        this.search = search;
        this.site = site;
    }

    public Parse read(Document page, URI url) {
        if (site.element(page, "robotCheck").isPresent()) {
            return new Parse.Blocked("robot check: the page has " + site.describe("robotCheck").replace("[", "").replace("]", ""));
        }
        List<String> tried = new ArrayList<>();
        for (SiteRules.Layout layout : search.layouts()) {
            if (!layout.applies(page)) {
                tried.add(layout.name() + ": not tried, none of " + layout.describeWhen() + " is on the page");
                continue;
            }
            SiteRules rules = layout.rules();
            List<Element> items = rules.elements(page, "item");
            if (items.isEmpty()) {
                tried.add(layout.name() + ": no result elements " + rules.describe("item"));
                continue;
            }
            // a page that shows an item twice (a sponsored copy, a carousel) lists it once
            java.util.Map<String, SearchResult> results = new java.util.LinkedHashMap<>();
            int unreadable = 0;
            for (Element item : items) {
                if (rules.element(item, "skip").isPresent()) {
                    continue;
                }
                Optional<SearchResult> result = result(rules, item, url);
                if (result.isPresent()) {
                    results.putIfAbsent(result.get().externalId(), result.get());
                } else {
                    unreadable++;
                }
            }
            if (results.isEmpty()) {
                tried.add(layout.name() + ": " + items.size() + " result elements, none with a title, link and item id");
                continue;
            }
            return new Parse.Results(layout.name(), List.copyOf(results.values()), nextPage(page, url).orElse(null), unreadable);
        }
        String text = page.text();
        if (search.saysNoResults(text)) {
            return new Parse.NoResults(PageParse.NO_LAYOUT);
        }
        Optional<String> robot = site.phrase("robotCheck", page.title() + " " + text);
        if (robot.isPresent()) {
            return new Parse.Blocked("robot check: the page says \"" + robot.get() + "\"");
        }
        return new Parse.Failed("no search layout of the " + site.definition().site() + " site definition found results on the page, and it "
                + "does not say that nothing was found; the layouts tried: " + String.join("; ", tried));
    }

    private Optional<SearchResult> result(SiteRules rules, Element item, URI pageUrl) {
        Optional<String> title = rules.value(item, "title");
        if (title.isEmpty() || title.get().length() > MAX_TITLE) {
            return Optional.empty();
        }
        Optional<URI> link = rules.value(item, "link").flatMap(href -> itemPage(pageUrl, href)).flatMap(site::productPage);
        Optional<String> id = rules.value(item, "externalId").or(() -> link.flatMap(site::idFromUrl));
        if (id.isEmpty()) {
            return Optional.empty();
        }
        Optional<URI> page = search.itemUrl(id.get()).or(() -> link);
        if (page.isEmpty() || page.get().getHost() == null || !site.hosts().containsKey(page.get().getHost())) {
            return Optional.empty();
        }
        String currency = search.host().currency();
        boolean range = rules.element(item, "priceRange").isPresent();
        Optional<String> priceText = rules.value(item, "price");
        BigDecimal price = null;
        String priceCurrency = null;
        if (!range && priceText.isPresent()) {
            Optional<PriceText.Money> money = PriceText.parse(priceText.get(), currency, search.host().numbers());
            if (money.isPresent() && money.get().amount().signum() > 0) {
                price = money.get().amount();
                priceCurrency = money.get().currency();
            }
        }
        String shippingCurrency = priceCurrency == null ? currency : priceCurrency;
        BigDecimal shipping = rules.value(item, "shipping").flatMap(s -> shipping(s, shippingCurrency)).orElse(null);
        Optional<String> conditionWording = rules.value(item, "condition");
        Condition condition = conditionWording.flatMap(site::condition).orElse(null);
        Optional<String> seller = rules.value(item, "seller");
        String sellerName = seller.map(SearchPageReader::sellerName).filter(s -> !s.isBlank()).orElse(null);
        SellerType sellerType = site.sellerType(sellerName).orElse(null);
        Integer score = seller.flatMap(SearchPageReader::feedbackScore).orElse(null);
        BigDecimal percent = seller.flatMap(SearchPageReader::feedbackPercent).orElse(null);
        String buying = rules.value(item, "buyingFormat").orElse(null);
        boolean auction = buying != null && buying.matches("(?i).*\\b\\d+\\s+bids?\\b.*") && !buying.matches("(?i).*buy it now.*");
        return Optional.of(new SearchResult(search.host().marketplace(), id.get(), page.get().toString(), title.get(), price,
                price == null ? null : priceCurrency, priceText.orElse(null), shipping, condition, conditionWording.orElse(null), sellerName,
                sellerType, score, percent, buying, null, rules.value(item, "location").orElse(null),
                rules.element(item, "sponsored").isPresent(), range, auction));
    }

    /**
     * An item's page from a result's link, without tracking parameters; empty for a link that is none
     * ("javascript:…"). Kept only when it is a product page as a browser reads it ({@link SiteRules#productPage}).
     */
    private static Optional<URI> itemPage(URI pageUrl, String href) {
        try {
            URI resolved = pageUrl.resolve(href.trim());
            if (!"https".equals(resolved.getScheme()) && !"http".equals(resolved.getScheme())) {
                return Optional.empty();
            }
            return Optional.of(new URI(resolved.getScheme(), resolved.getAuthority(), resolved.getPath(), null, null));
        } catch (IllegalArgumentException | java.net.URISyntaxException e) {
            return Optional.empty();
        }
    }

    /** A fixed shipping cost ("+$4.99 delivery", "Free delivery" is 0); empty when the text states none it can read. */
    private Optional<BigDecimal> shipping(String text, String currency) {
        if (text.matches("(?i).*\\b(?:free|kostenlos|gratis|gratuit)\\b.*")) {
            return Optional.of(BigDecimal.ZERO);
        }
        String money = text.replaceAll("(?i)\\+|\\b(?:delivery|shipping|versand|livraison|estimated)\\b|est\\.", " ").trim();
        return PriceText.parse(money, currency, search.host().numbers()).map(PriceText.Money::amount);
    }

    private Optional<URI> nextPage(Document page, URI url) {
        for (SiteRules.CompiledProbe probe : search.nextPage()) {
            Element e = page.selectFirst(probe.evaluator());
            if (e != null) {
                String href = probe.attr() == null ? e.attr("href") : e.attr(probe.attr());
                if (!href.isBlank()) {
                    try {
                        URI next = url.resolve(href.trim());
                        if (next.getHost() != null && next.getHost().equals(url.getHost())) {
                            return Optional.of(next);
                        }
                    } catch (IllegalArgumentException ignored) {
                        // a broken link is no next page
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** The seller's name without its feedback: "aaa_pcs (5,745) 100%" is aaa_pcs. */
    static String sellerName(String text) {
        String name = text.replaceAll("\\(.*$", "").replaceAll("\\d{1,3}(?:[.,]\\d)?\\s*%.*$", "")
                .replaceAll("(?i)\\s*positive.*$", "").trim();
        int space = name.indexOf(' ');
        return space > 0 ? name.substring(0, space) : name;
    }

    static Optional<Integer> feedbackScore(String text) {
        Matcher m = SCORE.matcher(text);
        if (!m.find()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Integer.parseInt(m.group("score").replaceAll("[.,]", "")));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    static Optional<BigDecimal> feedbackPercent(String text) {
        Matcher m = PERCENT.matcher(text);
        if (!m.find()) {
            return Optional.empty();
        }
        BigDecimal p = new BigDecimal(m.group("percent").replace(',', '.'));
        return p.compareTo(BigDecimal.valueOf(100)) <= 0 ? Optional.of(p) : Optional.empty();
    }
}
