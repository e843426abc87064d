package dev.drivecat.common;

import java.util.Currency;
import java.util.Optional;
import org.eclipse.microprofile.config.spi.Converter;

/**
 * The one check of a currency code, for every price read from a source (a page, an API, an import,
 * a site definition) and every {@code currency} parameter: an ISO 4217 code that
 * {@link java.util.Currency} knows and that prices are written in, so with minor units. Funds,
 * precious metals and codes for testing or for no currency at all ({@code XAU}, {@code XDR},
 * {@code XTS}, {@code XXX}: no minor units) are no price's currency, and a made-up code
 * ({@code QQQ}) is none.
 */
public final class Currencies {

    private Currencies() {
    }

    /** The code as ISO 4217 writes it, from text with white space around it or in lower case; empty when it is no such currency. */
    public static Optional<String> iso4217(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String code = text.strip();
        if (code.length() != 3) {
            return Optional.empty();
        }
        StringBuilder upper = new StringBuilder(3);
        for (int i = 0; i < 3; i++) {
            char c = code.charAt(i);
            if (c >= 'a' && c <= 'z') {
                c = (char) (c - 'a' + 'A');
            }
            if (c < 'A' || c > 'Z') {
                return Optional.empty();
            }
            upper.append(c);
        }
        try {
            Currency currency = Currency.getInstance(upper.toString());
            return currency.getDefaultFractionDigits() < 0 ? Optional.empty() : Optional.of(currency.getCurrencyCode());
        } catch (IllegalArgumentException notACurrency) {
            return Optional.empty();
        }
    }

    /** Whether the text is such a code as it stands: three capitals, no white space. */
    public static boolean isIso4217(String code) {
        return iso4217(code).filter(c -> c.equals(code)).isPresent();
    }

    /** A currency setting read with the same check ({@code drivecat.api.default-currency}): a code it refuses stops start-up. */
    public static final class Setting implements Converter<Currency> {

        @Override
        public Currency convert(String value) {
            return iso4217(value).map(Currency::getInstance).orElseThrow(() -> new IllegalArgumentException(
                    "'" + value + "' is no ISO 4217 currency code that prices are written in, such as USD, EUR or GBP"));
        }
    }
}
