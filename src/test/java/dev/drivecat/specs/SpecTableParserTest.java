package dev.drivecat.specs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.catalog.SpecField;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpecTableParserTest {

    private static final LabelDictionaries DICTIONARIES = LabelDictionaries.loadBundled();

    private static SpecParse csv(String text) {
        return SpecTableParser.parseCsv(text.getBytes(StandardCharsets.UTF_8), null, "urn:example:table", DICTIONARIES, SpecSourceOptions.NONE);
    }

    private static List<Integer> numbers(SpecParse.Variant v, SpecField field) {
        return v.values().stream().filter(f -> f.field() == field && f.number() != null).map(f -> f.number().intValue()).toList();
    }

    @Test
    void readsTwoColumnsWithOrWithoutAHeader() {
        SpecParse headed = csv("label,value\nCapacity,480GB\nTBW,876 TB\n");
        SpecParse bare = csv("Capacity,480GB\nTBW,876 TB\n");
        for (SpecParse p : List.of(headed, bare)) {
            assertThat(p.variants()).hasSize(1);
            assertThat(p.variants().get(0).name()).isNull();
            assertThat(numbers(p.variants().get(0), SpecField.TBW)).containsExactly(876);
            assertThat(p.variants().get(0).values()).noneMatch(f -> "label".equals(f.label()));
        }
        assertThat(headed.kind()).as("a vendor's table is a datasheet by default").isEqualTo(SourceKind.VENDOR_DATASHEET);
    }

    @Test
    void readsRowsOfModelLabelValueWithBlankModelsForTheWholeTable() {
        SpecParse p = csv("label,value,model\nInterface,SATA,\nCapacity,240GB,A 240GB\nCapacity,480GB,A 480GB\n");
        assertThat(p.variants()).extracting(SpecParse.Variant::name).containsExactly("A 240GB", "A 480GB");
        assertThat(p.variants()).extracting(v -> v.identity().iface()).containsOnly(Interface.SATA);
        assertThat(p.variants()).extracting(v -> v.identity().capacityGb()).containsExactly(240, 480);
    }

    @Test
    void readsJsonObjectsAndArraysOfCells() {
        ObjectMapper mapper = new ObjectMapper();
        SpecParse objects = SpecTableParser.parseJson("""
                [{"label": "Capacity", "value": "400GB"}, {"label": "DWPD", "value": 30, "model": null},
                 {"label": "Endurance", "value": 30}]
                """.getBytes(StandardCharsets.UTF_8), mapper, "urn:x", DICTIONARIES, SpecSourceOptions.NONE);
        assertThat(numbers(objects.variants().get(0), SpecField.DWPD)).containsExactly(30);
        // a bare number under a label that names no unit is kept as words, not guessed
        assertThat(objects.variants().get(0).values()).filteredOn(f -> f.field() == SpecField.RAW)
                .extracting(SpecParse.Found::appliesTo).containsExactly("Endurance");
        SpecParse arrays = SpecTableParser.parseJson("""
                [["", "P1 400GB", "P1 800GB"], ["Endurance", "30 DWPD", "30 DWPD"]]
                """.getBytes(StandardCharsets.UTF_8), mapper, "urn:x", DICTIONARIES, SpecSourceOptions.NONE);
        assertThat(arrays.variants()).extracting(v -> v.identity().capacityGb()).containsExactly(400, 800);
        assertThatThrownBy(() -> SpecTableParser.parseJson("[{\"label\": \"Capacity\"}]".getBytes(StandardCharsets.UTF_8), mapper, "urn:x",
                DICTIONARIES, SpecSourceOptions.NONE))
                .isInstanceOf(SpecTableParser.MalformedTableException.class).hasMessageContaining("/0").hasMessageContaining("value");
        assertThatThrownBy(() -> SpecTableParser.parseJson("[{\"label\": {\"x\": 1}, \"value\": \"1\"}]".getBytes(StandardCharsets.UTF_8),
                mapper, "urn:x", DICTIONARIES, SpecSourceOptions.NONE))
                .isInstanceOf(SpecTableParser.MalformedTableException.class).hasMessageContaining("/0/label");
    }

    @Test
    void readsTheCsvInTheCharsetItIsSentIn() {
        byte[] latin1 = "label,value\nLatency - Write,10 \u00B5s\n".getBytes(StandardCharsets.ISO_8859_1);
        SpecParse p = SpecTableParser.parseCsv(latin1, "ISO-8859-1", "urn:x", DICTIONARIES, SpecSourceOptions.NONE);
        assertThat(numbers(p.variants().get(0), SpecField.WRITE_LATENCY)).containsExactly(10);
    }

    @Test
    void realS3700TableReadsToTheValuesItsSourceLists() {
        SpecParse p = SpecTableParser.parseCsv(SpecFixtures.realBytes("spec-data/intel-ssd-dc-s3700-400g.cloud-atlas.csv"), null,
                "https://github.com/huataihuang/cloud-atlas/x.csv", DICTIONARIES, SpecSourceOptions.NONE);
        assertThat(p.dictionaryId()).isEqualTo("intel");
        SpecParse.Variant v = p.variants().get(0);
        assertThat(numbers(v, SpecField.TBW)).containsExactly(7300);
        assertThat(numbers(v, SpecField.DWPD)).containsExactly(10);
        assertThat(numbers(v, SpecField.WARRANTY_YEARS)).containsOnly(5).hasSize(2);
        assertThat(numbers(v, SpecField.CAPACITY)).containsExactly(400);
        assertThat(numbers(v, SpecField.SEQ_READ)).containsExactly(500);
        assertThat(numbers(v, SpecField.RANDOM_READ_IOPS)).containsExactly(75000);
        assertThat(v.identity().iface()).isEqualTo(Interface.SATA);
        assertThat(v.identity().formFactor()).isEqualTo(FormFactor.INCH_2_5);
        assertThat(v.identity().vendor()).isEqualTo("Intel");
        assertThat(v.values()).noneMatch(f -> f.field() == SpecField.PLP);
    }

    @Test
    void realComparisonTableReadsThreeModels() {
        SpecParse p = SpecTableParser.parseCsv(SpecFixtures.realBytes("spec-data/intel-ssd-dc-s3700-s3710-s3520.cloud-atlas.csv"), null,
                "https://github.com/huataihuang/cloud-atlas/y.csv", DICTIONARIES, SpecSourceOptions.NONE);
        assertThat(p.variants()).extracting(SpecParse.Variant::name).containsExactly("S3700 400GB", "S3710 400GB", "S3520 480GB");
        assertThat(p.variants()).extracting(v -> v.identity().model()).containsExactly("S3700", "S3710", "S3520");
        assertThat(p.variants()).extracting(v -> v.identity().capacityGb()).containsExactly(400, 400, 480);
        assertThat(numbers(p.variants().get(0), SpecField.TBW)).containsExactly(7300);
        assertThat(numbers(p.variants().get(1), SpecField.TBW)).containsExactly(8300);
        assertThat(numbers(p.variants().get(2), SpecField.TBW)).containsExactly(945);
        assertThat(numbers(p.variants().get(0), SpecField.DWPD)).containsExactly(10);
        assertThat(numbers(p.variants().get(1), SpecField.DWPD)).as("8.3PB says nothing about DWPD").isEmpty();
        for (SpecParse.Variant v : p.variants()) {
            assertThat(numbers(v, SpecField.WARRANTY_YEARS)).containsOnly(5);
            assertThat(v.identity().iface()).isEqualTo(Interface.SATA);
            assertThat(v.identity().formFactor()).isEqualTo(FormFactor.INCH_2_5);
        }
        assertThat(p.variants().get(2).values()).filteredOn(f -> f.field() == SpecField.MEDIA)
                .extracting(SpecParse.Found::token).containsExactly("nand");
    }

    @Test
    void anEmptyOrOneColumnTableIsRefusedNamingTheLayouts() {
        assertThatThrownBy(() -> csv("only\none column\n"))
                .isInstanceOf(SpecTableParser.MalformedTableException.class).hasMessageContaining("model,label,value");
        assertThatThrownBy(() -> csv(""))
                .isInstanceOf(SpecTableParser.MalformedTableException.class);
    }
}
