package dev.drivecat.pricing;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Decides what changed over a window, from each listing's state at the window's start and end. A
 * pure function: the rules are documented in src/docs/digests.md and pinned by PriceChangeRulesTest.
 *
 * <p>Nothing is claimed from what drivecat does not know: a listing whose newest observation at an
 * end is older than the stale-after age is left out at both ends (a scraper that stopped working is
 * not a price rise, nor an out-of-stock), and a listing with no fresh state at the start counts only
 * if it is new. Suspect observations never reach this function.
 */
public final class PriceChangeRules {

    private PriceChangeRules() {
    }

    /** The window and the thresholds the rules apply. */
    public record Window(Instant since, Instant until, Instant evaluatedAt, Duration staleAfter, BigDecimal minPercent) {

        /** The end state is judged at the window's end, or now if the window has not ended. */
        Instant endReference() {
            return evaluatedAt.isBefore(until) ? evaluatedAt : until;
        }

        boolean freshAtStart(PriceWindow.State s) {
            return s != null && !s.observedAt().isBefore(since.minus(staleAfter));
        }

        boolean freshAtEnd(PriceWindow.State s) {
            return s != null && !s.observedAt().isBefore(endReference().minus(staleAfter));
        }
    }

    /** One side of a change: the listing whose state stands for the group (its best priced offer, or the newest). */
    public record Side(PriceWindow listing, PriceWindow.State state) {
    }

    /** A change found for one group. */
    public record Detected(ChangeGroup group, List<ChangeKind> kinds, Side before, Side after, BigDecimal change,
                           BigDecimal percent, BigDecimal previousLow, int newListings) {
    }

    public static List<Detected> detect(List<PriceWindow> listings, Map<ChangeGroup, BigDecimal> lowsBefore, Window w) {
        Map<ChangeGroup, List<Side>> starts = new LinkedHashMap<>();
        Map<ChangeGroup, List<Side>> ends = new LinkedHashMap<>();
        for (PriceWindow l : listings) {
            if (!w.freshAtEnd(l.end())) {
                continue;
            }
            boolean knownAtStart = w.freshAtStart(l.start());
            if (!knownAtStart && !l.firstSeenInWindow()) {
                continue;
            }
            if (knownAtStart) {
                starts.computeIfAbsent(group(l, l.start()), g -> new ArrayList<>()).add(new Side(l, l.start()));
            }
            ends.computeIfAbsent(group(l, l.end()), g -> new ArrayList<>()).add(new Side(l, l.end()));
        }
        // seller types with an offer in stock at the start, per drive, currency and condition
        Map<ChangeGroup, Set<SellerType>> sellerTypesAtStart = new LinkedHashMap<>();
        starts.forEach((g, sides) -> {
            if (sides.stream().anyMatch(s -> s.state().priced())) {
                Set<SellerType> types = sellerTypesAtStart.computeIfAbsent(
                        new ChangeGroup(g.driveId(), g.currency(), g.condition(), null), k -> new HashSet<>());
                types.add(g.sellerType());
            }
        });
        Set<ChangeGroup> groups = new java.util.LinkedHashSet<>(starts.keySet());
        groups.addAll(ends.keySet());
        List<Detected> found = new ArrayList<>();
        for (ChangeGroup g : groups) {
            List<Side> before = starts.getOrDefault(g, List.of());
            List<Side> after = ends.getOrDefault(g, List.of());
            Optional<Side> bestBefore = best(before);
            Optional<Side> bestAfter = best(after);
            TreeSet<ChangeKind> kinds = new TreeSet<>();
            BigDecimal change = null;
            BigDecimal percent = null;
            if (bestBefore.isPresent() && bestAfter.isPresent()) {
                BigDecimal from = bestBefore.get().state().price();
                BigDecimal to = bestAfter.get().state().price();
                change = to.subtract(from);
                BigDecimal exact = change.multiply(BigDecimal.valueOf(100)).divide(from, 6, RoundingMode.HALF_UP);
                percent = exact.setScale(1, RoundingMode.HALF_UP);
                if (change.signum() != 0 && exact.abs().compareTo(w.minPercent()) >= 0) {
                    kinds.add(change.signum() < 0 ? ChangeKind.PRICE_DROP : ChangeKind.PRICE_RISE);
                }
            }
            if (!before.isEmpty() && before.stream().allMatch(s -> s.state().outOfStock()) && bestAfter.isPresent()) {
                kinds.add(ChangeKind.BACK_IN_STOCK);
            }
            if (bestBefore.isPresent() && !after.isEmpty() && after.stream().allMatch(s -> s.state().outOfStock())) {
                kinds.add(ChangeKind.OUT_OF_STOCK);
            }
            int newListings = (int) after.stream().filter(s -> s.listing().firstSeenInWindow() && s.state().priced()).count();
            if (newListings > 0 && bestBefore.isEmpty()) {
                kinds.add(ChangeKind.NEW_LISTING);
            }
            if (g.sellerType() != null && bestAfter.isPresent() && bestBefore.isEmpty()) {
                Set<SellerType> atStart = sellerTypesAtStart.getOrDefault(
                        new ChangeGroup(g.driveId(), g.currency(), g.condition(), null), Set.of());
                if (!atStart.isEmpty() && !atStart.contains(g.sellerType())) {
                    kinds.add(ChangeKind.NEW_SELLER_TYPE);
                }
            }
            BigDecimal low = lowsBefore.get(g);
            if (!kinds.isEmpty() && !kinds.contains(ChangeKind.PRICE_RISE) && bestAfter.isPresent() && low != null
                    && bestAfter.get().state().price().compareTo(low) < 0) {
                kinds.add(ChangeKind.NEW_LOW);
            }
            if (kinds.isEmpty()) {
                continue;
            }
            found.add(new Detected(g, List.copyOf(kinds), bestBefore.orElse(newest(before)), bestAfter.orElse(newest(after)),
                    change, percent, low, newListings));
        }
        return found;
    }

    /**
     * Keeps what a subscriber with a higher threshold wants to hear of: price moves below
     * {@code minPercent} are dropped, and with them a new low that came only with such a move; a
     * change left with nothing is dropped whole.
     */
    public static Optional<List<ChangeKind>> atLeast(List<ChangeKind> kinds, BigDecimal percent, BigDecimal minPercent) {
        if (minPercent == null || percent == null || percent.abs().compareTo(minPercent) >= 0) {
            return Optional.of(kinds);
        }
        List<ChangeKind> kept = kinds.stream().filter(k -> !k.isPriceMove()).toList();
        boolean onlyLow = kept.stream().allMatch(k -> k == ChangeKind.NEW_LOW);
        return onlyLow ? Optional.empty() : Optional.of(kept);
    }

    static ChangeGroup group(PriceWindow l, PriceWindow.State s) {
        return new ChangeGroup(l.driveId(), s.currency(), s.condition(), s.sellerType());
    }

    private static Optional<Side> best(List<Side> sides) {
        return sides.stream().filter(s -> s.state().priced())
                .min(Comparator.comparing((Side s) -> s.state().price())
                        .thenComparing(s -> s.state().observedAt(), Comparator.reverseOrder())
                        .thenComparing(s -> s.listing().listingId()));
    }

    private static Side newest(List<Side> sides) {
        return sides.stream().max(Comparator.comparing((Side s) -> s.state().observedAt())
                .thenComparing(s -> s.listing().listingId(), Comparator.reverseOrder())).orElse(null);
    }
}
