package dev.drivecat.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.catalog.PlpAssessment.Confidence;
import dev.drivecat.catalog.PlpAssessment.Flush;
import dev.drivecat.catalog.PlpAssessment.Protection;
import dev.drivecat.catalog.PlpAssessment.Safe;
import org.junit.jupiter.api.Test;

class PlpAssessmentTest {

    static PlpAssessment.Statement said(PlpClass cls, String wording, SourceKind kind) {
        return new PlpAssessment.Statement(cls, wording, null, kind, "a source", "https://source.example", false);
    }

    static PlpAssessment of(String vendor, String model, Interface bus, Media media, PlpAssessment.Statement plp) {
        return PlpAssessment.of(new PlpAssessment.Drive(vendor, model, 480, bus, bus == Interface.SATA ? FormFactor.INCH_2_5
                : FormFactor.U2, media, plp));
    }

    @Test
    void theClassIsTheProtectionAndWhoSaidItIsTheConfidence() {
        PlpAssessment vendor = of("Samsung", "PM9A3", Interface.NVME, Media.TLC,
                said(PlpClass.STATED_YES, "Power Loss Protection", SourceKind.VENDOR_PAGE));
        PlpAssessment review = of("Acme", "X1", Interface.NVME, Media.TLC, said(PlpClass.STATED_YES, "PLP", SourceKind.REVIEW));
        PlpAssessment claim = of("Acme", "X2", Interface.SATA, Media.MLC, new PlpAssessment.Statement(PlpClass.STATED_YES,
                "All of these drives have a capacitor backed write cache", null, SourceKind.REVIEW, "a benchmark", "https://b.example", true));
        for (PlpAssessment a : new PlpAssessment[] {vendor, review, claim}) {
            assertThat(a.protection()).isEqualTo(Protection.PLP);
            assertThat(a.flush()).isEqualTo(Flush.CHEAP);
            assertThat(a.safe()).isEqualTo(Safe.YES);
            assertThat(a.summary()).startsWith("Power-loss protection: flushes are cheap and safe.");
        }
        assertThat(vendor.confidence()).isEqualTo(Confidence.HIGH);
        assertThat(vendor.warnings()).isEmpty();
        assertThat(review.confidence()).isEqualTo(Confidence.MEDIUM);
        assertThat(review.warnings()).anySatisfy(w -> assertThat(w).contains("review quoting the specification"));
        assertThat(claim.confidence()).isEqualTo(Confidence.LOW);
        assertThat(claim.summary()).contains("claimed in general words by a benchmark").contains("Confidence: low");
    }

    @Test
    void theOpenZfsListsShowFlushedDataKeptNotACheapFlush() {
        // listed, and nothing else in the catalog: safe for ZFS, flush speed unknown
        PlpAssessment s3710 = of("Intel", "SSD DC S3710", Interface.SATA, Media.MLC, null);
        assertThat(s3710.protection()).isEqualTo(Protection.FLUSHED_DATA);
        assertThat(s3710.safe()).isEqualTo(Safe.YES);
        assertThat(s3710.flush()).isEqualTo(Flush.UNKNOWN);
        assertThat(s3710.confidence()).isEqualTo(Confidence.MEDIUM);
        assertThat(s3710.summary()).contains("Intel DC S3500/S3510/S3610/S3700/S3710");
        assertThat(s3710.evidence()).anySatisfy(e -> {
            assertThat(e.url()).isEqualTo(OpenZfsHardwarePage.URL);
            assertThat(e.wording()).contains("A non-exhaustive list of SATA drives with power failure protection is as follows:");
        });
        assertThat(s3710.warnings()).anySatisfy(w -> assertThat(w).contains(OpenZfsHardwarePage.LISTS_INCLUDE));
        // a stated PLP with the listing as corroboration stays PLP
        PlpAssessment m7450 = of("Micron", "7450 PRO", Interface.NVME, Media.TLC, said(PlpClass.STATED_YES, "PLP", SourceKind.VENDOR_PAGE));
        assertThat(m7450.protection()).isEqualTo(Protection.PLP);
        assertThat(m7450.evidence()).hasSize(2);
        // the list's bus must be the drive's, and a model one letter off is another drive
        assertThat(OpenZfsHardwarePage.listing("Intel", "SSD DC S3700", Interface.NVME)).isEmpty();
        assertThat(OpenZfsHardwarePage.listing("Samsung", "SM843", Interface.SATA)).isEmpty();
        assertThat(OpenZfsHardwarePage.listing("Samsung", "SM843T", Interface.SATA)).isPresent();
        assertThat(OpenZfsHardwarePage.listing("Crucial", "MX500", Interface.SATA)).isEmpty();
        assertThat(OpenZfsHardwarePage.listing("Crucial", "MX100", Interface.SATA)).isPresent();
        assertThat(OpenZfsHardwarePage.listing("Toshiba", "PX05SHB040", Interface.SAS)).isPresent();
    }

    @Test
    void dataAtRestOnlyIsSafeButSlow() {
        PlpAssessment m500 = of("Crucial", "M500", Interface.SATA, Media.MLC,
                said(PlpClass.DATA_AT_REST_ONLY, "Power loss protection for data-at-rest", SourceKind.VENDOR_DATASHEET));
        assertThat(m500.protection()).isEqualTo(Protection.FLUSHED_DATA);
        assertThat(m500.safe()).isEqualTo(Safe.YES);
        assertThat(m500.flush()).isEqualTo(Flush.WAITS_FOR_FLASH);
        assertThat(m500.confidence()).isEqualTo(Confidence.HIGH);
        assertThat(m500.summary()).contains("safe, but each flush waits for the flash, so it is slow")
                .contains("Power loss protection for data-at-rest").contains("Crucial M500/M550/M600");
    }

    @Test
    void nandWithoutPlpIsSlowNotUnsafeAndUnknownStaysUnknown() {
        PlpAssessment none = of("Samsung", "990 PRO", Interface.NVME, Media.TLC,
                said(PlpClass.STATED_NO, "Power Loss Protection | No", SourceKind.REVIEW));
        assertThat(none.protection()).isEqualTo(Protection.NONE);
        assertThat(none.safe()).isEqualTo(Safe.IF_IT_HONOURS_FLUSHES);
        assertThat(none.flush()).isEqualTo(Flush.WAITS_FOR_FLASH);
        assertThat(none.summary()).contains("slow; it is safe as long as it honours flushes").doesNotContain("not safe");
        PlpAssessment unknown = of("Acme", "Z9", Interface.NVME, Media.TLC, null);
        assertThat(unknown.protection()).isEqualTo(Protection.UNKNOWN);
        assertThat(unknown.safe()).isEqualTo(Safe.UNKNOWN);
        assertThat(unknown.confidence()).isEqualTo(Confidence.NONE);
        assertThat(unknown.summary()).contains("unknown");
    }

    @Test
    void xpointIsSafeByItsMediaAndAVendorsNoMakesItDisputed() {
        PlpAssessment p1600x = of("Intel", "Optane SSD P1600X", Interface.NVME, Media.XPOINT_3D, null);
        assertThat(p1600x.protection()).isEqualTo(Protection.XPOINT);
        assertThat(p1600x.cheapFlush()).isTrue();
        assertThat(p1600x.keepsFlushedData()).isTrue();
        assertThat(p1600x.summary()).contains(OpenZfsHardwarePage.XPOINT);
        PlpAssessment p900 = of("Intel", "Optane SSD 900P", Interface.NVME, Media.XPOINT_3D,
                said(PlpClass.STATED_NO, "Enhanced PLP: No", SourceKind.REVIEW));
        assertThat(p900.protection()).isEqualTo(Protection.XPOINT_VENDOR_NO);
        assertThat(p900.cheapFlush()).isTrue();
        assertThat(p900.safe()).isEqualTo(Safe.DISPUTED);
        assertThat(p900.warnings()).anySatisfy(w -> assertThat(w).contains("vendor states no power-loss protection")
                .contains("Enhanced PLP: No").contains("the sources disagree"));
        PlpAssessment p4800x = of("Intel", "Optane SSD DC P4800X", Interface.NVME, Media.XPOINT_3D,
                said(PlpClass.STATED_YES, "Enhanced PLP: Yes", SourceKind.REVIEW));
        assertThat(p4800x.protection()).isEqualTo(Protection.PLP);
    }

    @Test
    void whereASourceDeniesWhatTheListShowsTheAssessmentSaysTheyDisagree() {
        PlpAssessment both = of("Samsung", "PM863", Interface.SATA, Media.TLC,
                said(PlpClass.STATED_NO, "Power Loss Protection | No", SourceKind.REVIEW));
        assertThat(both.protection()).isEqualTo(Protection.FLUSHED_DATA);
        assertThat(both.confidence()).isEqualTo(Confidence.LOW);
        assertThat(both.warnings()).anySatisfy(w -> assertThat(w).startsWith("The sources disagree"));
    }

    @Test
    void aStatementWithoutAClassIsKeptAsEvidenceAndReadsAsUnknown() {
        // import-format.md lets `value` be left out when the wording cannot be read as one: the statement keeps its words only
        PlpAssessment.Statement unread = said(null, "Power protection: see datasheet", SourceKind.VENDOR_PAGE);
        PlpAssessment nand = of("Acme", "Z9", Interface.NVME, Media.TLC, unread);
        assertThat(nand.protection()).isEqualTo(Protection.UNKNOWN);
        assertThat(nand.flush()).isEqualTo(Flush.UNKNOWN);
        assertThat(nand.safe()).isEqualTo(Safe.UNKNOWN);
        assertThat(nand.confidence()).isEqualTo(Confidence.NONE);
        assertThat(nand.summary()).isEqualTo("Power-loss protection unknown (TLC NAND): no source in the catalog says in words "
                + "drivecat can read; its flushes are taken to wait for the flash. Not read as a protection class: the words of the "
                + "vendor (a source): \"Power protection: see datasheet\".");
        assertThat(nand.evidence()).singleElement().satisfies(e -> {
            assertThat(e.reading()).isEqualTo("speaks of power-loss protection in words drivecat cannot read as a class");
            assertThat(e.wording()).isEqualTo("Power protection: see datasheet");
            assertThat(e.url()).isEqualTo("https://source.example");
        });
        assertThat(nand.warnings()).containsExactly("Power-loss protection unknown: a source's words (\"Power protection: see "
                + "datasheet\") could not be read as a protection class (TLC NAND); check them yourself.");
        // a general claim without a class, and the other evidence still decides: the OpenZFS list, 3D XPoint
        PlpAssessment claim = of("Acme", "Z9", Interface.NVME, Media.TLC, new PlpAssessment.Statement(null, "Built for servers", null,
                SourceKind.REVIEW, "a benchmark", "https://b.example", true));
        assertThat(claim.protection()).isEqualTo(Protection.UNKNOWN);
        assertThat(claim.summary()).endsWith("Not read as a protection class: the words of a general claim by a benchmark: "
                + "\"Built for servers\".");
        assertThat(claim.evidence()).singleElement().satisfies(e -> assertThat(e.reading()).endsWith("(a general claim in its own "
                + "words, not a quoted specification)"));
        PlpAssessment listed = of("Intel", "SSD DC S3710", Interface.SATA, Media.MLC, unread);
        assertThat(listed.protection()).isEqualTo(Protection.FLUSHED_DATA);
        assertThat(listed.evidence()).hasSize(2);
        assertThat(listed.summary()).contains("Not read as a protection class");
        PlpAssessment xpoint = of("Intel", "Optane SSD P1600X", Interface.NVME, Media.XPOINT_3D, unread);
        assertThat(xpoint.protection()).isEqualTo(Protection.XPOINT);
        assertThat(xpoint.summary()).contains("Not read as a protection class");
    }
}
