package dev.drivecat.specs;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class SpecUnitsTest {

    @ParameterizedTest(name = "{0} reads as {1}")
    @CsvSource(delimiter = '|', value = {
            "1200        | 1200",
            "1,200       | 1200",
            "36 000      | 36000",
            "1,000,000   | 1000000",
            "1.000.000   | 1000000",
            "7.3         | 7.3",
            "7,3         | 7.3",
            "0,279       | 0.279",
            "1,5         | 1.5",
            "1.234,5     | 1234.5",
            "1,234.5     | 1234.5",
            "5.11        | 5.11"})
    void readsThousandsSeparatorsAndDecimalCommas(String written, String expected) {
        assertThat(SpecUnits.parseNumber(written)).hasValueSatisfying(v -> assertThat(v).isEqualByComparingTo(expected));
    }

    @Test
    void refusesWhatIsNotANumber() {
        assertThat(SpecUnits.parseNumber("12a")).isEmpty();
        assertThat(SpecUnits.parseNumber("")).isEmpty();
        assertThat(SpecUnits.parseNumber("1,2,3.4,5")).isEmpty();
    }

    @Test
    void cleanMakesTypographyPlain() {
        assertThat(SpecUnits.clean("800\u00A0TBW\u00B9")).isEqualTo("800 TBW");
        assertThat(SpecUnits.clean("Intel\u00AE Optane\u2122 SSD")).isEqualTo("Intel Optane SSD");
        assertThat(SpecUnits.clean("\u2264\u202F10\u2009\u03BCs")).isEqualTo("≤ 10 µs");
        assertThat(SpecUnits.clean("2.5\u201D 7mm")).isEqualTo("2.5\" 7mm");
        assertThat(SpecUnits.clean("480GB \u2014 876TBW")).isEqualTo("480GB - 876TBW");
        assertThat(SpecUnits.clean("1,200 TBW*")).isEqualTo("1,200 TBW");
        assertThat(SpecUnits.clean("\uFF13\uFF10 DWPD")).isEqualTo("30 DWPD");
    }

    @Test
    void dashesAloneAreAnEmptyCell() {
        assertThat(SpecUnits.isEmptyMarker("\u2014")).isTrue();
        assertThat(SpecUnits.isEmptyMarker(" - ")).isTrue();
        assertThat(SpecUnits.isEmptyMarker("")).isTrue();
        assertThat(SpecUnits.isEmptyMarker("No")).isFalse();
    }

    @Test
    void numbersGluedToWordsAreNotQuantities() {
        Pattern gb = Pattern.compile("\\s*(GB)");
        assertThat(SpecUnits.quantities("S3700 400GB", gb)).extracting(SpecUnits.Quantity::value)
                .containsExactly(new BigDecimal("400"));
        assertThat(SpecUnits.numbers("PCIe Gen4 x4")).isEmpty();
    }

    @Test
    void rangesGiveNoSingleValue() {
        String text = "5-10 us";
        assertThat(SpecUnits.single(text, SpecUnits.quantities(text, Pattern.compile("\\s*(us)")))).isEmpty();
        String different = "480GB - 876TBW";
        assertThat(SpecUnits.single(different, SpecUnits.quantities(different, Pattern.compile("\\s*(TBW)"))))
                .hasValueSatisfying(v -> assertThat(v).isEqualByComparingTo("876"));
    }

    @Test
    void spelledOutYearsBecomeDigits() {
        assertThat(SpecUnits.digitsForWords("Five-year limited warranty")).isEqualTo("5-year limited warranty");
        assertThat(SpecUnits.digitsForWords("one of five")).isEqualTo("one of five");
    }
}
