package dev.drivecat.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PartNumbersTest {

    @Test
    void findsPartNumberShapedWordsInAMarketplaceTitle() {
        assertThat(PartNumbers.candidates("Intel Optane 900P 280GB AIC PCIe x4 SSDPED1D280GA - New"))
                .contains("SSDPED1D280GA").doesNotContain("INTEL", "OPTANE", "X4");
        assertThat(PartNumbers.candidates("intel ssdpe21k375ga01 (lower case in a listing)")).contains("SSDPE21K375GA01");
    }

    @Test
    void keepsSlashedPartNumbersWholeAndTriesTheirPieces() {
        assertThat(PartNumbers.candidates("Kingston DC600M 480GB SEDC600M/480G")).contains("SEDC600M/480G");
        assertThat(PartNumbers.candidates("SSDPE21K375GA/SSDPE21K375GA01")).contains("SSDPE21K375GA", "SSDPE21K375GA01");
    }

    @Test
    void aPartNumberIsAWholeWordNotAPrefix() {
        assertThat(PartNumbers.candidates("SSDPED1D280GAX1")).containsExactly("SSDPED1D280GAX1");
        assertThat(PartNumbers.candidates("Samsung MZ7L3480HCHQ-00A07, 480GB")).contains("MZ7L3480HCHQ-00A07")
                .doesNotContain("MZ7L3480HCHQ");
    }

    @Test
    void shapeMakesACandidateAndOnlyTheCatalogMakesAPartNumber() {
        // "480GB" and "2.5IN" are shaped like part numbers; namedIn keeps only the catalog's
        assertThat(PartNumbers.candidates("480GB 2.5in")).containsExactly("480GB", "2.5IN");
        assertThat(PartNumbers.candidates("PCIe 4.0 x4, NVMe 1.4")).isEmpty();
        assertThat(PartNumbers.candidates(null)).isEmpty();
    }
}
