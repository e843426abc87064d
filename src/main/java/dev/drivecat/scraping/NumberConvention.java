package dev.drivecat.scraping;

/**
 * How a marketplace host writes numbers. Only used to settle a price such as {@code 1.234} or
 * {@code 1,234}, where one separator followed by three digits could be either; a price that shows
 * both separators, or two decimals, says itself which is which.
 */
public enum NumberConvention {
    /** {@code 1,234.56}: point before the decimals, comma (or space) between thousands. */
    POINT_DECIMAL(','),
    /** {@code 1.234,56}: comma before the decimals, point (or space) between thousands. */
    COMMA_DECIMAL('.');

    private final char groupingSeparator;

    NumberConvention(char groupingSeparator) {
        this.groupingSeparator = groupingSeparator;
    }

    public char groupingSeparator() {
        return groupingSeparator;
    }
}
