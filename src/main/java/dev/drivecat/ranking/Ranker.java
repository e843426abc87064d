package dev.drivecat.ranking;

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

    private final FlushModel flushModel;

    public Ranker(FlushModel flushModel) {
        this.flushModel = flushModel;
    }

    /** A candidate that passed the filters, with everything its score is made of. */
    private record Scored(Candidate candidate, PlpAssessment plp, OfferSelection.Choice offers, RankingModel.Flush flush,
                          long predictedIops, RankingModel.Endurance endurance, BigDecimal cost, List<Draft> drafts,
                          double score, CapacityFit capacity, int tier) {

        List<Component> components() {
            return drafts.stream().map(Draft::component).toList();
        }
    }

    /** A score component whose explanation is written only if the drive is shown. */
    private record Draft(String name, int weight, double value, double points, java.util.function.Supplier<String> input) {
        static Draft of(String name, int weight, double value, java.util.function.Supplier<String> input) {
            return new Draft(name, weight, value, round(weight * value, 1), input);
        }

        Component component() {
            return new Component(name, weight, round(value, 3), points(), input.get());
        }
    }

    public Recommendation rank(RecommendQuery q, List<Candidate> candidates, Instant now) {
        Optional<SpecialSizing.Need> need = q.isSlog() ? Optional.empty()
                : SpecialSizing.need(q.dataGib(), q.recordsizeKib(), q.fileCount(),
                q.smallBlockDataGib() == null ? null : q.smallBlockDataGib().doubleValue());
        int units = q.isSlog() ? 1 : q.setSize();
        List<Excluded> excluded = new ArrayList<>();
        List<Scored> kept = new ArrayList<>();
        List<PendingScore> pending = new ArrayList<>();
        for (Candidate c : candidates) {
            PlpAssessment plp = PlpAssessment.of(c);
            if (q.plp() == PlpRequirement.REQUIRED && !plp.safeFlush()) {
                excluded.add(new Excluded(c.slug(), "noPlp", plp.summary() + " (plp=required)"));
                continue;
            }
            double capacityGib = SpecialSizing.capacityGib(c.capacityGb());
            if (q.isSlog() && c.capacityGb() < RankingModel.LOG_NEEDS_GB) {
                excluded.add(new Excluded(c.slug(), "tooSmall", c.capacityGb() + " GB is below the about 4 GB a log uses"));
                continue;
            }
            if (need.isPresent() && capacityGib < need.get().requiredGib()) {
                excluded.add(new Excluded(c.slug(), "tooSmall", String.format(Locale.ROOT,
                        "%.0f GiB per drive is %.0f GiB short of the %.0f GiB the special vdev needs", capacityGib,
                        need.get().requiredGib() - capacityGib, need.get().requiredGib())));
                continue;
            }
            OfferSelection.Choice choice = OfferSelection.choose(c.offers(), q, units);
            if (choice.excluded()) {
                excluded.add(new Excluded(c.slug(), choice.excludedReason(), choice.excludedDetail()));
                continue;
            }
            pending.add(new PendingScore(c, plp, choice, capacityGib));
        }
        BigDecimal cheapest = null;
        for (PendingScore p : pending) {
            BigDecimal cost = p.choice().cost(units);
            if (cost != null && (cheapest == null || cost.compareTo(cheapest) < 0)) {
                cheapest = cost;
            }
        }
        Map<String, Integer> weights = RankingModel.weights(q);
        for (PendingScore p : pending) {
            kept.add(score(q, weights, p, units, cheapest, need));
        }
        kept.sort(RANK_ORDER);
        List<Scored> shown = kept.subList(0, Math.min(q.limit(), kept.size()));
        List<Result> results = new ArrayList<>();
        for (int i = 0; i < shown.size(); i++) {
            Scored s = shown.get(i);
            Scored next = i + 1 < kept.size() ? kept.get(i + 1) : null;
            results.add(result(q, i + 1, s, next, cheapest, pending.size(), units, now));
        }
        return new Recommendation(q, model(q), notes(q, need, excluded), priceAges(q, shown),
                results, filteredOut(excluded));
    }

    /** Safe flushes first (plp=preferred), then points, then the cheaper, then by slug: a total order. */
    private static final Comparator<Scored> RANK_ORDER = (a, b) -> {
        int c = Integer.compare(a.tier(), b.tier());
        if (c == 0) {
            c = Double.compare(b.score(), a.score());
        }
        if (c == 0) {
            c = a.cost() == null ? (b.cost() == null ? 0 : 1) : b.cost() == null ? -1 : a.cost().compareTo(b.cost());
        }
        return c != 0 ? c : a.candidate().slug().compareTo(b.candidate().slug());
    };

    private record PendingScore(Candidate candidate, PlpAssessment plp, OfferSelection.Choice choice, double capacityGib) {
    }

    private Scored score(RecommendQuery q, Map<String, Integer> weights, PendingScore p, int units, BigDecimal cheapest,
                         Optional<SpecialSizing.Need> need) {
        Candidate c = p.candidate();
        RankingModel.Flush flush = RankingModel.flush(c, p.plp());
        double iops = flushModel.predictIops(flush.latencyUs());
        RankingModel.Endurance endurance = RankingModel.endurance(c, q.enduranceWriteMBps());
        BigDecimal cost = p.choice().cost(units);
        List<Draft> drafts = new ArrayList<>();
        for (Map.Entry<String, Integer> w : weights.entrySet()) {
            double value;
            java.util.function.Supplier<String> input;
            switch (w.getKey()) {
                case "flush" -> {
                    value = iops / flushModel.ceilingIops();
                    input = () -> String.format(Locale.ROOT, "%.1f µs flush → %,.0f predicted sync IOPS of a %,.0f ceiling (%s)",
                            flush.latencyUs(), iops, flushModel.ceilingIops(), flush.basis());
                }
                case "plp" -> {
                    value = p.plp().safety();
                    input = () -> p.plp().summary();
                }
                case "endurance" -> {
                    value = RankingModel.enduranceValue(endurance);
                    input = () -> endurance.lifeYears() == null ? endurance.basis()
                            : String.format(Locale.ROOT, "%.1f years of %.0f (%s)", endurance.lifeYears(), RankingModel.SERVICE_YEARS,
                            endurance.basis());
                }
                case "price" -> {
                    if (cost == null || cheapest == null) {
                        value = 0;
                        input = () -> "no price to compare";
                    } else {
                        value = cheapest.divide(cost, MathContext.DECIMAL64).doubleValue();
                        input = () -> (q.isSlog() ? "" : "set of " + units + ": ") + money(cost, p.choice().best().currency())
                                + " against the cheapest " + money(cheapest, p.choice().best().currency());
                    }
                }
                case "room" -> {
                    value = RankingModel.roomValue(need, c.capacityGb());
                    input = () -> need.map(n -> String.format(Locale.ROOT, "%.0f GiB per drive for %.1f GiB needed", p.capacityGib(),
                            n.requiredGib())).orElse("no data size given: room not judged");
                }
                default -> throw new IllegalStateException(w.getKey());
            }
            drafts.add(Draft.of(w.getKey(), w.getValue(), value, input));
        }
        double score = round(drafts.stream().mapToDouble(Draft::points).sum(), 1);
        int tier = q.plp() == PlpRequirement.PREFERRED && !p.plp().safeFlush() ? 1 : 0;
        CapacityFit capacity = q.isSlog() ? null : new CapacityFit(round(p.capacityGib(), 1),
                need.map(n -> round(n.requiredGib(), 1)).orElse(null),
                need.map(n -> String.format(Locale.ROOT, "fits: %.0f%% full with what it must hold",
                        100 * n.requiredGib() * SpecialSizing.FILL_LIMIT / p.capacityGib())).orElse("not judged: no data size given"));
        return new Scored(c, p.plp(), p.choice(), flush, Math.round(iops), endurance, cost, drafts, score, capacity, tier);
    }

    private Result result(RecommendQuery q, int rank, Scored s, Scored next, BigDecimal cheapest, int candidates, int units,
                          Instant now) {
        Candidate c = s.candidate();
        Offer offer = s.offers().best();
        List<String> reasons = new ArrayList<>();
        if (q.isSlog()) {
            reasons.add(String.format(Locale.ROOT, "Predicted %,d 4K sync IOPS on a hard-drive pool with this log (%s).",
                    s.predictedIops(), s.flush().basis()));
        } else if (q.zilOnSpecial()) {
            reasons.add(String.format(Locale.ROOT, "Takes the ZIL too (no SLOG): about %,d 4K sync IOPS predicted with its flush (%s).",
                    s.predictedIops(), s.flush().basis()));
        }
        reasons.add(s.plp().summary());
        reasons.add(s.endurance().lifeYears() == null ? "No endurance rating in the catalog."
                : String.format(Locale.ROOT, "About %.1f years of rated endurance at %s MB/s (%s).", s.endurance().lifeYears(),
                RankingModel.plain(BigDecimal.valueOf(q.enduranceWriteMBps())), s.endurance().basis()));
        if (offer != null && offer.price() != null) {
            String from = (offer.seller() != null ? offer.seller() : offer.marketplace())
                    + (offer.sellerType() == SellerType.MARKETPLACE ? " (sold by the marketplace itself)"
                    : offer.sellerType() == SellerType.THIRD_PARTY ? " (a third-party seller)" : "")
                    + (offer.condition() != null ? ", " + offer.condition().token().toLowerCase(Locale.ROOT).replace('_', ' ') : "");
            String price = money(offer.price(), offer.currency()) + (offer.priceHigh() != null
                    ? " (the lower end of the stated band up to " + money(offer.priceHigh(), offer.currency()) + ")" : "")
                    + (offer.shipping() != null && offer.shipping().signum() > 0
                    ? " plus " + money(offer.shipping(), offer.currency()) + " shipping" : "");
            if (q.isSlog()) {
                reasons.add(price + " from " + from + (s.cost().compareTo(cheapest) == 0
                        ? ": the cheapest of " + candidates + " candidates."
                        : String.format(Locale.ROOT, ": %.1f× the cheapest candidate (%s).",
                        s.cost().divide(cheapest, MathContext.DECIMAL64).doubleValue(), money(cheapest, offer.currency()))));
            } else {
                reasons.add(String.format(Locale.ROOT, "A %s pool needs a %d-way special mirror: %s%s, from %s.",
                        q.layout().token(), units, s.offers().setCost() != null ? money(s.offers().setCost(), offer.currency()) + " = "
                                + s.offers().setCostBasis() : "about " + money(s.cost(), offer.currency()) + " (estimated)",
                        s.cost().compareTo(cheapest) == 0 ? ", the cheapest set of " + candidates + " candidates"
                                : String.format(Locale.ROOT, ", %.1f× the cheapest set", s.cost().divide(cheapest, MathContext.DECIMAL64)
                                .doubleValue()), from));
            }
        }
        if (next != null) {
            reasons.add(comparison(s, next));
        }
        if (s.tier() == 1) {
            reasons.add("Ranked below every drive with safe flushes because plp=preferred.");
        }
        List<String> warnings = new ArrayList<>(s.plp().warnings());
        warnings.addAll(s.offers().warnings());
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
        if (!q.isSlog() && q.layout().isRaidz()) {
            warnings.add("A special vdev on a RAIDZ pool can never be removed: zpool remove refuses top-level vdevs on RAIDZ pools.");
        }
        if (!q.isSlog()) {
            warnings.add("Small blocks spill silently to the data vdevs once the special vdev is 75% full: plan to grow it before then.");
        }
        if (s.endurance().lifeYears() == null) {
            warnings.add("No endurance rating (TBW or DWPD) in the catalog: its endurance is scored as unknown.");
        }
        if (offer != null) {
            long age = Math.max(0, Duration.between(offer.observedAt(), now).toDays());
            if (age > q.maxPriceAgeDays()) {
                warnings.add("The price was observed " + age + " days ago (more than " + q.maxPriceAgeDays()
                        + "): enterprise SSD prices moved weekly in the 2026 flash shortage, so check it.");
            }
        }
        DriveRef drive = new DriveRef(c.slug(), c.vendor(), c.model(), c.capacityGb(), c.iface(), c.formFactor(), c.media());
        boolean flushMatters = q.isSlog() || q.zilOnSpecial();
        return new Result(rank, drive, s.score(), s.components(), offer, q.isSlog() ? null : units,
                q.isSlog() ? null : s.offers().setCost(), q.isSlog() ? null : s.offers().setCostBasis(),
                flushMatters ? s.predictedIops() : null, new FlushView(s.flush().latencyUs(), s.flush().basis()),
                s.endurance().lifeYears() == null ? null : round(s.endurance().lifeYears(), 1), s.endurance().basis(),
                s.capacity(), reasons, warnings);
    }

    private static String comparison(Scored s, Scored next) {
        String slug = next.candidate().slug();
        if (s.tier() != next.tier()) {
            return "Ranked above " + slug + ", which has no safe flush (plp=preferred).";
        }
        Draft biggest = null;
        double gap = 0;
        for (Draft mine : s.drafts()) {
            Draft theirs = next.drafts().stream().filter(o -> o.name().equals(mine.name())).findFirst().orElseThrow();
            double d = mine.points() - theirs.points();
            if (biggest == null || d > gap) {
                biggest = mine;
                gap = d;
            }
        }
        double total = round(s.score() - next.score(), 1);
        if (total == 0) {
            return "Level with " + slug + " on points; ahead on " + (s.cost() != null ? "price" : "name") + ".";
        }
        Draft b = biggest;
        Draft theirs = next.drafts().stream().filter(o -> o.name().equals(b.name())).findFirst().orElseThrow();
        return String.format(Locale.ROOT, "Ranked above %s by %.1f points, mostly on %s (%.1f against %.1f).", slug, total,
                b.name(), b.points(), theirs.points());
    }

    private ModelView model(RecommendQuery q) {
        boolean flushMatters = q.isSlog() || q.zilOnSpecial();
        List<String> assumptions = new ArrayList<>();
        if (flushMatters) {
            assumptions.add("The pool is of hard-drive-class disks like the buying guide's lab (RAIDZ2, 200 IOPS per disk).");
            assumptions.add("The workload is small synchronous writes at queue depth 1; the log's flush latency is its 4K sync-write latency.");
            assumptions.add("A drive with safe flushes and no latency in the catalog is taken at the lab's cheap-flush 15 µs; NAND without PLP at the lab's 3.86 ms.");
        }
        assumptions.add(String.format(Locale.ROOT, "Endurance is judged at %s MB/s of writes around the clock, over %.0f years.",
                RankingModel.plain(BigDecimal.valueOf(q.enduranceWriteMBps())), RankingModel.SERVICE_YEARS));
        assumptions.add(String.format(Locale.ROOT, "A DWPD rating without TBW or warranty is taken to hold for %.0f years.",
                RankingModel.ASSUMED_RATING_YEARS));
        assumptions.add("Price: the cheapest candidate scores full marks; others score cheapest ÷ their price"
                + (q.isSlog() ? "." : " (for the whole set)."));
        assumptions.add("An unknown input scores " + RankingModel.UNKNOWN + " of its weight.");
        return new ModelView(RankingModel.weights(q),
                flushMatters ? "predictedSyncIops = 1e6 / (overheadUs + flushLatencyUs)" : null,
                flushMatters ? round(flushModel.overheadUs(), 1) : null,
                flushMatters ? FlushModel.LAB : null,
                assumptions, "src/docs/ranking.md");
    }

    private static List<String> notes(RecommendQuery q, Optional<SpecialSizing.Need> need, List<Excluded> excluded) {
        List<String> notes = new ArrayList<>();
        if (q.isSlog()) {
            notes.add("A SLOG only helps synchronous writes (NFS, iSCSI, databases, VM disks); check that your workload issues them.");
            notes.add("Capacity hardly matters for a log: about 4 GB are ever in use (never more than the maximum ARC), "
                    + "so a larger drive is spare area, not value.");
        } else {
            notes.add(String.format(Locale.ROOT, "A %s pool needs a special mirror of %d drives: the special vdev must match the pool's redundancy.",
                    q.layout() == PoolLayout.MIRROR ? q.width() + "-way mirror" : q.layout().token(), q.setSize()));
            if (q.zilOnSpecial()) {
                notes.add("Without a separate log (hasSlog=false), OpenZFS 2.4 puts the ZIL on the special vdev: "
                        + "PLP, flush latency and endurance weigh as for a SLOG.");
            } else {
                notes.add("With a separate log (hasSlog=true) the special vdev holds metadata and small blocks only: "
                        + "price and room weigh more, PLP and endurance less.");
            }
            notes.add(need.map(n -> String.format(Locale.ROOT, "The special vdev must hold about %.1f GiB: %s.", n.requiredGib(),
                            String.join("; ", n.basis())))
                    .orElse("No data size given (dataTib, or width and diskTb, fileCount, smallBlockDataGib): drives are not checked for room."));
            if (q.smallBlocksKib() != null && q.smallBlocksKib() > 0 && q.smallBlockDataGib() == null) {
                notes.add("special_small_blocks is set but smallBlockDataGib is not: size the mirror for the small blocks you expect, not just the metadata.");
            }
        }
        if (q.plp() == PlpRequirement.PREFERRED) {
            notes.add("plp=preferred: drives without safe flushes rank below every drive with them.");
        }
        long otherCurrency = excluded.stream().filter(e -> e.reason().equals("otherCurrency")).count();
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
        return new PriceAges(q.currency(), oldest, newest, oldestAge, newestAge);
    }

    private static FilteredOut filteredOut(List<Excluded> excluded) {
        Map<String, Integer> byReason = new LinkedHashMap<>();
        for (Excluded e : excluded) {
            byReason.merge(e.reason(), 1, Integer::sum);
        }
        return new FilteredOut(excluded.size(), byReason, excluded.subList(0, Math.min(LISTED_EXCLUSIONS, excluded.size())));
    }

    static String money(BigDecimal amount, String currency) {
        return dev.drivecat.pricing.Money.format(amount.setScale(2, RoundingMode.HALF_UP), currency);
    }

    static double round(double v, int places) {
        return BigDecimal.valueOf(v).setScale(places, RoundingMode.HALF_UP).doubleValue();
    }
}
