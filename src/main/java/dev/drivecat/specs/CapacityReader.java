package dev.drivecat.specs;

import dev.drivecat.catalog.SpecField;
import dev.drivecat.specs.SpecNormaliser.Reading;
import dev.drivecat.specs.SpecUnits.Quantity;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/** Capacity in decimal GB ("1.92TB" is 1920 GB); several capacities or binary units read as none. Pure. */
final class CapacityReader {

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
    private static final Pattern CAPACITY_UNIT = Pattern.compile("\\s*(GB|TB|ГБ|ТБ|gigabytes?|terabytes?)(?![A-Za-z\\p{IsCyrillic}/])", FLAGS);

    private CapacityReader() {
    }

    static Reading capacity(String label, String text) {
        List<Quantity> qs = SpecUnits.quantities(text, CAPACITY_UNIT);
        List<Quantity> gb = qs.stream().map(q -> new Quantity(inGb(q), "GB", q.start(), q.end())).toList();
        Optional<BigDecimal> value = SpecUnits.single(text, gb);
        if (value.isPresent()) {
            return Reading.number(SpecField.CAPACITY, value.get(), null);
        }
        if (qs.isEmpty()) {
            Optional<String> labelUnit = SpecUnits.labelUnit(label, "(?<![a-z])(gb|tb|гб|тб)(?![a-z])");
            List<Quantity> bare = SpecUnits.bare(text);
            if (labelUnit.isPresent() && bare.size() == 1) {
                BigDecimal factor = labelUnit.get().matches("(?i)tb|тб") ? BigDecimal.valueOf(1000) : BigDecimal.ONE;
                return Reading.number(SpecField.CAPACITY, bare.get(0).value().multiply(factor), "unit taken from the label");
            }
            return Reading.none(SpecField.CAPACITY, "no capacity in GB or TB");
        }
        return Reading.none(SpecField.CAPACITY, "several capacities (" + SpecUnits.list(gb) + " GB); none chosen");
    }

    private static BigDecimal inGb(Quantity q) {
        String unit = q.unit().toLowerCase(Locale.ROOT);
        return unit.startsWith("t") || unit.startsWith("т") ? q.value().multiply(BigDecimal.valueOf(1000)) : q.value();
    }
}
