package dev.drivecat.ranking;

import dev.drivecat.catalog.PlpAssessment;
import dev.drivecat.ranking.Recommendation.FilteredOut;
import dev.drivecat.ranking.Recommendation.Result;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Ranks candidates for a role: {@link Field} filters them by the query, {@link Scoring} scores each
 * on the role's components, {@link Ordering} finds the top in rank order, and {@link Explanations}
 * explains every shown rank. A pure function of the query, the candidates and the current time.
 */
public final class Ranker {

    private static final FlushModel SEPARATE_LOG = FlushModel.separateLog();
    private static final FlushModel SPECIAL_MIRROR = FlushModel.specialMirror();

    /** Ranks past the shown ones searched for a second model of a mixed set. */
    static final int MIXED_SEARCH = 20;

    /** The place in the field of the best-ranked drive in {@code top} of another model than {@code s}'s; -1 for none. */
    private static int otherModel(ProfileColumns columns, Field field, List<Integer> top, Scoring.Scored s) {
        Candidate c = s.candidate();
        for (int k : top) {
            Candidate other = columns.profiles.get(field.indexes[k]).candidate();
            if (!(other.vendor().equalsIgnoreCase(c.vendor()) && other.model().equalsIgnoreCase(c.model()))) {
                return k;
            }
        }
        return -1;
    }

    /** The calibration that predicts this query's sync IOPS: a separate log, or the ZIL on the special mirror. */
    static FlushModel flushModel(RecommendQuery q) {
        return q.isSlog() ? SEPARATE_LOG : SPECIAL_MIRROR;
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
        PlpAssessment plp = PlpAssessment.of(c.plpFacts());
        RankingModel.Flush flush = RankingModel.flush(c, plp);
        return new Profile(c, plp, flush, SEPARATE_LOG.predictIops(flush.latencyUs()), SPECIAL_MIRROR.predictIops(flush.latencyUs()),
                RankingModel.ratedTb(c));
    }

    /** The offers a query allows for the profile at {@code index} of the columns ranked. */
    @FunctionalInterface
    interface Offers {
        OfferSelection.Choice choose(int index, Profile profile);
    }

    /** Ranks drives as loaded (tests and one-off callers); the service ranks profiles kept by {@link CandidateModel}. */
    public Recommendation rankCandidates(RecommendQuery q, List<Candidate> candidates, Instant now) {
        return rank(q, candidates.stream().map(this::profile).toList(), now);
    }

    /** Ranks profiles, choosing each one's offers afresh. */
    public Recommendation rank(RecommendQuery q, List<Profile> profiles, Instant now) {
        OfferSelection.Filter filter = OfferSelection.Filter.of(q);
        return rank(q, new ProfileColumns(profiles), java.util.stream.IntStream.range(0, profiles.size()).toArray(),
                (index, p) -> OfferSelection.choose(p.candidate().offers(), filter), now);
    }

    /** Ranks the profiles at {@code indexes} of {@code columns}, choosing their offers with {@code offers}: the field made afresh. */
    Recommendation rank(RecommendQuery q, ProfileColumns columns, int[] indexes, Offers offers, Instant now) {
        Field.Sizing sizing = Field.Sizing.of(q);
        return rank(q, columns, Field.of(q, columns, indexes, offers, sizing), sizing, now);
    }

    /**
     * Ranks a question's field. Each pass over the candidates is a method of its own: a new
     * question runs them over thousands of candidates, and the JIT compiler makes small methods
     * fast in milliseconds where one method holding every pass and the explanations took C2 3.7 to
     * 6.0 s of a core, compiled again for each loop (JFR, 2026-12-02).
     */
    Recommendation rank(RecommendQuery q, ProfileColumns columns, Field field, Field.Sizing sizing, Instant now) {
        Optional<SpecialSizing.Need> need = sizing.vdev();
        int units = q.units();
        Scoring.Weights weights = Scoring.Weights.of(q);
        Scoring.Inputs inputs = new Scoring.Inputs(q, columns, field, need, RankingModel.load(q.enduranceWriteMBps()));
        Scoring.Standing standing = field.standings.computeIfAbsent(weights, key -> Scoring.standing(inputs, weights));
        long[] scores = new long[field.count];
        boolean mixed = q.mixedModels() && units > 1;
        // a mixed set pairs each shown drive with the best-ranked drive of another model: a few more ranks are kept to find it
        List<Integer> top = Ordering.top(inputs, weights, standing, scores, q.limit() + (mixed ? MIXED_SEARCH : 1));
        List<Scoring.Scored> kept = new ArrayList<>();
        for (int k : top.subList(0, Math.min(top.size(), q.limit() + 1))) {
            kept.add(Scoring.score(weights, k, scores[k] / 10.0, units, inputs));
        }
        List<Scoring.Scored> shown = kept.subList(0, Math.min(q.limit(), kept.size()));
        List<Result> results = new ArrayList<>();
        for (int i = 0; i < shown.size(); i++) {
            Scoring.Scored s = shown.get(i);
            Scoring.Scored next = i + 1 < kept.size() ? kept.get(i + 1) : null;
            results.add(Explanations.result(inputs, i + 1, s, next, units, now,
                    mixed ? Explanations.mixedSet(inputs, s, otherModel(columns, field, top, s), units) : null));
        }
        return new Recommendation(q, Notes.model(q), Notes.notes(q, sizing, field, columns.kept), Explanations.priceAges(q, shown),
                results, new FilteredOut(field.excludedTotal, field.excludedByReason, field.excludedListed));
    }
}
