package dev.drivecat.specs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LabelDictionariesTest {

    private static final String GENERIC = "id: generic\nname: Generic\nlabels:\n  - field: capacity\n    labels: [Capacity]\n";

    private static LabelDictionaries of(String name, String yaml) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(name, yaml);
        files.put("generic.yaml", GENERIC);
        return LabelDictionaries.parse(files);
    }

    @Test
    void loadsTheBundledDictionariesForEverySeedVendorPlusSolidigmAndTheFallback() {
        LabelDictionaries bundled = LabelDictionaries.loadBundled();
        assertThat(bundled.ids()).containsExactly("solidigm", "intel", "micron", "samsung", "kingston", "citilink", "generic");
        for (LabelDictionary d : bundled.all()) {
            assertThat(d.entries()).as(d.id()).isNotEmpty();
            if (!d.isGeneric()) {
                assertThat(d.hosts().size() + d.siteMarkers().size() + d.labelMarkers().size()).as(d.id()).isPositive();
            }
        }
        assertThat(bundled.byId("citilink").orElseThrow().side()).isEqualTo(LabelDictionary.Side.RETAILER);
        assertThat(bundled.byId("intel").orElseThrow().vendor()).isEqualTo("Intel");
    }

    @Test
    void matchesExactlyFirstThenTheLongestPhraseALabelBeginsWith() {
        LabelDictionary intel = LabelDictionaries.loadBundled().byId("intel").orElseThrow();
        assertThat(intel.lookup("Enhanced Power Loss Data Protection:").orElseThrow().exact()).isTrue();
        LabelDictionary.Match contained = intel.lookup("Random Write (100% Span) (up to)").orElseThrow();
        assertThat(contained.exact()).isFalse();
        assertThat(contained.entry().target()).isEqualTo(LabelTarget.RANDOM_WRITE_IOPS);
        assertThat(intel.lookup("耐用度Endurance Rating (Lifetime Writes)").orElseThrow().entry().target()).isEqualTo(LabelTarget.ENDURANCE);
    }

    @Test
    void aSingleWordInsideALongerLabelIsNotAMatch() {
        LabelDictionary generic = LabelDictionaries.loadBundled().generic();
        assertThat(generic.lookup("DRAM Cache Capacity")).isEmpty();
        assertThat(generic.lookup("Capacity (usable)").orElseThrow().entry().target()).isEqualTo(LabelTarget.CAPACITY);
        assertThat(generic.lookup("Capacitor")).isEmpty();
    }

    @Test
    void theSourcesOwnDictionaryIsAskedBeforeTheGenericOne() {
        LabelDictionaries bundled = LabelDictionaries.loadBundled();
        LabelDictionary citilink = bundled.byId("citilink").orElseThrow();
        // generic reads "Модель" as the model name; on citilink it holds the part number
        assertThat(bundled.lookup(citilink, "Модель").orElseThrow().entry().target()).isEqualTo(LabelTarget.PART_NUMBER);
        assertThat(bundled.lookup(bundled.generic(), "Модель").orElseThrow().entry().target()).isEqualTo(LabelTarget.MODEL);
        // a label only the fallback knows
        assertThat(bundled.lookup(citilink, "Form Factor").orElseThrow().dictionary().id()).isEqualTo("generic");
    }

    @Test
    void recognitionPrefersHostOverSiteMarkerOverLabel() {
        LabelDictionaries bundled = LabelDictionaries.loadBundled();
        var byHost = bundled.recognise(new LabelDictionaries.SourceSigns("https://www.micron.com/x", List.of(), "Samsung Semiconductor",
                List.of("Enhanced Power Loss Data Protection")));
        assertThat(byHost.dictionary().id()).isEqualTo("micron");
        var bySite = bundled.recognise(new LabelDictionaries.SourceSigns("urn:x", List.of(), "PM893 | Samsung Semiconductor Global",
                List.of("Enhanced Power Loss Data Protection")));
        assertThat(bySite.dictionary().id()).isEqualTo("samsung");
        var byLabel = bundled.recognise(new LabelDictionaries.SourceSigns("urn:x", List.of(), "", List.of("Enhanced Power Loss Data Protection")));
        assertThat(byLabel.dictionary().id()).isEqualTo("intel");
        var none = bundled.recognise(new LabelDictionaries.SourceSigns("https://example.org", List.of(), "", List.of("Capacity")));
        assertThat(none.dictionary().isGeneric()).isTrue();
        var selfUrl = bundled.recognise(new LabelDictionaries.SourceSigns("https://mirror.example",
                List.of("https://www.kingston.com/en/ssd/x"), "", List.of()));
        assertThat(selfUrl.dictionary().id()).isEqualTo("kingston");
    }

    @Test
    void refusesADictionaryWithAnUnknownField() {
        assertThatThrownBy(() -> of("x.yaml", "id: x\nname: X\nrecognise: {hosts: [x.example]}\nlabels:\n  - field: speed\n    labels: [Speed]\n"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("x.yaml").hasMessageContaining("unknown field \"speed\"").hasMessageContaining("allowed:");
    }

    @Test
    void refusesALabelListedTwice() {
        assertThatThrownBy(() -> of("x.yaml", """
                id: x
                name: X
                recognise: {hosts: [x.example]}
                labels:
                  - field: writeLatency
                    labels: ["Latency - Write"]
                  - field: readLatency
                    labels: ["Latency (Write)"]
                """)).isInstanceOf(IllegalStateException.class).hasMessageContaining("listed twice");
    }

    @Test
    void refusesAVendorDictionaryNothingRecognisesAndAMissingFallback() {
        assertThatThrownBy(() -> of("x.yaml", "id: x\nname: X\nlabels: []\n"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("recognise");
        assertThatThrownBy(() -> LabelDictionaries.parse(Map.of("x.yaml", "id: x\nname: X\nrecognise: {hosts: [x.example]}\n")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("generic");
    }

    @Test
    void refusesUnknownKeysAndModesOutsidePlp() {
        assertThatThrownBy(() -> of("x.yaml", "id: x\nname: X\nrecognise: {hosts: [x.example]}\ncolour: blue\n"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("x.yaml");
        assertThatThrownBy(() -> of("x.yaml", "id: x\nname: X\nrecognise: {hosts: [x.example]}\nlabels:\n"
                + "  - field: tbw\n    mode: mentions\n    labels: [Features]\n"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("only for field plp");
    }
}
