package dev.drivecat.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.text.NumberFormat;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Amounts as people read them, with each currency's own symbol, whatever was formatted before on the thread. */
class MoneyTest {

    @Test
    void eachCurrencyKeepsItsOwnSymbolWhenCurrenciesAlternate() {
        for (int round = 0; round < 2; round++) {
            assertThat(Money.format(new BigDecimal("1234.5"), "USD")).isEqualTo("$1,234.50");
            assertThat(Money.format(new BigDecimal("350"), "EUR")).isEqualTo("€350.00");
            assertThat(Money.format(new BigDecimal("4.45"), "GBP")).isEqualTo("£4.45");
        }
    }

    @Test
    void anUnknownOrMissingCurrencyIsWrittenAfterThePlainAmount() {
        assertThat(Money.format(new BigDecimal("12.30"), "XYZ")).isEqualTo("12.30 XYZ");
        assertThat(Money.format(new BigDecimal("12.30"), null)).isEqualTo("12.30 null");
        assertThat(Money.format(null, "USD")).isEqualTo("no price");
    }

    @Test
    void everyAmountReadsAsTheJdksCurrencyFormatWritesIt() {
        SplittableRandom random = new SplittableRandom(20261203);
        for (String code : List.of("USD", "EUR", "GBP", "JPY", "CHF", "CAD", "INR", "KWD", "XXX")) {
            NumberFormat jdk = NumberFormat.getCurrencyInstance(Locale.US);
            jdk.setCurrency(Currency.getInstance(code));
            List<String> fixed = List.of("0", "0.004", "0.005", "0.015", "0.025", "1", "9.995", "12.5", "999.995", "1000",
                    "123456.785", "1234567890123.455", "-0.001", "-0.005", "-3.5", "-1234.565", "0E+3", "1E+7", "12.30000");
            for (String amount : fixed) {
                assertThat(Money.format(new BigDecimal(amount), code)).as(code + " " + amount)
                        .isEqualTo(jdk.format(new BigDecimal(amount)));
            }
            for (int i = 0; i < 2_000; i++) {
                // up to 15 digits, 0 to 5 of them after the point: ties at every place the format rounds at
                BigDecimal amount = BigDecimal.valueOf(random.nextLong(1_000_000_000_000_000L) / (long) Math.pow(10, random.nextInt(4)),
                        random.nextInt(6));
                assertThat(Money.format(amount, code)).as(code + " " + amount).isEqualTo(jdk.format(amount));
            }
        }
    }
}
