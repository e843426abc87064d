package dev.drivecat.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SpecChoiceAndDerivationTest {

    static SpecRow row(long id, SpecField field, String number, SourceKind kind, String retrieved) {
        return new SpecRow(id, field, number == null ? null : new BigDecimal(number), null, null, null, null,
                "wording " + id, "https://source.example/" + id, null, kind, Instant.parse(retrieved),
                kind == SourceKind.DERIVED ? "inputs" : null, "test", "1", false);
    }

    @Test
    void vendorPageWinsOverDatasheetReviewAndDerived() {
        List<SpecRow> rows = List.of(
                row(1, SpecField.TBW, "800", SourceKind.REVIEW, "2026-11-01T00:00:00Z"),
                row(2, SpecField.TBW, "876", SourceKind.DERIVED, "2026-11-02T00:00:00Z"),
                row(3, SpecField.TBW, "820", SourceKind.VENDOR_DATASHEET, "2026-10-01T00:00:00Z"),
                row(4, SpecField.TBW, "810", SourceKind.VENDOR_PAGE, "2026-09-01T00:00:00Z"));
        assertThat(SpecChoice.choose(rows)).map(SpecRow::id).contains(4L);
    }

    @Test
    void aStatedValueWinsOverADerivedOneWhateverTheirDates() {
        List<SpecRow> rows = List.of(
                row(1, SpecField.DWPD, "0.9", SourceKind.DERIVED, "2026-11-20T00:00:00Z"),
                row(2, SpecField.DWPD, "1", SourceKind.REVIEW, "2020-01-01T00:00:00Z"));
        assertThat(SpecChoice.choose(rows)).map(SpecRow::id).contains(2L);
    }

    @Test
    void aPlpStatementFromAnySourceWinsOverAVendorPagesSilence() {
        SpecRow silence = new SpecRow(1, SpecField.PLP, null, "NOT_STATED", null, null, null, "(no PLP entry)",
                "https://vendor.example/x", null, SourceKind.VENDOR_PAGE, Instant.parse("2026-11-20T00:00:00Z"), null, "t", "1", false);
        SpecRow review = new SpecRow(2, SpecField.PLP, null, "STATED_YES", null, null, null, "capacitor-backed cache",
                "https://review.example/x", null, SourceKind.REVIEW, Instant.parse("2020-01-01T00:00:00Z"), null, "t", "1", false);
        assertThat(SpecChoice.choose(List.of(silence, review))).map(SpecRow::id).contains(2L);
        assertThat(SpecChoice.choose(List.of(silence))).map(SpecRow::id).contains(1L);
    }

    @Test
    void amongEqualSourcesTheNewestReadWins() {
        List<SpecRow> rows = List.of(
                row(1, SpecField.TBW, "800", SourceKind.VENDOR_PAGE, "2026-01-01T00:00:00Z"),
                row(2, SpecField.TBW, "900", SourceKind.VENDOR_PAGE, "2026-06-01T00:00:00Z"));
        assertThat(SpecChoice.choose(rows)).map(SpecRow::id).contains(2L);
    }

    @Test
    void derivesTbwFromDwpdCapacityAndWarrantyNamingEveryInput() {
        List<EnduranceDerivation.Derived> derived = EnduranceDerivation.derive(375,
                Optional.of(row(7, SpecField.DWPD, "30", SourceKind.VENDOR_PAGE, "2026-11-01T00:00:00Z")),
                Optional.empty(),
                Optional.of(row(8, SpecField.WARRANTY_YEARS, "5", SourceKind.VENDOR_PAGE, "2026-11-01T00:00:00Z")));
        assertThat(derived).singleElement().satisfies(d -> {
            assertThat(d.field()).isEqualTo(SpecField.TBW);
            assertThat(d.value()).isEqualByComparingTo("20531.3");
            assertThat(d.derivedFrom()).contains("dwpd #7").contains("capacity 375 GB").contains("warrantyYears #8");
        });
    }

    @Test
    void derivesDwpdFromTbwAndNothingWithoutAWarranty() {
        List<EnduranceDerivation.Derived> derived = EnduranceDerivation.derive(240, Optional.empty(),
                Optional.of(row(1, SpecField.TBW, "438", SourceKind.REVIEW, "2026-10-21T00:00:00Z")),
                Optional.of(row(2, SpecField.WARRANTY_YEARS, "5", SourceKind.REVIEW, "2026-10-21T00:00:00Z")));
        assertThat(derived).singleElement().satisfies(d -> {
            assertThat(d.field()).isEqualTo(SpecField.DWPD);
            assertThat(d.value()).isEqualByComparingTo("1");
        });
        assertThat(EnduranceDerivation.derive(240, Optional.empty(),
                Optional.of(row(1, SpecField.TBW, "438", SourceKind.REVIEW, "2026-10-21T00:00:00Z")), Optional.empty()))
                .isEmpty();
    }

    @Test
    void derivesNothingWhenBothAreStated() {
        assertThat(EnduranceDerivation.derive(100,
                Optional.of(row(1, SpecField.DWPD, "10", SourceKind.REVIEW, "2026-10-21T00:00:00Z")),
                Optional.of(row(2, SpecField.TBW, "1874", SourceKind.REVIEW, "2026-10-21T00:00:00Z")),
                Optional.of(row(3, SpecField.WARRANTY_YEARS, "5", SourceKind.REVIEW, "2026-10-21T00:00:00Z"))))
                .isEmpty();
    }
}
