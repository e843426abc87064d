package dev.drivecat.specs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ModelNamesTest {

    @ParameterizedTest(name = "\"{0}\" is model \"{2}\"")
    @CsvSource(delimiter = '|', value = {
            "Intel® Optane™ SSD DC P4800X Series (375GB, 2.5in PCIe x4, 3D XPoint™) | Intel   | Optane SSD DC P4800X",
            "Intel® Optane™ SSD 900P Series 280GB                                    | Intel   | Optane SSD 900P",
            "Solidigm™ D7-P5520 Series                                               | Solidigm| D7-P5520",
            "Kingston DC600M Data Center SATA SSD – 480GB                           | Kingston| DC600M",
            "7450 PRO NVMe SSD                                                       | Micron  | 7450 PRO",
            "Samsung 990 PRO 2TB M.2 2280                                            | Samsung | 990 PRO",
            "X1 240GB                                                                | Example | X1"})
    void reducesProductNamesToTheModel(String raw, String vendor, String model) {
        assertThat(ModelNames.clean(raw, vendor, List.of(), List.of())).isEqualTo(model);
    }

    @Test
    void dropsPartNumbersAndWhatTheDictionarySaysToStrip() {
        assertThat(ModelNames.clean("SSD накопитель Kingston A400 SA400S37/480G 480ГБ", "Kingston",
                List.of(Pattern.compile("^SSD\\s+накопитель\\s+", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE)), List.of("SA400S37/480G")))
                .isEqualTo("A400");
        assertThat(ModelNames.clean("(480GB)", null, List.of(), List.of())).isNull();
    }

    @Test
    void sameModelNeedsTheSameModelNumbersAndNoExtraWords() {
        assertThat(ModelNames.sameModel("P4800X", "Optane SSD DC P4800X", "Intel")).isTrue();
        assertThat(ModelNames.sameModel("Intel Optane SSD DC P4800X", "Optane SSD DC P4800X", "Intel")).isTrue();
        assertThat(ModelNames.sameModel("S3700", "SSD DC S3700", "Intel")).isTrue();
        assertThat(ModelNames.sameModel("7450 MAX", "7450 PRO", "Micron")).isFalse();
        assertThat(ModelNames.sameModel("Optane SSD 905P", "Optane SSD 900P", "Intel")).isFalse();
        assertThat(ModelNames.sameModel("Optane SSD DC P4801X", "Optane SSD DC P4800X", "Intel")).isFalse();
        assertThat(ModelNames.sameModel("DC600M Data Center SSD", "DC600M", "Kingston")).isTrue();
        assertThat(ModelNames.sameModel(null, "DC600M", "Kingston")).isFalse();
    }

    @Test
    void slugsFollowTheCatalogsStyle() {
        assertThat(ModelNames.slug("Intel", "SSD DC S3700", 400, Interface.SATA, FormFactor.INCH_2_5)).isEqualTo("intel-dc-s3700-400gb-sata");
        assertThat(ModelNames.slug("Samsung", "990 PRO", 2000, Interface.NVME, FormFactor.M2_2280)).isEqualTo("samsung-990-pro-2tb-m2");
        assertThat(ModelNames.slug("Solidigm", "D7-P5520", 3840, Interface.NVME, FormFactor.U2)).isEqualTo("solidigm-d7-p5520-3840gb-u2");
        assertThat(ModelNames.slug("Intel", "Optane SSD 900P", 280, Interface.NVME, FormFactor.AIC)).isEqualTo("intel-optane-900p-280gb-aic");
    }
}
