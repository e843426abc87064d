package dev.drivecat.discovery.ebay;

import dev.drivecat.common.Currencies;
import com.fasterxml.jackson.databind.JsonNode;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import dev.drivecat.scraping.SearchPageReader;
import dev.drivecat.scraping.SearchResult;
import dev.drivecat.scraping.SiteDefinitions;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one page of {@code item_summary/search} (a {@code SearchPagedCollection} of
 * {@code ItemSummary}, as eBay's buy_browse_v1 contract describes them) into search results for one
 * drivecat marketplace. Pure: a function of the JSON and the site definitions.
 *
 * <ul>
 * <li>The external id is {@code legacyItemId} (else the middle of the RESTful {@code itemId}
 *     {@code v1|<legacy>|0}): the number in the item page's /itm/ URL.</li>
 * <li>The price is the listing's own: eBay's {@code price} is "the price of the item after it has
 *     been converted into another currency", with the amount before conversion in
 *     {@code convertedFromValue}/{@code convertedFromCurrency}, which is taken when present (the item
 *     page parser likewise never reads the "Approximately" conversion). There is no price for an
 *     item only bids can be placed on ({@code AUCTION} without {@code FIXED_PRICE}), for an item
 *     group (several variations, each with its own price), or for a listing without
 *     {@code FIXED_PRICE} among its buying options.</li>
 * <li>Shipping is {@code shippingOptions[0].shippingCost} when its {@code shippingCostType} is
 *     {@code FIXED} (0 when free) and it is in the price's currency; {@code CALCULATED} shipping
 *     depends on the buyer's address and is left unknown.</li>
 * <li>The condition comes from {@code conditionId} ({@link EbayConditions}); {@code condition} is
 *     kept as the wording.</li>
 * </ul>
 * An item without an id or a title (or with a title longer than {@link SearchPageReader#MAX_TITLE})
 * is left out and counted; an item listed twice on the page is kept once. An answer with more items
 * than the {@code limit} asked for is read up to the limit, and the rest counted: eBay says a page
 * holds at most {@code limit} items, so more is an answer that is not what was asked.
 */
final class ItemSummaryReader {

    /**
     * One page read.
     *
     * @param beyondLimit items the answer held beyond the {@code limit} asked for: never read
     */
    record Results(List<SearchResult> results, boolean more, int unreadable, int beyondLimit) {
        Results {
            results = List.copyOf(results);
        }
    }

    /** The page is not what the contract describes. */
    static final class Unreadable extends Exception {
        Unreadable(String message) {
            super(message);
        }
    }

    private static final Pattern LEGACY_ID = Pattern.compile("\\d{9,15}");
    private static final Pattern RESTFUL_ID = Pattern.compile("v1\\|(?<legacy>\\d{9,15})\\|\\d+");
    private static final Pattern AMOUNT = Pattern.compile("\\d{1,9}(?:\\.\\d{1,2})?");
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private final String marketplace;
    private final String marketplaceHost;
    private final SiteDefinitions sites;

    /**
     * @param marketplace the drivecat marketplace code the search was made for ({@code ebay-us})
     * @param marketplaceHost its item pages' host in scrapers/ebay.yaml ({@code www.ebay.com})
     */
    ItemSummaryReader(String marketplace, String marketplaceHost, SiteDefinitions sites) {
        this.marketplace = marketplace;
        this.marketplaceHost = marketplaceHost;
        this.sites = sites;
    }

    /**
     * @param offset the offset the page was asked for
     * @param limit the page size asked for
     * @param maxOffset the largest offset eBay accepts: no further page beyond it
     */
    Results read(JsonNode page, int offset, int limit, int maxOffset) throws Unreadable {
        if (page == null || !page.isObject()) {
            throw new Unreadable("the answer is not a JSON object");
        }
        JsonNode items = page.path("itemSummaries");
        if (!items.isMissingNode() && !items.isNull() && !items.isArray()) {
            throw new Unreadable("itemSummaries is not an array");
        }
        Map<String, SearchResult> results = new LinkedHashMap<>();
        int unreadable = 0;
        int read = 0;
        for (JsonNode item : items) {
            if (read++ >= limit) {
                break;
            }
            Optional<SearchResult> result = item.isObject() ? result(item) : Optional.empty();
            if (result.isPresent()) {
                results.putIfAbsent(result.get().externalId(), result.get());
            } else {
                unreadable++;
            }
        }
        // eBay: "It is strongly recommended that total not be used in pagination use cases. Instead, use next"
        boolean more = text(page, "next").isPresent() && (long) offset + limit <= maxOffset;
        int beyondLimit = Math.max(0, items.size() - limit);
        return new Results(List.copyOf(results.values()), more, unreadable, beyondLimit);
    }

    private Optional<SearchResult> result(JsonNode item) {
        Optional<String> id = text(item, "legacyItemId").filter(s -> LEGACY_ID.matcher(s).matches())
                .or(() -> text(item, "itemId").map(RESTFUL_ID::matcher).filter(Matcher::matches).map(m -> m.group("legacy")));
        Optional<String> title = text(item, "title");
        if (id.isEmpty() || title.isEmpty() || title.get().length() > SearchPageReader.MAX_TITLE) {
            return Optional.empty();
        }
        List<String> buying = new ArrayList<>();
        item.path("buyingOptions").forEach(option -> {
            if (option.isTextual() && !option.asText().isBlank()) {
                buying.add(option.asText().strip());
            }
        });
        boolean fixedPrice = buying.contains("FIXED_PRICE");
        boolean auctionOnly = buying.contains("AUCTION") && !fixedPrice;
        boolean variations = text(item, "itemGroupType").isPresent() || text(item, "itemGroupHref").isPresent();

        Optional<Money> shown = money(item.path("price"));
        Money price = fixedPrice && !variations ? shown.orElse(null) : null;
        BigDecimal shipping = price == null ? null : fixedShipping(item.path("shippingOptions"), price.currency()).orElse(null);

        Optional<String> conditionId = text(item, "conditionId");
        Condition condition = conditionId.flatMap(EbayConditions::of).orElse(null);
        JsonNode seller = item.path("seller");
        return Optional.of(new SearchResult(marketplace, id.get(), itemPage(item, id.get()), title.get(),
                price == null ? null : price.amount(), price == null ? null : price.currency(), shown.map(Money::wording).orElse(null),
                shipping, condition, text(item, "condition").orElse(null),
                text(seller, "username").orElse(null), SellerType.THIRD_PARTY,
                feedbackScore(seller.path("feedbackScore")).orElse(null), feedbackPercent(seller).orElse(null),
                buying.isEmpty() ? null : String.join(",", buying), endsAt(item).orElse(null), location(item.path("itemLocation")).orElse(null),
                item.path("priorityListing").asBoolean(false), variations, auctionOnly));
    }

    /** An amount in the listing's own currency, and as eBay showed it. */
    private record Money(BigDecimal amount, String currency, String wording) {
    }

    /** The amount before eBay's conversion when it converted, else the amount; empty unless it is a positive amount in a currency. */
    private static Optional<Money> money(JsonNode amount) {
        if (!amount.isObject()) {
            return Optional.empty();
        }
        Optional<String> shownValue = text(amount, "value");
        Optional<String> shownCurrency = text(amount, "currency");
        Optional<String> fromValue = text(amount, "convertedFromValue");
        Optional<String> fromCurrency = text(amount, "convertedFromCurrency");
        String wording = shownValue.map(v -> v + shownCurrency.map(c -> " " + c).orElse("")).orElse(null);
        boolean converted = fromValue.isPresent() && fromCurrency.isPresent();
        if (converted && wording != null) {
            wording += " (converted from " + fromValue.get() + " " + fromCurrency.get() + ")";
        }
        Optional<String> value = converted ? fromValue : shownValue;
        Optional<String> currency = converted ? fromCurrency : shownCurrency;
        if (value.isEmpty() || currency.isEmpty() || !AMOUNT.matcher(value.get()).matches() || !Currencies.isIso4217(currency.get())) {
            return Optional.empty();
        }
        BigDecimal parsed = new BigDecimal(value.get());
        return parsed.signum() > 0 ? Optional.of(new Money(parsed, currency.get(), wording)) : Optional.empty();
    }

    private static Optional<BigDecimal> fixedShipping(JsonNode options, String currency) {
        JsonNode first = options.path(0);
        if (!"FIXED".equals(text(first, "shippingCostType").orElse(null))) {
            return Optional.empty();
        }
        JsonNode cost = first.path("shippingCost");
        boolean converted = text(cost, "convertedFromValue").isPresent() && text(cost, "convertedFromCurrency").isPresent();
        Optional<String> value = text(cost, converted ? "convertedFromValue" : "value");
        Optional<String> costCurrency = text(cost, converted ? "convertedFromCurrency" : "currency");
        if (value.isEmpty() || !AMOUNT.matcher(value.get()).matches() || !currency.equals(costCurrency.orElse(null))) {
            return Optional.empty();
        }
        return Optional.of(new BigDecimal(value.get()));
    }

    /** The item's page without tracking parameters: eBay's {@code itemWebUrl} when it is the item's /itm/ page on an eBay host, else built. */
    private String itemPage(JsonNode item, String id) {
        Optional<URI> web = text(item, "itemWebUrl").flatMap(ItemSummaryReader::uri)
                .filter(u -> "https".equals(u.getScheme()) && u.getHost() != null && sites.forHost(u.getHost())
                        .filter(site -> "ebay".equals(site.definition().site())).isPresent())
                .flatMap(u -> uri("https://" + u.getHost() + u.getRawPath())).flatMap(sites::productPage)
                .filter(u -> sites.externalIdFromUrl(u).filter(id::equals).isPresent());
        return web.map(URI::toString).orElse("https://" + marketplaceHost + "/itm/" + id);
    }

    private static Optional<URI> uri(String text) {
        try {
            return Optional.of(new URI(text));
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    private static Optional<Integer> feedbackScore(JsonNode score) {
        return score.canConvertToInt() && score.isIntegralNumber() && score.asInt() >= 0 ? Optional.of(score.asInt()) : Optional.empty();
    }

    private static Optional<BigDecimal> feedbackPercent(JsonNode seller) {
        return text(seller, "feedbackPercentage").filter(p -> AMOUNT.matcher(p).matches()).map(BigDecimal::new)
                .filter(p -> p.compareTo(HUNDRED) <= 0);
    }

    private static Optional<Instant> endsAt(JsonNode item) {
        try {
            return text(item, "itemEndDate").map(Instant::parse);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** "US 951**", "DE": the country and the (anonymised) postal code eBay gives. */
    private static Optional<String> location(JsonNode location) {
        List<String> parts = new ArrayList<>();
        text(location, "country").ifPresent(parts::add);
        text(location, "postalCode").ifPresent(parts::add);
        return parts.isEmpty() ? Optional.empty() : Optional.of(String.join(" ", parts));
    }

    /** A field's text, stripped; empty when absent, not text, or blank. */
    static Optional<String> text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isTextual() && !value.asText().isBlank() ? Optional.of(value.asText().strip()) : Optional.empty();
    }
}
