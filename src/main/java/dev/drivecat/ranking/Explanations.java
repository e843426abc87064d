package dev.drivecat.ranking;

import static dev.drivecat.common.Decimals.round;
import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.catalog.PlpAssessment;
import dev.drivecat.common.Decimals;
import dev.drivecat.pools.VdevType;
import dev.drivecat.pricing.Money;
import dev.drivecat.pricing.Offer;
import dev.drivecat.pricing.SellerType;
import dev.drivecat.ranking.Recommendation.PriceAges;
import dev.drivecat.ranking.Recommendation.Result;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/** Every sentence of an answer: each shown drive's reasons and warnings, the model, the notes, the price ages. */
final class Explanations {

    private Explanations() {
    }

    static Result result(Scoring.Inputs inputs, int rank, Scoring.Scored s, Scoring.Scored next, int units, Instant now,
                         Recommendation.MixedSet mixed) {
        RecommendQuery q = inputs.q;
        ProfileColumns columns = inputs.columns;
        BigDecimal cheapest = inputs.field.cheapest;
        int candidates = inputs.field.count;
        Candidate c = s.candidate();
        Offer offer = s.offers().best();
        FlushModel flushModel = Ranker.flushModel(q);
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
                reasons.add(setWords(q) + ": " + set + versus + ", from " + from + ".");
            }
        }
        if (next != null) {
            reasons.add(comparison(s, next));
        }
        List<String> warnings = new ArrayList<>();
        s.plp().warnings().forEach(w -> warnings.add(columns.kept.keep(w)));
        plpWarnings(q, s.plp()).forEach(w -> warnings.add(columns.kept.keep(w)));
        warnings.addAll(throughputWarnings(q, c));
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
        vdevWarnings(q, c, warnings);
        int mirror = q.vdevSet().map(RecommendQuery.VdevSet::setSize).orElse(units);
        if (mirror > 1) {
            warnings.add("The " + mirror + " drives of a mirror see the same writes and wear out together: buy them from different "
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
        boolean set = units > 1;
        return new Result(rank, columns.ref(s.index()), s.score(), s.components(), offer, set ? units : null,
                set ? s.offers().setCost() : null, set ? s.offers().setCostBasis() : null,
                q.takesZil() ? s.predictedIops() : null,
                columns.flushView(s.index()), s.plp(),
                s.endurance().lifeYears() == null ? null : round(s.endurance().lifeYears(), 1), s.endurance().basis(),
                s.capacity(), reasons, warnings, mixed);
    }

    /**
     * The set of two models for {@code s}: half of it (rounded up) of its drive, the rest of {@code with},
     * the best-ranked drive of another model; null without one.
     */
    static Recommendation.MixedSet mixedSet(Scoring.Inputs inputs, Scoring.Scored s, int with, int units) {
        if (with < 0) {
            return null;
        }
        ProfileColumns columns = inputs.columns;
        int index = inputs.field.indexes[with];
        OfferSelection.Choice other = inputs.field.choices[with];
        int mine = (units + 1) / 2;
        int theirs = units - mine;
        BigDecimal a = s.offers().unitPrice();
        BigDecimal b = other.unitPrice();
        String currency = s.offers().best() == null ? inputs.q.currency() : s.offers().best().currency();
        BigDecimal cost = a == null || b == null ? null : a.multiply(BigDecimal.valueOf(mine)).add(b.multiply(BigDecimal.valueOf(theirs)));
        String slug = columns.profiles.get(index).candidate().slug();
        String basis = mine + " × " + (a == null ? "no price" : money(a, currency)) + " (" + s.candidate().slug() + ") + " + theirs + " × "
                + (b == null ? "no price" : money(b, currency)) + " (" + slug + ")";
        PlpAssessment otherPlp = columns.profiles.get(index).plp();
        PlpAssessment weaker = RankingModel.plpValue(otherPlp.protection()) < RankingModel.plpValue(s.plp().protection()) ? otherPlp
                : s.plp();
        return new Recommendation.MixedSet(columns.ref(index), mine, theirs, cost, basis,
                round(Math.min(columns.capacityGib[s.index()], columns.capacityGib[index]), 1), weaker.summary());
    }

    /**
     * What a drive's protection means for this role, besides the assessment's own warnings (which are
     * the same on the drive's page): where the ZIL lives, a flush that waits for the flash is slow,
     * not unsafe while the drive honours it; a disputed protection costs half the plp weight.
     */
    private static final String LAB_FLUSHES = "the buying guide's flush-honoring log reached "
            + Decimals.grouped(FlushModel.FLUSH_HONOURING_LOG.iops()) + " sync IOPS where a cheap-flush log reached "
            + Decimals.grouped(FlushModel.CHEAP_FLUSH_LOG.iops()) + ".";

    static List<String> plpWarnings(RecommendQuery q, PlpAssessment plp) {
        List<String> warnings = new ArrayList<>();
        if (q.takesZil() && !plp.cheapFlush()) {
            warnings.add((plp.flush() == PlpAssessment.Flush.UNKNOWN ? "Its flushes are taken to wait for the flash"
                    : "Its flushes wait for the flash") + ": as " + (q.isSlog() ? "a log" : "the special vdev that takes the ZIL")
                    + " it is slow, not unsafe while it honours them; " + LAB_FLUSHES);
        }
        if (plp.protection() == PlpAssessment.Protection.XPOINT_VENDOR_NO) {
            warnings.add("Its protection is disputed (its vendor states none; the OpenZFS hardware page says 3D XPoint needs none): it "
                    + "scores half the plp weight, and its rank follows its points.");
        }
        return warnings;
    }

    /** The kind of a pool with parity, as the warnings name it: RAIDZ or dRAID. */
    private static String parityName(VdevType layout) {
        return layout.isRaidz() ? "RAIDZ" : "dRAID";
    }

    /**
     * How the set is made up, as a reason says it: "A raidz2 pool needs a 3-way special mirror", with the
     * special vdevs and the cold spares bought besides.
     */
    static String setWords(RecommendQuery q) {
        RecommendQuery.VdevSet set = q.vdevSet().orElseThrow();
        String what = q.role() == Role.DEDUP ? "dedup" : "special";
        String words = "A " + set.layout().token() + " pool needs a " + set.setSize() + "-way " + what + " mirror";
        if (set.vdevs() > 1 || set.spares() > 0) {
            words += (set.vdevs() > 1 ? "; " + set.vdevs() + " " + what + " vdevs" : "") + (set.spares() > 0 ? (set.vdevs() > 1 ? " and "
                    : "; ") + set.spares() + " cold spare" + (set.spares() == 1 ? "" : "s") : "") + " make " + set.units() + " drives";
        }
        return words;
    }

    /** What a special or dedup vdev's buyer must know: the pool's life depends on it, and it may never come out again. */
    private static void vdevWarnings(RecommendQuery q, Candidate c, List<String> warnings) {
        RecommendQuery.VdevSet set = q.vdevSet().orElse(null);
        if (set == null) {
            return;
        }
        boolean dedup = q.role() == Role.DEDUP;
        String what = dedup ? "dedup vdev" : "special vdev";
        warnings.add(dedup ? "Losing the dedup vdev loses the pool, as losing any top-level vdev does: its mirror must stay as "
                + "redundant as the data vdevs." : "Losing the special vdev loses the pool: it holds the pool's metadata, so its mirror "
                + "must stay as redundant as the data vdevs.");
        if (set.layout().hasParity()) {
            warnings.add("A " + what + " on a " + parityName(set.layout()) + " pool can never be removed: zpool remove refuses top-level "
                    + "vdevs on " + parityName(set.layout()) + " pools.");
        }
        if (q.role() == Role.SPECIAL) {
            warnings.add("Small blocks stop going to the special vdev once it is 75% full and go to the data vdevs without a word "
                    + "(zfs_special_class_metadata_reserve_pct=25); metadata keeps going to it until it is full, then spills too: "
                    + "plan to grow it before then.");
        }
        if (Boolean.TRUE.equals(c.discontinued())) {
            warnings.add("Discontinued: no like-for-like replacement is made any more, and a " + what + " is "
                    + (set.layout().hasParity() ? "permanent on " + parityName(set.layout()) : "hard to move off")
                    + ": buy a spare with the set.");
        }
    }

    /** SATA carries about 550 MB/s in practice: 600 MB/s after 8b/10b encoding, less protocol overhead. */
    static final int SATA_MBPS = 550;

    /** Where the drive (its stated sequential write) or its interface is below the peak sync write rate the log must take. */
    static List<String> throughputWarnings(RecommendQuery q, Candidate c) {
        List<String> warnings = new ArrayList<>();
        if (q.peakSyncMBps() == null || !q.takesZil()) {
            return warnings;
        }
        double peak = q.peakSyncMBps().doubleValue();
        String peakWords = RankingModel.plain(q.peakSyncMBps()) + " MB/s peak sync write rate";
        if (c.seqWrite() == null || c.seqWrite().number() == null) {
            warnings.add("Its sequential write is not in the catalog: whether it takes the " + peakWords + " is unknown.");
        } else if (c.seqWrite().number().doubleValue() < peak) {
            warnings.add("Its stated sequential write, " + RankingModel.plain(c.seqWrite().number()) + " MB/s (\"" + c.seqWrite().wording()
                    + "\", " + c.seqWrite().source() + "), is below the " + peakWords + ": it would limit the sync writes.");
        }
        if (c.iface() == Interface.SATA && peak > SATA_MBPS) {
            warnings.add("SATA carries about " + SATA_MBPS + " MB/s in practice (600 MB/s after its 8b/10b encoding), below the "
                    + peakWords + ".");
        }
        return warnings;
    }

    /** What a buyer must check for the drive to fit at all: the slot it needs. */
    static List<String> fitWarnings(RecommendQuery q, Candidate c) {
        List<String> warnings = new ArrayList<>();
        boolean m2 = c.formFactor() == FormFactor.M2_2280 || c.formFactor() == FormFactor.M2_22110;
        if (m2 && c.iface() == Interface.SATA) {
            warnings.add("An M.2 SATA drive: it needs an M.2 slot wired for SATA, and many M.2 slots are NVMe only.");
        }
        if (c.formFactor() == FormFactor.M2_22110) {
            warnings.add("M.2 22110 (110 mm long): it does not fit a 2280 slot; check that the board has a 22110 position.");
        }
        if (c.formFactor() == FormFactor.U3 && q.interfaces().contains(InterfaceFilter.U2)) {
            warnings.add("A U.3 drive, listed for interface=u2: U.3 drives work in U.2 NVMe bays, but U.2 drives do not work in "
                    + "U.3 (tri-mode) bays, so check which your backplane is.");
        }
        return warnings;
    }

    static String comparison(Scoring.Scored s, Scoring.Scored next) {
        String slug = next.candidate().slug();
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
        Scoring.Draft b = s.drafts().get(biggest);
        Scoring.Draft theirs = next.drafts().get(biggest);
        String known = theirs.unknown() && !b.unknown() ? ", whose " + b.name().token() + " is unknown"
                : b.unknown() && !theirs.unknown() ? " (this drive's " + b.name().token() + " is unknown)" : "";
        return "Ranked above " + slug + " by " + Decimals.fixed(total, 1) + " points, mostly on " + b.name().token() + " ("
                + Decimals.fixed(b.points(), 1) + " against " + Decimals.fixed(theirs.points(), 1) + known + ").";
    }

    static PriceAges priceAges(RecommendQuery q, List<Scoring.Scored> shown) {
        List<Instant> times = shown.stream().map(s -> s.offers().best()).filter(Objects::nonNull).map(Offer::observedAt).toList();
        Instant oldest = times.stream().min(Comparator.naturalOrder()).orElse(null);
        Instant newest = times.stream().max(Comparator.naturalOrder()).orElse(null);
        Long oldestAge = shown.stream().map(s -> s.offers().best()).filter(Objects::nonNull).map(Offer::ageDays).max(Long::compare).orElse(null);
        Long newestAge = shown.stream().map(s -> s.offers().best()).filter(Objects::nonNull).map(Offer::ageDays).min(Long::compare).orElse(null);
        return new PriceAges(q.currency(), oldest, newest, oldestAge, newestAge, null, null);
    }

    static String money(BigDecimal amount, String currency) {
        return Money.format(amount.setScale(2, RoundingMode.HALF_UP), currency);
    }
}
