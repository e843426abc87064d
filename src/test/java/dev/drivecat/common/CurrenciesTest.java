package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

public class CurrenciesTest {

    /** Codes no price is in: made up, for no currency, testing, funds and metals, and not three letters. */
    public static final List<String> NO_PRICES_CURRENCY = List.of("QQQ", "XXX", "XTS", "XAU", "XDR", "US", "USDD", "U5D", "ＵＳＤ", "€", "", " ");

    @Test
    void readsTheCodesPricesAreWrittenIn() {
        assertThat(Currencies.iso4217("USD")).contains("USD");
        assertThat(Currencies.iso4217(" eur ")).contains("EUR");
        assertThat(Currencies.iso4217("JPY")).contains("JPY");
        assertThat(Currencies.iso4217("XOF")).as("the CFA franc has minor units").contains("XOF");
        assertThat(Currencies.isIso4217("GBP")).isTrue();
        assertThat(Currencies.isIso4217("gbp")).as("as it stands, only as ISO 4217 writes it").isFalse();
    }

    @Test
    void refusesCodesNoPriceIsIn() {
        for (String code : NO_PRICES_CURRENCY) {
            assertThat(Currencies.iso4217(code)).as(code).isEmpty();
            assertThat(Currencies.isIso4217(code)).as(code).isFalse();
        }
        assertThat(Currencies.iso4217(null)).isEmpty();
    }

    @Test
    void theCurrencyParameterTakesTheSameCodes() {
        assertThat(Params.currency(" chf", "USD")).isEqualTo("CHF");
        assertThat(Params.currency(null, "USD")).isEqualTo("USD");
        for (String code : NO_PRICES_CURRENCY) {
            if (!code.isBlank()) {
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> Params.currency(code, "USD")).as(code)
                        .isInstanceOf(DomainException.class).hasMessageContaining("ISO 4217");
            }
        }
    }

    @Test
    void aCurrencySettingTakesTheSameCodes() {
        Currencies.Setting setting = new Currencies.Setting();
        assertThat(setting.convert(" eur")).isEqualTo(java.util.Currency.getInstance("EUR"));
        for (String code : NO_PRICES_CURRENCY) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> setting.convert(code)).as(code)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ISO 4217");
        }
    }
}
