package dev.drivecat.ranking;

import static dev.drivecat.common.Decimals.round;
import dev.drivecat.common.Kept;
import dev.drivecat.pricing.Offer;
import dev.drivecat.ranking.Recommendation.DriveRef;
import dev.drivecat.ranking.Recommendation.FlushView;
import java.util.List;

/**
 * What the ranking pass reads of every profile, one array per figure and one slot per profile
 * (in the order of the list they were made from): a new question reads a few thousand
 * candidates, and reads them from arrays instead of through records scattered over the heap.
 * Made once per snapshot by {@link CandidateModel}.
 */
final class ProfileColumns {
    final List<Ranker.Profile> profiles;
    final double[] logIops;
    final double[] specialIops;
    /** The plp component's value (see {@link RankingModel#plpValue}). */
    final double[] plpValue;
    final double[] ratedTb;
    final double[] capacityGib;
    final int[] capacityGb;
    /** Flushes cheap and safe: what plp=required asks of a drive that takes the ZIL. */
    final boolean[] cheapFlush;
    /** Flushed data kept through a power cut: what plp=required asks of a special vdev without the ZIL. */
    final boolean[] keepsFlushedData;
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

    ProfileColumns(List<Ranker.Profile> profiles) {
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
        plpValue = new double[n];
        ratedTb = new double[n];
        capacityGib = new double[n];
        capacityGb = new int[n];
        cheapFlush = new boolean[n];
        keepsFlushedData = new boolean[n];
        for (int i = 0; i < n; i++) {
            Ranker.Profile p = profiles.get(i);
            logIops[i] = p.logIops();
            specialIops[i] = p.specialIops();
            plpValue[i] = RankingModel.plpValue(p.plp().protection());
            ratedTb[i] = p.ratedTb();
            capacityGb[i] = p.candidate().capacityGb();
            capacityGib[i] = SpecialSizing.capacityGib(capacityGb[i]);
            cheapFlush[i] = p.plp().cheapFlush();
            keepsFlushedData[i] = p.plp().keepsFlushedData();
        }
    }

    int[] slugRanks() {
        int[] ranks = slugRanks;
        if (ranks == null) {
            ranks = Ordering.ranks(profiles.size(), (a, b) -> profiles.get(a).candidate().slug().compareTo(profiles.get(b).candidate().slug()));
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
