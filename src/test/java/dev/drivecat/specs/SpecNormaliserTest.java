package dev.drivecat.specs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.catalog.SpecField;
import dev.drivecat.specs.SpecNormaliser.Reading;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SpecNormaliserTest {

    private static List<Reading> read(LabelTarget target, String label, String value) {
        return SpecNormaliser.read(target, label, value, null);
    }

    private static Map<SpecField, String> values(List<Reading> readings) {
        return readings.stream().filter(Reading::hasValue).collect(Collectors.toMap(Reading::field,
                r -> r.number() != null ? r.number().toPlainString() : r.token() != null ? r.token() : r.text()));
    }

    private static Reading one(LabelTarget target, String label, String value) {
        List<Reading> readings = read(target, label, value);
        assertThat(readings).hasSize(1);
        return readings.get(0);
    }

    // --- endurance ------------------------------------------------------------------------

    @ParameterizedTest(name = "\"{1}\" is {2} TB written")
    @CsvSource(delimiter = '|', value = {
            "Endurance Rating (Lifetime Writes) | 5.11 PB        | 5110",
            "Endurance Rating (Lifetime Writes) | 5.11 PBW       | 5110",
            "Endurance                          | 800TBW         | 800",
            "Endurance                          | 7.3 PB         | 7300",
            "Endurance                          | 800 TBW¹       | 800",
            "Endurance                          | 1,200 TBW      | 1200",
            "Endurance                          | 7,3 PB         | 7300",
            "Endurance                          | 1\u00A0200 TBW  | 1200",
            "Ресурс TBW                         | 160 ТБ         | 160",
            "Total Bytes Written (TBW)          | up to 1,200 TB | 1200",
            "TBW                                | 945            | 945",
            "Endurance (PBW)                    | 5.11           | 5110"})
    void readsWritesInTerabytes(String label, String value, String tb) {
        Reading r = one(LabelTarget.ENDURANCE, label, value);
        assertThat(r.field()).isEqualTo(SpecField.TBW);
        assertThat(r.number()).isEqualByComparingTo(tb);
    }

    @ParameterizedTest(name = "\"{0}\" is {1} DWPD")
    @CsvSource(delimiter = '|', value = {
            "30 DWPD                     | 30",
            "0.3 DWPD                    | 0.3",
            "10 drive writes per day     | 10",
            "3 Drive Writes Per Day      | 3",
            "1 full drive write per day  | 1"})
    void readsDriveWritesPerDay(String value, String dwpd) {
        Reading r = one(LabelTarget.ENDURANCE, "Endurance", value);
        assertThat(r.field()).isEqualTo(SpecField.DWPD);
        assertThat(r.number()).isEqualByComparingTo(dwpd);
    }

    @Test
    void driveWritesPerDayForYearsGivesDwpdAndWarranty() {
        assertThat(values(read(LabelTarget.ENDURANCE, "Endurance", "1 Drive Write Per Day (5 years)")))
                .containsExactlyInAnyOrderEntriesOf(Map.of(SpecField.DWPD, "1", SpecField.WARRANTY_YEARS, "5"));
        assertThat(values(read(LabelTarget.ENDURANCE, "Endurance Rating (Lifetime Writes)",
                "10 drive writes per day for 5 years = 7.3PB")))
                .containsExactlyInAnyOrderEntriesOf(Map.of(SpecField.DWPD, "10", SpecField.WARRANTY_YEARS, "5", SpecField.TBW, "7300"));
    }

    @Test
    void readsTheChineseEnduranceWordingOfTheS3700Table() {
        assertThat(values(read(LabelTarget.ENDURANCE, "耐用度Endurance Rating (Lifetime Writes)", "每天10次全盘写寿命5年=7.3PB")))
                .containsExactlyInAnyOrderEntriesOf(Map.of(SpecField.DWPD, "10", SpecField.WARRANTY_YEARS, "5", SpecField.TBW, "7300"));
    }

    @Test
    void prefersTheWrittenFormOverACapacityInParentheses() {
        assertThat(values(read(LabelTarget.WARRANTY_YEARS, "Warranty", "Five-year limited warranty or 1,200 TBW (2TB)")))
                .containsExactlyInAnyOrderEntriesOf(Map.of(SpecField.WARRANTY_YEARS, "5", SpecField.TBW, "1200"));
    }

    @Test
    void rangesAndFamiliesOfValuesGiveNoValueButKeepTheField() {
        Reading range = one(LabelTarget.TBW, "TBW", "175-1,400 TB");
        assertThat(range.hasValue()).isFalse();
        assertThat(range.field()).isEqualTo(SpecField.TBW);
        Reading several = one(LabelTarget.ENDURANCE, "Endurance", "876 TBW or 1752 TBW");
        assertThat(several.hasValue()).isFalse();
        assertThat(several.note()).contains("876").contains("1752");
    }

    @Test
    void unreadableEnduranceWordingIsKeptWithoutAValue() {
        Reading r = one(LabelTarget.ENDURANCE, "Endurance", "see datasheet");
        assertThat(r.hasValue()).isFalse();
        assertThat(r.field()).isEqualTo(SpecField.RAW);
        Reading dwpd = one(LabelTarget.DWPD, "DWPD", "—");
        assertThat(dwpd.hasValue()).isFalse();
        assertThat(dwpd.field()).isEqualTo(SpecField.DWPD);
    }

    @Test
    void picksTheEntryForTheDrivesCapacityWhenAValueListsOnePerCapacity() {
        String value = "480GB \u2014 876TBW (1 DWPD/5yrs), 960GB \u2014 1752TBW (1 DWPD/5yrs), 1.92TB \u2014 3504TBW (1 DWPD/5yrs)";
        List<Reading> for960 = SpecNormaliser.read(LabelTarget.ENDURANCE, "Endurance", value, 960);
        assertThat(values(for960)).containsExactlyInAnyOrderEntriesOf(
                Map.of(SpecField.TBW, "1752", SpecField.DWPD, "1", SpecField.WARRANTY_YEARS, "5"));
        assertThat(for960).allSatisfy(r -> assertThat(r.note()).contains("960 GB"));
        assertThat(values(SpecNormaliser.read(LabelTarget.ENDURANCE, "Endurance", value, 1920))).containsEntry(SpecField.TBW, "3504");
        Reading unknown = SpecNormaliser.read(LabelTarget.ENDURANCE, "Endurance", value, null).get(0);
        assertThat(unknown.hasValue()).isFalse();
        Reading other = SpecNormaliser.read(LabelTarget.ENDURANCE, "Endurance", value, 240).get(0);
        assertThat(other.hasValue()).isFalse();
        assertThat(other.note()).contains("none for 240 GB");
    }

    // --- warranty -------------------------------------------------------------------------

    @ParameterizedTest(name = "\"{0}\" is {1} years")
    @CsvSource(delimiter = '|', value = {
            "5 years                      | 5",
            "5 yrs                        | 5",
            "Limited 5-year warranty      | 5",
            "Five years                   | 5",
            "5年                          | 5",
            "36 мес.                      | 3",
            "5                            | 5"})
    void readsWarrantyYears(String value, String years) {
        Reading r = one(LabelTarget.WARRANTY_YEARS, "Warranty Period", value);
        assertThat(r.field()).isEqualTo(SpecField.WARRANTY_YEARS);
        assertThat(r.number()).isEqualByComparingTo(years);
    }

    // --- latency, throughput, IOPS --------------------------------------------------------

    @ParameterizedTest(name = "\"{0}\" is {1} µs")
    @CsvSource(delimiter = '|', value = {
            "≤ 10 µs        | 10",
            "10us           | 10",
            "<15 µs         | 15",
            "10 μs          | 10",
            "up to 20 usec  | 20",
            "0.02 ms        | 20",
            "500 ns         | 0.5",
            "≤\u202F10\u00A0µs | 10"})
    void readsLatencyInMicroseconds(String value, String us) {
        Reading r = one(LabelTarget.WRITE_LATENCY, "Latency - Write", value);
        assertThat(r.field()).isEqualTo(SpecField.WRITE_LATENCY);
        assertThat(r.number()).isEqualByComparingTo(us);
    }

    @Test
    void latencyRangeGivesNoValue() {
        assertThat(one(LabelTarget.WRITE_LATENCY, "Latency - Write", "5-10 µs").hasValue()).isFalse();
    }

    @Test
    void splitsReadAndWriteByTheWordsInTheValueOrTheOrderInTheLabel() {
        assertThat(values(read(LabelTarget.LATENCY, "Latency", "Read: 10 µs, Write: 12 µs")))
                .containsExactlyInAnyOrderEntriesOf(Map.of(SpecField.READ_LATENCY, "10", SpecField.WRITE_LATENCY, "12"));
        assertThat(values(read(LabelTarget.SEQUENTIAL, "Sequential Read/Write", "7,000/6,900 MB/s")))
                .containsExactlyInAnyOrderEntriesOf(Map.of(SpecField.SEQ_READ, "7000", SpecField.SEQ_WRITE, "6900"));
        assertThat(values(read(LabelTarget.RANDOM_IOPS, "Steady-State 4k Write/Read", "78,000/94,000 IOPS")))
                .containsExactlyInAnyOrderEntriesOf(Map.of(SpecField.RANDOM_WRITE_IOPS, "78000", SpecField.RANDOM_READ_IOPS, "94000"));
        assertThat(values(read(LabelTarget.SEQUENTIAL, "Sequencial (MB/s)", "Read 500 / Write 200")))
                .containsExactlyInAnyOrderEntriesOf(Map.of(SpecField.SEQ_READ, "500", SpecField.SEQ_WRITE, "200"));
        assertThat(values(read(LabelTarget.SEQUENTIAL, "Sequential Read/Write", "560MBs/530MBs")))
                .containsExactlyInAnyOrderEntriesOf(Map.of(SpecField.SEQ_READ, "560", SpecField.SEQ_WRITE, "530"));
    }

    @Test
    void cannotTellReadFromWriteKeepsTheRowRaw() {
        Reading r = one(LabelTarget.LATENCY, "Latency", "10 µs");
        assertThat(r.hasValue()).isFalse();
        assertThat(r.field()).isEqualTo(SpecField.RAW);
    }

    @ParameterizedTest(name = "\"{0}\" is {1} IOPS")
    @CsvSource(delimiter = '|', value = {
            "36000 IOPS         | 36000",
            "550,000 IOPS       | 550000",
            "36K IOPS           | 36000",
            "Up to 1.5M IOPS    | 1500000",
            "75K                | 75000",
            "36 000 IOPS        | 36000"})
    void readsIops(String value, String iops) {
        Reading r = one(LabelTarget.RANDOM_WRITE_IOPS, "4K Random Write IOPS", value);
        assertThat(r.number()).isEqualByComparingTo(iops);
    }

    @ParameterizedTest(name = "\"{0}\" is {1} MB/s")
    @CsvSource(delimiter = '|', value = {
            "460MB/s           | 460",
            "Up to 2,000 MB/s  | 2000",
            "450 МБ/с          | 450",
            "3.5 GB/s          | 3500",
            "530MBs            | 530"})
    void readsSequentialThroughput(String value, String mbs) {
        Reading r = one(LabelTarget.SEQ_WRITE, "Sequential Write", value);
        assertThat(r.number()).isEqualByComparingTo(mbs);
    }

    @Test
    void throughputInMegabitsIsNotReadAsMegabytes() {
        assertThat(one(LabelTarget.SEQ_WRITE, "Sequential Write", "6 Gb/s").hasValue()).isFalse();
    }

    // --- capacity, interface, form factor, media -------------------------------------------

    @ParameterizedTest(name = "\"{0}\" is {1} GB")
    @CsvSource(delimiter = '|', value = {
            "480GB        | 480",
            "480 ГБ       | 480",
            "1.92TB       | 1920",
            "3,84 TB      | 3840",
            "S3700 400GB  | 400",
            "375 GB       | 375",
            "2 TB         | 2000"})
    void readsCapacityInDecimalGb(String value, String gb) {
        assertThat(one(LabelTarget.CAPACITY, "Capacity", value).number()).isEqualByComparingTo(gb);
    }

    @Test
    void capacityFamiliesAndBinaryUnitsGiveNoValue() {
        assertThat(one(LabelTarget.CAPACITY, "Capacity", "480GB, 960GB, 1.92TB").hasValue()).isFalse();
        assertThat(one(LabelTarget.CAPACITY, "Capacity", "447 GiB").hasValue()).isFalse();
        assertThat(one(LabelTarget.CAPACITY, "Size GB", "100").number()).isEqualByComparingTo("100");
    }

    @Test
    void readsInterfaceWithPcieGenerationAndLanes() {
        assertThat(values(read(LabelTarget.INTERFACE, "Interface", "PCIe NVMe 3.0 x4")))
                .containsExactlyInAnyOrderEntriesOf(Map.of(SpecField.INTERFACE, "nvme", SpecField.PCIE_GEN, "3", SpecField.PCIE_LANES, "4"));
        assertThat(values(read(LabelTarget.INTERFACE, "Interface", "PCIe Gen4 1x4 NVMe")))
                .containsExactlyInAnyOrderEntriesOf(Map.of(SpecField.INTERFACE, "nvme", SpecField.PCIE_GEN, "4", SpecField.PCIE_LANES, "4"));
        assertThat(values(read(LabelTarget.INTERFACE, "Interface", "PCIe 4.0 x4, NVMe 1.4")))
                .containsExactlyInAnyOrderEntriesOf(Map.of(SpecField.INTERFACE, "nvme", SpecField.PCIE_GEN, "4", SpecField.PCIE_LANES, "4"));
        assertThat(values(read(LabelTarget.INTERFACE, "Interface", "SATA 3.0 6Gb/S"))).containsExactlyEntriesOf(Map.of(SpecField.INTERFACE, "sata"));
        assertThat(values(read(LabelTarget.INTERFACE, "Интерфейс", "SATA III"))).containsExactlyEntriesOf(Map.of(SpecField.INTERFACE, "sata"));
        assertThat(values(read(LabelTarget.INTERFACE, "Interface", "12Gb/s SAS"))).containsExactlyEntriesOf(Map.of(SpecField.INTERFACE, "sas"));
    }

    @Test
    void pcieWithoutNvmeDoesNotGuessTheProtocol() {
        List<Reading> readings = read(LabelTarget.INTERFACE, "Interface", "PCIe 3.0 x4");
        assertThat(values(readings)).containsExactlyInAnyOrderEntriesOf(Map.of(SpecField.PCIE_GEN, "3", SpecField.PCIE_LANES, "4"));
        assertThat(readings).anySatisfy(r -> {
            assertThat(r.field()).isEqualTo(SpecField.INTERFACE);
            assertThat(r.hasValue()).isFalse();
        });
    }

    @ParameterizedTest(name = "\"{0}\" is {1}")
    @CsvSource(delimiter = '|', value = {
            "2.5\" 7mm            | 2.5in",
            "2.5-inch             | 2.5in",
            "2.5\u201D            | 2.5in",
            "2.5\" 15mm U.2       | u2",
            "U.3 15mm             | u3",
            "M.2 22x80            | m2-2280",
            "M.2 2280             | m2-2280",
            "M.2 22 x 110mm       | m2-22110",
            "HHHL (CEM3.0)        | aic",
            "Add-in card          | aic",
            "E1.S                 | e1s"})
    void readsFormFactor(String value, String token) {
        assertThat(one(LabelTarget.FORM_FACTOR, "Form Factor", value).token()).isEqualTo(token);
    }

    @Test
    void formFactorFamiliesAndBareM2GiveNoValue() {
        assertThat(one(LabelTarget.FORM_FACTOR, "Form Factor", "U.3 15mm, E1.S").hasValue()).isFalse();
        Reading m2 = one(LabelTarget.FORM_FACTOR, "Form Factor", "M.2");
        assertThat(m2.hasValue()).isFalse();
        assertThat(m2.note()).contains("length");
    }

    @ParameterizedTest(name = "\"{0}\" is {1}")
    @CsvSource(delimiter = '|', value = {
            "3D XPoint™                 | 3d-xpoint",
            "Intel® Optane™ Memory Media | 3d-xpoint",
            "SLC                        | slc",
            "MLC                        | mlc",
            "20nm MLC                   | mlc",
            "TLC                        | tlc",
            "176-layer 3D TLC NAND      | tlc",
            "QLC                        | qlc",
            "3D NAND                    | nand",
            "16nm 3D NAND               | nand",
            "Samsung V-NAND 3-bit MLC   | tlc",
            "Samsung V-NAND 2-bit MLC   | mlc",
            "V-NAND 4bit MLC            | qlc"})
    void readsMedia(String value, String token) {
        assertThat(one(LabelTarget.MEDIA, "NAND Flash Type", value).token()).isEqualTo(token);
    }

    @Test
    void unknownMediaWordingIsKeptWithoutAValue() {
        Reading r = one(LabelTarget.MEDIA, "工艺", "25nm");
        assertThat(r.hasValue()).isFalse();
        assertThat(r.field()).isEqualTo(SpecField.MEDIA);
    }

    // --- power-loss protection ------------------------------------------------------------

    @ParameterizedTest(name = "\"{0}: {1}\" is {2}")
    @CsvSource(delimiter = '|', value = {
            "Enhanced Power Loss Data Protection | Yes                            | STATED_YES",
            "Enhanced Power Loss Data Protection | No                             | STATED_NO",
            "Enhanced Power Loss Data Protection | —                              | NOT_STATED",
            "Power Loss Protection               | Supported                      | STATED_YES",
            "Power Loss Imminent (PLI)           | ✓                              | STATED_YES",
            "Power Loss Protection               | Not supported                  | STATED_NO",
            "PLP                                 | Power Loss Protection          | STATED_YES",
            "Power-loss protection               | Yes (M.2 22x80 only)           | MODEL_SPECIFIC",
            "Power-loss protection               | M.2 22x80 models               | MODEL_SPECIFIC",
            "Защита от потери питания            | Да                             | STATED_YES",
            "掉电保护                             | 是                             | STATED_YES",
            "Power Loss Protection               | Data-at-rest                   | DATA_AT_REST_ONLY",
            "Power loss protection for data-at-rest | Yes                         | DATA_AT_REST_ONLY",
            "Power Loss Immunity                 | Yes                            | DATA_AT_REST_ONLY",
            "Power Loss Immunity                 | No                             | STATED_NO"})
    void readsPlpWordingIntoAClass(String label, String value, String plpClass) {
        Reading r = one(LabelTarget.PLP, label, value);
        assertThat(r.field()).isEqualTo(SpecField.PLP);
        assertThat(r.token()).isEqualTo(plpClass);
    }

    @Test
    void modelSpecificPlpNamesTheModel() {
        assertThat(one(LabelTarget.PLP, "Power-loss protection", "Yes (M.2 22x80 only)").appliesTo()).isEqualTo("M.2 22x80");
    }

    @Test
    void plpNotApplicableIsNeitherYesNorNo() {
        Reading r = one(LabelTarget.PLP, "Power Loss Protection", "N/A");
        assertThat(r.hasValue()).isFalse();
    }

    @Test
    void readsPlpFromAFeatureList() {
        assertThat(PlpReader.mention("AES 256-bit encryption, Power Loss Protection, TRIM")).hasValueSatisfying(r -> {
            assertThat(r.token()).isEqualTo("STATED_YES");
        });
        assertThat(PlpReader.mention("End-to-end data protection; Power-loss protection on the M.2 22x80 model; TCG Opal"))
                .hasValueSatisfying(r -> {
                    assertThat(r.token()).isEqualTo("MODEL_SPECIFIC");
                    assertThat(r.appliesTo()).isEqualTo("M.2 22x80");
                });
        assertThat(PlpReader.mention("Consumer drive without power loss protection")).hasValueSatisfying(r ->
                assertThat(r.token()).isEqualTo("STATED_NO"));
        assertThat(PlpReader.mention("TRIM, S.M.A.R.T., Garbage collection")).isEmpty();
    }

    @Test
    void dataAtRestWordingInAFeatureListIsNotPlpForALog() {
        // Micron's M550 datasheet and Crucial's "power loss immunity": the flash is safe, the cache in flight is not
        assertThat(PlpReader.mention("Adaptive thermal monitoring; Power loss protection for data-at-rest; RAIN"))
                .hasValueSatisfying(r -> {
                    assertThat(r.token()).isEqualTo("DATA_AT_REST_ONLY");
                    assertThat(r.note()).contains("data at rest only");
                });
        assertThat(PlpReader.mention("Integrated Power Loss Immunity, Exclusive Data Defense")).hasValueSatisfying(r ->
                assertThat(r.token()).isEqualTo("DATA_AT_REST_ONLY"));
        // a data-at-rest feature elsewhere in the list does not change what a PLP clause says
        assertThat(PlpReader.mention("Power Loss Protection, Self-encrypting (data at rest)")).hasValueSatisfying(r ->
                assertThat(r.token()).isEqualTo("STATED_YES"));
    }

    // --- part numbers ---------------------------------------------------------------------

    @Test
    void readsPartNumbersUpperCasedAndSplit() {
        assertThat(PartNumberReader.partNumbers("SSDPE21K375GA01, ssdpe21k375gax1")).containsExactly("SSDPE21K375GA01", "SSDPE21K375GAX1");
        assertThat(PartNumberReader.partNumbers("SEDC600M/480G")).containsExactly("SEDC600M/480G");
        assertThat(PartNumberReader.partNumbers("Yes")).isEmpty();
        Reading r = one(LabelTarget.PART_NUMBER, "Model Code", "MZ7L3240HCHQ-00A07");
        assertThat(r.text()).isEqualTo("MZ7L3240HCHQ-00A07");
    }

    @Test
    void numbersAreKeptInTheCanonicalScale() {
        Reading r = one(LabelTarget.TBW, "TBW", "5.110 PBW");
        assertThat(r.number()).isEqualTo(new BigDecimal("5110"));
    }
}
