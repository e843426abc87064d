package dev.drivecat.scraping;

import static dev.drivecat.scraping.NumberConvention.COMMA_DECIMAL;
import static dev.drivecat.scraping.NumberConvention.POINT_DECIMAL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.scraping.PriceText.Money;
import java.math.BigDecimal;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PriceTextTest {

    private static void assertMoney(Optional<Money> parsed, String amount, String currency) {
        assertThat(parsed).as("parsed").isPresent();
        assertThat(parsed.get().amount()).isEqualByComparingTo(new BigDecimal(amount));
        assertThat(parsed.get().currency()).isEqualTo(currency);
    }

    @Test
    void readsDollarsWithThousandsCommaOnAUsHost() {
        assertMoney(PriceText.parse("$1,234.56", "USD", POINT_DECIMAL), "1234.56", "USD");
    }

    @Test
    void readsEurosWithThousandsPointAndSymbolAfter() {
        assertMoney(PriceText.parse("1.234,56 €", "EUR", COMMA_DECIMAL), "1234.56", "EUR");
    }

    @Test
    void readsBrazilianReais() {
        assertMoney(PriceText.parse("R$1.499,99", "BRL", COMMA_DECIMAL), "1499.99", "BRL");
        assertMoney(PriceText.parse("R$ 1.645,19", "BRL", COMMA_DECIMAL), "1645.19", "BRL");
    }

    @Test
    void readsEurosAfterANonBreakingSpace() {
        assertMoney(PriceText.parse("33,69\u00a0€", "EUR", COMMA_DECIMAL), "33.69", "EUR");
        assertMoney(PriceText.parse("1\u202f234,56\u00a0€", "EUR", COMMA_DECIMAL), "1234.56", "EUR");
    }

    @Test
    void readsAnIsoCodeWithPointDecimalsOnAUsHost() {
        assertMoney(PriceText.parse("EUR 3,500.00", "USD", POINT_DECIMAL), "3500.00", "EUR");
    }

    @Test
    void readsAnIsoCodeWithCommaDecimals() {
        assertMoney(PriceText.parse("EUR 164,00", "EUR", COMMA_DECIMAL), "164.00", "EUR");
    }

    @Test
    void readsPounds() {
        assertMoney(PriceText.parse("£4.45", "GBP", POINT_DECIMAL), "4.45", "GBP");
    }

    @Test
    void readsRupeesIncludingIndianGrouping() {
        assertMoney(PriceText.parse("₹499.00", "INR", POINT_DECIMAL), "499.00", "INR");
        assertMoney(PriceText.parse("₹1,00,000.00", "INR", POINT_DECIMAL), "100000.00", "INR");
        assertMoney(PriceText.parse("₹52,990.00", "INR", POINT_DECIMAL), "52990.00", "INR");
    }

    @Test
    void readsEbayUsDollars() {
        assertMoney(PriceText.parse("US $29.99", "USD", POINT_DECIMAL), "29.99", "USD");
    }

    @Test
    void scalesAmountsToTheCurrencysDecimals() {
        Money money = PriceText.parse("₹499", "INR", POINT_DECIMAL).orElseThrow();
        assertThat(money.amount()).isEqualTo(new BigDecimal("499.00"));
    }

    @Test
    void aSymbolNamesItsCurrencyWhateverTheHostDefault() {
        assertMoney(PriceText.parse("£4.45", "USD", POINT_DECIMAL), "4.45", "GBP");
        assertMoney(PriceText.parse("8,00€", "USD", COMMA_DECIMAL), "8.00", "EUR");
    }

    @Test
    void aCodeNoPriceIsInIsNoCurrency() {
        for (String code : dev.drivecat.common.CurrenciesTest.NO_PRICES_CURRENCY.stream().filter(c -> c.length() == 3).toList()) {
            assertThat(PriceText.parse(code + " 29.99", "USD", POINT_DECIMAL)).as(code).isEmpty();
            assertThat(PriceText.parse("29.99 " + code, "USD", POINT_DECIMAL)).as(code).isEmpty();
        }
        assertMoney(PriceText.parse("CHF 29.99", "USD", POINT_DECIMAL), "29.99", "CHF");
    }

    @Test
    void aBareDollarSignIsTheHostsDollarOnly() {
        assertMoney(PriceText.parse("$29.99", "USD", POINT_DECIMAL), "29.99", "USD");
        assertThat(PriceText.parse("$29.99", "EUR", POINT_DECIMAL)).isEmpty();
        assertThat(PriceText.parse("$29.99", null, POINT_DECIMAL)).isEmpty();
    }

    @Test
    void settlesALoneThreeDigitGroupByTheHostsConvention() {
        assertMoney(PriceText.parse("$1,234", "USD", POINT_DECIMAL), "1234", "USD");
        assertMoney(PriceText.parse("1.234 €", "EUR", COMMA_DECIMAL), "1234", "EUR");
        assertThat(PriceText.parse("1.234 €", "EUR", POINT_DECIMAL)).as("three decimals of a euro").isEmpty();
        assertThat(PriceText.parse("1.234 €", "EUR", null)).as("no convention to settle it").isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", "   ", "29.99", "Price", "€", "(57,14 € / kg)", "26,21 € por 2", "EUR 164,00 oder Preisvorschlag",
        "$379.99 –", "$12.4812.48", "XYZ 12.00", "$1,23,4.00", "12.345,678 €", "$1.234,56.78", "-", "FREE",
        "US $29.99 + $5.00"
    })
    void givesNothingWhenUnsure(String text) {
        assertThat(PriceText.parse(text, "USD", POINT_DECIMAL)).isEmpty();
    }

    @Test
    void givesNothingForNull() {
        assertThat(PriceText.parse(null, "USD", POINT_DECIMAL)).isEmpty();
    }
}
