package dev.drivecat.pricing;

import java.math.BigDecimal;
import java.text.NumberFormat;
import java.util.Currency;
import java.util.Locale;

/** How drivecat writes an amount for people: "$1,234.56", "€350.00", "£4.45", with the currency's own symbol. */
public final class Money {

    private Money() {
    }

    public static String format(BigDecimal amount, String currency) {
        if (amount == null) {
            return "no price";
        }
        try {
            NumberFormat f = NumberFormat.getCurrencyInstance(Locale.US);
            f.setCurrency(Currency.getInstance(currency));
            return f.format(amount);
        } catch (IllegalArgumentException | NullPointerException e) {
            return amount.toPlainString() + " " + currency;
        }
    }
}
