package dev.drivecat.ranking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.Offer;
import dev.drivecat.pricing.SellerType;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RankingModelTest {

    static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
    final FlushModel flush = FlushModel.calibrated();

    static Candidate.Evidence said(String token, String wording, SourceKind kind) {
        return new Candidate.Evidence(null, token, null, wording, kind, "source", "https://source.example");
    }

    static Candidate.Evidence number(String value, SourceKind kind) {
        return new Candidate.Evidence(new BigDecimal(value), null, null, value, kind, "source", "https://source.example");
    }

    static Offer offer(String slug, String price) {
        return new Offer(slug, "amazon-us", slug, null, "Seller", SellerType.THIRD_PARTY, false, Condition.NEW, false,
                price == null ? null : new BigDecimal(price), null, "USD", null, null, price != null, null,
                NOW.minusSeconds(86_400), 1, false);
    }

    static Candidate drive(String slug, Media media, Candidate.Evidence plp, String tbw, String price) {
        return new Candidate(slug, "Vendor", slug, 480, Interface.NVME, FormFactor.M2_2280, media, plp, null,
                tbw == null ? null : number(tbw, SourceKind.VENDOR_PAGE), null, null, null, null,
                price == null ? List.of() : List.of(offer(slug, price)));
    }

    static RecommendQuery slog(PlpRequirement plp) {
        return new RecommendParams(Map.of("role", List.of("slog"), "plp", List.of(plp.token()))).parse("USD", 100);
    }

    @Test
    void theFlushModelReproducesTheLabTable() {
        assertThat(flush.overheadUs()).isCloseTo(218.5, within(1.0));
        assertThat(flush.predictIops(15)).isCloseTo(4277, within(4277 * 0.01));
        assertThat(flush.predictIops(3860)).isCloseTo(252, within(252 * 0.05));
        assertThat(flush.predictIops(15)).isLessThan(flush.ceilingIops());
    }

    @Test
    void specialSizingMatchesTheGuidesMeasurements() {
        assertThat(SpecialSizing.metadataMibPerGib(128)).isCloseTo(0.78, within(1e-9));
        assertThat(SpecialSizing.metadataMibPerGib(16)).isCloseTo(5.5, within(1e-9));
        // 200,000 small files: the guide measured 65.7 MiB of metadata
        SpecialSizing.Need files = SpecialSizing.need(null, 128, 200_000L, null).orElseThrow();
        assertThat(files.smallFilesGib() * 1024).isCloseTo(65.7, within(0.5));
        assertThat(files.requiredGib()).isCloseTo(files.smallFilesGib() / 0.75, within(1e-9));
        assertThat(SpecialSizing.need(null, 128, null, null)).isEmpty();
    }

    @Test
    void plpStatedForTheM2ModelCountsForAnM2DriveButNotForAU2One() {
        Candidate.Evidence modelSpecific = new Candidate.Evidence(null, "MODEL_SPECIFIC", "M.2 22x80", "PLP on the M.2 2280 model",
                SourceKind.VENDOR_PAGE, null, "https://vendor.example");
        Candidate m2 = drive("m2", Media.TLC, modelSpecific, null, "100");
        Candidate u2 = new Candidate("u2", "V", "M", 480, Interface.NVME, FormFactor.U2, Media.TLC, modelSpecific, null, null, null,
                null, null, null, List.of());
        assertThat(PlpAssessment.of(m2).safeFlush()).isTrue();
        assertThat(PlpAssessment.of(u2).safeFlush()).isFalse();
        assertThat(PlpAssessment.of(u2).warnings()).anySatisfy(w -> assertThat(w).contains("M.2 22x80 model only"));
    }

    @Test
    void aReviewsPlpClaimCountsLessThanTheVendorsAndSaysSo() {
        PlpAssessment vendor = PlpAssessment.of(drive("v", Media.TLC, said("STATED_YES", "PLP: Yes", SourceKind.VENDOR_PAGE), null, null));
        PlpAssessment review = PlpAssessment.of(drive("r", Media.TLC, said("STATED_YES", "has PLP", SourceKind.REVIEW), null, null));
        assertThat(vendor.safety()).isGreaterThan(review.safety());
        assertThat(review.safeFlush()).isTrue();
        assertThat(review.warnings()).anySatisfy(w -> assertThat(w).contains("stated by a review"));
    }

    @Test
    void xpointWithoutStatedPlpIsSafeWithAWarningButNandWithoutIsNot() {
        PlpAssessment xpoint = PlpAssessment.of(drive("x", Media.XPOINT_3D, said("STATED_NO", "Enhanced PLP: No", SourceKind.VENDOR_PAGE), null, null));
        PlpAssessment nand = PlpAssessment.of(drive("n", Media.TLC, said("NOT_STATED", "(none)", SourceKind.VENDOR_PAGE), null, null));
        assertThat(xpoint.safeFlush()).isTrue();
        assertThat(xpoint.warnings()).anySatisfy(w -> assertThat(w).contains("3D XPoint without stated PLP"));
        assertThat(nand.safeFlush()).isFalse();
        assertThat(nand.safety()).isZero();
    }

    @Test
    void protectionOfDataAtRestOnlyIsNoSafeFlushAndSaysWhatItCovers() {
        PlpAssessment atRest = PlpAssessment.of(drive("c", Media.TLC,
                said("DATA_AT_REST_ONLY", "Power loss protection for data-at-rest", SourceKind.VENDOR_DATASHEET), null, null));
        assertThat(atRest.safeFlush()).isFalse();
        assertThat(atRest.safety()).isZero();
        assertThat(atRest.warnings()).anySatisfy(w -> assertThat(w).contains("data at rest only").contains("not the writes in flight")
                .contains("Power loss protection for data-at-rest"));
    }

    @Test
    void asGoodForTheRoleAndMuchCheaperRanksFirst() {
        Candidate.Evidence plp = said("STATED_YES", "PLP", SourceKind.VENDOR_PAGE);
        Recommendation r = new Ranker(flush).rank(slog(PlpRequirement.REQUIRED), List.of(
                drive("dear", Media.TLC, plp, "2000", "900.00"),
                drive("cheap", Media.TLC, plp, "2000", "300.00")), NOW);
        assertThat(r.results()).extracting(res -> res.drive().slug()).containsExactly("cheap", "dear");
        assertThat(r.results().get(0).reasons()).anySatisfy(s -> assertThat(s).contains("mostly on price"));
    }

    @Test
    void requiredLeavesOutNandWithoutPlpAndPreferredRanksItBelowEveryPlpDrive() {
        Candidate safe = drive("safe", Media.TLC, said("STATED_YES", "PLP", SourceKind.VENDOR_PAGE), null, "900.00");
        Candidate consumer = drive("consumer", Media.TLC, said("NOT_STATED", "(none)", SourceKind.VENDOR_PAGE), "9000", "50.00");
        Recommendation required = new Ranker(flush).rank(slog(PlpRequirement.REQUIRED), List.of(safe, consumer), NOW);
        assertThat(required.results()).extracting(res -> res.drive().slug()).containsExactly("safe");
        assertThat(required.filteredOut().byReason()).containsEntry("noPlp", 1);

        Recommendation preferred = new Ranker(flush).rank(slog(PlpRequirement.PREFERRED), List.of(consumer, safe), NOW);
        assertThat(preferred.results()).extracting(res -> res.drive().slug()).containsExactly("safe", "consumer");

        Recommendation any = new Ranker(flush).rank(slog(PlpRequirement.ANY), List.of(consumer, safe), NOW);
        assertThat(any.results()).filteredOn(res -> res.drive().slug().equals("consumer")).singleElement()
                .satisfies(res -> assertThat(res.warnings()).anySatisfy(w -> assertThat(w).contains("No power-loss protection")));
    }

    @Test
    void endurancePrefersTbwAndStatesItsAssumptionForDwpdAlone() {
        Candidate withTbw = drive("t", Media.TLC, null, "800", null);
        RankingModel.Endurance e = RankingModel.endurance(withTbw, 5);
        assertThat(e.lifeYears()).isCloseTo(800 / (5 * 86_400 * 365 / 1e6), within(1e-6));
        Candidate dwpdOnly = new Candidate("d", "V", "M", 375, Interface.NVME, FormFactor.U2, Media.XPOINT_3D, null,
                number("30", SourceKind.REVIEW), null, null, null, null, null, List.of());
        RankingModel.Endurance assumed = RankingModel.endurance(dwpdOnly, 5);
        assertThat(assumed.basis()).contains("taken to hold for 3 years");
        assertThat(RankingModel.endurance(drive("u", Media.TLC, null, null, null), 5).lifeYears()).isNull();
    }

    @Test
    void aSetIsBoughtFromOffersThatCanFillItAndSaysWhenNoneCan() {
        RecommendQuery special = new RecommendParams(Map.of("role", List.of("special"), "layout", List.of("raidz2"))).parse("USD", 100);
        Offer twoLeft = new Offer("s", "amazon-us", "a", null, "A", SellerType.THIRD_PARTY, false, Condition.NEW, false,
                new BigDecimal("100.00"), null, "USD", null, null, true, "Only 2 left in stock", NOW, 0, false);
        Offer plenty = new Offer("s", "amazon-us", "b", null, "B", SellerType.THIRD_PARTY, false, Condition.NEW, false,
                new BigDecimal("120.00"), null, "USD", null, null, true, "In Stock", NOW, 0, false);
        OfferSelection.Choice filled = OfferSelection.choose(List.of(plenty, twoLeft), special, 3);
        assertThat(filled.setCost()).isEqualByComparingTo("320.00");
        assertThat(filled.setCostBasis()).contains("2 × 100.00").contains("1 × 120.00");
        OfferSelection.Choice shortOf = OfferSelection.choose(List.of(twoLeft), special, 3);
        assertThat(shortOf.setCost()).isNull();
        assertThat(shortOf.warnings()).anySatisfy(w -> assertThat(w).contains("Only 2 of the 3"));
        assertThat(OfferSelection.unitsLeft("Sólo queda(n) 1 en stock.")).isEqualTo(Optional.of(1));
    }
}
