package dev.drivecat.specs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.specs.DriveMatcher.Candidate;
import dev.drivecat.specs.DriveMatcher.Outcome;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DriveMatcherTest {

    private static final List<Candidate> CATALOG = List.of(
            new Candidate("intel-optane-p4800x-375gb-u2", "Intel", "Optane SSD DC P4800X", 375, Interface.NVME, FormFactor.U2, Set.of()),
            new Candidate("intel-optane-p4800x-375gb-aic", "Intel", "Optane SSD DC P4800X", 375, Interface.NVME, FormFactor.AIC,
                    Set.of("SSDPED1K375GA")),
            new Candidate("micron-7450-pro-480gb-m2", "Micron", "7450 PRO", 480, Interface.NVME, FormFactor.M2_2280, Set.of()),
            new Candidate("micron-7450-pro-960gb-m2", "Micron", "7450 PRO", 960, Interface.NVME, FormFactor.M2_2280, Set.of()),
            new Candidate("intel-dc-s3700-100gb-sata", "Intel", "SSD DC S3700", 100, Interface.SATA, FormFactor.INCH_2_5,
                    Set.of("SSDSC2BA100G3T")));

    private static SpecParse.Identity id(String vendor, String model, List<String> pns, Integer capacity, FormFactor ff) {
        return new SpecParse.Identity(vendor, model, pns, capacity, null, ff, null, null);
    }

    @Test
    void aPartNumberDecidesEvenWithoutModelOrCapacity() {
        DriveMatcher.Match m = DriveMatcher.match(id(null, null, List.of("SSDSC2BA100G3T"), null, null), CATALOG);
        assertThat(m.outcome()).isEqualTo(Outcome.MATCHED);
        assertThat(m.slug()).isEqualTo("intel-dc-s3700-100gb-sata");
        assertThat(m.reason()).contains("SSDSC2BA100G3T");
    }

    @Test
    void aPartNumberInThePageTitleDecidesWhenTheRowsStateNone() {
        DriveMatcher.Match m = DriveMatcher.match(id("Intel", "Optane SSD DC P4800X", List.of(), 375, null),
                List.of("Intel® Optane™ SSD DC P4800X Series 375GB, 1/2 Height PCIe x4 (SSDPED1K375GA)"), CATALOG);
        assertThat(m.outcome()).isEqualTo(Outcome.MATCHED);
        assertThat(m.slug()).isEqualTo("intel-optane-p4800x-375gb-aic");
        assertThat(m.reason()).contains("title").contains("SSDPED1K375GA");
        // a part number the rows state wins over the title's
        DriveMatcher.Match rows = DriveMatcher.match(id(null, null, List.of("SSDSC2BA100G3T"), null, null),
                List.of("SSDPED1K375GA"), CATALOG);
        assertThat(rows.slug()).isEqualTo("intel-dc-s3700-100gb-sata");
    }

    @Test
    void partNumbersOfTwoDrivesAreAmbiguous() {
        DriveMatcher.Match m = DriveMatcher.match(id(null, null, List.of("SSDSC2BA100G3T", "SSDPED1K375GA"), null, null), CATALOG);
        assertThat(m.outcome()).isEqualTo(Outcome.AMBIGUOUS);
        assertThat(m.candidates()).containsExactlyInAnyOrder("intel-dc-s3700-100gb-sata", "intel-optane-p4800x-375gb-aic");
    }

    @Test
    void modelAndCapacityMatchWhenTheyNameOneDrive() {
        DriveMatcher.Match m = DriveMatcher.match(id("Micron", "7450 PRO", List.of(), 480, null), CATALOG);
        assertThat(m.outcome()).isEqualTo(Outcome.MATCHED);
        assertThat(m.slug()).isEqualTo("micron-7450-pro-480gb-m2");
    }

    @Test
    void aMissingFormFactorLeavesTwoSlotsOfOneModelAmbiguousAndAStatedOneDecides() {
        DriveMatcher.Match ambiguous = DriveMatcher.match(id("Intel", "Optane SSD DC P4800X", List.of(), 375, null), CATALOG);
        assertThat(ambiguous.outcome()).isEqualTo(Outcome.AMBIGUOUS);
        assertThat(ambiguous.reason()).contains("no form factor");
        DriveMatcher.Match u2 = DriveMatcher.match(id("Intel", "P4800X", List.of(), 375, FormFactor.U2), CATALOG);
        assertThat(u2.slug()).isEqualTo("intel-optane-p4800x-375gb-u2");
    }

    @Test
    void anotherVendorModelOrCapacityMatchesNothingAndSaysWhy() {
        assertThat(DriveMatcher.match(id("Samsung", "7450 PRO", List.of(), 480, null), CATALOG).outcome()).isEqualTo(Outcome.UNMATCHED);
        assertThat(DriveMatcher.match(id("Micron", "7450 MAX", List.of(), 480, null), CATALOG).outcome()).isEqualTo(Outcome.UNMATCHED);
        DriveMatcher.Match capacity = DriveMatcher.match(id("Micron", "7450 PRO", List.of("MTFDKBA1T9TFR"), 1920, null), CATALOG);
        assertThat(capacity.outcome()).isEqualTo(Outcome.UNMATCHED);
        assertThat(capacity.reason()).contains("MTFDKBA1T9TFR").contains("1920 GB");
        assertThat(DriveMatcher.match(id("Micron", null, List.of(), 480, null), CATALOG).reason()).contains("no model");
    }
}
