package dev.drivecat.pricing;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Optional;

/**
 * A price that moves by more than {@code factor} (either way) from the listing's current price is
 * stored but flagged suspect, and the current price stays. The next observation confirms the move
 * when it lies within {@code factor} of the suspect price: it is then not suspect, and becomes
 * current.
 */
public final class SuspectPriceRule {

    private SuspectPriceRule() {
    }

    /**
     * @param price the new price, if one was shown
     * @param current the listing's current (non-suspect) price in the same currency, if any
     * @param previous the listing's newest earlier observation's price in the same currency and whether it was suspect
     */
    public static boolean isSuspect(Optional<BigDecimal> price, Optional<BigDecimal> current,
                                    Optional<PreviousPrice> previous, BigDecimal factor) {
        if (price.isEmpty() || current.isEmpty()) {
            return false;
        }
        if (!jumps(price.get(), current.get(), factor)) {
            return false;
        }
        boolean confirmsSuspect = previous.filter(PreviousPrice::suspect)
                .map(p -> !jumps(price.get(), p.price(), factor))
                .orElse(false);
        return !confirmsSuspect;
    }

    /** The price before this one, and whether it was flagged. */
    public record PreviousPrice(BigDecimal price, boolean suspect) {
    }

    static boolean jumps(BigDecimal a, BigDecimal b, BigDecimal factor) {
        if (a.signum() <= 0 || b.signum() <= 0) {
            return false;
        }
        BigDecimal ratio = a.compareTo(b) >= 0 ? a.divide(b, MathContext.DECIMAL64) : b.divide(a, MathContext.DECIMAL64);
        return ratio.compareTo(factor) > 0;
    }
}
