package dev.drivecat.specs;

import dev.drivecat.catalog.SpecField;
import dev.drivecat.specs.SpecNormaliser.Reading;
import dev.drivecat.specs.SpecUnits.Quantity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Endurance in any wording: TBW or PBW (kept as TB), DWPD, and the warranty years they are rated
 * for, several of them from one row. Pure.
 */
final class EnduranceReader {

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
    private static final String END = "(?![A-Za-z\\p{IsCyrillic}])";
    private static final String FROM_MONTHS = "months as years";
    private static final Pattern WRITES_UNIT = Pattern.compile(
            "\\s*(PBW|TBW|PB|TB|ПБ|ТБ|petabytes?|terabytes?)(\\s*written)?(?![A-Za-z\\p{IsCyrillic}/])", FLAGS);
    private static final Pattern DWPD_UNIT = Pattern.compile(
            "\\s*(DWPD|DW/D|(?:full[\\s-]+)?drive[\\s-]+writes?[\\s-]+per[\\s-]+day|(?:полн\\S*\\s+)?перезапис\\S*\\s+(?:диска\\s+)?в\\s+(?:день|сутки))"
                    + END, FLAGS);
    private static final Pattern DWPD_CHINESE = Pattern.compile("每[天日]\\s*(?:全盘写入?)?\\s*(\\d+(?:[.,]\\d+)?)\\s*次");
    private static final Pattern YEARS_UNIT = Pattern.compile("\\s*-?\\s*(years?|yrs?|y(?=[\\s)/,;.]|$)|年|лет|года?|год)" + END, FLAGS);
    private static final Pattern MONTHS_UNIT = Pattern.compile("\\s*-?\\s*(months?|mos?\\.?|мес\\S*|个月)" + END, FLAGS);

    private EnduranceReader() {
    }

    static List<Reading> endurance(LabelTarget target, String label, String raw) {
        String text = SpecUnits.digitsForWords(raw);
        List<Reading> readings = new ArrayList<>();

        List<Quantity> writes = SpecUnits.quantities(text, WRITES_UNIT);
        List<Quantity> statedWritten = writes.stream().filter(EnduranceReader::isWrittenForm).toList();
        List<Quantity> tbw = (statedWritten.isEmpty() ? writes : statedWritten).stream()
                .map(q -> new Quantity(isPeta(q) ? q.value().multiply(BigDecimal.valueOf(1000)) : q.value(), "TB", q.start(), q.end()))
                .toList();
        List<Quantity> dwpd = new ArrayList<>(SpecUnits.quantities(text, DWPD_UNIT));
        Matcher chinese = DWPD_CHINESE.matcher(text);
        while (chinese.find()) {
            SpecUnits.parseNumber(chinese.group(1)).ifPresent(v -> dwpd.add(new Quantity(v, "DWPD", chinese.start(1), chinese.end(1))));
        }
        List<Quantity> years = new ArrayList<>(SpecUnits.quantities(text, YEARS_UNIT));
        for (Quantity months : SpecUnits.quantities(text, MONTHS_UNIT)) {
            years.add(new Quantity(months.value().divide(BigDecimal.valueOf(12), 4, java.math.RoundingMode.HALF_UP),
                    FROM_MONTHS, months.start(), months.end()));
        }
        boolean anyUnit = !writes.isEmpty() || !dwpd.isEmpty() || !years.isEmpty();

        add(readings, SpecField.TBW, text, tbw, writes.stream().anyMatch(EnduranceReader::isPeta) ? "PB written kept as TB (× 1000)" : null);
        add(readings, SpecField.DWPD, text, dwpd, null);
        add(readings, SpecField.WARRANTY_YEARS, text, years,
                years.stream().anyMatch(q -> q.unit().equals(FROM_MONTHS)) ? "months as years (÷ 12)" : null);

        if (!anyUnit) {
            List<Quantity> bare = SpecUnits.bare(text);
            Optional<SpecField> hinted = enduranceHint(target, label);
            if (hinted.isPresent() && bare.size() == 1) {
                BigDecimal v = bare.get(0).value();
                String note = "unit taken from the label";
                if (hinted.get() == SpecField.TBW && SpecUnits.labelUnit(label, "(?<![a-z])(pbw|pb|петабайт\\S*)(?![a-z])").isPresent()) {
                    v = v.multiply(BigDecimal.valueOf(1000));
                    note = "PB written kept as TB (× 1000); unit taken from the label";
                }
                return List.of(Reading.number(hinted.get(), v, note));
            }
        }
        if (readings.isEmpty()) {
            return List.of(Reading.none(target.field().orElse(SpecField.RAW), "no TBW, PBW, DWPD or years in the wording"));
        }
        if (readings.stream().noneMatch(Reading::hasValue)) {
            return readings;
        }
        return readings.stream().filter(Reading::hasValue).toList();
    }

    private static void add(List<Reading> readings, SpecField field, String text, List<Quantity> qs, String note) {
        if (qs.isEmpty()) {
            return;
        }
        SpecUnits.single(text, qs).ifPresentOrElse(
                v -> readings.add(Reading.number(field, v, note)),
                () -> readings.add(Reading.none(field, "several or ranged values (" + SpecUnits.list(qs) + "); none chosen")));
    }

    private static boolean isWrittenForm(Quantity q) {
        String unit = q.unit().toLowerCase(Locale.ROOT);
        return unit.endsWith("w");
    }

    private static boolean isPeta(Quantity q) {
        String unit = q.unit().toLowerCase(Locale.ROOT);
        return unit.startsWith("p") || unit.startsWith("п");
    }

    private static Optional<SpecField> enduranceHint(LabelTarget target, String label) {
        String l = label.toLowerCase(Locale.ROOT);
        if (l.matches(".*(dwpd|drive writes? per day|dw/d).*")) {
            return Optional.of(SpecField.DWPD);
        }
        if (l.matches(".*(?<![a-z])(tbw|pbw|tb|pb|terabytes written|petabytes written)(?![a-z]).*")) {
            return Optional.of(SpecField.TBW);
        }
        if (l.matches(".*(warranty|years|гарант|质保|保修).*")) {
            return Optional.of(SpecField.WARRANTY_YEARS);
        }
        return switch (target) {
            case DWPD -> Optional.of(SpecField.DWPD);
            case TBW -> Optional.of(SpecField.TBW);
            case WARRANTY_YEARS -> Optional.of(SpecField.WARRANTY_YEARS);
            default -> Optional.empty();
        };
    }
}
