package dev.drivecat.ranking;

import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.Offer;
import dev.drivecat.pricing.SellerType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Picks, from a drive's current offers, the ones a query allows, and what buying one drive (a log)
 * or the whole set (a special mirror, a mirrored log) costs. An offer whose availability says how many units are left
 * ("Only 2 left in stock") supplies at most that many; otherwise one offer is taken to fill the set.
 */
final class OfferSelection {

    private static final Pattern UNITS_LEFT = Pattern.compile(
            "(?i)(?:only|nur noch|s[oó]lo queda\\(?n?\\)?|il ne reste plus que|apenas)\\s+(\\d+)");

    private OfferSelection() {
    }

    /**
     * Everything of a query that the choice of offers depends on, and nothing else: {@link #choose}
     * reads only this, so a choice made for one filter holds for every query with the same filter
     * (the candidate model keeps choices per filter; see {@link CandidateModel.Snapshot}).
     */
    record Filter(String currency, boolean includeBusinessOnly, List<Condition> conditions, List<SellerType> sellerTypes,
                  boolean includeOutOfStock, BigDecimal maxPrice, BigDecimal maxSetPrice, int units) {

        static Filter of(RecommendQuery q) {
            return of(q, q.units());
        }

        static Filter of(RecommendQuery q, int units) {
            return new Filter(q.currency(), q.includeBusinessOnly(), q.conditions(), q.sellerTypes(), q.includeOutOfStock(),
                    q.maxPrice(), q.maxSetPrice(), units);
        }
    }

    /**
     * Either the offers chosen, or why none fits. {@code cost} is the money the ranking compares:
     * one drive for a log, the set for a special vdev (estimated if it cannot be filled); null
     * without a price. {@code costValue} is the same as a double (NaN without), for arithmetic.
     */
    record Choice(Offer best, BigDecimal unitPrice, BigDecimal setCost, String setCostBasis, List<String> warnings,
                  Exclusion excludedReason, String excludedDetail, BigDecimal cost, double costValue) {

        /** Offers chosen: the set's cost when it could be filled, else {@code units} × the unit price. */
        static Choice of(Offer best, BigDecimal unitPrice, BigDecimal setCost, String setCostBasis, List<String> warnings, int units) {
            BigDecimal cost = setCost != null ? setCost : unitPrice == null ? null : unitPrice.multiply(BigDecimal.valueOf(units));
            return new Choice(best, unitPrice, setCost, setCostBasis, warnings, null, null, cost,
                    cost == null ? Double.NaN : cost.doubleValue());
        }

        boolean excluded() {
            return excludedReason != null;
        }

        static Choice out(Exclusion reason, String detail) {
            return new Choice(null, null, null, null, List.of(), reason, detail, null, Double.NaN);
        }
    }

    /** The order in which buyable offers are compared: cheapest delivered first, then the newest, then by id. */
    private static final Comparator<Offer> CHEAPEST_FIRST = (a, b) -> {
        int byPrice = delivered(a).compareTo(delivered(b));
        if (byPrice != 0) {
            return byPrice;
        }
        int byTime = b.observedAt().compareTo(a.observedAt());
        return byTime != 0 ? byTime : a.externalId().compareTo(b.externalId());
    };

    static Choice choose(List<Offer> offers, Filter q) {
        int units = q.units();
        if (offers.isEmpty()) {
            return Choice.out(Exclusion.NO_OFFER, "no offer in the catalog");
        }
        // One pass (this runs for every candidate of every ranking): how far each offer gets through
        // the filters, in the order their reasons are reported.
        int inCurrency = 0;
        int open = 0;
        int inCondition = 0;
        List<Offer> bySeller = new ArrayList<>(offers.size());
        List<Offer> buyable = new ArrayList<>(offers.size());
        for (Offer o : offers) {
            if (o.currency() != null && !o.currency().equals(q.currency())) {
                continue;
            }
            inCurrency++;
            if (!q.includeBusinessOnly() && o.businessOnly()) {
                continue;
            }
            open++;
            if (!q.conditions().isEmpty() && (o.condition() == null || !q.conditions().contains(o.condition()))) {
                continue;
            }
            inCondition++;
            if (!q.sellerTypes().isEmpty() && (o.sellerType() == null || !q.sellerTypes().contains(o.sellerType()))) {
                continue;
            }
            bySeller.add(o);
            if (Boolean.TRUE.equals(o.inStock()) && o.price() != null) {
                buyable.add(o);
            }
        }
        if (inCurrency == 0) {
            return Choice.out(Exclusion.OTHER_CURRENCY, "offers only in " + String.join(", ",
                    offers.stream().map(Offer::currency).distinct().sorted().toList()));
        }
        if (open == 0) {
            return Choice.out(Exclusion.BUSINESS_ONLY, "offered only to business accounts (includeBusinessOnly=true shows them)");
        }
        if (inCondition == 0) {
            return Choice.out(Exclusion.CONDITION, "no offer in condition " + q.conditions());
        }
        if (bySeller.isEmpty()) {
            return Choice.out(Exclusion.SELLER_TYPE, "no offer from seller type " + q.sellerTypes());
        }
        if (buyable.isEmpty()) {
            if (!q.includeOutOfStock()) {
                return Choice.out(Exclusion.OUT_OF_STOCK, "no offer in stock" + bySeller.stream().map(Offer::availability)
                        .filter(a -> a != null && !a.isBlank()).findFirst().map(a -> " (\"" + a + "\")").orElse(""));
            }
            Offer newest = bySeller.stream().max(Comparator.comparing(Offer::observedAt)).orElseThrow();
            return Choice.of(newest, null, null, null,
                    List.of("No offer in stock: shown because includeOutOfStock=true; there is no price to compare."), units);
        }
        // one pass, not a sort: this runs for every candidate of every ranking, and only a set needs the order
        Offer best = cheapest(buyable);
        if (q.maxPrice() != null && delivered(best).compareTo(q.maxPrice()) > 0) {
            return Choice.out(Exclusion.OVER_MAX_PRICE, "cheapest offer " + delivered(best).toPlainString() + " " + best.currency()
                    + " is over maxPrice " + q.maxPrice().toPlainString());
        }
        List<String> warnings = new ArrayList<>();
        BigDecimal setCost = null;
        String basis = null;
        if (units > 1) {
            buyable.sort(CHEAPEST_FIRST); // a set is bought from the cheapest offers up
            Fill fill = fill(buyable, units);
            setCost = fill.cost();
            basis = fill.basis();
            if (fill.cost() == null) {
                warnings.add(fill.basis());
            }
            BigDecimal compared = setCost != null ? setCost : delivered(best).multiply(BigDecimal.valueOf(units));
            if (q.maxSetPrice() != null && compared.compareTo(q.maxSetPrice()) > 0) {
                return Choice.out(Exclusion.OVER_MAX_SET_PRICE, "the set of " + units + " costs " + compared.toPlainString() + " "
                        + best.currency() + ", over maxSetPrice " + q.maxSetPrice().toPlainString());
            }
        }
        return Choice.of(best, delivered(best), setCost, basis, List.copyOf(warnings), units);
    }

    /** The first offer in {@link #CHEAPEST_FIRST} order, in one pass. */
    private static Offer cheapest(List<Offer> offers) {
        Offer best = offers.get(0);
        for (int i = 1; i < offers.size(); i++) {
            if (CHEAPEST_FIRST.compare(offers.get(i), best) < 0) {
                best = offers.get(i);
            }
        }
        return best;
    }

    private record Fill(BigDecimal cost, String basis) {
    }

    /** Buys {@code units} drives from the cheapest offers, each supplying what it says it has left. */
    private static Fill fill(List<Offer> cheapestFirst, int units) {
        BigDecimal cost = BigDecimal.ZERO;
        int needed = units;
        List<String> parts = new ArrayList<>();
        for (Offer o : cheapestFirst) {
            Optional<Integer> left = unitsLeft(o.availability());
            int take = left.map(n -> Math.min(n, units)).orElse(units);
            take = Math.min(take, needed);
            if (take <= 0) {
                continue;
            }
            cost = cost.add(delivered(o).multiply(BigDecimal.valueOf(take)));
            parts.add(take + " × " + delivered(o).toPlainString() + " " + o.currency()
                    + (o.seller() != null ? " from " + o.seller() : " on " + o.marketplace())
                    + left.map(n -> " (" + n + " left)").orElse(""));
            needed -= take;
            if (needed == 0) {
                return new Fill(cost, String.join(" + ", parts));
            }
        }
        return new Fill(null, "Only " + (units - needed) + " of the " + units + " drives the set needs are known to be available"
                + " from matching offers; the set cost is estimated as " + units + " × the cheapest price.");
    }

    /** What one drive costs delivered: the price, plus shipping when the offer states it. */
    static BigDecimal delivered(Offer o) {
        return o.shipping() == null ? o.price() : o.price().add(o.shipping());
    }

    static Optional<Integer> unitsLeft(String availability) {
        if (availability == null) {
            return Optional.empty();
        }
        Matcher m = UNITS_LEFT.matcher(availability.toLowerCase(Locale.ROOT));
        return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }

    static boolean newOldStock(Offer o) {
        return o != null && o.condition() == Condition.NEW_OLD_STOCK;
    }
}
