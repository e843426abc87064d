package dev.drivecat.ranking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.PlpAssessment;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.pools.VdevType;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.Offer;
import dev.drivecat.pricing.SellerType;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RankingModelTest {

    static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");

    static Candidate.Evidence said(String token, String wording, SourceKind kind) {
        return new Candidate.Evidence(null, token, null, wording, kind, "source", "https://source.example", false);
    }

    static Candidate.Evidence claimed(String token, String wording) {
        return new Candidate.Evidence(null, token, null, wording, SourceKind.REVIEW, "a review", "https://review.example", true);
    }

    static Candidate.Evidence number(String value, SourceKind kind) {
        return new Candidate.Evidence(new BigDecimal(value), null, null, value, kind, "source", "https://source.example", false);
    }

    static Offer offer(String slug, String price) {
        return new Offer(slug, "amazon-us", slug, null, "Seller", SellerType.THIRD_PARTY, false, Condition.NEW, false,
                price == null ? null : new BigDecimal(price), null, "USD", null, null, price != null, null,
                NOW.minusSeconds(86_400), 1, false);
    }

    static final Candidate.Evidence VENDOR_YES = said("STATED_YES", "PLP: Yes", SourceKind.VENDOR_PAGE);

    /** A candidate built field by field; defaults: 480 GB M.2 NVMe TLC, nothing else known, no offer. */
    static final class Drive {
        String slug;
        Interface bus = Interface.NVME;
        FormFactor form = FormFactor.M2_2280;
        Media media = Media.TLC;
        int capacityGb = 480;
        String model;
        Boolean discontinued;
        Candidate.Evidence plp;
        Candidate.Evidence tbw;
        Candidate.Evidence dwpd;
        Candidate.Evidence writeLatency;
        Candidate.Evidence knownGood;
        Candidate.Evidence seqWrite;
        final List<Candidate.Measured> measured = new ArrayList<>();
        Candidate.Sibling sibling;
        String price;

        Drive(String slug) {
            this.slug = slug;
            this.model = slug;
        }

        Drive plp(Candidate.Evidence e) { plp = e; return this; }
        Drive tbw(String v) { tbw = number(v, SourceKind.VENDOR_PAGE); return this; }
        Drive price(String p) { price = p; return this; }
        Drive seqWrite(String mbps) { seqWrite = number(mbps, SourceKind.VENDOR_PAGE); return this; }
        Drive media(Media m) { media = m; return this; }
        Drive bus(Interface i, FormFactor f) { bus = i; form = f; return this; }
        Drive measured(double... us) {
            for (double u : us) {
                measured.add(new Candidate.Measured(u, u + " usec/IO", "https://bench.example/" + u, null));
            }
            return this;
        }

        Candidate build() {
            return new Candidate(slug.hashCode(), slug, "Vendor", model, capacityGb, bus, form, media, discontinued, plp, dwpd, tbw, null,
                    writeLatency, knownGood, seqWrite, List.copyOf(measured), sibling, price == null ? List.of() : List.of(offer(slug, price)));
        }
    }

    static Drive drive(String slug) {
        return new Drive(slug);
    }

    static RecommendQuery query(String... pairs) {
        Map<String, List<String>> raw = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            raw.put(pairs[i], List.of(pairs[i + 1]));
        }
        return new RecommendParams(raw).parse("USD", 100);
    }

    static RecommendQuery.Special special(String... pairs) {
        return (RecommendQuery.Special) query(pairs);
    }

    static PlpAssessment plp(Candidate c) {
        return PlpAssessment.of(c.plpFacts());
    }

    static List<String> slugs(Recommendation r) {
        return r.results().stream().map(res -> res.drive().slug()).toList();
    }

    @Test
    void theLogCalibrationReproducesTheLabTable() {
        FlushModel log = FlushModel.separateLog();
        assertThat(log.overheadUs()).isCloseTo(218.5, within(1.0));
        assertThat(log.predictIops(15)).isCloseTo(4277, within(4277 * 0.01));
        assertThat(log.predictIops(3860)).isCloseTo(252, within(252 * 0.05));
        assertThat(log.predictIops(15)).isLessThan(log.ceilingIops());
    }

    @Test
    void theZilOnASpecialMirrorCostsAboutTwiceAsMuchAsOnOneLog() {
        FlushModel special = FlushModel.specialMirror();
        assertThat(special.predictIops(15)).isCloseTo(2198, within(1.0));
        assertThat(special.overheadUs()).isCloseTo(440, within(1.0));
        assertThat(special.overheadUs() / FlushModel.separateLog().overheadUs()).isBetween(1.9, 2.1);
    }

    @Test
    void specialSizingMatchesTheGuidesMeasurements() {
        assertThat(SpecialSizing.metadataMibPerGib(128)).isCloseTo(0.78, within(1e-9));
        assertThat(SpecialSizing.metadataMibPerGib(16)).isCloseTo(5.5, within(1e-9));
        // 200,000 small files: the guide measured 65.7 MiB of metadata
        SpecialSizing.Need files = SpecialSizing.need(null, 128, 200_000L, null, false).orElseThrow();
        assertThat(files.smallFilesGib() * 1024).isCloseTo(65.7, within(0.5));
        assertThat(files.requiredGib()).isCloseTo(files.smallFilesGib() / 0.75, within(1e-9));
        assertThat(SpecialSizing.need(null, 128, null, null, false)).isEmpty();
    }

    @Test
    void atOrAboveTheRecordsizeEveryDataBlockIsCountedAndSaidSo() {
        SpecialSizing.Need every = SpecialSizing.need(1024.0, 128, 1000L, null, true).orElseThrow();
        assertThat(every.smallBlocksGib()).isEqualTo(1024);
        assertThat(every.requiredGib()).isCloseTo((every.metadataGib() + every.smallFilesGib() + 1024) / 0.75, within(1e-9));
        assertThat(every.basis()).containsExactly(
                "1024 GiB of data at recordsize=128K: 0.78 MiB of metadata per GiB = 0.8 GiB",
                "1,000 small files × 344 bytes of metadata = 0.0 GiB",
                "special_small_blocks at or above the recordsize: every data block goes to the special vdev, 1024 GiB",
                "divided by 0.75 so the special vdev stays under 75% full = 1366.4 GiB");
        // a small-block size given is counted as given, and without a data size there is nothing to count
        assertThat(SpecialSizing.need(1024.0, 128, null, 10.0, true).orElseThrow().basis()).contains("10.0 GiB of small blocks");
        assertThat(SpecialSizing.need(null, 128, null, null, true)).isEmpty();
    }

    @Test
    void theFlushLatencyIsTheMedianOfTheDrivesMeasurementsAndSaysMeasured() {
        Candidate c = drive("m").plp(VENDOR_YES).measured(30, 20, 100).build();
        RankingModel.Flush flush = RankingModel.flush(c, plp(c));
        assertThat(flush.latencyUs()).isEqualTo(30);
        assertThat(flush.evidence()).isEqualTo(FlushEvidence.MEASURED);
        assertThat(flush.basis()).startsWith("measured").contains("median of 3");
        Candidate two = drive("two").plp(VENDOR_YES).measured(10, 20).build();
        assertThat(RankingModel.flush(two, plp(two)).latencyUs()).isEqualTo(15);
    }

    @Test
    void aMeasurementOfTheSameModelInAnotherFormFactorComesNextAndSaysSo() {
        Drive u2 = drive("p4800x-u2").media(Media.XPOINT_3D).bus(Interface.NVME, FormFactor.U2);
        u2.sibling = new Candidate.Sibling("p4800x-aic", FormFactor.AIC,
                List.of(new Candidate.Measured(14.1, "4 kbytes: 14.1 usec/IO", "https://bench.example", null)));
        u2.writeLatency = number("10", SourceKind.VENDOR_PAGE);
        Candidate c = u2.build();
        RankingModel.Flush flush = RankingModel.flush(c, plp(c));
        assertThat(flush.latencyUs()).isEqualTo(14.1);
        assertThat(flush.evidence()).isEqualTo(FlushEvidence.MEASURED_OTHER_FORM_FACTOR);
        assertThat(flush.basis()).contains("p4800x-aic").contains("not on this");
    }

    @Test
    void aVendorLatencyCountsOnlyForSafeFlushesAndClassDefaultsKeepTheSlogOrder() {
        Drive withLatency = drive("stated").plp(VENDOR_YES);
        withLatency.writeLatency = number("25", SourceKind.VENDOR_DATASHEET);
        Candidate stated = withLatency.build();
        assertThat(RankingModel.flush(stated, plp(stated)).evidence()).isEqualTo(FlushEvidence.VENDOR_STATED);
        Drive consumerWithLatency = drive("consumer").plp(said("NOT_STATED", "(none)", SourceKind.VENDOR_PAGE));
        consumerWithLatency.writeLatency = number("25", SourceKind.VENDOR_DATASHEET);
        Candidate consumer = consumerWithLatency.build();
        RankingModel.Flush consumerFlush = RankingModel.flush(consumer, plp(consumer));
        assertThat(consumerFlush.evidence()).isEqualTo(FlushEvidence.CLASS_DEFAULT);
        assertThat(consumerFlush.latencyUs()).isEqualTo(3860);

        Candidate xpoint = drive("xpoint").media(Media.XPOINT_3D).build();
        Candidate nvme = drive("nvme").plp(VENDOR_YES).build();
        Candidate sata = drive("sata").plp(VENDOR_YES).bus(Interface.SATA, FormFactor.INCH_2_5).build();
        double x = RankingModel.flush(xpoint, plp(xpoint)).latencyUs();
        double n = RankingModel.flush(nvme, plp(nvme)).latencyUs();
        double s = RankingModel.flush(sata, plp(sata)).latencyUs();
        assertThat(x).isLessThan(n);
        assertThat(n).isLessThan(s);
        assertThat(s).isLessThan(consumerFlush.latencyUs());
    }

    @Test
    void plpStatedForTheM2ModelCountsForAnM2DriveButNotForAU2One() {
        Candidate.Evidence modelSpecific = new Candidate.Evidence(null, "MODEL_SPECIFIC", "M.2 22x80", "PLP on the M.2 2280 model",
                SourceKind.VENDOR_PAGE, null, "https://vendor.example", false);
        Candidate m2 = drive("m2").plp(modelSpecific).price("100").build();
        Candidate u2 = drive("u2").plp(modelSpecific).bus(Interface.NVME, FormFactor.U2).build();
        assertThat(plp(m2).cheapFlush()).isTrue();
        assertThat(plp(u2).cheapFlush()).isFalse();
        assertThat(plp(u2).warnings()).anySatisfy(w -> assertThat(w).contains("M.2 22x80 model only"));
    }

    @Test
    void twoDrivesWithTheSameProtectionScoreTheSamePlpPointsWhoeverStatedIt() {
        // the PM9A3 (its vendor's page) against the 7450 PRO (a review quoting Micron): both have PLP, so both score 25.0
        Candidate vendor = drive("vendor").plp(VENDOR_YES).tbw("2000").price("300.00").build();
        Candidate review = drive("review").plp(said("STATED_YES", "PLP: Yes", SourceKind.REVIEW)).tbw("2000").price("300.00").build();
        Candidate claim = drive("claim").plp(claimed("STATED_YES", "All of these drives have a capacitor backed write cache"))
                .tbw("2000").price("300.00").build();
        Recommendation r = new Ranker().rankCandidates(query("role", "slog"), List.of(vendor, review, claim), NOW);
        assertThat(r.results()).hasSize(3).allSatisfy(res -> assertThat(res.components()).filteredOn(c -> c.name() == ScoreComponent.PLP)
                .singleElement().satisfies(c -> assertThat(c.points()).isEqualTo(25.0)));
        assertThat(r.results()).extracting(Recommendation.Result::score).containsOnly(r.results().get(0).score());
        // the evidence's weight shows as confidence and warnings
        assertThat(r.results()).extracting(res -> res.plp().confidence())
                .containsExactlyInAnyOrder(PlpAssessment.Confidence.HIGH, PlpAssessment.Confidence.MEDIUM, PlpAssessment.Confidence.LOW);
        Recommendation.Result claimed = r.results().stream().filter(res -> res.drive().slug().equals("claim")).findFirst().orElseThrow();
        assertThat(claimed.warnings()).anySatisfy(w -> assertThat(w).contains("only claimed in general words").contains("confidence low"));
        assertThat(claimed.reasons()).noneSatisfy(w -> assertThat(w).contains("mostly on plp"));
    }

    @Test
    void plpPointsFollowTheProtectionClass() {
        assertThat(RankingModel.plpValue(PlpAssessment.Protection.PLP)).isEqualTo(1);
        assertThat(RankingModel.plpValue(PlpAssessment.Protection.XPOINT)).isEqualTo(1);
        assertThat(RankingModel.plpValue(PlpAssessment.Protection.FLUSHED_DATA)).isEqualTo(1);
        assertThat(RankingModel.plpValue(PlpAssessment.Protection.XPOINT_VENDOR_NO)).isEqualTo(0.5);
        assertThat(RankingModel.plpValue(PlpAssessment.Protection.NONE)).isEqualTo(RankingModel.UNKNOWN);
        assertThat(RankingModel.plpValue(PlpAssessment.Protection.UNKNOWN)).isEqualTo(RankingModel.UNKNOWN);
    }

    @Test
    void anXpointDriveWhoseVendorSaysNoRanksByItsPointsWhichSayWhy() {
        Candidate noPlp = drive("900p").media(Media.XPOINT_3D).plp(said("STATED_NO", "Enhanced PLP: No", SourceKind.REVIEW))
                .tbw("5110").price("100.00").build();
        Candidate yes = drive("p4800x").media(Media.XPOINT_3D).plp(said("STATED_YES", "Enhanced PLP: Yes", SourceKind.REVIEW))
                .tbw("5000").price("900.00").build();
        for (String plp : List.of("required", "preferred", "any")) {
            Recommendation r = new Ranker().rankCandidates(query("role", "slog", "plp", plp), List.of(yes, noPlp), NOW);
            // much cheaper, it has the more points: it ranks first, and its plp points (12.5 of 25) say what its protection costs it
            assertThat(slugs(r)).containsExactly("900p", "p4800x");
            assertThat(r.results().get(0).score()).isGreaterThan(r.results().get(1).score());
            assertThat(r.results().get(0).components()).filteredOn(c -> c.name() == ScoreComponent.PLP).singleElement()
                    .satisfies(c -> assertThat(c.points()).isEqualTo(12.5));
            assertThat(r.results().get(0).warnings()).anySatisfy(w -> assertThat(w).contains("disputed").contains("half the plp weight"));
        }
    }

    @Test
    void requiredLeavesOutWhatTheRoleCannotUseAndSaysWhy() {
        Candidate consumer = drive("consumer").plp(said("NOT_STATED", "(none)", SourceKind.VENDOR_PAGE)).price("50.00").build();
        Candidate atRest = drive("at-rest").plp(said("DATA_AT_REST_ONLY", "Power loss protection for data-at-rest",
                SourceKind.VENDOR_DATASHEET)).price("50.00").build();
        Candidate safe = drive("safe").plp(VENDOR_YES).price("300.00").build();
        // where the ZIL lives a flush must be cheap: protection of flushed data only is safe but slow, and is left out
        Recommendation log = new Ranker().rankCandidates(query("role", "slog"), List.of(consumer, atRest, safe), NOW);
        assertThat(slugs(log)).containsExactly("safe");
        assertThat(log.filteredOut().drives()).extracting(Recommendation.Excluded::detail)
                .allSatisfy(d -> assertThat(d).contains("plp=required: the ZIL needs flushes that are cheap and safe"));
        // a special vdev without the ZIL needs flushed data kept: by default (plp=any) nothing is left out; required keeps at-rest
        RecommendQuery withSlog = query("role", "special", "hasSlog", "true");
        assertThat(withSlog.plp()).isEqualTo(PlpRequirement.ANY);
        assertThat(slugs(new Ranker().rankCandidates(withSlog, List.of(consumer, atRest, safe), NOW)))
                .containsExactlyInAnyOrder("consumer", "at-rest", "safe");
        assertThat(slugs(new Ranker().rankCandidates(query("role", "special", "hasSlog", "true", "plp", "required"),
                List.of(consumer, atRest, safe), NOW))).containsExactlyInAnyOrder("at-rest", "safe");
        assertThat(query("role", "special", "openzfsVersion", "2.3").plp()).isEqualTo(PlpRequirement.ANY);
        assertThat(query("role", "special").plp()).isEqualTo(PlpRequirement.REQUIRED);
    }

    @Test
    void asGoodForTheRoleAndMuchCheaperRanksFirst() {
        Recommendation r = new Ranker().rankCandidates(query("role", "slog"), List.of(
                drive("dear").plp(VENDOR_YES).tbw("2000").price("900.00").build(),
                drive("cheap").plp(VENDOR_YES).tbw("2000").price("300.00").build()), NOW);
        assertThat(slugs(r)).containsExactly("cheap", "dear");
        assertThat(r.results().get(0).reasons()).anySatisfy(s -> assertThat(s).contains("mostly on price"));
    }

    @Test
    void drivesLevelOnPointsRankTheCheaperFirstThenBySlug() {
        // 299.99 against 300.00 is worth 24.99 points of price, 25.0 once rounded: the four with a price are level on points
        Recommendation r = new Ranker().rankCandidates(query("role", "slog"), List.of(
                drive("b-dear").plp(VENDOR_YES).tbw("2000").price("300.00").build(),
                drive("c-unpriced").plp(VENDOR_YES).tbw("2000").build(),
                drive("a-dear").plp(VENDOR_YES).tbw("2000").price("300.00").build(),
                drive("d-cheap").plp(VENDOR_YES).tbw("2000").price("299.99").build(),
                drive("e-dear").plp(VENDOR_YES).tbw("2000").price("300.00").build()), NOW);
        assertThat(r.results()).extracting(Recommendation.Result::score).containsOnly(r.results().get(0).score());
        assertThat(slugs(r)).containsExactly("d-cheap", "a-dear", "b-dear", "e-dear");
        assertThat(r.filteredOut().drives()).extracting(Recommendation.Excluded::slug).containsExactly("c-unpriced");
    }

    @Test
    void aDriveLevelOnPointsWithTheLastKeptAndCheaperStillMakesTheTop() {
        // all three level on points at their most (full endurance); the cheapest comes last, after the top is full
        Recommendation r = new Ranker().rankCandidates(query("role", "slog", "limit", "1"), List.of(
                drive("a-dear").plp(VENDOR_YES).tbw("2000").price("300.00").build(),
                drive("b-dear").plp(VENDOR_YES).tbw("2000").price("300.00").build(),
                drive("c-cheap").plp(VENDOR_YES).tbw("2000").price("299.99").build()), NOW);
        assertThat(slugs(r)).containsExactly("c-cheap");
        assertThat(r.results().get(0).reasons()).anySatisfy(s -> assertThat(s).contains("a-dear"));
    }

    @Test
    void ofManyDrivesTheLimitShowsTheBestInOrderWhateverOrderTheyCameIn() {
        // 40 drives alike but for price, shuffled: the five cheapest, cheapest first
        List<Candidate> drives = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            drives.add(drive(String.format("drive-%02d", i)).plp(VENDOR_YES).tbw("2000").price((200 + 7 * i) + ".00").build());
        }
        java.util.Collections.shuffle(drives, new java.util.Random(20261203));
        Recommendation r = new Ranker().rankCandidates(query("role", "slog", "limit", "5"), drives, NOW);
        assertThat(slugs(r)).containsExactly("drive-00", "drive-01", "drive-02", "drive-03", "drive-04");
        assertThat(r.results().get(4).reasons()).anySatisfy(s -> assertThat(s).contains("drive-05"));
    }

    @Test
    void aMeasuredFasterFlushChangesTheOrder() {
        Candidate slow = drive("slow").plp(VENDOR_YES).tbw("2000").price("300.00").measured(400).build();
        Candidate fast = drive("fast").plp(VENDOR_YES).tbw("2000").price("300.00").measured(12).build();
        Recommendation r = new Ranker().rankCandidates(query("role", "slog"), List.of(slow, fast), NOW);
        assertThat(slugs(r)).containsExactly("fast", "slow");
        assertThat(r.results().get(0).flush().evidence()).isEqualTo(FlushEvidence.MEASURED);
        assertThat(r.results().get(0).reasons()).anySatisfy(s -> assertThat(s).contains("mostly on flush"));
    }

    @Test
    void anUnknownEnduranceIsNamedUnknownInTheComparison() {
        Recommendation r = new Ranker().rankCandidates(query("role", "slog"), List.of(
                drive("rated").plp(VENDOR_YES).tbw("2000").price("300.00").build(),
                drive("unrated").plp(VENDOR_YES).price("300.00").build()), NOW);
        assertThat(slugs(r)).containsExactly("rated", "unrated");
        assertThat(r.results().get(0).reasons()).anySatisfy(s -> assertThat(s).contains("mostly on endurance")
                .contains("whose endurance is unknown"));
        assertThat(r.results().get(1).reasons()).contains("Endurance unknown: no TBW or DWPD rating in the catalog.");
    }

    @Test
    void preferredKeepsNandWithoutPlpAndRanksItByItsPoints() {
        Candidate safe = drive("safe").plp(VENDOR_YES).price("900.00").build();
        Candidate consumer = drive("consumer").plp(said("NOT_STATED", "(none)", SourceKind.VENDOR_PAGE)).tbw("9000").price("50.00").build();
        for (String plp : List.of("preferred", "any")) {
            Recommendation r = new Ranker().rankCandidates(query("role", "slog", "plp", plp), List.of(consumer, safe), NOW);
            assertThat(slugs(r)).containsExactly("safe", "consumer");
            assertThat(r.results().get(0).score()).isGreaterThan(r.results().get(1).score());
            Recommendation.Result slow = r.results().get(1);
            assertThat(slow.plp().protection()).isEqualTo(PlpAssessment.Protection.NONE);
            // slow, not unsafe
            assertThat(slow.warnings()).anySatisfy(w -> assertThat(w).contains("Its flushes wait for the flash").contains("slow, not unsafe"));
            assertThat(slow.warnings()).noneSatisfy(w -> assertThat(w).contains("not safe"));
        }
    }

    @Test
    void anotherEntryPointOverridesParametersAndGoesThroughTheSameValidation() {
        RecommendParams asked = new RecommendParams(Map.of("role", List.of("special"), "layout", List.of("mirror")));
        RecommendQuery.Special pasted = (RecommendQuery.Special) asked.with(Map.of("layout", "raidz2", "width", "6", "hasSlog",
                "true")).parse("USD", 100);
        assertThat(pasted.layout()).isEqualTo(VdevType.RAIDZ2);
        assertThat(pasted.units()).isEqualTo(3);
        assertThat(pasted.hasSlog()).isTrue();
        assertThat(pasted.plp()).isEqualTo(PlpRequirement.ANY);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> asked.with(Map.of("width", "1", "layout", "raidz2")).parse("USD", 100))
                .isInstanceOf(dev.drivecat.common.DomainException.class);
    }

    @Test
    void theTooSmallFilterFollowsTheLogSizeRule() {
        assertThat(LogSizing.wrlogDataMaxGib(16)).isCloseTo(3.2, within(1e-9));
        assertThat(LogSizing.wrlogDataMaxGib(40)).isCloseTo(8, within(1e-9));
        assertThat(LogSizing.wrlogDataMaxGib(512)).isCloseTo(8, within(1e-9));
        assertThat(LogSizing.need(null, null).requiredGib()).isEqualTo(8);
        assertThat(LogSizing.need(null, new BigDecimal("200")).requiredGib()).isCloseTo(200e6 * 10 / SpecialSizing.GIB, within(1e-9));
        // a 4 GB drive (3.7 GiB) holds the 3.2 GiB of a 16 GiB host's log, not the 8 GiB of a 64 GiB host's
        Drive small = drive("small").plp(VENDOR_YES).tbw("100").price("10.00");
        small.capacityGb = 4;
        Candidate four = small.build();
        assertThat(slugs(new Ranker().rankCandidates(query("role", "slog", "ramGib", "16"), List.of(four), NOW))).containsExactly("small");
        Recommendation big = new Ranker().rankCandidates(query("role", "slog", "ramGib", "64"), List.of(four), NOW);
        assertThat(big.results()).isEmpty();
        assertThat(big.filteredOut().drives()).singleElement().satisfies(e -> {
            assertThat(e.reason()).isEqualTo(Exclusion.TOO_SMALL);
            assertThat(e.detail()).contains("8.0 GiB the log must hold");
        });
    }

    @Test
    void anUnknownPriceScoresAQuarterOfItsWeightAndSaysUnknown() {
        Candidate noPrice = new Candidate(1, "unpriced", "Vendor", "unpriced", 480, Interface.NVME, FormFactor.M2_2280, Media.TLC, null,
                VENDOR_YES, null, number("2000", SourceKind.VENDOR_PAGE), null, null, null, null, List.of(), null, List.of(offer("unpriced", null)));
        Candidate priced = drive("priced").plp(VENDOR_YES).tbw("2000").price("300.00").build();
        Recommendation r = new Ranker().rankCandidates(query("role", "slog", "includeOutOfStock", "true"), List.of(noPrice, priced), NOW);
        Recommendation.Result result = r.results().stream().filter(res -> res.drive().slug().equals("unpriced")).findFirst().orElseThrow();
        Recommendation.Component price = result.components().stream().filter(c -> c.name() == ScoreComponent.PRICE).findFirst().orElseThrow();
        assertThat(price.value()).isEqualTo(RankingModel.UNKNOWN);
        assertThat(price.points()).isEqualTo(6.3);
        assertThat(price.input()).contains("unknown");
        assertThat(r.results().get(0).reasons()).anySatisfy(s -> assertThat(s).contains("whose price is unknown"));
    }

    @Test
    void aDriveWhoseStatedWriteIsBelowThePeakSaysSo() {
        Candidate slow = drive("slow-writer").plp(VENDOR_YES).seqWrite("300").price("100.00").build();
        Recommendation r = new Ranker().rankCandidates(query("role", "slog", "peakSyncMBps", "400"), List.of(slow), NOW);
        assertThat(r.results().get(0).warnings()).anySatisfy(w -> assertThat(w).contains("stated sequential write, 300 MB/s")
                .contains("below the 400 MB/s peak sync write rate"));
        assertThat(new Ranker().rankCandidates(query("role", "slog", "peakSyncMBps", "200"), List.of(slow), NOW).results().get(0)
                .warnings()).noneSatisfy(w -> assertThat(w).contains("stated sequential write"));
    }

    @Test
    void aMirroredLogIsPricedAsASetOfTwoAndExplainsWhatItProtects() {
        Recommendation r = new Ranker().rankCandidates(query("role", "slog", "slogMirror", "true"),
                List.of(drive("log").plp(VENDOR_YES).tbw("2000").price("100.00").build()), NOW);
        Recommendation.Result result = r.results().get(0);
        assertThat(result.setSize()).isEqualTo(2);
        assertThat(result.setCost()).isEqualByComparingTo("200.00");
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).contains("coincides with the log device failing"));
        assertThat(result.warnings()).anySatisfy(w -> assertThat(w).contains("wear out together"));
        assertThat(new Ranker().rankCandidates(query("role", "slog"), List.of(drive("log").plp(VENDOR_YES).price("100.00").build()), NOW)
                .results().get(0).setSize()).isNull();
    }

    @Test
    void specialSizingCountsEveryDataVdev() {
        RecommendQuery.Special one = special("role", "special", "layout", "raidz2", "width", "8", "diskTb", "20");
        RecommendQuery.Special three = special("role", "special", "layout", "raidz2", "width", "8", "diskTb", "20", "dataVdevs", "3");
        assertThat(three.dataGib()).isCloseTo(3 * one.dataGib(), within(1e-6));
        assertThat(one.dataGib()).isCloseTo(6 * 20e12 / (1024d * 1024 * 1024), within(1e-3));
        RecommendQuery.Special mirrors = special("role", "special", "layout", "mirror", "width", "2", "diskTb", "20", "dataVdevs", "6");
        assertThat(mirrors.dataGib()).isCloseTo(6 * 20e12 / (1024d * 1024 * 1024), within(1e-3));
        double needOne = SpecialSizing.need(one.dataGib(), 128, null, null, false).orElseThrow().requiredGib();
        double needThree = SpecialSizing.need(three.dataGib(), 128, null, null, false).orElseThrow().requiredGib();
        assertThat(needThree).isGreaterThanOrEqualTo(3 * needOne - 1e-9);
    }

    @Test
    void beforeOpenzfs24TheSpecialVdevTakesNoZilSoItsFlushDoesNotCount() {
        RecommendQuery current = query("role", "special");
        RecommendQuery older = query("role", "special", "openzfsVersion", "2.3.4");
        assertThat(current.zilOnSpecial()).isTrue();
        assertThat(older.zilOnSpecial()).isFalse();
        assertThat(RankingModel.weights(current)).containsKey(ScoreComponent.FLUSH);
        assertThat(RankingModel.weights(older)).doesNotContainKey(ScoreComponent.FLUSH);
        Recommendation r = new Ranker().rankCandidates(older, List.of(drive("s").plp(VENDOR_YES).price("100.00").build()), NOW);
        assertThat(r.results().get(0).predictedSyncIops()).isNull();
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).contains("Before OpenZFS 2.4"));
    }

    @Test
    void specialResultsWarnWhatAZfsExpertWould() {
        Drive discontinued = drive("old").plp(VENDOR_YES).tbw("2000").price("100.00").bus(Interface.SATA, FormFactor.M2_2280);
        discontinued.discontinued = true;
        Drive long110 = drive("long").plp(VENDOR_YES).tbw("2000").price("100.00").bus(Interface.NVME, FormFactor.M2_22110);
        Recommendation r = new Ranker().rankCandidates(query("role", "special", "layout", "raidz2"),
                List.of(discontinued.build(), long110.build()), NOW);
        List<String> old = r.results().stream().filter(x -> x.drive().slug().equals("old")).findFirst().orElseThrow().warnings();
        List<String> longer = r.results().stream().filter(x -> x.drive().slug().equals("long")).findFirst().orElseThrow().warnings();
        assertThat(old).anySatisfy(w -> assertThat(w).contains("Losing the special vdev loses the pool"))
                .anySatisfy(w -> assertThat(w).contains("wear out together"))
                .anySatisfy(w -> assertThat(w).contains("Discontinued").contains("spare"))
                .anySatisfy(w -> assertThat(w).contains("M.2 slot wired for SATA"));
        assertThat(longer).anySatisfy(w -> assertThat(w).contains("does not fit a 2280 slot"))
                .noneSatisfy(w -> assertThat(w).contains("Discontinued"));
    }

    @Test
    void aU3DriveListedForU2SaysWhatToCheck() {
        Candidate u3 = drive("u3").plp(VENDOR_YES).bus(Interface.NVME, FormFactor.U3).build();
        assertThat(Explanations.fitWarnings(query("role", "slog", "interface", "u2"), u3))
                .anySatisfy(w -> assertThat(w).contains("U.3 drives work in U.2 NVMe bays"));
        assertThat(Explanations.fitWarnings(query("role", "slog", "interface", "u3"), u3)).isEmpty();
    }

    @Test
    void endurancePrefersTbwAndStatesItsAssumptionForDwpdAlone() {
        Candidate withTbw = drive("t").tbw("800").build();
        RankingModel.Endurance e = RankingModel.endurance(withTbw, 5);
        assertThat(e.lifeYears()).isCloseTo(800 / (5 * 86_400 * 365 / 1e6), within(1e-6));
        Drive dwpdOnly = drive("d").media(Media.XPOINT_3D).bus(Interface.NVME, FormFactor.U2);
        dwpdOnly.capacityGb = 375;
        dwpdOnly.dwpd = number("30", SourceKind.REVIEW);
        RankingModel.Endurance assumed = RankingModel.endurance(dwpdOnly.build(), 5);
        assertThat(assumed.basis()).contains("taken to hold for 3 years");
        assertThat(RankingModel.endurance(drive("u").build(), 5).lifeYears()).isNull();
    }

    @Test
    void aSetIsBoughtFromOffersThatCanFillItAndSaysWhenNoneCan() {
        RecommendQuery special = query("role", "special", "layout", "raidz2");
        Offer twoLeft = new Offer("s", "amazon-us", "a", null, "A", SellerType.THIRD_PARTY, false, Condition.NEW, false,
                new BigDecimal("100.00"), null, "USD", null, null, true, "Only 2 left in stock", NOW, 0, false);
        Offer plenty = new Offer("s", "amazon-us", "b", null, "B", SellerType.THIRD_PARTY, false, Condition.NEW, false,
                new BigDecimal("120.00"), null, "USD", null, null, true, "In Stock", NOW, 0, false);
        OfferSelection.Choice filled = OfferSelection.choose(List.of(plenty, twoLeft), OfferSelection.Filter.of(special, 3));
        assertThat(filled.setCost()).isEqualByComparingTo("320.00");
        assertThat(filled.setCostBasis()).contains("2 × 100.00").contains("1 × 120.00");
        OfferSelection.Choice shortOf = OfferSelection.choose(List.of(twoLeft), OfferSelection.Filter.of(special, 3));
        assertThat(shortOf.setCost()).isNull();
        assertThat(shortOf.warnings()).anySatisfy(w -> assertThat(w).contains("Only 2 of the 3"));
        assertThat(OfferSelection.unitsLeft("Sólo queda(n) 1 en stock.")).isEqualTo(Optional.of(1));
    }

    @Test
    void rejectsABadOpenzfsVersionAndRoleParametersOfTheOtherRole() {
        assertThat(query("role", "special", "openzfsVersion", "zfs-2.3.4").openzfsVersion()).hasToString("2.3.4");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> query("role", "special", "openzfsVersion", "latest"))
                .hasMessageContaining("openzfsVersion must be an OpenZFS release");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> query("role", "special", "slogMirror", "true"))
                .hasMessageContaining("applies to role=slog only");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> query("role", "slog", "fileCount", "3"))
                .hasMessageContaining("applies to role=special only");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> query("role", "slog", "dataVdevs", "3"))
                .hasMessageContaining("applies to role=special or role=dedup only");
    }

    @Test
    void theSentencesWriteTheModelsOwnFigures() {
        RecommendQuery slog = query("role", "slog");
        assertThat(Notes.model(slog).assumptions()).contains("A drive's flush latency is the median of its published measurements; "
                + "else the same model and capacity measured in another form factor; else its vendor's stated write latency (with cheap "
                + "flushes); else its device class: 3D XPoint 13.85 µs, NVMe NAND with PLP 15 µs, SATA/SAS NAND with PLP 39 µs, NAND "
                + "without PLP 3.86 ms.", "PLP scores the drive's protection class, never who stated it: protected (PLP, 3D XPoint, "
                + "flushed data kept) 1, 3D XPoint whose vendor states none 0.5, none or unknown 0.25; the evidence's weight is its "
                + "confidence, in words and warnings.");
        assertThat(Notes.model(query("role", "special")).assumptions()).contains("The workload is small synchronous writes at queue "
                + "depth 1, with the ZIL on the special mirror: calibrated on the lab's 3-way special mirror without a log (2,198 IOPS), "
                + "about twice the overhead of one log device.");
        assertThat(Notes.logGain(slog)).isEqualTo("On a hard-drive pool a log is the whole gain: the buying guide's lab measured 110 "
                + "sync IOPS with no log and 4,277 with a cheap-flush log; on an SSD pool the gain is far smaller (poolMedia=ssd says how "
                + "much).");
        assertThat(Notes.logGain(query("role", "slog", "poolMedia", "ssd"))).isEqualTo("poolMedia=ssd: without a log the ZIL lands on "
                + "the pool's own SSDs. By the model (218.5 µs a write besides the flush), the ZIL on pool drives with PLP predicts 4,283 "
                + "(NVMe, 15 µs) or 3,884 (SATA/SAS, 39 µs) sync IOPS, against 4,305 with a 3D XPoint log (13.85 µs): a gain of 0.5% to "
                + "10.8%. Only a pool of SSDs without PLP (3.86 ms: 245 IOPS) gains as a hard-drive pool does.");
        PlpAssessment unknown = PlpAssessment.of(new PlpAssessment.Drive("Acme", "Z9", 480, Interface.NVME, FormFactor.U2, Media.TLC,
                null));
        assertThat(Explanations.plpWarnings(slog, unknown)).containsExactly("Its flushes are taken to wait for the flash: as a log it "
                + "is slow, not unsafe while it honours them; the buying guide's flush-honoring log reached 252 sync IOPS where a "
                + "cheap-flush log reached 4,277.");
    }
}
