package dev.drivecat.pricing;

import java.math.BigDecimal;
import java.text.NumberFormat;
import java.util.Currency;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** How drivecat writes an amount for people: "$1,234.56", "€350.00", "£4.45", with the currency's own symbol. */
public final class Money {

    private Money() {
    }

    public static String format(BigDecimal amount, String currency) {
        if (amount == null) {
            return "no price";
        }
        try {
            return FORMATS.get().computeIfAbsent(currency, Money::formatFor).format(amount);
        } catch (IllegalArgumentException | NullPointerException e) {
            return amount.toPlainString() + " " + currency;
        }
    }

    /**
     * A format per currency and thread: a NumberFormat is not thread-safe, and making one (locale data,
     * symbols) costs more than formatting; a ranking writes dozens of amounts.
     */
    private static final ThreadLocal<Map<String, NumberFormat>> FORMATS = ThreadLocal.withInitial(HashMap::new);

    private static NumberFormat formatFor(String currency) {
        NumberFormat f = NumberFormat.getCurrencyInstance(Locale.US);
        f.setCurrency(Currency.getInstance(currency));
        return f;
    }
}
