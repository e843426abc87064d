package dev.drivecat.identity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.identity.Identification.Decision;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The matcher's rules, each on titles written for the rule: against the seed catalog where its
 * drives show the rule (near names, capacities, form factors, part numbers), and against a small
 * made-up catalog ("Acme") where a rule needs data the seed does not hold.
 */
class IdentityMatcherTest {

    private static final IdentityMatcher SEED = new IdentityMatcher(SeedCatalog.load());

    private static Identification seed(String title) {
        return SEED.identify(title);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Intel Optane SSD DC P4800X 375GB U.2 NVMe | intel-optane-p4800x-375gb-u2",
            "Intel Optane P4800X 375GB half height PCIe add-in card | intel-optane-p4800x-375gb-aic",
            "Intel Optane SSD 900P 280GB HHHL PCIe NVMe | intel-optane-900p-280gb-aic",
            "Samsung PM893 240GB 2.5\" SATA enterprise SSD | samsung-pm893-240gb-sata",
            "Samsung PM9A3 960GB U.2 NVMe | samsung-pm9a3-960gb-u2",
            "Micron 7450 PRO 480GB M.2 2280 NVMe | micron-7450-pro-480gb-m2",
            "Kingston DC600M 960GB 2.5in SATA | kingston-dc600m-960gb-sata",
            "SAMSUNG 990 PRO 2TB M.2 2280 PCIe 4.0 | samsung-990-pro-2tb-m2",
            "Crucial MX500 1TB 2.5 inch SATA III | crucial-mx500-1tb-sata",
            "Crucial MX500 1TB M.2 2280 SATA | crucial-mx500-1tb-m2"})
    void matchesAModelCapacityAndFormFactorThatNameOneDrive(String title, String slug) {
        Identification id = seed(title);
        assertThat(id.decision()).as(id.toString()).isEqualTo(Decision.MATCH);
        assertThat(id.drive()).isEqualTo(slug);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Intel Optane SSD DC P4801X 375GB U.2 NVMe",
            "Intel Optane SSD 905P 280GB add-in card",
            "Samsung PM883 240GB 2.5\" SATA",
            "Samsung PM897 480GB 2.5\" SATA",
            "Micron 7450 MAX 480GB M.2 2280 NVMe",
            "Kingston DC600ME 960GB 2.5in SATA",
            "Kingston DC1000B 480GB M.2 2280 NVMe",
            "Samsung 990 EVO 2TB M.2 2280",
            "Samsung 9100 PRO 2TB M.2 2280",
            "Samsung 970 EVO 1TB M.2 2280 NVMe",
            "Samsung 860 QVO 1TB 2.5\" SATA",
            "ADATA LEGEND 860 1TB M.2 2280"})
    void neverMatchesAModelWhoseNameIsOneLetterOrWordApart(String title) {
        assertThat(seed(title).decision()).as(seed(title).toString()).isNotEqualTo(Decision.MATCH);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Samsung 970 EVO 1TB Plus Free Shipping M.2 2280 NVMe",
            "Samsung 980 1TB PRO-grade M.2 2280 NVMe SSD",
            "Micron 7450 960GB PRO tested M.2 2280"})
    void aVariantWordAwayFromTheModelNumberBelongsToNoModelsName(String title) {
        Identification id = seed(title);
        assertThat(id.matched()).as(id.toString()).isFalse();
    }

    @Test
    void anAliasMustNameTheDriveAndTellItFromEveryOtherDriveOfItsModel() {
        // the title fits both 750GB P4800X: as an alias of one it would name that one for every such title
        assertThat(SEED.whyNotAnAlias("Intel Optane P4800X 750GB 3D XPoint", "intel-optane-p4800x-750gb-aic"))
                .hasValueSatisfying(why -> assertThat(why).contains("intel-optane-p4800x-750gb-u2"));
        assertThat(SEED.whyNotAnAlias("Intel Optane P4800X 3D XPoint add-in card", "intel-optane-p4800x-750gb-aic"))
                .hasValueSatisfying(why -> assertThat(why).contains("intel-optane-p4800x-375gb-aic"));
        assertThat(SEED.whyNotAnAlias("***", "intel-optane-p4800x-750gb-aic")).hasValueSatisfying(why -> assertThat(why).contains("no words"));
        assertThat(SEED.whyNotAnAlias("\uD83D\uDD25\uD83D\uDD25\uD83D\uDD25", "intel-optane-p4800x-750gb-aic")).isPresent();
        assertThat(SEED.whyNotAnAlias("Intel Optane P4800X 375GB add-in card", "intel-optane-p4800x-750gb-aic"))
                .hasValueSatisfying(why -> assertThat(why).contains("375"));
        assertThat(SEED.whyNotAnAlias("Samsung 990 PRO 2TB", "intel-optane-p4800x-750gb-aic")).hasValueSatisfying(why -> assertThat(why)
                .contains("names neither"));
        assertThat(SEED.whyNotAnAlias("lot of 3 Intel Optane P4800X 750GB add-in card", "intel-optane-p4800x-750gb-aic")).isPresent();
        // another drive's part number decides against it, whatever else the title says
        assertThat(SEED.whyNotAnAlias("Samsung MZ7L3240HCHQ-00A07 Intel 750GB half height", "intel-optane-p4800x-750gb-aic")).isPresent();
        // a title that tells the drive from every other drive of its model may be its alias
        assertThat(SEED.whyNotAnAlias("Intel Optane P4800X 750GB half height 3D XPoint", "intel-optane-p4800x-750gb-aic")).isEmpty();
    }

    @Test
    void twoAliasesOfOneKeyForTwoDrivesNameNeither() {
        IdentityMatcher matcher = new IdentityMatcher(IdentityCatalog.of(List.of(
                new IdentityCatalog.Drive("acme-x1-1tb-m2", "Acme", "X1", 1000, Interface.NVME, FormFactor.M2_2280, List.of(),
                        List.of(new IdentityCatalog.Alias("ACME X1 (the blue one)", null))),
                new IdentityCatalog.Drive("acme-x1-2tb-m2", "Acme", "X1", 2000, Interface.NVME, FormFactor.M2_2280, List.of(),
                        List.of(new IdentityCatalog.Alias("acme x1 - the blue one", null)))), List.of()));
        assertThat(matcher.identify("Acme X1, the blue one").matched()).isFalse();
    }

    @Test
    void anOrderingCodeTheVendorListsForTheDriveNamesIt() {
        // Intel's product code carries its "01" beside the Dell relabel's SSDPE21K375GAT: the catalog holds both, each with its page
        Identification id = seed("Intel Optane SSD DC P4800X Series 375GB, 2.5in PCIe x4, 3D XPoint SSDPE21K375GA01");
        assertThat(id.decision()).as(id.toString()).isEqualTo(Decision.MATCH);
        assertThat(id.drive()).isEqualTo("intel-optane-p4800x-375gb-u2");
        assertThat(seed("Intel Optane P4800X 750GB SSDPED1K750GA01").drive()).isEqualTo("intel-optane-p4800x-750gb-aic");
    }

    @Test
    void aHeatsinkVariantIsAnotherSku() {
        assertThat(seed("Samsung 990 PRO with Heatsink 2TB M.2 2280 PCIe 4.0").matched()).isFalse();
        assertThat(seed("Samsung 990 PRO 2TB M.2 2280 радиатор").matched()).isFalse();
        assertThat(seed("WD_BLACK SN850X 1TB M.2 2280 NVMe non-heatsink").decision()).isEqualTo(Decision.MATCH);
    }

    @Test
    void aModelNamedWithAHeatsinkIsOnlyTheHeatsinkVariant() {
        IdentityMatcher matcher = new IdentityMatcher(IdentityCatalog.of(List.of(
                acme("acme-x100-1tb-m2", "X100", 1000, FormFactor.M2_2280, "ACX100-1T"),
                acme("acme-x100-heatsink-1tb-m2", "X100 Heatsink", 1000, FormFactor.M2_2280, "ACX100-1TH")), List.of()));
        assertThat(matcher.identify("Acme X100 1TB M.2 2280 NVMe with heatsink").drive()).isEqualTo("acme-x100-heatsink-1tb-m2");
        assertThat(matcher.identify("Acme X100 1TB M.2 2280 NVMe without heatsink").drive()).isEqualTo("acme-x100-1tb-m2");
        assertThat(matcher.identify("ACX100-1TH Acme X100 1TB M.2 2280 NVMe without heatsink").decision()).isEqualTo(Decision.AMBIGUOUS);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Intel Optane P4800X 750GB U.2 | MATCH | intel-optane-p4800x-750gb-u2",
            // the catalog holds no 1.5TB P4800X: its 375GB and 750GB are ruled out by the capacity
            "Intel Optane P4800X 1.5TB U.2 | NO_MATCH |",
            "Samsung PM893 480GB 2.5\" SATA | MATCH | samsung-pm893-480gb-sata"})
    void aCapacityDecidesBetweenSkusOfOneModel(String title, Decision decision, String slug) {
        Identification id = seed(title);
        assertThat(id.decision()).as(id.toString()).isEqualTo(decision);
        assertThat(id.drive()).as(id.toString()).isEqualTo(slug);
        if (decision == Decision.NO_MATCH) {
            assertThat(id.candidates()).as(id.toString()).isNotEmpty().allMatch(c -> c.why().contains("the text says 1.5tb"));
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Intel D7-P5500 1.92TB U.2 NVMe | intel-d7-p5500-1920gb-u2",
            "Intel D7-P5500 1920GB U.2 NVMe | intel-d7-p5500-1920gb-u2",
            "Intel D7 P5500 1,92 ТБ U.2 NVMe | intel-d7-p5500-1920gb-u2",
            "Intel D7-P5500 1.9TB U.2 NVMe | intel-d7-p5500-1920gb-u2",
            "Intel DC P4500 1TB U.2 NVMe | intel-dc-p4500-1tb-u2",
            "Intel DC P4500 1000GB U.2 | intel-dc-p4500-1tb-u2",
            "Samsung PM9A3 894GB U.2 NVMe | samsung-pm9a3-960gb-u2"})
    void readsCapacitiesAsSellersWriteThem(String title, String slug) {
        Identification id = seed(title);
        assertThat(id.drive()).as(id.toString()).isEqualTo(slug);
    }

    @Test
    void aTitleThatLeavesTheCapacityOrFormFactorOpenIsAmbiguous() {
        Identification noCapacity = seed("Intel Optane SSD DC P4800X U.2 NVMe");
        assertThat(noCapacity.decision()).isEqualTo(Decision.AMBIGUOUS);
        assertThat(noCapacity.candidates()).extracting(Identification.Candidate::slug)
                .contains("intel-optane-p4800x-375gb-u2", "intel-optane-p4800x-750gb-u2");
        assertThat(noCapacity.evidence()).anyMatch(e -> e.contains("capacity is not stated"));

        Identification noFormFactor = seed("Intel Optane SSD DC P4800X 375GB");
        assertThat(noFormFactor.decision()).isEqualTo(Decision.AMBIGUOUS);
        assertThat(noFormFactor.candidates()).extracting(Identification.Candidate::slug)
                .containsExactlyInAnyOrder("intel-optane-p4800x-375gb-u2", "intel-optane-p4800x-375gb-aic");
    }

    @Test
    void aStatedFormFactorRulesOutTheOthers() {
        assertThat(seed("Intel Optane SSD 900P 280GB 2.5\" U.2").decision()).isEqualTo(Decision.NO_MATCH);
        assertThat(seed("Samsung PM9A3 960GB M.2 22110 NVMe").decision()).isEqualTo(Decision.NO_MATCH);
        assertThat(seed("Crucial MX500 500GB M.2 2280 SATA").decision()).isEqualTo(Decision.NO_MATCH);
        assertThat(seed("Samsung PM1733 960GB U.3 NVMe").decision()).isEqualTo(Decision.NO_MATCH);
    }

    @Test
    void aCatalogPartNumberDecidesWhenNothingContradictsIt() {
        Identification id = seed("SSD накопитель SAMSUNG M.2 1TB PCIe 4.0 (NVMe) (MZ-V9P1T0BW)");
        assertThat(id.decision()).isEqualTo(Decision.MATCH);
        assertThat(id.drive()).isEqualTo("samsung-990-pro-1tb-m2");
        assertThat(id.evidence().get(0)).contains("part number MZ-V9P1T0BW");
    }

    @Test
    void aPartNumberContradictedByTheTitleIsAmbiguous() {
        Identification id = seed("Samsung 990 PRO 2TB M.2 MZ-V9P1T0BW");
        assertThat(id.decision()).isEqualTo(Decision.AMBIGUOUS);
        assertThat(id.candidates()).singleElement().satisfies(c -> assertThat(c.why()).contains("2tb"));
    }

    @Test
    void aPartNumberOfTheDrivesKindThatIsNotItsOwnRulesItOut() {
        // the heatsink 990 PRO's part number differs from the plain one's in one letter
        Identification id = seed("Samsung 990 Pro 1TB M.2 2280 PCIe 4.0 (MZ-V9P1T0GW)");
        assertThat(id.matched()).isFalse();
        assertThat(id.candidates()).anyMatch(c -> c.why().contains("MZ-V9P1T0GW"));
    }

    @Test
    void anUnknownPartNumberIsNoMatchEvenWhenItsFirstLettersLookAlike() {
        assertThat(seed("SSDPEK1A999GA").decision()).isEqualTo(Decision.NO_MATCH);
        assertThat(seed("MZ-V9P1T0").decision()).isEqualTo(Decision.NO_MATCH);
    }

    @Test
    void aModelAfterForIsWhatAPartFitsNotTheProduct() {
        assertThat(seed("Drive caddy tray for Intel DC S3700 400GB 2.5\" SATA").decision()).isEqualTo(Decision.NOT_A_DRIVE);
        assertThat(seed("Low profile bracket for Intel Optane P4800X 375GB").decision()).isEqualTo(Decision.NOT_A_DRIVE);
        assertThat(seed("Heatsink for Samsung 990 PRO 2TB M.2 2280").decision()).isEqualTo(Decision.NOT_A_DRIVE);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Lot of 5 Intel DC S3700 400GB 2.5\" SATA SSD",
            "Intel DC S3700 400GB 2.5\" SATA SSD 4 Pack",
            "2x Samsung PM893 240GB 2.5\" SATA",
            "Samsung PM893 240GB 2.5\" SATA (2 шт)",
            "Samsung PM893 240GB 2.5\" SATA - for parts / not working",
            "Intel Optane P4800X 375GB U.2 DEFEKT",
            "Samsung 990 PRO 2TB M.2 - empty box only",
            "Dell PowerEdge R730 2x Xeon E5-2680 128GB RAM 4x Intel DC S3700 400GB",
            "NetApp DS224C shelf 24 Bay with 12x 960GB SSD",
            "2.5\" SATA to USB 3.0 adapter cable",
            "M.2 NVMe enclosure USB-C 10Gbps",
            "Корпус для SSD M.2 NVMe USB 3.2",
            "WD Red 4TB 3.5\" 5400 RPM NAS hard drive",
            "HPE 1.2TB SAS 10K 2.5 HDD",
            "Samsung 32GB DDR4 2666 RDIMM",
            "Samsung 990 PRO 1TB 2TB 4TB M.2 2280",
            "Kingston A400 240GB SSD bundle with SATA cable and bracket"})
    void thingsThatAreNotOneDriveAreNotADrive(String title) {
        assertThat(seed(title).decision()).as(title + ": " + seed(title)).isEqualTo(Decision.NOT_A_DRIVE);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Intel DC S3700 400GB 2.5\" SATA SSD with tray",
            "Intel Optane SSD 900P 280GB HHHL with low profile bracket",
            "Intel DC S3700 400GB 2.5\" SATA SSD Single Pack",
            "Intel DC S3700 400GB 2.5\" SATA SSD compatible with Dell PowerEdge R730"})
    void aDriveSoldWithItsTrayOrForAServerIsStillOneDrive(String title) {
        Identification id = seed(title);
        assertThat(id.decision()).as(id.toString()).isEqualTo(Decision.MATCH);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "SSD накопичувач Samsung РМ893 240GB 2.5\" SATAIII | samsung-pm893-240gb-sata",
            "Samsung PM893 240 ГБ 2,5\" SATA III | samsung-pm893-240gb-sata",
            "Samsung PM893 240GB SATA 2,5\" belső SSD | samsung-pm893-240gb-sata",
            "Samsung PM893 240 Go SATA 2,5 pouces | samsung-pm893-240gb-sata",
            "SSD interno Samsung PM893 240GB SATA 2,5 pollici | samsung-pm893-240gb-sata",
            "Samsung PM893 240GB interne SSD 2,5 Zoll SATA | samsung-pm893-240gb-sata"})
    void readsTitlesInTheMarketplacesLanguages(String title, String slug) {
        Identification id = seed(title);
        assertThat(id.drive()).as(id.toString()).isEqualTo(slug);
    }

    @Test
    void aSeriesMadeInOneLengthDecidesAnM2TitleThatStatesNone() {
        IdentityCatalog.Drive x100 = acme("acme-x100-1tb-m2", "X100", 1000, FormFactor.M2_2280, "ACX100-1T");
        IdentityCatalog withoutFacts = IdentityCatalog.of(List.of(x100), List.of());
        IdentityCatalog withFacts = IdentityCatalog.of(List.of(x100), List.of(new IdentityCatalog.Series("Acme", "X100",
                EnumSet.of(FormFactor.M2_2280), "https://acme.example/x100")));
        assertThat(new IdentityMatcher(withoutFacts).identify("Acme X100 1TB M.2 NVMe").decision()).isEqualTo(Decision.AMBIGUOUS);
        Identification id = new IdentityMatcher(withFacts).identify("Acme X100 1TB M.2 NVMe");
        assertThat(id.decision()).isEqualTo(Decision.MATCH);
        assertThat(id.evidence()).anyMatch(e -> e.contains("https://acme.example/x100"));
    }

    @Test
    void aSeriesFactIsReadFromItsTokensAndTheFirstOfOneSeriesCounts() {
        assertThat(IdentityCatalog.Series.of("Acme", "X100", " m2-2280 floppy ", "https://acme.example/a").formFactors())
                .containsExactly(FormFactor.M2_2280);
        assertThat(IdentityCatalog.Series.of("Acme", "X100", "floppy", "https://acme.example/a")).isNull();
        IdentityCatalog.Drive x100 = acme("acme-x100-1tb-m2", "X100", 1000, FormFactor.M2_2280, "ACX100-1T");
        IdentityCatalog catalog = IdentityCatalog.of(List.of(x100), List.of(
                IdentityCatalog.Series.of("Acme", "X100", "m2-2280", "https://acme.example/first"),
                IdentityCatalog.Series.of("ACME", "x100", "m2-22110", "https://acme.example/second")));
        assertThat(catalog.series()).extracting(IdentityCatalog.Series::sourceUrl).containsExactly("https://acme.example/first");
    }

    @Test
    void anAcceptedTitleIsAnAliasOfItsDrive() {
        IdentityCatalog.Drive x100 = new IdentityCatalog.Drive("acme-x100-1tb-m2", "Acme", "X100", 1000, Interface.NVME, FormFactor.M2_2280,
                List.of(), List.of(new IdentityCatalog.Alias("ACME X-100 one terabyte gumstick", "https://market.example/itm/1")));
        Identification id = new IdentityMatcher(IdentityCatalog.of(List.of(x100), List.of())).identify("Acme X-100 One Terabyte Gumstick");
        assertThat(id.decision()).isEqualTo(Decision.MATCH);
        assertThat(id.evidence().get(0)).contains("https://market.example/itm/1");
    }

    @Test
    void aCatalogVendorTheBrandListDoesNotKnowIsAMakerATitleCanName() {
        IdentityCatalog.Drive acme = acme("acme-x100-1tb-m2", "X100", 1000, FormFactor.M2_2280, "ACX100-1T");
        IdentityCatalog.Drive zeta = new IdentityCatalog.Drive("zeta-x100-1tb-m2", "Zeta", "X100", 1000, Interface.NVME, FormFactor.M2_2280,
                List.of(), List.of());
        IdentityMatcher matcher = new IdentityMatcher(IdentityCatalog.of(List.of(acme, zeta), List.of()));
        Identification id = matcher.identify("Zeta X100 1TB M.2 2280 NVMe");
        assertThat(id.decision()).as(id.toString()).isEqualTo(Decision.MATCH);
        assertThat(id.drive()).isEqualTo("zeta-x100-1tb-m2");
        assertThat(matcher.identify("X100 1TB M.2 2280 NVMe").decision()).isEqualTo(Decision.AMBIGUOUS);
    }

    @Test
    void aDecimalNumberNeverNamesAModelOfItsFirstDigit() {
        IdentityCatalog.Drive two = acme("acme-2-1tb-u2", "2", 1000, FormFactor.U2, "AC2-1T");
        IdentityCatalog.Drive x607 = acme("acme-607-1tb-u2", "607", 1000, FormFactor.U2, "AC607-1T");
        IdentityMatcher matcher = new IdentityMatcher(IdentityCatalog.of(List.of(two, x607), List.of()));
        Identification id = matcher.identify("Acme 607 1TB 2.5\" U.2 NVMe PCIe 4.0");
        assertThat(id.decision()).as(id.toString()).isEqualTo(Decision.MATCH);
        assertThat(id.drive()).isEqualTo("acme-607-1tb-u2");
        assertThat(Words.of(Words.plain("2.5\" PCIe 4.0 1,92TB"))).containsExactly("2.5", "pcie", "4.0", "1,92tb");
        assertThat(Words.of(Words.plain("M.2 2280 U.2"))).containsExactly("m.2", "2280", "u.2");
    }

    @Test
    void aVeryLongTextIsReadOnlyAsFarAsATitleGoes() {
        String longText = "Samsung PM893 240GB 2.5\" SATA " + "x".repeat(20_000);
        assertThat(seed(longText).decision()).isEqualTo(Decision.MATCH);
        assertThat(IdentityMatcher.cut(longText)).hasSize(IdentityMatcher.MAX_TEXT);
    }

    private static IdentityCatalog.Drive acme(String slug, String model, int gb, FormFactor ff, String pn) {
        return new IdentityCatalog.Drive(slug, "Acme", model, gb, Interface.NVME, ff, List.of(new IdentityCatalog.PartNumber(pn, null)), List.of());
    }
}
