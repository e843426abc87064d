package dev.drivecat.specs;

import static dev.drivecat.specs.SpecFixtures.page;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.catalog.SpecField;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

class SpecPageParserTest {

    private static final LabelDictionaries DICTIONARIES = LabelDictionaries.loadBundled();

    private static SpecParse parse(String fixture, String url) {
        return parseHtml(page(fixture), url, SpecSourceOptions.NONE);
    }

    private static SpecParse parseHtml(String html, String url, SpecSourceOptions options) {
        return SpecPageParser.parse(Jsoup.parse(html, url), url, DICTIONARIES, options);
    }

    private static List<SpecParse.Found> values(SpecParse parse) {
        assertThat(parse.variants()).hasSize(1);
        return parse.variants().get(0).values();
    }

    private static SpecParse.Found only(SpecParse parse, SpecField field) {
        List<SpecParse.Found> found = values(parse).stream().filter(f -> f.field() == field).toList();
        assertThat(found).as(field.token()).hasSize(1);
        return found.get(0);
    }

    private static Optional<SpecParse.Found> raw(SpecParse parse, String label) {
        return values(parse).stream().filter(f -> f.field() == SpecField.RAW && label.equals(f.appliesTo())).findFirst();
    }

    // --- layouts ---------------------------------------------------------------------------

    @Test
    void readsTableRowsOfLabelAndValue() {
        SpecParse p = parse("intel-optane-900p-280gb.html", "https://ark.intel.com/content/www/us/en/ark/products/123626.html");
        assertThat(only(p, SpecField.PLP).token()).isEqualTo("STATED_NO");
        assertThat(only(p, SpecField.PLP).wording()).isEqualTo("Enhanced Power Loss Data Protection: No");
        assertThat(only(p, SpecField.MEDIA).token()).isEqualTo("3d-xpoint");
        assertThat(only(p, SpecField.TBW).number()).isEqualByComparingTo("5110");
        assertThat(only(p, SpecField.TBW).value()).as("the footnote is not part of the value").isEqualTo("5.11 PBW");
        assertThat(only(p, SpecField.READ_LATENCY).number()).isEqualByComparingTo("10");
        assertThat(only(p, SpecField.WARRANTY_YEARS).number()).isEqualByComparingTo("5");
        assertThat(values(p)).noneMatch(f -> "Essentials".equals(f.label()) || "Essentials".equals(f.appliesTo()));
    }

    @Test
    void readsDefinitionLists() {
        SpecParse p = parse("micron-7450-pro-480gb.html", "https://www.micron.com/products/7450");
        assertThat(only(p, SpecField.PLP).token()).isEqualTo("MODEL_SPECIFIC");
        assertThat(only(p, SpecField.PLP).appliesTo()).isEqualTo("M.2 22x80");
        assertThat(only(p, SpecField.TBW).number()).isEqualByComparingTo("800");
        assertThat(only(p, SpecField.READ_LATENCY).number()).isEqualByComparingTo("80");
        assertThat(only(p, SpecField.WRITE_LATENCY).number()).isEqualByComparingTo("15");
    }

    @Test
    void aMicronFeatureListProtectingDataAtRestIsNotReadAsPlp() {
        String html = """
                <html><head><title>Micron M550 SSD</title></head><body><h1>Micron M550</h1>
                <dl><dt>Capacity</dt><dd>256GB</dd><dt>Interface</dt><dd>SATA 6Gb/s</dd>
                <dt>Reliability</dt><dd>Adaptive Thermal Monitoring; Power loss protection for data-at-rest; RAIN</dd></dl></body></html>
                """;
        SpecParse p = parseHtml(html, "https://www.micron.com/m550", SpecSourceOptions.NONE);
        assertThat(p.dictionaryId()).isEqualTo("micron");
        assertThat(only(p, SpecField.PLP).token()).isEqualTo("DATA_AT_REST_ONLY");
        assertThat(only(p, SpecField.PLP).wording()).contains("Power loss protection for data-at-rest");
    }

    @Test
    void readsLabelValueElementPairs() {
        SpecParse p = parse("samsung-pm893-240gb.html", "https://semiconductor.samsung.com/ssd/datacenter-ssd/pm893/");
        assertThat(only(p, SpecField.MEDIA).token()).isEqualTo("tlc");
        assertThat(only(p, SpecField.PLP).token()).isEqualTo("STATED_YES");
        assertThat(only(p, SpecField.PLP).note()).contains("features");
        assertThat(raw(p, "Operating Temperature")).hasValueSatisfying(f -> assertThat(f.wording()).isEqualTo("0 - 70 °C"));
    }

    @Test
    void readsListItemsOfTwoSpans() {
        SpecParse p = parse("kingston-dc600m-480gb.html", "https://www.kingston.com/en/ssd/dc600m");
        assertThat(only(p, SpecField.TBW).number()).isEqualByComparingTo("876");
        assertThat(only(p, SpecField.TBW).note()).contains("480 GB");
        assertThat(only(p, SpecField.DWPD).number()).isEqualByComparingTo("1");
        assertThat(only(p, SpecField.SEQ_WRITE).number()).isEqualByComparingTo("530");
        assertThat(only(p, SpecField.RANDOM_WRITE_IOPS).number()).isEqualByComparingTo("78000");
        assertThat(only(p, SpecField.PLP).token()).isEqualTo("STATED_YES");
    }

    @Test
    void readsStrongLabelsWithAColonInParagraphs() {
        SpecParse p = parse("crucial-mx100-256gb.html", "https://www.crucial.com/ssd/mx100/CT256MX100SSD1");
        assertThat(only(p, SpecField.PART_NUMBER).text()).isEqualTo("CT256MX100SSD1");
        assertThat(only(p, SpecField.TBW).wording()).isEqualTo("Total Bytes Written (TBW): 72TB");
        assertThat(p.variants().get(0).identity().partNumbers()).containsExactly("CT256MX100SSD1");
    }

    @Test
    void readsAWideHtmlTableAsOneVariantPerColumn() {
        String html = """
                <html><head><title>Micron 7450 MAX</title></head><body><h1>Micron 7450 MAX</h1>
                <table><tr><th>Capacity</th><th>800GB</th><th>1600GB</th></tr>
                <tr><td>Endurance</td><td>4.4 PBW</td><td>8.7 PBW</td></tr>
                <tr><td>Form Factor</td><td colspan="2">U.3 15mm</td></tr></table></body></html>
                """;
        SpecParse p = parseHtml(html, "https://www.micron.com/7450-max", SpecSourceOptions.NONE);
        assertThat(p.variants()).extracting(SpecParse.Variant::name).containsExactly("800GB", "1600GB");
        assertThat(p.variants()).extracting(v -> v.identity().capacityGb()).containsExactly(800, 1600);
        assertThat(p.variants()).extracting(v -> v.identity().formFactor()).containsOnly(FormFactor.U3);
        assertThat(p.variants()).extracting(v -> v.identity().model()).containsOnly("7450 MAX");
        assertThat(p.variants().get(1).values()).filteredOn(f -> f.field() == SpecField.TBW)
                .extracting(f -> f.number().intValue()).containsExactly(8700);
    }

    @Test
    void readsLayoutsADictionaryAddsAsSelectors() {
        String yaml = """
                id: acme
                name: Acme pages
                vendor: Acme
                recognise:
                  hosts: [acme.example]
                pairs:
                  - {row: ".row", label: ".k", value: ".v"}
                labels:
                  - field: plp
                    labels: [Capacitor-backed flush]
                """;
        LabelDictionaries dictionaries = LabelDictionaries.parse(java.util.Map.of(
                "acme.yaml", yaml, "generic.yaml", "id: generic\nname: Generic\nlabels: []\n"));
        String html = "<html><body><div class=row><i class=k>Capacitor-backed flush</i><b class=v>Yes</b></div></body></html>";
        SpecParse p = SpecPageParser.parse(Jsoup.parse(html), "https://acme.example/x", dictionaries, SpecSourceOptions.NONE);
        assertThat(p.dictionaryId()).isEqualTo("acme");
        assertThat(only(p, SpecField.PLP).token()).isEqualTo("STATED_YES");
    }

    @Test
    void ignoresTooltipsScriptsAndNavigation() {
        String html = """
                <html><body><div class="spec"><div class="spec-name">Warranty<div class="tooltip">Seller's terms apply, see
                the conditions page for all the details</div></div><div class="spec-value">5 years</div></div>
                <script>var label = "Capacity"; var value = "1 TB";</script>
                <ul class="menu"><li><a href="/">Home</a></li><li><a href="/ssd">SSD</a></li></ul></body></html>
                """;
        SpecParse p = parseHtml(html, "https://example.org/w", SpecSourceOptions.NONE);
        assertThat(values(p)).extracting(SpecParse.Found::label).containsExactly("Warranty");
        assertThat(only(p, SpecField.WARRANTY_YEARS).number()).isEqualByComparingTo("5");
    }

    // --- recognition, raw, NOT_STATED --------------------------------------------------------

    @Test
    void recognisesTheVendorByHostThenSiteMarkerThenLabel() {
        assertThat(parse("samsung-pm893-240gb.html", "https://semiconductor.samsung.com/x").recognisedBy())
                .isEqualTo("host semiconductor.samsung.com");
        // a mirror of the page: its canonical link still names Samsung's host
        assertThat(parse("samsung-pm893-240gb.html", "https://mirror.example/pm893").dictionaryId()).isEqualTo("samsung");
        SpecParse micron = parse("micron-7450-pro-480gb.html", "urn:example:saved-page");
        assertThat(micron.dictionaryId()).isEqualTo("micron");
        assertThat(micron.recognisedBy()).startsWith("site marker");
        SpecParse byLabel = parse("intel-optane-p4800x-375gb.html", "https://mirror.example/p4800x");
        assertThat(byLabel.dictionaryId()).isEqualTo("intel");
        assertThat(byLabel.recognisedBy()).startsWith("label");
        assertThat(parse("acme-ax100-400gb.html", "https://acme.example/ax100").dictionaryId()).isEqualTo("generic");
    }

    @Test
    void theRequestCanNameTheDictionary() {
        SpecParse p = parseHtml(page("acme-ax100-400gb.html"), "https://acme.example/ax100",
                new SpecSourceOptions("kingston", null, null, null));
        assertThat(p.dictionaryId()).isEqualTo("kingston");
        assertThat(p.variants().get(0).identity().vendor()).as("the page's Brand row still wins").isEqualTo("Acme");
        assertThatThrownBy(() -> parseHtml("<html/>", "https://x.example", new SpecSourceOptions("toshiba", null, null, null)))
                .isInstanceOf(UnknownDictionaryException.class).hasMessageContaining("generic");
    }

    @Test
    void keepsUnknownLabelsAsRawWithTheLabelInAppliesTo() {
        SpecParse p = parse("acme-ax100-400gb.html", "https://acme.example/ax100");
        assertThat(raw(p, "Vibration (operating)")).hasValueSatisfying(f -> {
            assertThat(f.wording()).isEqualTo("2.17 GRMS");
            assertThat(f.text()).isEqualTo("2.17 GRMS");
            assertThat(f.dictionary()).isNull();
        });
        assertThat(raw(p, "Brand")).hasValueSatisfying(f -> assertThat(f.identity()).isEqualTo("vendor"));
    }

    @Test
    void identityComesFromTheSpecRowsAndThePageHeading() {
        SpecParse.Identity id = parse("intel-optane-900p-280gb.html", "https://ark.intel.com/x").variants().get(0).identity();
        assertThat(id.vendor()).isEqualTo("Intel");
        assertThat(id.model()).isEqualTo("Optane SSD 900P");
        assertThat(id.partNumbers()).containsExactly("SSDPED1D280GA");
        assertThat(id.capacityGb()).isEqualTo(280);
        assertThat(id.iface()).isEqualTo(Interface.NVME);
        assertThat(id.formFactor()).isEqualTo(FormFactor.AIC);
        assertThat(id.pcieGen()).isEqualTo(3);
        assertThat(id.pcieLanes()).isEqualTo(4);
        assertThat(parse("kingston-dc600m-480gb.html", "https://www.kingston.com/x").variants().get(0).identity().model())
                .isEqualTo("DC600M");
        assertThat(parse("micron-7450-pro-480gb.html", "https://www.micron.com/x").variants().get(0).identity().model())
                .isEqualTo("7450 PRO");
    }

    @Test
    void aVendorPageListingSpecsWithoutPlpIsNotStated() {
        String html = "<html><body><h1>Foo X9</h1><table><tr><td>Capacity</td><td>1 TB</td></tr>"
                + "<tr><td>Interface</td><td>PCIe 4.0 x4, NVMe 1.4</td></tr><tr><td>TBW</td><td>600 TB</td></tr></table></body></html>";
        SpecParse vendor = parseHtml(html, "https://foo.example/x9", SpecSourceOptions.NONE);
        assertThat(only(vendor, SpecField.PLP).token()).isEqualTo("NOT_STATED");
        assertThat(only(vendor, SpecField.PLP).label()).isNull();
        SpecParse review = parseHtml(html, "https://foo.example/x9", new SpecSourceOptions(null, SourceKind.REVIEW, null, null));
        assertThat(values(review)).noneMatch(f -> f.field() == SpecField.PLP);
        String twoRows = "<html><body><table><tr><td>Capacity</td><td>1 TB</td></tr><tr><td>Colour</td><td>Blue</td></tr></table></body></html>";
        assertThat(values(parseHtml(twoRows, "https://foo.example/x9", SpecSourceOptions.NONE))).as("too little to call it a spec list")
                .noneMatch(f -> f.field() == SpecField.PLP);
    }

    @Test
    void aRetailerPageIsAReviewAndItsSilenceOnPlpIsNotRead() {
        byte[] bytes = SpecFixtures.realBytes("citilink/ssd-properties-2022-kingston-a400-480gb.html");
        SpecParse p = parseHtml(new String(bytes, StandardCharsets.UTF_8), "https://www.citilink.ru/product/x/properties/",
                SpecSourceOptions.NONE);
        assertThat(p.dictionaryId()).isEqualTo("citilink");
        assertThat(p.kind()).isEqualTo(SourceKind.REVIEW);
        assertThat(values(p)).noneMatch(f -> f.field() == SpecField.PLP || f.field() == SpecField.DWPD);
        assertThat(only(p, SpecField.CAPACITY).number()).isEqualByComparingTo("480");
        assertThat(only(p, SpecField.INTERFACE).token()).isEqualTo("sata");
        assertThat(only(p, SpecField.MEDIA).token()).isEqualTo("nand");
        assertThat(only(p, SpecField.TBW).number()).isEqualByComparingTo("160");
        assertThat(only(p, SpecField.FORM_FACTOR).token()).isEqualTo("2.5in");
        assertThat(only(p, SpecField.SEQ_WRITE).number()).isEqualByComparingTo("450");
        SpecParse.Identity id = p.variants().get(0).identity();
        assertThat(id.vendor()).isEqualTo("Kingston");
        assertThat(id.model()).isEqualTo("A400");
        assertThat(id.partNumbers()).containsExactly("SA400S37/480G");
        // the tooltip inside a label is not part of it
        assertThat(raw(p, "Гарантийное обслуживание")).hasValueSatisfying(f -> assertThat(f.wording()).isEqualTo("Гарантия продавца"));
    }
}
