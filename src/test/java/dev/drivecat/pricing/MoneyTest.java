package dev.drivecat.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
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
}
