package dev.drivecat.ranking;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Rank order over a field's candidates, and the top of it found without sorting the rest. */
final class Ordering {

    private Ordering() {
    }

    /**
     * Rank order over the candidates that passed (by their place in the pass): points, then the
     * cheaper, then by slug. A total order, and the points decide it: no rule holds a drive below
     * another that has fewer points (a rule that should is part of the score). The
     * cost and the slug are compared by their places in the field's order of costs and the
     * snapshot's order of slugs: candidates level on points are common (points are tenths), and
     * comparing their decimals and slugs was a tenth of a never-asked question's time.
     */
    record RankOrder(int[] passed, int[] slugRanks, int[] costRanks, long[] scores)
            implements java.util.function.IntBinaryOperator {
        @Override
        public int applyAsInt(int a, int b) {
            int c = Long.compare(scores[b], scores[a]);
            if (c == 0) {
                c = Integer.compare(costRanks[a], costRanks[b]);
            }
            return c != 0 ? c : Integer.compare(slugRanks[passed[a]], slugRanks[passed[b]]);
        }
    }

    /** The cheaper first, no cost last: as doubles (a decimal's double is correctly rounded), as decimals where those tie. */
    static int compareCosts(OfferSelection.Choice a, OfferSelection.Choice b) {
        BigDecimal x = a.cost();
        BigDecimal y = b.cost();
        if (x == null || y == null) {
            return x == null ? (y == null ? 0 : 1) : -1;
        }
        int c = Double.compare(a.costValue(), b.costValue());
        return c != 0 ? c : x.compareTo(y);
    }

    /** Each item's place in the order {@code compare} gives them; equal items share a place. */
    static int[] ranks(int count, Comparator<Integer> compare) {
        Integer[] order = new Integer[count];
        for (int k = 0; k < count; k++) {
            order[k] = k;
        }
        java.util.Arrays.sort(order, compare);
        int[] ranks = new int[count];
        for (int r = 0; r < count; r++) {
            ranks[order[r]] = r > 0 && compare.compare(order[r - 1], order[r]) == 0 ? ranks[order[r - 1]] : r;
        }
        return ranks;
    }

    /**
     * The first {@code n} candidates of the field in rank order, with their scores in tenths written
     * into {@code scores}, without sorting the rest: a heap of ints with the worst kept at its root,
     * so that a candidate that does not make it costs one comparison and no boxing. Candidates are
     * scored in the standing's order (the most points they could reach), so once the heap is full
     * and the next one's most points are fewer than the worst kept's score, no candidate left can
     * enter it: the rest are never scored. A
     * candidate whose most points equal that score is still scored, since it may tie and be cheaper.
     */
    static List<Integer> top(Scoring.Inputs inputs, Scoring.Weights weights, Scoring.Standing standing, long[] scores, int n) {
        int count = inputs.field.count;
        int endurance = weights.indexOf(ScoreComponent.ENDURANCE);
        int weight = endurance < 0 ? 0 : weights.values()[endurance];
        RankOrder order = new RankOrder(inputs.field.indexes, inputs.columns.slugRanks(), inputs.field.costRanks, scores);
        int[] heap = new int[n];
        int size = 0;
        for (int j = 0; j < count; j++) {
            int k = standing.order()[j];
            if (size == n && n > 0 && standing.best()[k] < scores[heap[0]]) {
                break;
            }
            scores[k] = endurance < 0 ? standing.settled()[k] : standing.settled()[k] + Scoring.tenths(weight, inputs.value(ScoreComponent.ENDURANCE, k));
            if (size < n) {
                heap[size] = k;
                for (int i = size++; i > 0 && order.applyAsInt(heap[i], heap[(i - 1) / 2]) > 0; i = (i - 1) / 2) {
                    swap(heap, i, (i - 1) / 2);
                }
            } else if (n > 0 && order.applyAsInt(k, heap[0]) < 0) {
                heap[0] = k;
                for (int i = 0; ; ) {
                    int worse = 2 * i + 1;
                    if (worse >= size) {
                        break;
                    }
                    if (worse + 1 < size && order.applyAsInt(heap[worse + 1], heap[worse]) > 0) {
                        worse++;
                    }
                    if (order.applyAsInt(heap[worse], heap[i]) <= 0) {
                        break;
                    }
                    swap(heap, i, worse);
                    i = worse;
                }
            }
        }
        List<Integer> top = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            top.add(heap[i]);
        }
        top.sort(order::applyAsInt);
        return top;
    }

    static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
