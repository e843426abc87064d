package dev.drivecat.ranking;

import dev.drivecat.catalog.PlpAssessment;
import static dev.drivecat.common.Decimals.round;
import dev.drivecat.common.Decimals;
import dev.drivecat.ranking.Recommendation.CapacityFit;
import dev.drivecat.ranking.Recommendation.Component;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A candidate's score: each component's value (0 to 1) and points (weight × value, in tenths), the
 * standing of a field's candidates before the write rate is known, and the drafts of the components a
 * shown drive's explanation writes.
 */
final class Scoring {

    private Scoring() {
    }

    /** A candidate that passed the filters, with everything its score is made of. */
    record Scored(int index, Candidate candidate, PlpAssessment plp, OfferSelection.Choice offers, RankingModel.Flush flush,
                          long predictedIops, RankingModel.Endurance endurance, List<Draft> drafts,
                          double score, CapacityFit capacity) {

        BigDecimal cost() {
            return offers.cost();
        }

        List<Component> components() {
            Component[] components = new Component[drafts.size()];
            for (int j = 0; j < components.length; j++) {
                components[j] = drafts.get(j).component();
            }
            return List.of(components);
        }
    }

    /** A score component whose explanation is written only if the drive is shown. */
    record Draft(ScoreComponent name, int weight, double value, double points, boolean unknown,
                         java.util.function.Supplier<String> input) {
        Component component() {
            return new Component(name, weight, round(value, 3), points(), input.get());
        }
    }

    /** A role's components in the order {@link RankingModel#weights} gives them, and their weights. */
    record Weights(ScoreComponent[] parts, int[] values) {
        private static final Map<Map<ScoreComponent, Integer>, Weights> BY_ROLE = new java.util.concurrent.ConcurrentHashMap<>();

        static Weights of(RecommendQuery q) {
            Map<ScoreComponent, Integer> weights = RankingModel.weights(q);
            return BY_ROLE.computeIfAbsent(weights, w -> new Weights(w.keySet().toArray(ScoreComponent[]::new),
                    w.values().stream().mapToInt(Integer::intValue).toArray()));
        }

        /** Where the part is among the components, or -1 when the role does not weigh it. */
        int indexOf(ScoreComponent part) {
            for (int j = 0; j < parts.length; j++) {
                if (parts[j] == part) {
                    return j;
                }
            }
            return -1;
        }
    }

    /**
     * What a field's candidates bring to a question before its write rate is known, kept with the
     * field per role's weights: each one's points from every component but endurance (only endurance
     * depends on the write rate), the most points it could reach (with endurance's full weight, or
     * what an unknown endurance scores), and the candidates in the order of those most points. No
     * rule but the points orders drives: a rule that holds a drive below others is part of its
     * score and its explanation. A new question scores them in that order and stops
     * where no candidate left can enter the top (see {@link Ordering#top}).
     *
     * <p>Points are counted in tenths, as longs: each component's points are rounded to 0.1, so a
     * score is their sum in tenths exactly, and is the same double as the sum of the rounded
     * components rounded to 0.1 again (a sum of five tenths lies within 1e-12 of a tenth, far from
     * the half-tenths where that rounding could go either way).
     */
    record Standing(long[] settled, long[] best, int[] order) {
    }

    static Standing standing(Inputs inputs, Weights weights) {
        int count = inputs.field.count;
        ScoreComponent[] parts = weights.parts;
        int endurance = weights.indexOf(ScoreComponent.ENDURANCE);
        long[] settled = new long[count];
        long[] best = new long[count];
        for (int k = 0; k < count; k++) {
            int i = inputs.field.indexes[k];
            long sum = 0;
            for (int j = 0; j < parts.length; j++) {
                if (parts[j] != ScoreComponent.ENDURANCE) {
                    sum += tenths(weights.values[j], inputs.value(parts[j], k));
                }
            }
            settled[k] = sum;
            // points are monotone in the value, and an endurance value is at most 1 (UNKNOWN when the rating is)
            best[k] = endurance < 0 ? sum : sum + tenths(weights.values[endurance],
                    Double.isNaN(inputs.columns.ratedTb[i]) ? RankingModel.UNKNOWN : 1);
        }
        Integer[] order = new Integer[count];
        for (int k = 0; k < count; k++) {
            order[k] = k;
        }
        java.util.Arrays.sort(order, (a, b) -> Long.compare(best[b], best[a]));
        return new Standing(settled, best, java.util.Arrays.stream(order).mapToInt(Integer::intValue).toArray());
    }

    /** {@link #points} in tenths. */
    static long tenths(int weight, double value) {
        return Math.round(points(weight, value) * 10);
    }

    /** What a component's value depends on besides the candidate: the question and the field it is ranked in. */
    static final class Inputs {
        final RecommendQuery q;
        final ProfileColumns columns;
        final Field field;
        final Optional<SpecialSizing.Need> need;
        final RankingModel.Load load;
        /** The cheapest cost as written, in the currency last asked for: every shown drive's explanation names it. */
        private String cheapestCurrency;
        private String cheapestWritten;

        Inputs(RecommendQuery q, ProfileColumns columns, Field field, Optional<SpecialSizing.Need> need, RankingModel.Load load) {
            this.q = q;
            this.columns = columns;
            this.field = field;
            this.need = need;
            this.load = load;
        }

        String cheapest(String currency) {
            if (!currency.equals(cheapestCurrency)) {
                cheapestWritten = Explanations.money(field.cheapest, currency);
                cheapestCurrency = currency;
            }
            return cheapestWritten;
        }

        /** One component's value, 0 to 1, of the candidate at place {@code k} of the field: the same for the ranking pass and the explanation. */
        double value(ScoreComponent part, int k) {
            return switch (part) {
                case FLUSH -> field.flush[k];
                case PLP -> columns.plpValue[field.indexes[k]];
                case ENDURANCE -> RankingModel.enduranceValue(columns.ratedTb[field.indexes[k]] / load.tbPerYear());
                case PRICE -> field.price[k];
                case ROOM -> field.room[k];
            };
        }
    }

    /** The flush component's value: the sync IOPS predicted for the role's calibration, against its zero-latency ceiling. */
    static double flushValue(ProfileColumns columns, int i, boolean slog, double ceilingIops) {
        return (slog ? columns.logIops[i] : columns.specialIops[i]) / ceilingIops;
    }

    /** The price component's value: the cheapest cost that passed over this one's; without a price, unknown ({@link RankingModel#UNKNOWN}). */
    static double priceValue(OfferSelection.Choice choice, BigDecimal cheapest, double cheapestValue) {
        // the doubles differ where the decimals do; where the doubles tie, the decimals decide
        return choice.cost() == null || cheapest == null ? RankingModel.UNKNOWN
                : choice.costValue() == cheapestValue && choice.cost().compareTo(cheapest) == 0 ? 1
                : cheapestValue / choice.costValue();
    }

    /** weight × value rounded half up to 0.1, as the decimal value reads. */
    static double points(int weight, double value) {
        return round(weight * value, 1);
    }

    /** A drive's stated capacity in bytes (decimal GB, as the vendor states it). */
    private static double capacityBytes(ProfileColumns columns, int index) {
        return columns.capacityGb[index] * 1e9;
    }

    /** The candidate at {@code index} of the columns, kept for the answer with its offers and points, explained. */
    static Scored score(Weights weights, int k, double points, int units, Inputs inputs) {
        RecommendQuery q = inputs.q;
        int index = inputs.field.indexes[k];
        OfferSelection.Choice choice = inputs.field.choices[k];
        BigDecimal cheapest = inputs.field.cheapest;
        Optional<SpecialSizing.Need> need = inputs.need;
        Ranker.Profile profile = inputs.columns.profiles.get(index);
        double capacityGib = inputs.columns.capacityGib[index];
        Candidate c = profile.candidate();
        RankingModel.Flush flush = profile.flush();
        FlushModel flushModel = Ranker.flushModel(q);
        double iops = q.isSlog() ? profile.logIops() : profile.specialIops();
        RankingModel.Endurance endurance = RankingModel.endurance(c, inputs.load, inputs.columns.rating(index));
        BigDecimal cost = choice.cost();
        List<Draft> drafts = new ArrayList<>();
        boolean priceUnknown = cost == null || cheapest == null;
        for (int i = 0; i < weights.parts.length; i++) {
            ScoreComponent name = weights.parts[i];
            double value = inputs.value(name, k);
            boolean unknown = switch (name) {
                case FLUSH -> false;
                case PLP -> profile.plp().protection() == PlpAssessment.Protection.UNKNOWN;
                case ENDURANCE -> endurance.lifeYears() == null;
                case PRICE -> priceUnknown;
                case ROOM -> need.isEmpty();
            };
            java.util.function.Supplier<String> input = switch (name) {
                case FLUSH -> () -> inputs.columns.flushInput(index, q.isSlog(),
                        () -> RankingModel.plain(BigDecimal.valueOf(round(flush.latencyUs(), 2))) + " µs flush → "
                        + Decimals.grouped(iops) + " predicted sync IOPS on the buying guide's lab pool, of the "
                        + Decimals.grouped(flushModel.ceilingIops()) + " a zero-latency flush would give there (" + flush.basis() + ")");
                case PLP -> () -> inputs.columns.kept.keep(profile.plp().summary());
                case ENDURANCE -> () -> endurance.lifeYears() == null ? endurance.basis()
                        : Decimals.fixed(endurance.lifeYears(), 1) + " years of " + Decimals.fixed(RankingModel.SERVICE_YEARS, 0)
                        + " (" + endurance.basis() + ")";
                case PRICE -> priceUnknown ? () -> "no price in stock to compare: unknown, scored " + RankingModel.UNKNOWN + " of its weight"
                        : () -> (units == 1 ? "" : "set of " + units + ": ") + Explanations.money(cost, choice.best().currency())
                        + " against the cheapest " + inputs.cheapest(choice.best().currency());
                case ROOM -> () -> need.map(n -> Decimals.fixed(capacityGib, 0) + " GiB per drive for " + Decimals.fixed(n.requiredGib(), 1)
                        + " GiB needed").orElse(q.role() == Role.DEDUP ? "the dedup table's size not known: room not judged"
                        : "no data size given: room not judged");
            };
            drafts.add(new Draft(name, weights.values[i], value, points(weights.values[i], value), unknown, input));
        }
        // a special vdev's need keeps a quarter free for metadata (÷ 0.75); a dedup vdev's is the table itself
        double content = q.role() == Role.SPECIAL ? SpecialSizing.FILL_LIMIT : 1;
        CapacityFit capacity = q.vdevSet().isEmpty() ? null : new CapacityFit(round(capacityGib, 1),
                need.map(n -> round(n.requiredGib(), 1)).orElse(null),
                need.map(n -> "fits: " + Decimals.fixed(100 * n.requiredGib() * content / capacityGib, 0)
                        + "% full with what it must hold" + (n.measured() ? " (measured)" : " (estimated)"))
                        .orElse(q.role() == Role.DEDUP ? "not judged: the dedup table's size is not known" : "not judged: no data size given"),
                q.measuredSizing().map(m -> java.util.Objects.requireNonNullElse(m.largestHeld(capacityBytes(inputs.columns, index)), "none"))
                        .orElse(null));
        return new Scored(index, c, profile.plp(), choice, flush, Math.round(iops), endurance, drafts, points, capacity);
    }
}
