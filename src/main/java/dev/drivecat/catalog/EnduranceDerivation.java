package dev.drivecat.catalog;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * TBW = DWPD × capacity (TB) × 365 × warranty years, and the reverse. A derived value is made only
 * when its field has no stated value, only from stated inputs, and names every input.
 */
public final class EnduranceDerivation {

    /** The derived value and the description of its inputs that is stored with it. */
    public record Derived(SpecField field, BigDecimal value, String wording, String derivedFrom) {
    }

    private static final BigDecimal DAYS = BigDecimal.valueOf(365);
    private static final BigDecimal GB_PER_TB = BigDecimal.valueOf(1000);

    private EnduranceDerivation() {
    }

    /**
     * @param capacityGb the drive's capacity as the vendor states it (decimal GB)
     * @param dwpd the chosen stated DWPD, if any
     * @param tbw the chosen stated TBW, if any
     * @param warrantyYears the chosen stated warranty, if any
     */
    public static List<Derived> derive(int capacityGb, Optional<SpecRow> dwpd, Optional<SpecRow> tbw,
                                       Optional<SpecRow> warrantyYears) {
        List<Derived> derived = new ArrayList<>();
        Optional<BigDecimal> years = warrantyYears.map(SpecRow::number).filter(y -> y.signum() > 0);
        if (years.isEmpty()) {
            return derived;
        }
        BigDecimal capacityTb = BigDecimal.valueOf(capacityGb).divide(GB_PER_TB, 6, RoundingMode.HALF_UP);
        BigDecimal y = years.get();
        Optional<BigDecimal> statedDwpd = dwpd.map(SpecRow::number);
        Optional<BigDecimal> statedTbw = tbw.map(SpecRow::number);
        if (statedDwpd.isPresent() && statedTbw.isEmpty()) {
            BigDecimal value = statedDwpd.get().multiply(capacityTb).multiply(DAYS).multiply(y)
                    .setScale(1, RoundingMode.HALF_UP).stripTrailingZeros();
            derived.add(new Derived(SpecField.TBW, value,
                    plain(value) + " TBW = " + plain(statedDwpd.get()) + " DWPD × " + plain(capacityTb) + " TB × 365 × " + plain(y) + " years",
                    inputs(dwpd.get(), capacityGb, warrantyYears.get())));
        }
        if (statedTbw.isPresent() && statedDwpd.isEmpty() && capacityTb.signum() > 0) {
            BigDecimal value = statedTbw.get().divide(capacityTb.multiply(DAYS).multiply(y), 2, RoundingMode.HALF_UP)
                    .stripTrailingZeros();
            derived.add(new Derived(SpecField.DWPD, value,
                    plain(value) + " DWPD = " + plain(statedTbw.get()) + " TB ÷ (" + plain(capacityTb) + " TB × 365 × " + plain(y) + " years)",
                    inputs(tbw.get(), capacityGb, warrantyYears.get())));
        }
        return derived;
    }

    private static String inputs(SpecRow endurance, int capacityGb, SpecRow warranty) {
        return endurance.field().token() + " " + ref(endurance) + " (" + endurance.wording() + ", " + endurance.sourceUrl() + "); "
                + "capacity " + capacityGb + " GB (drive); "
                + "warrantyYears " + ref(warranty) + " (" + warranty.wording() + ", " + warranty.sourceUrl() + ")";
    }

    /** A stored value by its id; a value a dry run previews (id below zero) has none yet. */
    private static String ref(SpecRow row) {
        return row.id() > 0 ? "#" + row.id() : "(not yet stored)";
    }

    private static String plain(BigDecimal value) {
        return value.stripTrailingZeros().toPlainString();
    }
}
