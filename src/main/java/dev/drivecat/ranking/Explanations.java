package dev.drivecat.ranking;

import static dev.drivecat.common.Decimals.round;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.common.Decimals;
import dev.drivecat.pricing.Offer;
import dev.drivecat.pricing.SellerType;
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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** Every sentence of an answer: each shown drive's reasons and warnings, the model, the notes, the price ages. */
final class Explanations {

    private Explanations() {
    }

    static Result result(Scoring.Inputs inputs, int rank, Scoring.Scored s, Scoring.Scored next, int units, Instant now) {
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

    static String comparison(Scoring.Scored s, Scoring.Scored next) {
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
        Scoring.Draft b = s.drafts().get(biggest);
        Scoring.Draft theirs = next.drafts().get(biggest);
        String known = theirs.unknown() && !b.unknown() ? ", whose " + b.name() + " is unknown"
                : b.unknown() && !theirs.unknown() ? " (this drive's " + b.name() + " is unknown)" : "";
        return "Ranked above " + slug + " by " + Decimals.fixed(total, 1) + " points, mostly on " + b.name() + " ("
                + Decimals.fixed(b.points(), 1) + " against " + Decimals.fixed(theirs.points(), 1) + known + ").";
    }

    static ModelView model(RecommendQuery q) {
        boolean flushMatters = q.isSlog() || q.zilOnSpecial();
        FlushModel flushModel = Ranker.flushModel(q);
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

    static List<String> notes(RecommendQuery q, Optional<SpecialSizing.Need> need, Map<String, Integer> excludedByReason) {
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

    static PriceAges priceAges(RecommendQuery q, List<Scoring.Scored> shown) {
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
