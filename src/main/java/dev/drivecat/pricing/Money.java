package dev.drivecat.pricing;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.NumberFormat;
import java.util.Currency;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** How drivecat writes an amount for people: "$1,234.56", "€350.00", "£4.45", with the currency's own symbol. */
public final class Money {

    private Money() {
    }

    public static String format(BigDecimal amount, String currency) {
        if (amount == null) {
            return "no price";
        }
        try {
            Style style = STYLES.computeIfAbsent(currency, Style::of);
            // the JDK's format writes a negative amount that rounds to zero as "-$0.00": negatives take its own path
            return amount.signum() >= 0 && style != null ? style.format(amount)
                    : FORMATS.get().computeIfAbsent(currency, Money::formatFor).format(amount);
        } catch (IllegalArgumentException | NullPointerException e) {
            return amount.toPlainString() + " " + currency;
        }
    }

    /**
     * What the JDK's currency format for a currency writes around and inside a non-negative amount,
     * read off that format once: a /recommend answer writes about fifty amounts, and NumberFormat's
     * general-purpose formatting was a seventh of a never-asked question's time. Writes the same text
     * (MoneyTest compares the two).
     */
    private record Style(String prefix, String suffix, int fraction, RoundingMode rounding,
                         int groupingSize, char groupingSeparator, char decimalSeparator) {

        /**
         * Null when this cannot be read off the format (a variable number of decimals, say); that currency
         * then always takes the format's own path.
         */
        static Style of(String currency) {
            NumberFormat format = formatFor(currency); // throws on a code that is no currency, as format(...) expects
            if (!(format instanceof DecimalFormat f) || f.getMultiplier() != 1 || f.getMinimumIntegerDigits() != 1
                    || f.getMinimumFractionDigits() != f.getMaximumFractionDigits() || f.isDecimalSeparatorAlwaysShown()
                    || !f.isGroupingUsed() || f.getGroupingSize() < 1 || f.getMaximumIntegerDigits() < 309) {
                return null;
            }
            DecimalFormatSymbols symbols = f.getDecimalFormatSymbols();
            return new Style(f.getPositivePrefix(), f.getPositiveSuffix(), f.getMaximumFractionDigits(), f.getRoundingMode(),
                    f.getGroupingSize(), symbols.getMonetaryGroupingSeparator(), symbols.getMonetaryDecimalSeparator());
        }

        String format(BigDecimal amount) {
            String digits = amount.setScale(fraction, rounding).toPlainString();
            int point = digits.indexOf('.');
            int whole = point < 0 ? digits.length() : point;
            StringBuilder out = new StringBuilder(prefix.length() + digits.length() + whole / groupingSize + suffix.length());
            out.append(prefix);
            for (int i = 0; i < whole; i++) {
                if (i > 0 && (whole - i) % groupingSize == 0) {
                    out.append(groupingSeparator);
                }
                out.append(digits.charAt(i));
            }
            if (point >= 0) {
                out.append(decimalSeparator).append(digits, point + 1, digits.length());
            }
            return out.append(suffix).toString();
        }
    }

    /** Per currency code; only codes that are currencies get in (Style.of throws on any other), so it stays small. */
    private static final Map<String, Style> STYLES = new ConcurrentHashMap<>();

    /**
     * A format per currency and thread: a NumberFormat is not thread-safe, and making one (locale data,
     * symbols) costs more than formatting.
     */
    private static final ThreadLocal<Map<String, NumberFormat>> FORMATS = ThreadLocal.withInitial(HashMap::new);

    private static NumberFormat formatFor(String currency) {
        NumberFormat f = NumberFormat.getCurrencyInstance(Locale.US);
        f.setCurrency(Currency.getInstance(currency));
        return f;
    }
}
