package dev.drivecat.digest;

import dev.drivecat.pricing.ChangeKind;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.Money;
import dev.drivecat.pricing.PriceChange;
import dev.drivecat.pricing.SellerType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/** How a price change is said in words: one phrasing for the mail, its subject and the Atom feed. */
public final class ChangeWords {

    /** U+2212, the minus sign: "−12%" reads as a drop at a glance, where a hyphen can look like a dash. */
    static final String MINUS = "\u2212";

    private ChangeWords() {
    }

    public static String money(BigDecimal amount, String currency) {
        return Money.format(amount, currency);
    }

    /** "−11.9%" / "+8.0%", one decimal. */
    public static String percent(BigDecimal percent) {
        if (percent == null) {
            return "";
        }
        BigDecimal p = percent.setScale(1, RoundingMode.HALF_UP);
        return (p.signum() < 0 ? MINUS : "+") + p.abs().toPlainString() + "%";
    }

    /** "−12%" / "+8%", whole percent, for subjects. */
    public static String wholePercent(BigDecimal percent) {
        if (percent == null) {
            return "";
        }
        BigDecimal p = percent.setScale(0, RoundingMode.HALF_UP);
        return (p.signum() < 0 ? MINUS : "+") + p.abs().toPlainString() + "%";
    }

    public static String kind(ChangeKind kind) {
        return switch (kind) {
            case PRICE_DROP -> "price drop";
            case PRICE_RISE -> "price rise";
            case NEW_LOW -> "new low";
            case BACK_IN_STOCK -> "back in stock";
            case OUT_OF_STOCK -> "out of stock";
            case NEW_SELLER_TYPE -> "new seller type";
            case NEW_LISTING -> "new listing";
        };
    }

    public static String kinds(List<ChangeKind> kinds) {
        List<String> words = new ArrayList<>();
        for (ChangeKind k : kinds) {
            words.add(kind(k));
        }
        return String.join(", ", words);
    }

    public static String condition(Condition c) {
        return c == null ? "condition not stated" : c.words();
    }

    public static String sellerType(SellerType t) {
        if (t == null) {
            return "seller type not stated";
        }
        return t == SellerType.MARKETPLACE ? "sold by the marketplace" : "third-party seller";
    }

    /** One line: what happened to the price or the stock. */
    public static String headline(PriceChange c) {
        String before = c.before() == null ? null : money(c.before().price(), c.currency());
        String after = c.after() == null ? null : money(c.after().price(), c.currency());
        if (c.has(ChangeKind.PRICE_DROP) || c.has(ChangeKind.PRICE_RISE)) {
            return before + " \u2192 " + after + " (" + percent(c.percent()) + ")";
        }
        if (c.has(ChangeKind.OUT_OF_STOCK)) {
            return "out of stock (was " + before + ")";
        }
        if (c.after() != null && c.after().price() != null) {
            return (c.has(ChangeKind.BACK_IN_STOCK) ? "back in stock at " : "in stock at ") + after
                    + (c.before() != null && c.before().price() != null ? " (was " + before + ", " + percent(c.percent()) + ")" : "");
        }
        return kinds(c.kinds());
    }

    /** "Optane SSD DC P4800X 375GB −12%", the form a subject lists changes in. */
    public static String subjectItem(PriceChange c) {
        if (c.has(ChangeKind.PRICE_DROP) || c.has(ChangeKind.PRICE_RISE)) {
            return c.shortName() + " " + wholePercent(c.percent());
        }
        if (c.has(ChangeKind.OUT_OF_STOCK)) {
            return c.shortName() + " out of stock";
        }
        if (c.has(ChangeKind.BACK_IN_STOCK)) {
            return c.shortName() + " back in stock";
        }
        if (c.has(ChangeKind.NEW_SELLER_TYPE) && c.sellerType() == SellerType.MARKETPLACE) {
            return c.shortName() + " now sold by the marketplace";
        }
        return c.shortName() + " " + kinds(c.kinds());
    }
}
