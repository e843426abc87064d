package dev.drivecat.discovery.keepa;

import com.fasterxml.jackson.databind.JsonNode;
import dev.drivecat.identity.ForPartsWords;
import dev.drivecat.pricing.PastPrices;
import dev.drivecat.pricing.SellerType;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads Keepa's product objects (Keepa's {@code Product} and {@code Offer}) into what drivecat keeps. Pure: a function
 * of the JSON, the currency's minor digits and the time.
 *
 * <ul>
 * <li>Times are Keepa minutes: Unix milliseconds = (minutes + 21,564,000) × 60,000.</li>
 * <li>Prices are integers of the currency's smallest unit; -1 is "no offer at that time", -2 "unknown" (left out).</li>
 * <li>An offer is live when Keepa lists it among the live offers ({@code liveOffersOrder}, or every offer when that is
 *     absent), saw it within the freshness window ({@code lastSeen}), it has a price, it can be shipped and it is not a
 *     pre-order, and its condition does not say it is for parts. Its price and shipping are the last two values of its
 *     {@code offerCSV}; shipping -1 is unknown.</li>
 * <li>A product without an ASIN or a title is malformed and left out; a malformed offer or series is left out alone.</li>
 * </ul>
 */
final class KeepaProducts {

    /** Keepa minute 0 is 2011-01-01T00:00Z: this many minutes after the Unix epoch. */
    static final long KEEPA_EPOCH_MINUTES = 21_564_000L;
    private static final Pattern ASIN = Pattern.compile("[A-Z0-9]{10}");
    private static final int MAX_TEXT = 1000;

    private KeepaProducts() {
    }

    /** One product as Keepa shows it. */
    record Product(String asin, String title, String brand, String model, String partNumber, Map<OfferKind, Offer> cheapest,
                   Map<OfferKind, List<PastPrices.Point>> history) {

        /**
         * The text identity reads: the title, then the brand, model and part number where the title does not say them
         * (a title often leaves out the part number that tells two capacities apart).
         */
        String identityText() {
            StringBuilder text = new StringBuilder(title);
            String lower = title.toLowerCase(Locale.ROOT);
            for (String more : new String[] {brand, model, partNumber}) {
                if (more != null && !lower.contains(more.toLowerCase(Locale.ROOT))) {
                    text.append(" ").append(more);
                    lower = text.toString().toLowerCase(Locale.ROOT);
                }
            }
            return text.toString();
        }
    }

    /**
     * A live offer.
     *
     * @param shipping null when Keepa does not know it
     */
    record Offer(OfferKind kind, int condition, String sellerId, String conditionComment, BigDecimal price, BigDecimal shipping,
                 Instant lastSeen, boolean amazon, boolean fba, boolean warehouseDeal, boolean prime) {

        /** Who sells: Amazon itself only when Keepa says isAmazon (its Warehouse Deals account is not Amazon). */
        SellerType sellerType() {
            return amazon ? SellerType.MARKETPLACE : SellerType.THIRD_PARTY;
        }

        /** Whether Amazon ships it: its own offers and FBA ones. */
        boolean fulfilledByMarketplace() {
            return amazon || fba;
        }

        BigDecimal total() {
            return shipping == null ? price : price.add(shipping);
        }

        /** The condition as Keepa words it, with the seller's comment (which may say "for parts"). */
        String conditionWording() {
            String words = OfferKind.words(condition);
            return conditionComment == null ? words : words + ": " + conditionComment;
        }
    }

    static Instant time(long keepaMinutes) {
        return Instant.ofEpochMilli((keepaMinutes + KEEPA_EPOCH_MINUTES) * 60_000L);
    }

    /**
     * A product, or empty when it is malformed.
     *
     * @param minorDigits the currency's digits after the point (2 for USD, 0 for JPY)
     * @param maxAge an offer Keepa last saw longer ago than this is not live
     */
    static Optional<Product> read(JsonNode product, int minorDigits, Instant now, Duration maxAge) {
        if (product == null || !product.isObject()) {
            return Optional.empty();
        }
        Optional<String> asin = text(product, "asin").filter(a -> ASIN.matcher(a).matches());
        Optional<String> title = text(product, "title").filter(t -> t.length() <= MAX_TEXT);
        if (asin.isEmpty() || title.isEmpty()) {
            return Optional.empty();
        }
        Map<OfferKind, Offer> cheapest = new EnumMap<>(OfferKind.class);
        for (Offer offer : liveOffers(product, minorDigits, now, maxAge)) {
            cheapest.merge(offer.kind(), offer, (a, b) -> b.total().compareTo(a.total()) < 0 ? b : a);
        }
        Map<OfferKind, List<PastPrices.Point>> history = new EnumMap<>(OfferKind.class);
        JsonNode csv = product.path("csv");
        if (csv.isArray()) {
            for (OfferKind kind : OfferKind.values()) {
                List<PastPrices.Point> points = series(csv.path(kind.csvIndex), kind.withShipping, minorDigits, now);
                if (points.stream().anyMatch(p -> p.price() != null)) {
                    history.put(kind, points);
                }
            }
        }
        return Optional.of(new Product(asin.get(), title.get(), text(product, "brand").orElse(null), text(product, "model").orElse(null),
                text(product, "partNumber").orElse(null), cheapest, history));
    }

    private static List<Offer> liveOffers(JsonNode product, int minorDigits, Instant now, Duration maxAge) {
        JsonNode offers = product.path("offers");
        if (!offers.isArray()) {
            return List.of();
        }
        List<JsonNode> live = new ArrayList<>();
        JsonNode order = product.path("liveOffersOrder");
        if (order.isArray()) {
            for (JsonNode index : order) {
                if (index.canConvertToInt() && index.asInt() >= 0 && index.asInt() < offers.size()) {
                    live.add(offers.get(index.asInt()));
                }
            }
        } else {
            offers.forEach(live::add);
        }
        List<Offer> out = new ArrayList<>();
        Instant oldest = now.minus(maxAge);
        for (JsonNode o : live) {
            offer(o, minorDigits).filter(offer -> !offer.lastSeen().isBefore(oldest) && !offer.lastSeen().isAfter(now.plus(Duration.ofHours(1))))
                    // an offer whose condition says "for parts" is no drive to buy, whatever its condition code
                    .filter(offer -> ForPartsWords.in(offer.conditionComment()).isEmpty())
                    .ifPresent(out::add);
        }
        out.sort(Comparator.comparing(Offer::total));
        return out;
    }

    private static Optional<Offer> offer(JsonNode o, int minorDigits) {
        if (!o.isObject() || !o.path("lastSeen").canConvertToLong() || !o.path("condition").canConvertToInt()) {
            return Optional.empty();
        }
        int condition = o.path("condition").asInt();
        Optional<OfferKind> kind = OfferKind.of(condition, o.path("isAmazon").asBoolean(false), o.path("isFBA").asBoolean(false));
        JsonNode csv = o.path("offerCSV");
        if (kind.isEmpty() || !csv.isArray() || csv.size() < 3 || csv.size() % 3 != 0) {
            return Optional.empty();
        }
        JsonNode lastPrice = csv.get(csv.size() - 2);
        JsonNode lastShipping = csv.get(csv.size() - 1);
        if (!lastPrice.canConvertToLong() || !lastShipping.canConvertToLong() || lastPrice.asLong() <= 0) {
            return Optional.empty();
        }
        if (!o.path("isShippable").asBoolean(true) || o.path("isPreorder").asBoolean(false)) {
            return Optional.empty();
        }
        long shipping = lastShipping.asLong();
        String seller = text(o, "sellerId").filter(s -> s.length() <= 40).orElse(null);
        String comment = text(o, "conditionComment").map(c -> c.length() > MAX_TEXT ? c.substring(0, MAX_TEXT) : c).orElse(null);
        return Optional.of(new Offer(kind.get(), condition, seller, comment, amount(lastPrice.asLong(), minorDigits),
                shipping >= 0 ? amount(shipping, minorDigits) : null, time(o.path("lastSeen").asLong()), o.path("isAmazon").asBoolean(false),
                o.path("isFBA").asBoolean(false), o.path("isWarehouseDeal").asBoolean(false), o.path("isPrime").asBoolean(false)));
    }

    /**
     * A csv series, oldest first: pairs of time and price, or triples with the shipping cost (the price with it); a
     * price of -1 is a point without an offer; a point of -2, or one not a number, is left out. A point in the future is
     * left out.
     */
    static List<PastPrices.Point> series(JsonNode values, boolean withShipping, int minorDigits, Instant now) {
        if (!values.isArray()) {
            return List.of();
        }
        int step = withShipping ? 3 : 2;
        List<PastPrices.Point> points = new ArrayList<>();
        for (int i = 0; i + step <= values.size(); i += step) {
            JsonNode t = values.get(i);
            JsonNode p = values.get(i + 1);
            if (!t.canConvertToLong() || !p.canConvertToLong() || t.asLong() < 0) {
                continue;
            }
            Instant at = time(t.asLong());
            long price = p.asLong();
            if (at.isAfter(now) || price == -2 || price == 0 || price < -1) {
                continue;
            }
            if (price == -1) {
                points.add(new PastPrices.Point(at, null, null));
                continue;
            }
            BigDecimal shipping = null;
            BigDecimal total = amount(price, minorDigits);
            if (withShipping && values.get(i + 2).canConvertToLong() && values.get(i + 2).asLong() >= 0
                    && values.get(i + 2).asLong() < price) {
                shipping = amount(values.get(i + 2).asLong(), minorDigits);
            }
            // the price of a series with shipping includes it: the item's own price is the rest
            BigDecimal itemPrice = shipping == null ? total : total.subtract(shipping);
            points.add(new PastPrices.Point(at, itemPrice, shipping));
        }
        points.sort(Comparator.comparing(PastPrices.Point::at));
        return points;
    }

    static BigDecimal amount(long minorUnits, int minorDigits) {
        return BigDecimal.valueOf(minorUnits, minorDigits);
    }

    static Optional<String> text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isTextual() && !value.asText().isBlank() ? Optional.of(value.asText().strip()) : Optional.empty();
    }
}
