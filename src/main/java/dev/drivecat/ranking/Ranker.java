package dev.drivecat.ranking;

import static dev.drivecat.common.Decimals.round;

import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.common.Decimals;
import dev.drivecat.common.Kept;
import dev.drivecat.pricing.Offer;
import dev.drivecat.pricing.SellerType;
import dev.drivecat.ranking.Recommendation.CapacityFit;
import dev.drivecat.ranking.Recommendation.Component;
import dev.drivecat.ranking.Recommendation.DriveRef;
import dev.drivecat.ranking.Recommendation.Excluded;
import dev.drivecat.ranking.Recommendation.FilteredOut;
import dev.drivecat.ranking.Recommendation.FlushView;
import dev.drivecat.ranking.Recommendation.ModelView;
import dev.drivecat.ranking.Recommendation.PriceAges;
import dev.drivecat.ranking.Recommendation.Result;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Ranks candidates for a role: filters them by the query, scores each on the role's components,
 * orders them, and explains every rank. A pure function of the query, the candidates and the
 * current time.
 */
public final class Ranker {

    static final int LISTED_EXCLUSIONS = 50;

    private final FlushModel separateLog = FlushModel.separateLog();
    private final FlushModel specialMirror = FlushModel.specialMirror();

    /** The calibration that predicts this query's sync IOPS: a separate log, or the ZIL on the special mirror. */
    private FlushModel flushModel(RecommendQuery q) {
        return q.isSlog() ? separateLog : specialMirror;
    }

    /** A candidate that passed the filters, with everything its score is made of. */
    private record Scored(int index, Candidate candidate, PlpAssessment plp, OfferSelection.Choice offers, RankingModel.Flush flush,
                          long predictedIops, RankingModel.Endurance endurance, List<Draft> drafts,
                          double score, CapacityFit capacity, int tier) {

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
    private record Draft(String name, int weight, double value, double points, boolean unknown,
                         java.util.function.Supplier<String> input) {
        Component component() {
            return new Component(name, weight, round(value, 3), points(), input.get());
        }
    }

    /**
     * What the ranking knows about a drive whatever the question: its PLP assessment, its flush and
     * the sync IOPS it predicts under both calibrations. Built once per catalog change (see
     * {@link CandidateModel}), so a new question only filters offers and does arithmetic.
     */
    public record Profile(Candidate candidate, PlpAssessment plp, RankingModel.Flush flush, double logIops, double specialIops,
                          double ratedTb) {
    }

    public Profile profile(Candidate c) {
        PlpAssessment plp = PlpAssessment.of(c);
        RankingModel.Flush flush = RankingModel.flush(c, plp);
        return new Profile(c, plp, flush, separateLog.predictIops(flush.latencyUs()), specialMirror.predictIops(flush.latencyUs()),
                RankingModel.ratedTb(c));
    }

    /** The offers a query allows for the profile at {@code index} of the columns ranked. */
    @FunctionalInterface
    interface Offers {
        OfferSelection.Choice choose(int index, Profile profile);
    }

    /**
     * What the ranking pass reads of every profile, one array per figure and one slot per profile
     * (in the order of the list they were made from): a new question reads a few thousand
     * candidates, and reads them from arrays instead of through records scattered over the heap.
     * Made once per snapshot by {@link CandidateModel}.
     */
    static final class Columns {
        final List<Profile> profiles;
        final double[] logIops;
        final double[] specialIops;
        final double[] safety;
        final double[] ratedTb;
        final double[] capacityGib;
        final int[] capacityGb;
        final boolean[] safeFlush;
        final boolean[] vendorSaysNo;
        /*
         * A shown candidate's parts that no question changes, made when it is first shown and the same
         * instances in every later answer from this snapshot, so that their JSON is written once
         * (common.Kept). Filled without locks: a racing answer makes an equal part, and either is right.
         */
        private final DriveRef[] refs;
        private final FlushView[] flushViews;
        private final String[] logFlushInputs;
        private final String[] specialFlushInputs;
        private final String[] logFlushReasons;
        private final String[] ratings;
        private final OfferWords[] offerWords;
        /** The texts this snapshot's answers repeat (see {@link Kept.Store}). */
        final Kept.Store kept = new Kept.Store();
        /** Each candidate's place in the order of slugs; made when first ranked. */
        private volatile int[] slugRanks;

        Columns(List<Profile> profiles) {
            this.profiles = profiles;
            int n = profiles.size();
            refs = new DriveRef[n];
            flushViews = new FlushView[n];
            logFlushInputs = new String[n];
            specialFlushInputs = new String[n];
            logFlushReasons = new String[n];
            ratings = new String[n];
            offerWords = new OfferWords[n];
            logIops = new double[n];
            specialIops = new double[n];
            safety = new double[n];
            ratedTb = new double[n];
            capacityGib = new double[n];
            capacityGb = new int[n];
            safeFlush = new boolean[n];
            vendorSaysNo = new boolean[n];
            for (int i = 0; i < n; i++) {
                Profile p = profiles.get(i);
                logIops[i] = p.logIops();
                specialIops[i] = p.specialIops();
                safety[i] = p.plp().safety();
                ratedTb[i] = p.ratedTb();
                capacityGb[i] = p.candidate().capacityGb();
                capacityGib[i] = SpecialSizing.capacityGib(capacityGb[i]);
                safeFlush[i] = p.plp().safeFlush();
                vendorSaysNo[i] = p.plp().vendorSaysNo();
            }
        }

        int[] slugRanks() {
            int[] ranks = slugRanks;
            if (ranks == null) {
                ranks = ranks(profiles.size(), (a, b) -> profiles.get(a).candidate().slug().compareTo(profiles.get(b).candidate().slug()));
                slugRanks = ranks;
            }
            return ranks;
        }

        DriveRef ref(int i) {
            DriveRef ref = refs[i];
            if (ref == null) {
                Candidate c = profiles.get(i).candidate();
                ref = new DriveRef(c.slug(), c.vendor(), c.model(), c.capacityGb(), c.iface(), c.formFactor(), c.media());
                refs[i] = ref;
            }
            return ref;
        }

        FlushView flushView(int i) {
            FlushView view = flushViews[i];
            if (view == null) {
                RankingModel.Flush flush = profiles.get(i).flush();
                view = new FlushView(round(flush.latencyUs(), 2), flush.evidence(), flush.basis());
                flushViews[i] = view;
            }
            return view;
        }

        /** The flush component's input: the drive's flush and the role's calibration decide it. */
        String flushInput(int i, boolean slog, java.util.function.Supplier<String> text) {
            return kept(slog ? logFlushInputs : specialFlushInputs, i, text);
        }

        /** The reason a separate log's flush gives. */
        String logFlushReason(int i, java.util.function.Supplier<String> text) {
            return kept(logFlushReasons, i, text);
        }

        /** The endurance rating a candidate's basis starts from (see {@link RankingModel#rating}); null when it has none. */
        String rating(int i) {
            if (Double.isNaN(ratedTb[i])) {
                return null;
            }
            String rating = ratings[i];
            if (rating == null) {
                rating = RankingModel.rating(profiles.get(i).candidate());
                ratings[i] = rating;
            }
            return rating;
        }

        /** How a candidate's offer is written: kept for the offer last shown, which the next answer from the same filters shows again. */
        OfferWords offerWords(int i, Offer offer) {
            OfferWords words = offerWords[i];
            if (words == null || words.offer() != offer) {
                words = OfferWords.of(offer);
                offerWords[i] = words;
            }
            return words;
        }

        private String kept(String[] memo, int i, java.util.function.Supplier<String> make) {
            String text = memo[i];
            if (text == null) {
                text = kept.keep(make.get());
                memo[i] = text;
            }
            return text;
        }
    }

    /** An offer with a price as an explanation writes it: its price (with band and shipping) and whom it is from. */
    record OfferWords(Offer offer, String price, String from) {
        static OfferWords of(Offer offer) {
            String from = (offer.seller() != null ? offer.seller() : offer.marketplace())
                    + (offer.sellerType() == SellerType.MARKETPLACE ? " (sold by the marketplace itself)"
                    : offer.sellerType() == SellerType.THIRD_PARTY ? " (a third-party seller)" : "")
                    + (offer.condition() != null ? ", " + offer.condition().words() : "");
            String price = money(offer.price(), offer.currency()) + (offer.priceHigh() != null
                    ? " (the lower end of the stated band up to " + money(offer.priceHigh(), offer.currency()) + ")" : "")
                    + (offer.shipping() != null && offer.shipping().signum() > 0
                    ? " plus " + money(offer.shipping(), offer.currency()) + " shipping" : "");
            return new OfferWords(offer, price, from);
        }
    }

    /** Ranks drives as loaded (tests and one-off callers); the service ranks profiles kept by {@link CandidateModel}. */
    public Recommendation rankCandidates(RecommendQuery q, List<Candidate> candidates, Instant now) {
        return rank(q, candidates.stream().map(this::profile).toList(), now);
    }

    /** Ranks profiles, choosing each one's offers afresh. */
    public Recommendation rank(RecommendQuery q, List<Profile> profiles, Instant now) {
        OfferSelection.Filter filter = OfferSelection.Filter.of(q);
        return rank(q, new Columns(profiles), java.util.stream.IntStream.range(0, profiles.size()).toArray(),
                (index, p) -> OfferSelection.choose(p.candidate().offers(), filter), now);
    }

    /** Counts exclusions by reason, and keeps the first few with their details (the rest are counted only). */
    private static final class Exclusions {
        final List<Excluded> listed = new ArrayList<>();
        final Map<String, Integer> byReason = new LinkedHashMap<>();
        int total;

        void add(String slug, String reason, java.util.function.Supplier<String> detail) {
            total++;
            byReason.merge(reason, 1, Integer::sum);
            if (listed.size() < LISTED_EXCLUSIONS) {
                listed.add(new Excluded(slug, reason, detail.get()));
            }
        }
    }

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
    static final class Field {
        final int[] indexes;
        final OfferSelection.Choice[] choices;
        final int count;
        final int excludedTotal;
        final Map<String, Integer> excludedByReason;
        final List<Excluded> excludedListed;
        final BigDecimal cheapest;
        final double cheapestValue;
        final double[] flush;
        final double[] price;
        final double[] room;
        /** Each candidate's place in the order of costs (see {@link #compareCosts}). */
        final int[] costRanks;
        /**
         * By the role's weights and whether the question tiers drives (see {@link Standing}). Keyed by
         * the Weights instance: {@link Weights#of} makes one per role's weights.
         */
        private final Map<StandingKey, Standing> standings = new java.util.concurrent.ConcurrentHashMap<>(4);

        private Field(Passed passed, Exclusions excluded, Columns columns, boolean slog, double ceilingIops,
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
            costRanks = ranks(count, (a, b) -> compareCosts(choices[a], choices[b]));
            for (int k = 0; k < count; k++) {
                int i = indexes[k];
                flush[k] = flushValue(columns, i, slog, ceilingIops);
                price[k] = priceValue(choices[k], cheapest, cheapestValue);
                room[k] = RankingModel.roomValue(need, columns.capacityGb[i]);
            }
        }
    }

    /** What a question's field depends on, and nothing else (see {@link Field}): the candidate model keeps fields by it. */
    record FieldKey(OfferSelection.Filter offers, List<InterfaceFilter> interfaces, List<Interface> buses, boolean plpRequired,
                    boolean slog, double needGib) {

        static FieldKey of(RecommendQuery q) {
            return new FieldKey(OfferSelection.Filter.of(q), q.interfaces(), q.buses(), q.plp() == PlpRequirement.REQUIRED, q.isSlog(),
                    need(q).map(SpecialSizing.Need::requiredGib).orElse(Double.NaN));
        }
    }

    /** What a special vdev must hold for this question; empty for a log, or when the question gives no data size. */
    static Optional<SpecialSizing.Need> need(RecommendQuery q) {
        return q.isSlog() ? Optional.empty()
                : SpecialSizing.need(q.dataGib(), q.recordsizeKib(), q.fileCount(),
                q.smallBlockDataGib() == null ? null : q.smallBlockDataGib().doubleValue());
    }

    /** The field of the profiles at {@code indexes} of {@code columns} (in that order), with their offers as {@code offers} chooses them. */
    Field field(RecommendQuery q, Columns columns, int[] indexes, Offers offers) {
        Optional<SpecialSizing.Need> need = need(q);
        Exclusions excluded = new Exclusions();
        Passed passed = pass(q, columns, indexes, offers, need, excluded);
        return new Field(passed, excluded, columns, q.isSlog(), flushModel(q).ceilingIops(), need);
    }

    /** Ranks the profiles at {@code indexes} of {@code columns}, choosing their offers with {@code offers}: the field made afresh. */
    Recommendation rank(RecommendQuery q, Columns columns, int[] indexes, Offers offers, Instant now) {
        return rank(q, columns, field(q, columns, indexes, offers), now);
    }

    /**
     * Ranks a question's field. Each pass over the candidates is a method of its own: a new
     * question runs them over thousands of candidates, and the JIT compiler makes small methods
     * fast in milliseconds where one method holding every pass and the explanations took it
     * seconds of a core, compiled again for each loop (measured in src/docs/benchmarks.md).
     */
    Recommendation rank(RecommendQuery q, Columns columns, Field field, Instant now) {
        Optional<SpecialSizing.Need> need = need(q);
        int units = q.units();
        Weights weights = Weights.of(q);
        Inputs inputs = new Inputs(q, columns, field, need, RankingModel.load(q.enduranceWriteMBps()));
        Standing standing = field.standings.computeIfAbsent(new StandingKey(weights, q.plp() != PlpRequirement.ANY),
                key -> standing(q, inputs, weights));
        long[] scores = new long[field.count];
        List<Scored> kept = new ArrayList<>();
        for (int k : top(inputs, weights, standing, scores, q.limit() + 1)) {
            kept.add(score(weights, k, scores[k] / 10.0, standing.tiers[k], units, inputs));
        }
        List<Scored> shown = kept.subList(0, Math.min(q.limit(), kept.size()));
        List<Result> results = new ArrayList<>();
        for (int i = 0; i < shown.size(); i++) {
            Scored s = shown.get(i);
            Scored next = i + 1 < kept.size() ? kept.get(i + 1) : null;
            results.add(result(inputs, i + 1, s, next, units, now));
        }
        return new Recommendation(q, model(q), notes(q, need, field.excludedByReason), priceAges(q, shown),
                results, new FilteredOut(field.excludedTotal, field.excludedByReason, field.excludedListed));
    }

    /** A role's components in the order {@link RankingModel#weights} gives them, their weights, and the keys the arithmetic switches on. */
    private record Weights(String[] names, Part[] parts, int[] values) {
        private static final Map<List<Map.Entry<String, Integer>>, Weights> BY_ROLE = new java.util.concurrent.ConcurrentHashMap<>();

        static Weights of(RecommendQuery q) {
            // keyed by the entries in order: the role's weights decide the order of the components in the answer
            Map<String, Integer> weights = RankingModel.weights(q);
            return BY_ROLE.computeIfAbsent(List.copyOf(weights.entrySet()), e -> new Weights(weights.keySet().toArray(String[]::new),
                    weights.keySet().stream().map(Part::of).toArray(Part[]::new),
                    weights.values().stream().mapToInt(Integer::intValue).toArray()));
        }

        /** Where the part is among the components, or -1 when the role does not weigh it. */
        int indexOf(Part part) {
            for (int j = 0; j < parts.length; j++) {
                if (parts[j] == part) {
                    return j;
                }
            }
            return -1;
        }
    }

    /** The candidates that pass the filters, as indexes into the columns, with their offers; the first {@code count} slots are used. */
    private record Passed(int[] indexes, OfferSelection.Choice[] choices, int count) {
    }

    /** Filters the candidates at {@code indexes}: PLP as required, room for a log or the special vdev's need, offers the query allows. */
    private static Passed pass(RecommendQuery q, Columns columns, int[] indexes, Offers offers, Optional<SpecialSizing.Need> need,
                               Exclusions excluded) {
        boolean slog = q.isSlog();
        boolean plpRequired = q.plp() == PlpRequirement.REQUIRED;
        double needGib = need.map(SpecialSizing.Need::requiredGib).orElse(Double.NaN);
        int[] passed = new int[indexes.length];
        OfferSelection.Choice[] choices = new OfferSelection.Choice[indexes.length];
        int count = 0;
        for (int i : indexes) {
            if (plpRequired && !columns.safeFlush[i]) {
                Profile p = columns.profiles.get(i);
                excluded.add(p.candidate().slug(), "noPlp", () -> p.plp().summary() + " (plp=required)");
                continue;
            }
            if (slog && columns.capacityGb[i] < RankingModel.LOG_NEEDS_GB) {
                Candidate c = columns.profiles.get(i).candidate();
                excluded.add(c.slug(), "tooSmall", () -> c.capacityGb() + " GB is below the about 4 GB a log uses");
                continue;
            }
            double capacityGib = columns.capacityGib[i];
            if (capacityGib < needGib) {
                excluded.add(columns.profiles.get(i).candidate().slug(), "tooSmall", () -> Decimals.fixed(capacityGib, 0)
                        + " GiB per drive is " + Decimals.fixed(needGib - capacityGib, 0) + " GiB short of the "
                        + Decimals.fixed(needGib, 0) + " GiB the special vdev needs");
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

    /** In the order of {@link #compareCosts}. */
    private static Cheapest cheapest(OfferSelection.Choice[] choices, int count) {
        OfferSelection.Choice cheapest = null;
        for (int k = 0; k < count; k++) {
            if (choices[k].cost() != null && (cheapest == null || compareCosts(choices[k], cheapest) < 0)) {
                cheapest = choices[k];
            }
        }
        return cheapest == null ? new Cheapest(null, 0) : new Cheapest(cheapest.cost(), cheapest.costValue());
    }

    /** What a field's {@link Standing} depends on: the role's weights, and whether the question tiers drives (any plp but plp=any). */
    private record StandingKey(Weights weights, boolean tiered) {
    }

    /**
     * What a field's candidates bring to a question before its write rate is known, kept with the
     * field per role's weights and tier rule: each one's points from every component but endurance
     * (only endurance depends on the write rate), its tier, the most points it could reach (with
     * endurance's full weight, or what an unknown endurance scores), and the candidates in the order
     * of tier and then of those most points. A new question scores them in that order and stops
     * where no candidate left can enter the top (see {@link #top}).
     *
     * <p>Points are counted in tenths, as longs: each component's points are rounded to 0.1, so a
     * score is their sum in tenths exactly, and is the same double as the sum of the rounded
     * components rounded to 0.1 again (a sum of five tenths lies within 1e-12 of a tenth, far from
     * the half-tenths where that rounding could go either way).
     */
    private record Standing(long[] settled, int[] tiers, long[] best, int[] order) {
    }

    private static Standing standing(RecommendQuery q, Inputs inputs, Weights weights) {
        int count = inputs.field.count;
        Part[] parts = weights.parts;
        int endurance = weights.indexOf(Part.ENDURANCE);
        long[] settled = new long[count];
        long[] best = new long[count];
        int[] tiers = new int[count];
        for (int k = 0; k < count; k++) {
            int i = inputs.field.indexes[k];
            long sum = 0;
            for (int j = 0; j < parts.length; j++) {
                if (parts[j] != Part.ENDURANCE) {
                    sum += tenths(weights.values[j], inputs.value(parts[j], k));
                }
            }
            settled[k] = sum;
            // points are monotone in the value, and an endurance value is at most 1 (UNKNOWN when the rating is)
            best[k] = endurance < 0 ? sum : sum + tenths(weights.values[endurance],
                    Double.isNaN(inputs.columns.ratedTb[i]) ? RankingModel.UNKNOWN : 1);
            tiers[k] = tier(q, inputs.columns.safeFlush[i], inputs.columns.vendorSaysNo[i]);
        }
        Integer[] order = new Integer[count];
        for (int k = 0; k < count; k++) {
            order[k] = k;
        }
        java.util.Arrays.sort(order, (a, b) -> {
            int c = Integer.compare(tiers[a], tiers[b]);
            return c != 0 ? c : Long.compare(best[b], best[a]);
        });
        return new Standing(settled, tiers, best, java.util.Arrays.stream(order).mapToInt(Integer::intValue).toArray());
    }

    /** {@link #points} in tenths. */
    private static long tenths(int weight, double value) {
        return Math.round(points(weight, value) * 10);
    }

    /**
     * Rank order over the candidates that passed (by their place in the pass): tier (safe flushes
     * first, then the vendor's No), then points, then the cheaper, then by slug. A total order. The
     * cost and the slug are compared by their places in the field's order of costs and the
     * snapshot's order of slugs: candidates level on points are common (points are tenths), and
     * comparing their decimals and slugs was a tenth of a never-asked question's time.
     */
    private record RankOrder(int[] passed, int[] slugRanks, int[] costRanks, long[] scores, int[] tiers)
            implements java.util.function.IntBinaryOperator {
        @Override
        public int applyAsInt(int a, int b) {
            int c = Integer.compare(tiers[a], tiers[b]);
            if (c == 0) {
                c = Long.compare(scores[b], scores[a]);
            }
            if (c == 0) {
                c = Integer.compare(costRanks[a], costRanks[b]);
            }
            return c != 0 ? c : Integer.compare(slugRanks[passed[a]], slugRanks[passed[b]]);
        }
    }

    /** The cheaper first, no cost last: as doubles (a decimal's double is correctly rounded), as decimals where those tie. */
    private static int compareCosts(OfferSelection.Choice a, OfferSelection.Choice b) {
        BigDecimal x = a.cost();
        BigDecimal y = b.cost();
        if (x == null || y == null) {
            return x == null ? (y == null ? 0 : 1) : -1;
        }
        int c = Double.compare(a.costValue(), b.costValue());
        return c != 0 ? c : x.compareTo(y);
    }

    /** Each item's place in the order {@code compare} gives them; equal items share a place. */
    private static int[] ranks(int count, java.util.Comparator<Integer> compare) {
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
     * scored in the standing's order (tier, then the most points they could reach), so once the heap
     * is full and the next one's tier is worse than the worst kept, or its most points are fewer
     * than the worst kept's score, no candidate left can enter it: the rest are never scored. A
     * candidate whose most points equal that score is still scored, since it may tie and be cheaper.
     */
    private static List<Integer> top(Inputs inputs, Weights weights, Standing standing, long[] scores, int n) {
        int count = inputs.field.count;
        int endurance = weights.indexOf(Part.ENDURANCE);
        int weight = endurance < 0 ? 0 : weights.values[endurance];
        int[] tiers = standing.tiers;
        RankOrder order = new RankOrder(inputs.field.indexes, inputs.columns.slugRanks(), inputs.field.costRanks, scores, tiers);
        int[] heap = new int[n];
        int size = 0;
        for (int j = 0; j < count; j++) {
            int k = standing.order[j];
            if (size == n && n > 0 && (tiers[k] > tiers[heap[0]] || tiers[k] == tiers[heap[0]] && standing.best[k] < scores[heap[0]])) {
                break;
            }
            scores[k] = endurance < 0 ? standing.settled[k] : standing.settled[k] + tenths(weight, inputs.value(Part.ENDURANCE, k));
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

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    /** What a component's value depends on besides the candidate: the question and the field it is ranked in. */
    private static final class Inputs {
        final RecommendQuery q;
        final Columns columns;
        final Field field;
        final Optional<SpecialSizing.Need> need;
        final RankingModel.Load load;
        /** The cheapest cost as written, in the currency last asked for: every shown drive's explanation names it. */
        private String cheapestCurrency;
        private String cheapestWritten;

        Inputs(RecommendQuery q, Columns columns, Field field, Optional<SpecialSizing.Need> need, RankingModel.Load load) {
            this.q = q;
            this.columns = columns;
            this.field = field;
            this.need = need;
            this.load = load;
        }

        String cheapest(String currency) {
            if (!currency.equals(cheapestCurrency)) {
                cheapestWritten = money(field.cheapest, currency);
                cheapestCurrency = currency;
            }
            return cheapestWritten;
        }

        /** One component's value, 0 to 1, of the candidate at place {@code k} of the field: the same for the ranking pass and the explanation. */
        double value(Part part, int k) {
            return switch (part) {
                case FLUSH -> field.flush[k];
                case PLP -> columns.safety[field.indexes[k]];
                case ENDURANCE -> RankingModel.enduranceValue(columns.ratedTb[field.indexes[k]] / load.tbPerYear());
                case PRICE -> field.price[k];
                case ROOM -> field.room[k];
            };
        }
    }

    /** The flush component's value: the sync IOPS predicted for the role's calibration, against its zero-latency ceiling. */
    private static double flushValue(Columns columns, int i, boolean slog, double ceilingIops) {
        return (slog ? columns.logIops[i] : columns.specialIops[i]) / ceilingIops;
    }

    /** The price component's value: the cheapest cost that passed over this one's (0 without a price). */
    private static double priceValue(OfferSelection.Choice choice, BigDecimal cheapest, double cheapestValue) {
        // the doubles differ where the decimals do; where the doubles tie, the decimals decide
        return choice.cost() == null || cheapest == null ? 0
                : choice.costValue() == cheapestValue && choice.cost().compareTo(cheapest) == 0 ? 1
                : cheapestValue / choice.costValue();
    }

    /** The score components by the names {@link RankingModel#weights} gives them (a switch on these runs per candidate). */
    private enum Part {
        FLUSH, PLP, ENDURANCE, PRICE, ROOM;

        static Part of(String name) {
            return valueOf(name.toUpperCase(Locale.ROOT));
        }
    }

    /** weight × value rounded half up to 0.1, as the decimal value reads. */
    static double points(int weight, double value) {
        return round(weight * value, 1);
    }

    /** The candidate at {@code index} of the columns, kept for the answer with its offers and points, explained. */
    private Scored score(Weights weights, int k, double points, int tier, int units, Inputs inputs) {
        RecommendQuery q = inputs.q;
        int index = inputs.field.indexes[k];
        OfferSelection.Choice choice = inputs.field.choices[k];
        BigDecimal cheapest = inputs.field.cheapest;
        Optional<SpecialSizing.Need> need = inputs.need;
        Profile profile = inputs.columns.profiles.get(index);
        double capacityGib = inputs.columns.capacityGib[index];
        Candidate c = profile.candidate();
        RankingModel.Flush flush = profile.flush();
        FlushModel flushModel = flushModel(q);
        double iops = q.isSlog() ? profile.logIops() : profile.specialIops();
        RankingModel.Endurance endurance = RankingModel.endurance(c, inputs.load, inputs.columns.rating(index));
        BigDecimal cost = choice.cost();
        List<Draft> drafts = new ArrayList<>();
        for (int i = 0; i < weights.names.length; i++) {
            String name = weights.names[i];
            double value = inputs.value(weights.parts[i], k);
            boolean unknown = false;
            java.util.function.Supplier<String> input;
            switch (name) {
                case "flush" -> input = () -> inputs.columns.flushInput(index, q.isSlog(),
                        () -> RankingModel.plain(BigDecimal.valueOf(round(flush.latencyUs(), 2))) + " µs flush → "
                        + Decimals.grouped(iops) + " predicted sync IOPS on the buying guide's lab pool, of the "
                        + Decimals.grouped(flushModel.ceilingIops()) + " a zero-latency flush would give there (" + flush.basis() + ")");
                case "plp" -> {
                    unknown = profile.plp().unknown();
                    input = () -> inputs.columns.kept.keep(profile.plp().summary());
                }
                case "endurance" -> {
                    unknown = endurance.lifeYears() == null;
                    input = () -> endurance.lifeYears() == null ? endurance.basis()
                            : Decimals.fixed(endurance.lifeYears(), 1) + " years of " + Decimals.fixed(RankingModel.SERVICE_YEARS, 0)
                            + " (" + endurance.basis() + ")";
                }
                case "price" -> input = cost == null || cheapest == null ? () -> "no price to compare"
                        : () -> (units == 1 ? "" : "set of " + units + ": ") + money(cost, choice.best().currency())
                        + " against the cheapest " + inputs.cheapest(choice.best().currency());
                case "room" -> {
                    unknown = need.isEmpty();
                    input = () -> need.map(n -> Decimals.fixed(capacityGib, 0) + " GiB per drive for " + Decimals.fixed(n.requiredGib(), 1)
                            + " GiB needed").orElse("no data size given: room not judged");
                }
                default -> throw new IllegalStateException(name);
            }
            drafts.add(new Draft(name, weights.values[i], value, points(weights.values[i], value), unknown, input));
        }
        CapacityFit capacity = q.isSlog() ? null : new CapacityFit(round(capacityGib, 1),
                need.map(n -> round(n.requiredGib(), 1)).orElse(null),
                need.map(n -> "fits: " + Decimals.fixed(100 * n.requiredGib() * SpecialSizing.FILL_LIMIT / capacityGib, 0)
                        + "% full with what it must hold").orElse("not judged: no data size given"));
        return new Scored(index, c, profile.plp(), choice, flush, Math.round(iops), endurance, drafts, points, capacity, tier);
    }

    /**
     * Ordering tiers before points: a drive whose vendor states no PLP (3D XPoint, safe by its media)
     * ranks below every drive with stated PLP, and under plp=preferred a drive without safe flushes
     * below both. Under plp=any, every drive is ranked on its points alone.
     */
    static int tier(RecommendQuery q, boolean safeFlush, boolean vendorSaysNo) {
        if (q.plp() == PlpRequirement.ANY) {
            return 0;
        }
        return !safeFlush ? 2 : vendorSaysNo ? 1 : 0;
    }

    private Result result(Inputs inputs, int rank, Scored s, Scored next, int units, Instant now) {
        RecommendQuery q = inputs.q;
        Columns columns = inputs.columns;
        BigDecimal cheapest = inputs.field.cheapest;
        int candidates = inputs.field.count;
        Candidate c = s.candidate();
        Offer offer = s.offers().best();
        FlushModel flushModel = flushModel(q);
        List<String> reasons = new ArrayList<>();
        java.util.function.Supplier<String> share = () -> Decimals.fixed(100.0 * s.predictedIops() / flushModel.ceilingIops(), 0) + "%";
        if (q.isSlog()) {
            reasons.add(columns.logFlushReason(s.index(), () -> "Predicted " + Decimals.grouped(s.predictedIops())
                    + " 4K sync IOPS on the buying guide's lab pool (RAIDZ2 of "
                    + "hard-drive-class disks) with this log, " + share.get() + " of what a zero-latency log would give there ("
                    + s.flush().basis() + ")."));
        } else if (q.zilOnSpecial()) {
            reasons.add("Takes the ZIL too (no SLOG, OpenZFS " + q.openzfsVersion() + "): about " + Decimals.grouped(s.predictedIops())
                    + " 4K sync IOPS predicted on the buying guide's lab pool with this special mirror, " + share.get()
                    + " of its zero-latency ceiling (" + s.flush().basis() + ").");
        }
        reasons.add(columns.kept.keep(s.plp().summary()));
        reasons.add(s.endurance().lifeYears() == null ? "Endurance unknown: no TBW or DWPD rating in the catalog."
                : "About " + Decimals.fixed(s.endurance().lifeYears(), 1) + " years of rated endurance at "
                + inputs.load.mbps() + " MB/s (" + s.endurance().basis() + ").");
        if (offer != null && offer.price() != null) {
            OfferWords words = columns.offerWords(s.index(), offer);
            String from = words.from();
            String price = words.price();
            String versus = s.cost().compareTo(cheapest) == 0 ? (units == 1 ? ": the cheapest of " : ", the cheapest set of ")
                    + candidates + " candidates"
                    : (units == 1 ? ": " : ", ") + Decimals.fixed(s.cost().divide(cheapest, MathContext.DECIMAL64).doubleValue(), 1)
                    + (units == 1 ? "× the cheapest candidate (" : "× the cheapest set (") + inputs.cheapest(offer.currency()) + ")";
            String set = s.offers().setCost() != null ? money(s.offers().setCost(), offer.currency()) + " = " + s.offers().setCostBasis()
                    : "about " + money(s.cost(), offer.currency()) + " (estimated)";
            if (units == 1) {
                reasons.add(price + " from " + from + versus + ".");
            } else if (q.isSlog()) {
                reasons.add("A mirrored log of 2: " + set + versus + ", from " + from + ".");
            } else {
                reasons.add("A " + q.layout().token() + " pool needs a " + units + "-way special mirror: " + set + versus + ", from "
                        + from + ".");
            }
        }
        if (next != null) {
            reasons.add(comparison(s, next));
        }
        if (s.tier() == 1) {
            reasons.add("Ranked below every drive with stated PLP: its vendor states none, and it passes plp=" + q.plp().token()
                    + " only as 3D XPoint.");
        } else if (s.tier() == 2) {
            reasons.add("Ranked below every drive with safe flushes because plp=preferred.");
        }
        List<String> warnings = new ArrayList<>();
        s.plp().warnings().forEach(w -> warnings.add(columns.kept.keep(w)));
        s.offers().warnings().forEach(w -> warnings.add(columns.kept.keep(w)));
        if (OfferSelection.newOldStock(offer)) {
            warnings.add("New old stock" + (offer.sellerType() == SellerType.THIRD_PARTY ? " from a third-party seller" : "")
                    + ": check the serial number with the vendor's warranty lookup when it arrives.");
        }
        if (offer != null && offer.businessOnly()) {
            warnings.add("Offered only to business accounts.");
        }
        if (q.isSlog() && (c.openzfsKnownGoodSlog() == null || !"YES".equals(c.openzfsKnownGoodSlog().token()))) {
            warnings.add("Not on the OpenZFS hardware page's known-good SLOG list.");
        }
        warnings.addAll(fitWarnings(q, c));
        if (!q.isSlog()) {
            warnings.add("Losing the special vdev loses the pool: it holds the pool's metadata, so its mirror must stay as redundant "
                    + "as the data vdevs.");
            if (q.layout().isRaidz()) {
                warnings.add("A special vdev on a RAIDZ pool can never be removed: zpool remove refuses top-level vdevs on RAIDZ pools.");
            }
            warnings.add("Small blocks spill silently to the data vdevs once the special vdev is 75% full: plan to grow it before then.");
            if (Boolean.TRUE.equals(c.discontinued())) {
                warnings.add("Discontinued: no like-for-like replacement is made any more, and a special vdev is "
                        + (q.layout().isRaidz() ? "permanent on RAIDZ" : "hard to move off") + ": buy a spare with the set.");
            }
        }
        if (units > 1) {
            warnings.add("The " + units + " drives of a mirror see the same writes and wear out together: buy them from different "
                    + "batches or stagger their age, and watch their wear (smartctl's percentage used).");
        }
        if (s.endurance().lifeYears() == null) {
            warnings.add("Endurance unknown: no TBW or DWPD rating in the catalog, so it is scored as unknown, not as low.");
        }
        if (offer != null) {
            long age = Math.max(0, Duration.between(offer.observedAt(), now).toDays());
            if (age > q.maxPriceAgeDays()) {
                warnings.add("The price was observed " + age + " days ago (more than " + q.maxPriceAgeDays()
                        + "): enterprise SSD prices moved weekly in the 2026 flash shortage, so check it.");
            }
        }
        boolean flushMatters = q.isSlog() || q.zilOnSpecial();
        boolean set = units > 1;
        return new Result(rank, columns.ref(s.index()), s.score(), s.components(), offer, set ? units : null,
                set ? s.offers().setCost() : null, set ? s.offers().setCostBasis() : null,
                flushMatters ? s.predictedIops() : null,
                columns.flushView(s.index()),
                s.endurance().lifeYears() == null ? null : round(s.endurance().lifeYears(), 1), s.endurance().basis(),
                s.capacity(), reasons, warnings);
    }

    /** What a buyer must check for the drive to fit at all: the slot it needs. */
    static List<String> fitWarnings(RecommendQuery q, Candidate c) {
        List<String> warnings = new ArrayList<>();
        boolean m2 = c.formFactor() == dev.drivecat.catalog.FormFactor.M2_2280 || c.formFactor() == dev.drivecat.catalog.FormFactor.M2_22110;
        if (m2 && c.iface() == dev.drivecat.catalog.Interface.SATA) {
            warnings.add("An M.2 SATA drive: it needs an M.2 slot wired for SATA, and many M.2 slots are NVMe only.");
        }
        if (c.formFactor() == dev.drivecat.catalog.FormFactor.M2_22110) {
            warnings.add("M.2 22110 (110 mm long): it does not fit a 2280 slot; check that the board has a 22110 position.");
        }
        if (c.formFactor() == dev.drivecat.catalog.FormFactor.U3 && q.interfaces().contains(dev.drivecat.catalog.InterfaceFilter.U2)) {
            warnings.add("A U.3 drive, listed for interface=u2: U.3 drives work in U.2 NVMe bays, but U.2 drives do not work in "
                    + "U.3 (tri-mode) bays, so check which your backplane is.");
        }
        return warnings;
    }

    private static String comparison(Scored s, Scored next) {
        String slug = next.candidate().slug();
        if (s.tier() != next.tier()) {
            return next.tier() == 1 ? "Ranked above " + slug + ", whose vendor states no power-loss protection."
                    : "Ranked above " + slug + ", which has no safe flush (plp=preferred).";
        }
        // both were scored on the same weights: their drafts name the same components in the same order
        int biggest = -1;
        double gap = 0;
        for (int j = 0; j < s.drafts().size(); j++) {
            double d = s.drafts().get(j).points() - next.drafts().get(j).points();
            if (biggest < 0 || d > gap) {
                biggest = j;
                gap = d;
            }
        }
        double total = round(s.score() - next.score(), 1);
        if (total == 0) {
            return "Level with " + slug + " on points; ahead on " + (s.cost() != null ? "price" : "name") + ".";
        }
        Draft b = s.drafts().get(biggest);
        Draft theirs = next.drafts().get(biggest);
        String known = theirs.unknown() && !b.unknown() ? ", whose " + b.name() + " is unknown"
                : b.unknown() && !theirs.unknown() ? " (this drive's " + b.name() + " is unknown)" : "";
        return "Ranked above " + slug + " by " + Decimals.fixed(total, 1) + " points, mostly on " + b.name() + " ("
                + Decimals.fixed(b.points(), 1) + " against " + Decimals.fixed(theirs.points(), 1) + known + ").";
    }

    private ModelView model(RecommendQuery q) {
        boolean flushMatters = q.isSlog() || q.zilOnSpecial();
        FlushModel flushModel = flushModel(q);
        List<String> assumptions = new ArrayList<>();
        if (flushMatters) {
            assumptions.add("The pool is of hard-drive-class disks like the buying guide's lab (RAIDZ2, 200 IOPS per disk); predicted IOPS "
                    + "are relative to that pool, not yours.");
            assumptions.add(q.isSlog()
                    ? "The workload is small synchronous writes at queue depth 1; the log's flush latency is its 4K sync-write latency."
                    : "The workload is small synchronous writes at queue depth 1, with the ZIL on the special mirror: calibrated on "
                    + "the lab's 3-way special mirror without a log (2,198 IOPS), about twice the overhead of one log device.");
            assumptions.add("A drive's flush latency is the median of its published measurements; else the same model and capacity "
                    + "measured in another form factor; else its vendor's stated write latency (with safe flushes); else its device "
                    + "class: 3D XPoint 13.85 µs, NVMe NAND with PLP 15 µs, SATA/SAS NAND with PLP 39 µs, NAND without PLP 3.86 ms.");
        }
        assumptions.add("Endurance is judged at " + RankingModel.plain(BigDecimal.valueOf(q.enduranceWriteMBps()))
                + " MB/s of writes around the clock, over " + Decimals.fixed(RankingModel.SERVICE_YEARS, 0) + " years.");
        assumptions.add("A DWPD rating without TBW or warranty is taken to hold for " + Decimals.fixed(RankingModel.ASSUMED_RATING_YEARS, 0)
                + " years.");
        assumptions.add("Price: the cheapest candidate scores full marks; others score cheapest ÷ their price"
                + (q.units() == 1 ? "." : " (for the whole set)."));
        assumptions.add("An unknown input scores " + RankingModel.UNKNOWN + " of its weight and is said to be unknown.");
        return new ModelView(RankingModel.weights(q),
                flushMatters ? "predictedSyncIops = 1e6 / (overheadUs + flushLatencyUs)" : null,
                flushMatters ? round(flushModel.overheadUs(), 1) : null,
                flushMatters ? flushModel.calibration() : null,
                assumptions, "src/docs/ranking.md");
    }

    private static List<String> notes(RecommendQuery q, Optional<SpecialSizing.Need> need, Map<String, Integer> excludedByReason) {
        List<String> notes = new ArrayList<>();
        if (q.isSlog()) {
            notes.add("A SLOG only helps synchronous writes (NFS, iSCSI, databases, VM disks); check that your workload issues them.");
            notes.add("Capacity hardly matters for a log: about 4 GB are ever in use (never more than the maximum ARC), "
                    + "so a larger drive is spare area, not value.");
            if (Boolean.TRUE.equals(q.slogMirror())) {
                notes.add("slogMirror=true prices a mirrored log of two drives. The log is read back only after a crash, so a mirror "
                        + "protects only against a crash or power loss that coincides with the log device failing (then the last "
                        + "seconds of sync writes would be lost); it adds no speed.");
            }
        } else {
            notes.add(String.format(Locale.ROOT, "A %s pool needs a special mirror of %d drives: the special vdev must match the pool's redundancy.",
                    q.layout() == PoolLayout.MIRROR ? q.width() + "-way mirror" : q.layout().token(), q.setSize()));
            if (q.zilOnSpecial()) {
                notes.add("Without a separate log (hasSlog=false), OpenZFS " + q.openzfsVersion() + " puts the ZIL on the special vdev: "
                        + "PLP, flush latency and endurance weigh as for a SLOG.");
            } else if (!Boolean.TRUE.equals(q.hasSlog())) {
                notes.add("Before OpenZFS 2.4 (openzfsVersion=" + q.openzfsVersion() + ") a special vdev takes no ZIL: without a log "
                        + "the ZIL stays on the data vdevs, so the special mirror's flush does not count; it holds metadata and small "
                        + "blocks only.");
            } else {
                notes.add("With a separate log (hasSlog=true) the special vdev holds metadata and small blocks only: "
                        + "price and room weigh more, PLP and endurance less.");
            }
            if (q.dataTib() == null && q.diskTb() != null && q.width() != null) {
                notes.add(String.format(Locale.ROOT, "The pool's usable size: %d data vdev%s × %s × %s TB = %s TB of data.",
                        q.dataVdevs(), q.dataVdevs() == 1 ? "" : "s",
                        q.layout().isRaidz() ? "(" + q.width() + " − " + q.layout().parity() + ") disks" : "1 disk's worth per mirror",
                        RankingModel.plain(q.diskTb()), RankingModel.plain(q.diskTb().multiply(BigDecimal.valueOf(
                                (long) q.dataVdevs() * q.layout().dataDisks(q.width()))))));
            }
            notes.add(need.map(n -> String.format(Locale.ROOT, "The special vdev must hold about %.1f GiB: %s.", n.requiredGib(),
                            String.join("; ", n.basis())))
                    .orElse("Room unchecked: no data size given (dataTib, or width, diskTb and dataVdevs, fileCount, "
                            + "smallBlockDataGib), so drives are not checked for room."));
            if (q.smallBlocksKib() != null && q.smallBlocksKib() > 0 && q.smallBlockDataGib() == null) {
                notes.add("special_small_blocks is set but smallBlockDataGib is not: size the mirror for the small blocks you expect, not just the metadata.");
            }
        }
        if (q.plp() == PlpRequirement.PREFERRED) {
            notes.add("plp=preferred: drives without safe flushes rank below every drive with them.");
        }
        int otherCurrency = excludedByReason.getOrDefault("otherCurrency", 0);
        if (otherCurrency > 0) {
            notes.add(otherCurrency + " drive(s) had offers only in other currencies than " + q.currency() + " and were left out.");
        }
        return notes;
    }

    private static PriceAges priceAges(RecommendQuery q, List<Scored> shown) {
        List<Instant> times = shown.stream().map(s -> s.offers().best()).filter(Objects::nonNull).map(Offer::observedAt).toList();
        Instant oldest = times.stream().min(Comparator.naturalOrder()).orElse(null);
        Instant newest = times.stream().max(Comparator.naturalOrder()).orElse(null);
        Long oldestAge = shown.stream().map(s -> s.offers().best()).filter(Objects::nonNull).map(Offer::ageDays).max(Long::compare).orElse(null);
        Long newestAge = shown.stream().map(s -> s.offers().best()).filter(Objects::nonNull).map(Offer::ageDays).min(Long::compare).orElse(null);
        return new PriceAges(q.currency(), oldest, newest, oldestAge, newestAge, null, null);
    }

    static String money(BigDecimal amount, String currency) {
        return dev.drivecat.pricing.Money.format(amount.setScale(2, RoundingMode.HALF_UP), currency);
    }
}
