package dev.drivecat.digest;

import dev.drivecat.pricing.ChangeKind;
import dev.drivecat.pricing.IsoWeek;
import dev.drivecat.pricing.PriceChange;
import java.util.Comparator;
import java.util.List;

/**
 * A digest's subject says what matters most: the price drops, largest first ("3 price drops:
 * Optane SSD DC P4800X 375GB −12%, …"); with none, what came back in stock; otherwise the changes
 * by size. At most three are named, the rest counted.
 */
public final class DigestSubject {

    static final int NAMED = 3;

    private DigestSubject() {
    }

    public static String of(List<PriceChange> changes, IsoWeek week) {
        if (changes.isEmpty()) {
            return "No price changes for your drives in " + week;
        }
        List<PriceChange> drops = changes.stream().filter(c -> c.has(ChangeKind.PRICE_DROP))
                .sorted(Comparator.comparing(PriceChange::percent).thenComparing(PriceChange::drive)).toList();
        List<PriceChange> back = changes.stream().filter(c -> c.has(ChangeKind.BACK_IN_STOCK)).toList();
        List<PriceChange> lead;
        String what;
        if (!drops.isEmpty()) {
            lead = drops;
            what = drops.size() + (drops.size() == 1 ? " price drop" : " price drops");
        } else if (!back.isEmpty()) {
            lead = back;
            what = back.size() + " back in stock";
        } else {
            lead = changes.stream().sorted(Comparator.comparing((PriceChange c) -> c.percent() == null ? java.math.BigDecimal.ZERO
                    : c.percent().abs()).reversed().thenComparing(PriceChange::drive)).toList();
            what = changes.size() + (changes.size() == 1 ? " price change" : " price changes");
        }
        List<PriceChange> named = lead.subList(0, Math.min(NAMED, lead.size()));
        StringBuilder subject = new StringBuilder(what).append(": ");
        subject.append(String.join(", ", named.stream().map(ChangeWords::subjectItem).toList()));
        int rest = changes.size() - named.size();
        if (rest > 0) {
            subject.append(" and ").append(rest).append(rest == 1 ? " more change" : " more changes");
        }
        return subject.toString();
    }
}
