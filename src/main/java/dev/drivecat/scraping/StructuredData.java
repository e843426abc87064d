package dev.drivecat.scraping;

import dev.drivecat.common.Text;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.common.Currencies;
import dev.drivecat.common.DecimalInput;
import dev.drivecat.pricing.Condition;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The offers a page states for machines rather than people: schema.org Product/Offer in JSON-LD
 * and in microdata, and OpenGraph / {@code product:} meta tags. A pure function of the document.
 * Only what is stated is read: a price without a currency, an aggregate offer's price range, a
 * list or unit price ({@code priceSpecification} with a reference quantity or a list price type)
 * is no offer price; nothing is converted or guessed.
 */
final class StructuredData {

    private static final ObjectMapper JSON = new ObjectMapper().enable(JsonParser.Feature.ALLOW_COMMENTS)
            .enable(JsonParser.Feature.ALLOW_TRAILING_COMMA);

    /** Where a structured offer was read. */
    enum Source {
        JSON_LD("JSON-LD"), MICRODATA("microdata"), META("meta tags");

        private final String label;

        Source(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /**
     * One offer as structured data states it; any part may be missing.
     *
     * @param ids what the offer says it is an offer of (its url, sku, the product's url or sku),
     *     to tell the page's own item from others listed with it
     */
    record Offer(Source source, BigDecimal price, String currency, Boolean inStock, String availability,
            Condition condition, String conditionWording, String sellerName, List<String> ids) {

        boolean hasPrice() {
            return price != null && currency != null;
        }

        /** Whether the offer states schema.org's DamagedCondition: "Indicates that the item is damaged." */
        boolean damaged() {
            return conditionWording != null && conditionName(conditionWording).equals("damagedcondition");
        }

        /** Whether the offer names an item, and none of its names contains {@code externalId}. */
        boolean namesAnotherItemThan(String externalId) {
            return externalId != null && !ids.isEmpty()
                    && ids.stream().noneMatch(id -> id.toUpperCase(Locale.ROOT).contains(externalId.toUpperCase(Locale.ROOT)));
        }
    }

    private StructuredData() {
    }

    /** Every offer the page states, JSON-LD first, then microdata, then meta tags. */
    static List<Offer> offers(Document document) {
        List<Offer> offers = new ArrayList<>();
        jsonLd(document, offers);
        microdata(document, offers);
        meta(document).ifPresent(offers::add);
        return List.copyOf(offers);
    }

    // ---- JSON-LD ----

    private static void jsonLd(Document document, List<Offer> offers) {
        for (Element script : document.select("script[type~=(?i)application/ld\\+json]")) {
            JsonNode root;
            try {
                root = JSON.readTree(script.data().trim());
            } catch (Exception notJson) {
                // a page's broken JSON-LD is no statement at all; the visible page still is
                continue;
            }
            if (root != null) {
                walk(root, offers);
            }
        }
    }

    private static void walk(JsonNode node, List<Offer> offers) {
        if (node.isArray()) {
            node.forEach(n -> walk(n, offers));
        } else if (node.isObject()) {
            if (hasType(node, "Product") || hasType(node, "IndividualProduct") || hasType(node, "ProductModel")) {
                product(node, offers);
            } else if (node.has("@graph")) {
                walk(node.get("@graph"), offers);
            }
        }
    }

    private static void product(JsonNode product, List<Offer> offers) {
        List<String> productIds = ids(product);
        JsonNode offerNodes = product.get("offers");
        if (offerNodes == null) {
            return;
        }
        for (JsonNode offer : offerNodes.isArray() ? offerNodes : List.of(offerNodes)) {
            if (hasType(offer, "AggregateOffer")) {
                // a range of prices is no one offer's price; its own offers, if listed, are
                JsonNode inner = offer.get("offers");
                if (inner != null) {
                    for (JsonNode o : inner.isArray() ? inner : List.of(inner)) {
                        offers.add(jsonOffer(o, productIds));
                    }
                }
            } else if (offer.isObject()) {
                offers.add(jsonOffer(offer, productIds));
            }
        }
    }

    private static Offer jsonOffer(JsonNode offer, List<String> productIds) {
        BigDecimal price = decimal(offer.get("price"));
        String currency = currency(text(offer.get("priceCurrency")));
        if (price == null) {
            for (JsonNode spec : list(offer.get("priceSpecification"))) {
                if (isOfferPrice(spec)) {
                    price = decimal(spec.get("price"));
                    currency = currency(text(spec.get("priceCurrency")));
                    break;
                }
            }
        }
        String availability = text(offer.get("availability"));
        String condition = text(offer.get("itemCondition"));
        JsonNode seller = offer.get("seller");
        String sellerName = seller == null ? null : seller.isTextual() ? seller.asText() : text(seller.get("name"));
        List<String> ids = new ArrayList<>(ids(offer));
        ids.addAll(productIds);
        return new Offer(Source.JSON_LD, price, price == null ? null : currency, inStock(availability), availability,
                condition(condition), condition, Text.strippedOrNull(sellerName), List.copyOf(ids));
    }

    /** A price specification that is the offer's price: not a list, strike-through or per-unit price. */
    private static boolean isOfferPrice(JsonNode spec) {
        String type = Optional.ofNullable(text(spec.get("priceType"))).orElse("");
        return spec.get("referenceQuantity") == null && spec.get("unitCode") == null
                && !type.matches("(?i).*(ListPrice|StrikethroughPrice|SRP|MSRP|MinimumAdvertisedPrice|InvoicePrice).*");
    }

    private static List<String> ids(JsonNode node) {
        List<String> ids = new ArrayList<>();
        for (String key : List.of("url", "@id", "sku", "productID", "mpn")) {
            String value = text(node.get(key));
            if (value != null) {
                ids.add(value);
            }
        }
        return ids;
    }

    private static boolean hasType(JsonNode node, String type) {
        JsonNode t = node.get("@type");
        if (t == null) {
            return false;
        }
        for (JsonNode one : t.isArray() ? t : List.of(t)) {
            String name = one.asText();
            if (name.equals(type) || name.endsWith("/" + type) || name.endsWith(":" + type)) {
                return true;
            }
        }
        return false;
    }

    private static List<JsonNode> list(JsonNode node) {
        List<JsonNode> nodes = new ArrayList<>();
        if (node != null) {
            if (node.isArray()) {
                node.forEach(nodes::add);
            } else {
                nodes.add(node);
            }
        }
        return nodes;
    }

    private static String text(JsonNode node) {
        if (node == null || node.isNull() || node.isContainerNode()) {
            return null;
        }
        return Text.strippedOrNull(node.asText());
    }

    private static BigDecimal decimal(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isNumber()) {
            // a page's JSON-LD may say 1e999 (Infinity as a double) or 1e1000000000: no price either way
            return DecimalInput.read(node).filter(value -> value.signum() > 0).orElse(null);
        }
        return decimal(node.asText());
    }

    // ---- microdata ----

    private static void microdata(Document document, List<Offer> offers) {
        for (Element scope : document.select("[itemscope][itemtype~=(?i)schema\\.org/(Product|IndividualProduct)$]")) {
            List<String> productIds = new ArrayList<>();
            properties(scope, "url").forEach(e -> Optional.ofNullable(itemValue(e)).ifPresent(productIds::add));
            properties(scope, "sku").forEach(e -> Optional.ofNullable(itemValue(e)).ifPresent(productIds::add));
            for (Element offer : properties(scope, "offers")) {
                if (offer.hasAttr("itemscope") && !offer.attr("itemtype").matches("(?i).*AggregateOffer$")) {
                    offers.add(microdataOffer(offer, productIds));
                }
            }
        }
    }

    private static Offer microdataOffer(Element offer, List<String> productIds) {
        List<Element> prices = properties(offer, "price");
        // two different prices in one offer (eBay's bid and Buy It Now) say nothing for sure
        List<BigDecimal> distinct = prices.stream().map(e -> decimal(itemValue(e))).filter(p -> p != null).distinct().toList();
        BigDecimal price = distinct.size() == 1 ? distinct.get(0) : null;
        String currency = properties(offer, "priceCurrency").stream().map(StructuredData::itemValue)
                .map(StructuredData::currency).filter(c -> c != null).findFirst().orElse(null);
        String availability = properties(offer, "availability").stream().map(StructuredData::itemValue)
                .filter(v -> v != null).findFirst().orElse(null);
        String condition = properties(offer, "itemCondition").stream().map(StructuredData::itemValue)
                .filter(v -> v != null).findFirst().orElse(null);
        String seller = properties(offer, "seller").stream()
                .map(e -> e.hasAttr("itemscope") ? properties(e, "name").stream().map(StructuredData::itemValue)
                        .filter(v -> v != null).findFirst().orElse(null) : itemValue(e))
                .filter(v -> v != null).findFirst().orElse(null);
        List<String> ids = new ArrayList<>();
        properties(offer, "url").forEach(e -> Optional.ofNullable(itemValue(e)).ifPresent(ids::add));
        ids.addAll(productIds);
        return new Offer(Source.MICRODATA, price, price == null ? null : currency, inStock(availability), availability,
                condition(condition), condition, seller, List.copyOf(ids));
    }

    /** The elements that carry property {@code name} of the item {@code scope} (not of items nested in it). */
    private static List<Element> properties(Element scope, String name) {
        List<Element> found = new ArrayList<>();
        for (Element e : scope.select("[itemprop]")) {
            if (e == scope || !List.of(e.attr("itemprop").trim().split("\\s+")).contains(name)) {
                continue;
            }
            Element owner = e.parent();
            while (owner != null && owner != scope && !owner.hasAttr("itemscope")) {
                owner = owner.parent();
            }
            if (owner == scope) {
                found.add(e);
            }
        }
        return found;
    }

    /** A property's value as the microdata rules read it: content, href, src or value, else the text. */
    private static String itemValue(Element e) {
        for (String attr : List.of("content", "href", "src", "value")) {
            if (e.hasAttr(attr)) {
                return Text.strippedOrNull(attr.equals("href") || attr.equals("src") ? e.absUrl(attr).isEmpty() ? e.attr(attr)
                        : e.absUrl(attr) : e.attr(attr));
            }
        }
        return Text.strippedOrNull(SiteRules.normalise(e.text()));
    }

    // ---- meta tags ----

    private static Optional<Offer> meta(Document document) {
        BigDecimal price = decimal(metaContent(document, "product:price:amount", "og:price:amount"));
        String currency = currency(metaContent(document, "product:price:currency", "og:price:currency"));
        String availability = metaContent(document, "product:availability", "og:availability");
        String condition = metaContent(document, "product:condition", "og:condition");
        if (price == null && availability == null && condition == null) {
            return Optional.empty();
        }
        String url = metaContent(document, "og:url");
        return Optional.of(new Offer(Source.META, price, price == null ? null : currency, inStock(availability), availability,
                condition(condition), condition, null, url == null ? List.of() : List.of(url)));
    }

    private static String metaContent(Document document, String... properties) {
        for (String property : properties) {
            Element meta = document.selectFirst("meta[property=" + property + "], meta[name=" + property + "]");
            if (meta != null && !meta.attr("content").isBlank()) {
                return meta.attr("content").trim();
            }
        }
        return null;
    }

    // ---- values ----

    /** A machine-written amount: digits with at most one point ("1299.00", "1299"); anything else is none. */
    static BigDecimal decimal(String text) {
        if (text == null) {
            return null;
        }
        String t = text.trim();
        if (!t.matches("\\d+(\\.\\d+)?")) {
            return null;
        }
        return DecimalInput.read(t).filter(value -> value.signum() > 0).orElse(null);
    }

    private static String currency(String code) {
        return Currencies.iso4217(code).orElse(null);
    }

    /** schema.org availability: InStock / LimitedAvailability / OnlineOnly are buyable; OutOfStock / SoldOut / Discontinued not. */
    static Boolean inStock(String availability) {
        if (availability == null) {
            return null;
        }
        String a = availability.replaceAll("(?i)^.*[/:#]", "").replaceAll("[^A-Za-z]", "").toLowerCase(Locale.ROOT);
        return switch (a) {
            case "instock", "limitedavailability", "onlineonly", "instoreonly" -> Boolean.TRUE;
            case "outofstock", "soldout", "discontinued" -> Boolean.FALSE;
            default -> null;
        };
    }

    /** schema.org itemCondition (or an OpenGraph condition word) to a condition; unknown wording is none. */
    static Condition condition(String itemCondition) {
        if (itemCondition == null) {
            return null;
        }
        return switch (conditionName(itemCondition)) {
            case "newcondition", "new" -> Condition.NEW;
            case "usedcondition", "used" -> Condition.USED;
            case "refurbishedcondition", "refurbished" -> Condition.RENEWED;
            default -> null;
        };
    }

    /** An itemCondition's name without its vocabulary, in lower-case letters: "https://schema.org/NewCondition" is "newcondition". */
    private static String conditionName(String itemCondition) {
        return itemCondition.replaceAll("(?i)^.*[/:#]", "").replaceAll("[^A-Za-z]", "").toLowerCase(Locale.ROOT);
    }

}
