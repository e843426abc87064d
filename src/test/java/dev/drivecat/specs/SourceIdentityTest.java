package dev.drivecat.specs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.identity.IdentityCatalog;
import dev.drivecat.identity.IdentityMatcher;
import dev.drivecat.specs.SourceIdentity.Outcome;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which catalog drive a spec source describes, as the one identity matcher reads what the source states. */
class SourceIdentityTest {

    private static final IdentityMatcher MATCHER = new IdentityMatcher(IdentityCatalog.of(List.of(
            drive("intel-optane-p4800x-375gb-u2", "Intel", "Optane SSD DC P4800X", 375, Interface.NVME, FormFactor.U2),
            drive("intel-optane-p4800x-375gb-aic", "Intel", "Optane SSD DC P4800X", 375, Interface.NVME, FormFactor.AIC, "SSDPED1K375GA"),
            drive("micron-7450-pro-480gb-m2", "Micron", "7450 PRO", 480, Interface.NVME, FormFactor.M2_2280),
            drive("micron-7450-pro-960gb-m2", "Micron", "7450 PRO", 960, Interface.NVME, FormFactor.M2_2280),
            drive("intel-dc-s3700-100gb-sata", "Intel", "SSD DC S3700", 100, Interface.SATA, FormFactor.INCH_2_5, "SSDSC2BA100G3T")),
            List.of()));

    private static IdentityCatalog.Drive drive(String slug, String vendor, String model, int gb, Interface iface, FormFactor ff,
                                               String... partNumbers) {
        return new IdentityCatalog.Drive(slug, vendor, model, gb, iface, ff,
                java.util.Arrays.stream(partNumbers).map(p -> new IdentityCatalog.PartNumber(p, null)).toList(), List.of());
    }

    private static SpecParse.Identity id(String vendor, String model, List<String> pns, Integer capacity, FormFactor ff) {
        return new SpecParse.Identity(vendor, model, pns, capacity, null, ff, null, null);
    }

    private static SourceIdentity.Match identify(SpecParse.Identity id, String... names) {
        return SourceIdentity.identify(id, List.of(names), MATCHER);
    }

    @Test
    void aPartNumberDecidesEvenWithoutModelOrCapacity() {
        SourceIdentity.Match m = identify(id(null, null, List.of("SSDSC2BA100G3T"), null, null));
        assertThat(m.outcome()).isEqualTo(Outcome.MATCHED);
        assertThat(m.slug()).isEqualTo("intel-dc-s3700-100gb-sata");
        assertThat(m.reason()).contains("SSDSC2BA100G3T");
    }

    @Test
    void aPartNumberInThePageTitleDecidesWhenTheRowsStateNone() {
        SourceIdentity.Match m = identify(id("Intel", "Optane SSD DC P4800X", List.of(), 375, null),
                "Intel® Optane™ SSD DC P4800X Series 375GB, 1/2 Height PCIe x4 (SSDPED1K375GA)");
        assertThat(m.outcome()).isEqualTo(Outcome.MATCHED);
        assertThat(m.slug()).isEqualTo("intel-optane-p4800x-375gb-aic");
    }

    @Test
    void partNumbersOfTwoDrivesInTheRowsAndTheTitleAreAmbiguous() {
        // a page whose rows give one drive's part number and whose title another's says two things: identity guesses neither
        SourceIdentity.Match m = identify(id(null, null, List.of("SSDSC2BA100G3T"), null, null), "Optane SSDPED1K375GA");
        assertThat(m.outcome()).isEqualTo(Outcome.AMBIGUOUS);
    }

    @Test
    void partNumbersOfTwoDrivesAreAmbiguous() {
        SourceIdentity.Match m = identify(id(null, null, List.of("SSDSC2BA100G3T", "SSDPED1K375GA"), null, null));
        assertThat(m.outcome()).isEqualTo(Outcome.AMBIGUOUS);
        assertThat(m.candidates()).containsExactlyInAnyOrder("intel-dc-s3700-100gb-sata", "intel-optane-p4800x-375gb-aic");
    }

    @Test
    void aPartNumberTheSourceContradictsDecidesNothing() {
        SourceIdentity.Match m = identify(id("Intel", "SSD DC S3700", List.of("SSDSC2BA100G3T"), 800, null));
        assertThat(m.outcome()).isEqualTo(Outcome.AMBIGUOUS);
        assertThat(m.reason()).contains("SSDSC2BA100G3T");
    }

    @Test
    void modelCapacityAndFormFactorMatchWhenTheyNameOneDrive() {
        SourceIdentity.Match m = identify(id("Micron", "7450 PRO", List.of(), 480, FormFactor.M2_2280));
        assertThat(m.outcome()).isEqualTo(Outcome.MATCHED);
        assertThat(m.slug()).isEqualTo("micron-7450-pro-480gb-m2");
    }

    @Test
    void aFormFactorTheSourceLeavesOpenLeavesTheDriveOpen() {
        SourceIdentity.Match ambiguous = identify(id("Intel", "Optane SSD DC P4800X", List.of(), 375, null));
        assertThat(ambiguous.outcome()).isEqualTo(Outcome.AMBIGUOUS);
        assertThat(ambiguous.candidates()).containsExactlyInAnyOrder("intel-optane-p4800x-375gb-u2", "intel-optane-p4800x-375gb-aic");
        assertThat(identify(id("Intel", "P4800X", List.of(), 375, FormFactor.U2)).slug()).isEqualTo("intel-optane-p4800x-375gb-u2");
    }

    @Test
    void anotherVendorModelOrCapacityMatchesNothingAndSaysWhy() {
        assertThat(identify(id("Samsung", "7450 PRO", List.of(), 480, FormFactor.M2_2280)).outcome()).isEqualTo(Outcome.UNMATCHED);
        assertThat(identify(id("Micron", "7450 MAX", List.of(), 480, FormFactor.M2_2280)).outcome()).isEqualTo(Outcome.UNMATCHED);
        SourceIdentity.Match capacity = identify(id("Micron", "7450 PRO", List.of("MTFDKBA1T9TFR"), 1920, null));
        assertThat(capacity.outcome()).isEqualTo(Outcome.UNMATCHED);
        assertThat(capacity.reason()).contains("1920GB");
        assertThat(identify(id(null, null, List.of(), null, null)).outcome()).isEqualTo(Outcome.UNMATCHED);
    }
}
