package dev.drivecat.identity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a listing of a drive the catalog lacks proposes, on titles written for each rule, against a
 * small catalog of two drives (a Samsung PM893 240GB and a Micron 7450 PRO 960GB M.2 2280).
 */
class ProposalReaderTest {

    private static final IdentityMatcher MATCHER = new IdentityMatcher(IdentityCatalog.of(List.of(
            new IdentityCatalog.Drive("samsung-pm893-240gb-sata", "Samsung", "PM893", 240, Interface.SATA, FormFactor.INCH_2_5,
                    List.of(new IdentityCatalog.PartNumber("MZ7L3240HCHQ-00A07", "https://example.test/pm893")), List.of()),
            new IdentityCatalog.Drive("micron-7450-pro-960gb-m2", "Micron", "7450 PRO", 960, Interface.NVME, FormFactor.M2_2280,
                    List.of(), List.of())), List.of()));

    private static ProposedDrive proposed(String title) {
        ProposedDrive.Reading r = MATCHER.propose(title);
        assertThat(r).as(title).isInstanceOf(ProposedDrive.Proposes.class);
        return ((ProposedDrive.Proposes) r).drive();
    }

    private static String nothing(String title) {
        ProposedDrive.Reading r = MATCHER.propose(title);
        assertThat(r).as(title).isInstanceOf(ProposedDrive.ProposesNothing.class);
        return ((ProposedDrive.ProposesNothing) r).why();
    }

    @Test
    void aSeriesTheCatalogLacksIsProposedByMakerModelCapacityFormAndBus() {
        ProposedDrive d = proposed("Intel SSD D3-S4610 Series 960GB 2.5in SATA 6Gb/s 3D TLC SSDSC2KG960G801");
        assertThat(d.maker()).isEqualTo("intel");
        assertThat(d.makerName()).isEqualTo("Intel");
        assertThat(d.model()).isEqualTo("D3-S4610");
        assertThat(d.modelKey()).isEqualTo("s4610");
        assertThat(d.capacityGb()).isEqualTo(960);
        assertThat(d.form()).isEqualTo(StatedForm.INCH_2_5);
        assertThat(d.bus()).isEqualTo(Interface.SATA);
        assertThat(d.partNumbers()).containsExactly("SSDSC2KG960G801");
        assertThat(d.knownSeries()).isFalse();
    }

    @Test
    void theFamilyWordsSellersAddOrLeaveOutAndTheBrandsOfOneMakerGiveOneProposal() {
        ProposedDrive a = proposed("Solidigm D3-S4610 960GB SATA 2.5\" enterprise SSD");
        ProposedDrive b = proposed("Intel DC S4610 960GB 2.5 inch SATA");
        ProposedDrive c = proposed("INTEL S4610 960 GB SSD SATA 2,5\"");
        assertThat(List.of(b, c)).allSatisfy(d -> {
            assertThat(d.maker()).isEqualTo(a.maker());
            assertThat(d.modelKey()).isEqualTo(a.modelKey());
            assertThat(d.capacityGb()).isEqualTo(a.capacityGb());
            assertThat(d.form()).isEqualTo(a.form());
        });
    }

    @Test
    void aCapacityOrFormTheCatalogLacksInAKnownSeriesIsAProposalUnderTheCatalogsName() {
        ProposedDrive d = proposed("SAMSUNG PM893 1.92TB 2.5\" SATA enterprise SSD");
        assertThat(d.model()).isEqualTo("PM893");
        assertThat(d.knownSeries()).isTrue();
        assertThat(d.capacityGb()).isEqualTo(1920);
        ProposedDrive u3 = proposed("Micron 7450 PRO 960GB U.3 NVMe PCIe 4.0");
        assertThat(u3.model()).isEqualTo("7450 PRO");
        assertThat(u3.form()).isEqualTo(StatedForm.U3);
        assertThat(u3.bus()).isEqualTo(Interface.NVME);
    }

    @Test
    void aDriveTheCatalogHoldsIsNeverProposed() {
        assertThat(nothing("Samsung PM893 240GB SATA SSD")).contains("samsung-pm893-240gb-sata");
        assertThat(nothing("Micron 7450 PRO 960GB M.2 NVMe")).contains("micron-7450-pro-960gb-m2");
    }

    @Test
    void aCapacityIsReadToTheSkuASellerRoundsOrCountsInBinaryUnits() {
        assertThat(proposed("Samsung PM883 1.9TB 2.5in SATA").capacityGb()).isEqualTo(1920);
        assertThat(proposed("Samsung PM883 894GB 2.5in SATA").capacityGb()).isEqualTo(960);
        assertThat(proposed("Samsung PM883 7.6TB 2.5in SATA").capacityGb()).isEqualTo(7680);
        assertThat(proposed("Samsung PM883 3840GB 2.5in SATA").capacityGb()).isEqualTo(3840);
    }

    @Test
    void whatAListingLeavesOpenOfTheFormIsKeptApartFromWhatAnotherStates() {
        assertThat(proposed("Samsung PM9A3 1.92TB U.2 NVMe").form()).isEqualTo(StatedForm.U2);
        assertThat(proposed("Samsung PM9A3 1.92TB M.2 NVMe").form()).isEqualTo(StatedForm.M2);
        assertThat(proposed("Samsung PM9A3 1.92TB M.2 22110 NVMe").form()).isEqualTo(StatedForm.M2_22110);
        assertThat(proposed("Samsung PM9A3 1.92TB 2.5\" NVMe").form()).isEqualTo(StatedForm.INCH_2_5_NVME);
        assertThat(proposed("Samsung PM9A3 1.92TB 2.5\"").form()).isEqualTo(StatedForm.INCH_2_5_ANY);
        assertThat(proposed("Samsung PM9A3 1.92TB enterprise SSD").form()).isNull();
    }

    @Test
    void variantWordsBesideTheNumberArePartOfTheModelAndNoMaximum() {
        ProposedDrive max = proposed("Micron 7450 MAX 800GB U.3 NVMe");
        assertThat(max.modelKey()).isEqualTo("7450 max");
        assertThat(max.capacityGb()).isEqualTo(800);
        assertThat(proposed("Samsung 990EVO 2TB M.2 2280 NVMe").modelKey()).isEqualTo("990 evo");
        assertThat(proposed("Samsung 990 PRO with Heatsink 4TB M.2 2280").modelKey()).isEqualTo("990 pro heatsink");
    }

    @Test
    void aLinkRateIsNoSecondCapacity() {
        assertThat(proposed("Intel S4510 960GB 2.5in SATA 6Gb enterprise").capacityGb()).isEqualTo(960);
        assertThat(proposed("Samsung PM1643 3.84TB 2.5in SAS 12Gb").capacityGb()).isEqualTo(3840);
    }

    @Test
    void aPartNumberOfAMakersSchemeNamesTheMakerATitleLeavesOut() {
        ProposedDrive d = proposed("Genuine MZ7L31T9HBLT-00A07 PM897 1.92TB 2.5in SATA Original");
        assertThat(d.maker()).isEqualTo("samsung");
        assertThat(d.modelKey()).isEqualTo("pm897");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Intel D7-P5510 3.84TB 2.5in U.2 (SFF-8639) NVMe - 6500 MB/s Read - 256-bit Encryption - 5 Year",
            "Genuine 0ABC12, ABC12 Intel D7-P5510 3.84TB NVMe U.2 Original",
            "Intel D7-P5510 3.84TB U.2 NVMe 5yr warranty, 79000 IOPS, order 945763",
            "Intel D7-P5510 3.84TB U.2 NVMe 3-D TLC 3-bit, not for PS5"})
    void ratesCountsWarrantiesAndOrderNumbersAreNoSecondModel(String title) {
        assertThat(proposed(title).modelKey()).isEqualTo("p5510");
    }

    @Test
    void aLengthWrittenAsWidthByLengthIsNoModel() {
        assertThat(proposed("Intel 760p 512GB M.2 22x80mm NVMe").modelKey()).isEqualTo("760p");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Lot of 5 Intel D3-S4610 960GB 2.5in SATA",
            "Intel D3-S4610 960GB 2.5in SATA - for parts, not working",
            "2.5\" caddy tray for Intel D3-S4610 960GB",
            "EMPTY BOX Samsung PM897 960GB",
            "Samsung PM897 Intel D3-S4610 960GB",
            "Samsung PM897 480GB 960GB 1.92TB 2.5in SATA",
            "Samsung PM897 2.5in SATA enterprise SSD",
            "Dell 0T1WH8 960GB 2.5in SATA SSD",
            "Samsung T7 Portable SSD 1TB USB 3.2",
            "Enterprise SSD 960GB 2.5in SATA"})
    void aListingThatNamesNoOneDriveProposesNothing(String title) {
        assertThat(nothing(title)).isNotBlank();
    }
}
