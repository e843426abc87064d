package dev.drivecat.scraping;

import dev.drivecat.common.Currencies;
import java.math.BigDecimal;
import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a price as a marketplace prints it ({@code $1,234.56}, {@code 1.234,56 €},
 * {@code R$1.499,99}, {@code EUR 164,00}, {@code US $29.99}) into an amount and an ISO 4217
 * currency. A pure function that never guesses: text with anything besides one currency marker and
 * one number ("/ kg", "por 2", "oder Preisvorschlag", a range), a "$" on a host whose currency is
 * not a dollar, or a separator it cannot place, gives empty.
 */
public final class PriceText {

    /** An amount in a currency, scaled to the currency's usual number of decimals. */
    public record Money(BigDecimal amount, String currency) {
    }

    /** Symbols that name one currency wherever they appear; longest first so "R$" wins over "$". */
    private static final Map<String, String> SYMBOLS = new LinkedHashMap<>();

    static {
        SYMBOLS.put("US $", "USD");
        SYMBOLS.put("US$", "USD");
        SYMBOLS.put("C $", "CAD");
        SYMBOLS.put("C$", "CAD");
        SYMBOLS.put("CA$", "CAD");
        SYMBOLS.put("AU $", "AUD");
        SYMBOLS.put("AU$", "AUD");
        SYMBOLS.put("A$", "AUD");
        SYMBOLS.put("R$", "BRL");
        SYMBOLS.put("Rs.", "INR");
        SYMBOLS.put("€", "EUR");
        SYMBOLS.put("£", "GBP");
        SYMBOLS.put("₹", "INR");
    }

    /** "$" alone says "dollar" but not which: it is the host's currency only when that is a dollar. */
    private static final Set<String> DOLLAR_CURRENCIES = Set.of("USD", "CAD", "AUD", "NZD", "SGD", "HKD", "MXN");

    private static final Pattern SHAPE = Pattern.compile(
            "^(?<pre>[^\\d]*?)\\s*(?<num>\\d(?:[\\d.,' ]*\\d)?)\\s*(?<post>[^\\d]*)$");
    private static final Pattern GROUPED_BY_THREE = Pattern.compile("\\d{1,3}(?:[ ]\\d{3})*|\\d+");
    private static final Pattern INDIAN_GROUPING = Pattern.compile("\\d{1,2}(?:[ ]\\d{2})*[ ]\\d{3}");

    private PriceText() {
    }

    /**
     * @param text the price as printed
     * @param defaultCurrency the host's currency, used only to say which dollar "$" means
     * @param convention the host's way of writing numbers, used only when a lone separator is
     *     followed by exactly three digits; null means such a price is not read
     */
    public static Optional<Money> parse(String text, String defaultCurrency, NumberConvention convention) {
        if (text == null) {
            return Optional.empty();
        }
        String normalised = SiteRules.normalise(text);
        Matcher shape = SHAPE.matcher(normalised);
        if (!shape.matches()) {
            return Optional.empty();
        }
        String pre = shape.group("pre").trim();
        String post = shape.group("post").trim();
        if (!pre.isEmpty() && !post.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> currency = currencyOf(pre.isEmpty() ? post : pre, defaultCurrency);
        if (currency.isEmpty()) {
            return Optional.empty();
        }
        int fractionDigits = Currency.getInstance(currency.get()).getDefaultFractionDigits();
        return amountOf(shape.group("num"), convention, currency.get())
                .filter(amount -> amount.scale() <= Math.max(fractionDigits, 0))
                .map(amount -> new Money(amount.setScale(Math.max(fractionDigits, 0)), currency.get()));
    }

    private static Optional<String> currencyOf(String marker, String defaultCurrency) {
        if (marker.isEmpty()) {
            return Optional.empty();
        }
        String compact = marker.replace(" ", "");
        for (Map.Entry<String, String> symbol : SYMBOLS.entrySet()) {
            if (marker.equals(symbol.getKey()) || compact.equals(symbol.getKey().replace(" ", ""))) {
                return Optional.of(symbol.getValue());
            }
        }
        if (marker.equals("$")) {
            return Optional.ofNullable(defaultCurrency).filter(DOLLAR_CURRENCIES::contains);
        }
        return Currencies.isIso4217(marker) ? Optional.of(marker) : Optional.empty();
    }

    private static Optional<BigDecimal> amountOf(String number, NumberConvention convention, String currency) {
        int lastPoint = number.lastIndexOf('.');
        int lastComma = number.lastIndexOf(',');
        int last = Math.max(lastPoint, lastComma);
        if (last < 0) {
            return integerPart(number.replace('\'', ' '), currency).map(BigDecimal::new);
        }
        char separator = number.charAt(last);
        String head = number.substring(0, last);
        String tail = number.substring(last + 1);
        if (!tail.chars().allMatch(Character::isDigit)) {
            return Optional.empty();
        }
        char other = separator == '.' ? ',' : '.';
        boolean separatorRepeats = head.indexOf(separator) >= 0;
        boolean decimal;
        if (separatorRepeats) {
            // 1.234.567 or 1,234,567: the separator groups thousands, and nothing follows it
            if (head.indexOf(other) >= 0) {
                return Optional.empty();
            }
            decimal = false;
        } else if (tail.length() == 1 || tail.length() == 2) {
            decimal = true;
        } else if (tail.length() == 3) {
            if (head.indexOf(other) >= 0 || convention == null) {
                return Optional.empty();
            }
            if (convention.groupingSeparator() != separator) {
                return Optional.empty();
            }
            decimal = false;
        } else {
            return Optional.empty();
        }
        if (decimal) {
            String grouped = head.replace(other, ' ').replace('\'', ' ');
            return integerPart(grouped, currency).map(digits -> new BigDecimal(digits + "." + tail));
        }
        String grouped = number.replace(separator, ' ').replace('\'', ' ');
        return integerPart(grouped, currency).map(BigDecimal::new);
    }

    /** The digits of an integer part whose groups are separated by single spaces, if well grouped. */
    private static Optional<String> integerPart(String grouped, String currency) {
        if (grouped.isEmpty()) {
            return Optional.empty();
        }
        boolean wellGrouped = GROUPED_BY_THREE.matcher(grouped).matches()
                || ("INR".equals(currency) && INDIAN_GROUPING.matcher(grouped).matches());
        return wellGrouped ? Optional.of(grouped.replace(" ", "")) : Optional.empty();
    }
}
