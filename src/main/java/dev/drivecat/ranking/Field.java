package dev.drivecat.ranking;

import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.common.Decimals;
import dev.drivecat.ranking.Recommendation.Excluded;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The candidates a question's filters let through, as indexes into the columns with their
 * offers (the first {@code count} slots are used), what the filters left out and why, and each
 * one's component values that only the filters decide: flush (by role), price (against the
 * cheapest that passed) and room (against the special vdev's need). A question that differs from
 * another only in what it weighs (a write rate, a limit, a price age) has the same field, so the
 * candidate model keeps fields per snapshot and such a question only does arithmetic on arrays
 * (the endurance value, every component's points, the order) and explains the few it shows.
 * Immutable once made.
 */
final class Field {
    final int[] indexes;
    final OfferSelection.Choice[] choices;
    final int count;
    final int excludedTotal;
    final Map<Exclusion, Integer> excludedByReason;
    final List<Excluded> excludedListed;
    final BigDecimal cheapest;
    final double cheapestValue;
    final double[] flush;
    final double[] price;
    final double[] room;
    /** Each candidate's place in the order of costs (see {@link Ordering#compareCosts}). */
    final int[] costRanks;
    /**
     * By the role's weights (see {@link Scoring.Standing}). Keyed by the Weights instance:
     * {@link Scoring.Weights#of} makes one per role's weights.
     */
    final Map<Scoring.Weights, Scoring.Standing> standings = new java.util.concurrent.ConcurrentHashMap<>(4);

    private Field(Passed passed, Exclusions excluded, ProfileColumns columns, boolean slog, double ceilingIops,
                  Optional<SpecialSizing.Need> need) {
        this.indexes = passed.indexes;
        this.choices = passed.choices;
        this.count = passed.count;
        this.excludedTotal = excluded.total;
        this.excludedByReason = java.util.Collections.unmodifiableMap(excluded.byReason);
        this.excludedListed = List.copyOf(excluded.listed);
        Cheapest c = cheapest(choices, count);
        this.cheapest = c.cost;
        this.cheapestValue = c.value;
        flush = new double[count];
        price = new double[count];
        room = new double[count];
        costRanks = Ordering.ranks(count, (a, b) -> Ordering.compareCosts(choices[a], choices[b]));
        for (int k = 0; k < count; k++) {
            int i = indexes[k];
            flush[k] = Scoring.flushValue(columns, i, slog, ceilingIops);
            price[k] = Scoring.priceValue(choices[k], cheapest, cheapestValue);
            room[k] = RankingModel.roomValue(need, columns.capacityGb[i]);
        }
    }

    static final int LISTED_EXCLUSIONS = 50;

    /**
     * The field of the profiles at {@code indexes} of {@code columns} (in that order), with their offers as {@code offers} chooses
     * them, for a question that asks them to hold {@code sizing}.
     */
    static Field of(RecommendQuery q, ProfileColumns columns, int[] indexes, Ranker.Offers offers, Sizing sizing) {
        Exclusions excluded = new Exclusions();
        Passed passed = pass(q, columns, indexes, offers, sizing, excluded);
        return new Field(passed, excluded, columns, q.isSlog(), Ranker.flushModel(q).ceilingIops(), sizing.vdev());
    }

    /**
     * What a question asks its drives to hold, worked out once per question (the key, the filters, the
     * score and the notes read it): a log's need, or a special or dedup vdev's (empty when the question
     * gives no size, and for a cache device). The other is null, or empty.
     */
    record Sizing(Optional<SpecialSizing.Need> vdev, LogSizing.Need log) {

        static Sizing of(RecommendQuery q) {
            return q instanceof RecommendQuery.Log log ? new Sizing(Optional.empty(), LogSizing.need(log.ramGib(), log.peakSyncMBps()))
                    : new Sizing(need(q), null);
        }

        /** What one drive must hold, GiB; NaN when nothing is asked. */
        double requiredGib() {
            return log != null ? log.requiredGib() : vdev.map(SpecialSizing.Need::requiredGib).orElse(Double.NaN);
        }
    }

    /** What a question's field depends on, and nothing else (see {@link Field}): the candidate model keeps fields by it. */
    record Key(OfferSelection.Filter offers, List<InterfaceFilter> interfaces, List<Interface> buses, boolean plpRequired,
               boolean slog, boolean takesZil, double needGib) {

        static Key of(RecommendQuery q, Sizing sizing) {
            return new Key(OfferSelection.Filter.of(q), q.interfaces(), q.buses(), q.plp() == PlpRequirement.REQUIRED, q.isSlog(),
                    q.takesZil(), sizing.requiredGib());
        }
    }

    /** Counts exclusions by reason, and keeps the first few with their details (the rest are counted only). */
    private static final class Exclusions {
        final List<Excluded> listed = new ArrayList<>();
        final Map<Exclusion, Integer> byReason = new java.util.EnumMap<>(Exclusion.class);
        int total;

        void add(String slug, Exclusion reason, java.util.function.Supplier<String> detail) {
            total++;
            byReason.merge(reason, 1, Integer::sum);
            if (listed.size() < LISTED_EXCLUSIONS) {
                listed.add(new Excluded(slug, reason, detail.get()));
            }
        }
    }

    /**
     * What one drive of the vdev bought must hold for this question: a special vdev's need, measured
     * from a pasted zdb histogram or estimated from the data size, shared among the special vdevs
     * bought; a dedup vdev's, its dedup table. Empty for a log and a cache device, or when the question
     * gives no size.
     */
    static Optional<SpecialSizing.Need> need(RecommendQuery asked) {
        return switch (asked.role()) {
            case SLOG, CACHE -> Optional.empty();
            case SPECIAL -> {
                RecommendQuery.Special q = (RecommendQuery.Special) asked;
                yield special(q).map(n -> SpecialSizing.shared(n, q.set().vdevs()));
            }
            case DEDUP -> DedupSizing.need((RecommendQuery.Dedup) asked);
        };
    }

    /** What the special vdevs hold together: measured from a pasted zdb histogram, else estimated from the data size. */
    private static Optional<SpecialSizing.Need> special(RecommendQuery.Special q) {
        Optional<SpecialSizing.Need> measured = q.measuredSizing().flatMap(SpecialSizing::measured);
        if (measured.isPresent()) {
            return measured;
        }
        Integer small = q.smallBlocksKib();
        boolean cutoff = small != null && small > 0;
        // at or above the recordsize every file block is a small block (OpenZFS 2.4 takes such values; zfsprops(7)); zvol
        // blocks go to the special vdev only from 2.4, at or above volblocksize (dmu_write_policy, commit b048bfa)
        boolean everyFileBlock = cutoff && small >= q.recordsizeKib();
        boolean everyZvolBlock = cutoff && small >= q.volblocksizeKib() && q.openzfsHas(ReleaseRule.ZVOL_BLOCKS_ON_SPECIAL);
        return SpecialSizing.need(new SpecialSizing.Estimate(q.dataGib(), q.recordsizeKib(), q.zvolGib(), q.volblocksizeKib(),
                q.fileCount(), q.smallBlockDataGib() == null ? null : q.smallBlockDataGib().doubleValue(), everyFileBlock,
                everyZvolBlock));
    }

    /** The candidates that pass the filters, as indexes into the columns, with their offers; the first {@code count} slots are used. */
    private record Passed(int[] indexes, OfferSelection.Choice[] choices, int count) {
    }

    /** Filters the candidates at {@code indexes}: PLP as required, room for a log or the special vdev's need, offers the query allows. */
    private static Passed pass(RecommendQuery q, ProfileColumns columns, int[] indexes, Ranker.Offers offers, Sizing sizing,
                               Exclusions excluded) {
        boolean slog = q.isSlog();
        boolean plpRequired = q.plp() == PlpRequirement.REQUIRED;
        double needGib = sizing.vdev().map(SpecialSizing.Need::requiredGib).orElse(Double.NaN);
        double logNeedGib = slog ? sizing.log().requiredGib() : Double.NaN;
        String vdevName = q.role() == Role.DEDUP ? "dedup vdev" : "special vdev";
        int[] passed = new int[indexes.length];
        OfferSelection.Choice[] choices = new OfferSelection.Choice[indexes.length];
        int count = 0;
        // where the ZIL lives a flush must be cheap and safe; a special vdev without it needs flushed data kept, as any vdev does
        boolean[] protectedEnough = q.takesZil() ? columns.cheapFlush : columns.keepsFlushedData;
        String requirement = q.takesZil() ? " (plp=required: the ZIL needs flushes that are cheap and safe)"
                : " (plp=required: the special vdev must keep flushed data through a power cut)";
        for (int i : indexes) {
            if (plpRequired && !protectedEnough[i]) {
                Ranker.Profile p = columns.profiles.get(i);
                excluded.add(p.candidate().slug(), Exclusion.NO_PLP, () -> p.plp().summary() + requirement);
                continue;
            }
            if (slog && columns.capacityGib[i] < logNeedGib) {
                Candidate c = columns.profiles.get(i).candidate();
                excluded.add(c.slug(), Exclusion.TOO_SMALL, () -> c.capacityGb() + " GB is below the " + Decimals.fixed(logNeedGib, 1)
                        + " GiB the log must hold");
                continue;
            }
            double capacityGib = columns.capacityGib[i];
            if (capacityGib < needGib) {
                excluded.add(columns.profiles.get(i).candidate().slug(), Exclusion.TOO_SMALL, () -> Decimals.fixed(capacityGib, 0)
                        + " GiB per drive is " + Decimals.fixed(needGib - capacityGib, 0) + " GiB short of the "
                        + Decimals.fixed(needGib, 0) + " GiB the " + vdevName + " needs");
                continue;
            }
            OfferSelection.Choice choice = offers.choose(i, columns.profiles.get(i));
            if (choice.excluded()) {
                excluded.add(columns.profiles.get(i).candidate().slug(), choice.excludedReason(), choice::excludedDetail);
                continue;
            }
            passed[count] = i;
            choices[count] = choice;
            count++;
        }
        return new Passed(passed, choices, count);
    }

    /** The cheapest cost among the candidates that passed (null when none has a price), and its value as a double. */
    private record Cheapest(BigDecimal cost, double value) {
    }

    /** In the order of {@link Ordering#compareCosts}. */
    private static Cheapest cheapest(OfferSelection.Choice[] choices, int count) {
        OfferSelection.Choice cheapest = null;
        for (int k = 0; k < count; k++) {
            if (choices[k].cost() != null && (cheapest == null || Ordering.compareCosts(choices[k], cheapest) < 0)) {
                cheapest = choices[k];
            }
        }
        return cheapest == null ? new Cheapest(null, 0) : new Cheapest(cheapest.cost(), cheapest.costValue());
    }
}
