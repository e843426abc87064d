package dev.drivecat.specs;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.Media;
import dev.drivecat.catalog.PlpClass;
import dev.drivecat.catalog.SpecField;
import dev.drivecat.specs.SpecUnits.Quantity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Reads one spec row (a label and its value, as the source words them) into catalog values in
 * their canonical units. Pure. A row may give several values (an endurance row can state TBW,
 * DWPD and the years they are rated for); a row it cannot read gives one value-less reading, so
 * the wording is still kept. Nothing is guessed: several different values, ranges, and unknown
 * words read as no value.
 */
public final class SpecNormaliser {

    /** One normalised value. {@code note} says how it was read when that is not obvious. */
    public record Reading(SpecField field, BigDecimal number, String token, String text, String appliesTo, String note) {

        public boolean hasValue() {
            return number != null || token != null || text != null;
        }

        static Reading number(SpecField field, BigDecimal number, String note) {
            return new Reading(field, SpecUnits.tidy(number), null, null, null, note);
        }

        static Reading token(SpecField field, String token, String appliesTo, String note) {
            return new Reading(field, null, token, null, appliesTo, note);
        }

        static Reading none(SpecField field, String note) {
            return new Reading(field, null, null, null, null, note);
        }
    }

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
    private static final String FROM_MONTHS = "months as years";
    private static final String END = "(?![A-Za-z\\p{IsCyrillic}])";

    private static final Pattern CAPACITY_UNIT = Pattern.compile("\\s*(GB|TB|ГБ|ТБ|gigabytes?|terabytes?)(?![A-Za-z\\p{IsCyrillic}/])", FLAGS);
    private static final Pattern WRITES_UNIT = Pattern.compile(
            "\\s*(PBW|TBW|PB|TB|ПБ|ТБ|petabytes?|terabytes?)(\\s*written)?(?![A-Za-z\\p{IsCyrillic}/])", FLAGS);
    private static final Pattern DWPD_UNIT = Pattern.compile(
            "\\s*(DWPD|DW/D|(?:full[\\s-]+)?drive[\\s-]+writes?[\\s-]+per[\\s-]+day|(?:полн\\S*\\s+)?перезапис\\S*\\s+(?:диска\\s+)?в\\s+(?:день|сутки))"
                    + END, FLAGS);
    private static final Pattern DWPD_CHINESE = Pattern.compile("每[天日]\\s*(?:全盘写入?)?\\s*(\\d+(?:[.,]\\d+)?)\\s*次");
    private static final Pattern YEARS_UNIT = Pattern.compile("\\s*-?\\s*(years?|yrs?|y(?=[\\s)/,;.]|$)|年|лет|года?|год)" + END, FLAGS);
    private static final Pattern MONTHS_UNIT = Pattern.compile("\\s*-?\\s*(months?|mos?\\.?|мес\\S*|个月)" + END, FLAGS);
    private static final Pattern TIME_UNIT = Pattern.compile(
            "\\s*(µs|us|usec|microseconds?|мкс|ms|msec|milliseconds?|мс|ns|nsec|nanoseconds?|нс)" + END, FLAGS);
    private static final Pattern IOPS_UNIT = Pattern.compile("\\s*((?:[KkMm]\\s*)?(?:IOPS|KIOPS))(?![A-Za-z])");
    private static final Pattern IOPS_SUFFIX = Pattern.compile("\\s*([KkMm])(?![A-Za-z])");
    private static final Pattern THROUGHPUT_UNIT = Pattern.compile(
            "\\s*(MB/s(?:ec)?|MB/S|MBps|MBs|MByte/s|МБ/с|МБ/сек|GB/s|GB/S|GBps|ГБ/с)(?![A-Za-z])");
    private static final Pattern NO_UNIT = Pattern.compile("\\s*(?![A-Za-z\\p{IsCyrillic}%µ])");

    private static final Pattern READ_WORD = Pattern.compile("read|чтени|读", FLAGS);
    private static final Pattern WRITE_WORD = Pattern.compile("write|запис|写", FLAGS);
    private static final Pattern CAPACITY_KEY = Pattern.compile(
            "(?<![A-Za-z0-9.,])(\\d+(?:[.,]\\d+)?)\\s*(GB|TB)\\s*(?:-|:|=)", FLAGS);

    private static final Pattern PLP_PHRASE = Pattern.compile(
            "(?:enhanced\\s+)?power[\\s-]*loss[\\s-]*(?:data[\\s-]*)?(?:protection|imminent|immunity)|power[\\s-]*fail(?:ure)?[\\s-]*protection"
                    + "|(?<![a-z])pl[pi](?![a-z])|защит\\S*\\s+(?:данных\\s+)?от\\s+(?:потери|пропадания|отключения|сбо\\S*)\\s+(?:электро)?питания"
                    + "|掉电保护|断电保护", FLAGS);
    private static final Pattern PLP_YES = Pattern.compile(
            "^(?:yes|y|supported|support|available|included|enabled|standard|true|present|✓|✔|☑|✅|да|есть|поддерживается|是|支持|有)"
                    + "(?![A-Za-z\\p{IsCyrillic}/])", FLAGS);
    private static final Pattern PLP_NO = Pattern.compile(
            "^(?:no|n|none|not supported|unsupported|not available|not included|false|absent|✗|✘|❌|нет|не поддерживается|否|无|不支持)"
                    + "(?![A-Za-z\\p{IsCyrillic}/])", FLAGS);
    /**
     * Client drives' wording for protection of data at rest only ("Power loss protection for
     * data-at-rest", Crucial's "power loss immunity"): what is already on the flash survives a
     * power cut; the writes in flight in the cache do not.
     */
    private static final Pattern DATA_AT_REST = Pattern.compile(
            "data[\\s-]*at[\\s-]*rest|power[\\s-]*loss[\\s-]*immunity", FLAGS);
    private static final Pattern NEGATION_BEFORE = Pattern.compile(
            "(?:^|[\\s(])(?:no|without|not|lacks?|нет|без|не|无|不支持|没有)\\s+(?:\\S+\\s+){0,2}$", FLAGS);
    private static final Pattern MODEL_QUALIFIER = Pattern.compile(
            "M\\.2\\s*(?:22\\s*x\\s*(?:42|60|80|110)(?:\\s*mm)?|22(?:42|60|80|110))|U\\.2|U\\.3|E1\\.S|E1\\.L|E3\\.S"
                    + "|2\\.5\\s*(?:\"|-?\\s*inch|in(?![a-z]))|add-in card|HHHL|FHHL|AIC(?![a-z])", FLAGS);

    private static final Pattern XPOINT = Pattern.compile("3d\\s*-?\\s*xpoint|xpoint|optane", FLAGS);
    private static final Pattern BITS_PER_CELL = Pattern.compile("(?<![0-9])([1-4])\\s*-?\\s*bits?(?![a-z])", FLAGS);
    private static final Pattern CELL_TYPE = Pattern.compile("(?<![a-z])(?:e|p|ha|het|3d\\s*-?\\s*)?(slc|mlc|tlc|qlc)(?![a-z])", FLAGS);
    private static final Pattern NAND_WORDS = Pattern.compile("nand|bics|flash|флеш|闪存", FLAGS);

    private static final Pattern NVME = Pattern.compile("nvme|nvm express", FLAGS);
    private static final Pattern SAS = Pattern.compile("(?<![a-z])sas(?![a-z])|serial attached scsi", FLAGS);
    private static final Pattern SATA = Pattern.compile("(?<![a-z])sata|serial ata", FLAGS);
    private static final Pattern PCIE = Pattern.compile("pci\\s*-?\\s*e|pci express|nvme", FLAGS);
    private static final Pattern PCIE_GEN_WORDING = Pattern.compile(
            "(?:pci\\s*-?\\s*e(?:xpress)?|pci express)\\s*(?:nvme\\s*)?(?:gen\\s*)?([1-6])(?:\\.0)?(?![0-9])|gen\\s*([1-6])(?![0-9.])", FLAGS);
    private static final Pattern PCIE_LANES_WORDING = Pattern.compile(
            "(?<![a-z0-9])(?:[0-9]\\s*)?x\\s*(16|8|4|2|1)(?![0-9])|(?<![0-9])(16|8|4|2|1)\\s*lanes?", FLAGS);

    private static final Pattern PART_NUMBER_SPLIT = Pattern.compile("\\s*(?:[,;]|/\\s|\\s/|\\bor\\b|\\n)\\s*", FLAGS);
    private static final Pattern PART_NUMBER_SHAPE = Pattern.compile("[A-Z0-9][A-Z0-9\\-_/.#]{3,}");

    private SpecNormaliser() {
    }

    /**
     * Reads a row.
     *
     * @param target what the dictionary says the label is
     * @param label the label as the source writes it
     * @param value the value as the source writes it
     * @param capacityGb the drive's capacity if already known; picks the entry for it when a value
     *     lists one per capacity ("480GB — 876TBW, 960GB — 1752TBW")
     */
    public static List<Reading> read(LabelTarget target, String label, String value, Integer capacityGb) {
        String cleanLabel = SpecUnits.clean(label);
        String text = SpecUnits.clean(value);
        String note = null;
        if (target != LabelTarget.CAPACITY && target != LabelTarget.PART_NUMBER && target != LabelTarget.PLP) {
            Segment segment = segmentFor(text, capacityGb);
            if (segment.keyed()) {
                if (segment.text() == null) {
                    return List.of(Reading.none(fallbackField(target), segment.note()));
                }
                text = segment.text();
                note = segment.note();
            }
        }
        List<Reading> readings = switch (target) {
            case CAPACITY -> List.of(capacity(cleanLabel, text));
            case INTERFACE -> iface(text);
            case FORM_FACTOR -> List.of(formFactor(text));
            case PCIE_GEN -> List.of(pcieGen(text).map(g -> Reading.number(SpecField.PCIE_GEN, BigDecimal.valueOf(g), null))
                    .orElse(Reading.none(SpecField.PCIE_GEN, "no single PCIe generation")));
            case PCIE_LANES -> List.of(pcieLanes(text).map(l -> Reading.number(SpecField.PCIE_LANES, BigDecimal.valueOf(l), null))
                    .orElse(Reading.none(SpecField.PCIE_LANES, "no single lane count")));
            case MEDIA -> List.of(media(text));
            case PLP -> List.of(plp(cleanLabel, text));
            case DWPD, TBW, WARRANTY_YEARS, ENDURANCE -> endurance(target, cleanLabel, text);
            case READ_LATENCY, WRITE_LATENCY, LATENCY -> readWrite(target, cleanLabel, text, Kind.LATENCY);
            case SEQ_READ, SEQ_WRITE, SEQUENTIAL -> readWrite(target, cleanLabel, text, Kind.THROUGHPUT);
            case RANDOM_READ_IOPS, RANDOM_WRITE_IOPS, RANDOM_IOPS -> readWrite(target, cleanLabel, text, Kind.IOPS);
            case PART_NUMBER -> {
                List<String> parts = partNumbers(value);
                yield List.of(parts.isEmpty() ? Reading.none(SpecField.PART_NUMBER, "no part number in the wording")
                        : new Reading(SpecField.PART_NUMBER, null, null, String.join(", ", parts), null, null));
            }
            case RAW, VENDOR, MODEL -> List.of(Reading.none(SpecField.RAW, null));
        };
        if (note == null) {
            return readings;
        }
        String segmentNote = note;
        return readings.stream()
                .map(r -> new Reading(r.field(), r.number(), r.token(), r.text(), r.appliesTo(),
                        r.note() == null ? segmentNote : segmentNote + "; " + r.note()))
                .toList();
    }

    /**
     * A feature list ("Features: …, Power Loss Protection, …") read for what it says about
     * power-loss protection; empty when it does not mention it.
     */
    public static Optional<Reading> plpMention(String value) {
        String text = SpecUnits.clean(value);
        Matcher phrase = PLP_PHRASE.matcher(text);
        if (!phrase.find()) {
            return Optional.empty();
        }
        String clause = clauseAround(text, phrase.start(), phrase.end());
        int at = clause.toLowerCase(Locale.ROOT).indexOf(phrase.group().toLowerCase(Locale.ROOT));
        String before = at < 0 ? "" : clause.substring(0, at);
        if (NEGATION_BEFORE.matcher(before).find()) {
            return Optional.of(Reading.token(SpecField.PLP, PlpClass.STATED_NO.token(), null, "the feature list says it has none"));
        }
        if (DATA_AT_REST.matcher(clause).find()) {
            return Optional.of(Reading.token(SpecField.PLP, PlpClass.DATA_AT_REST_ONLY.token(), null,
                    "protection of data at rest only, not of the writes in flight"));
        }
        Matcher qualifier = MODEL_QUALIFIER.matcher(clause);
        if (qualifier.find()) {
            return Optional.of(Reading.token(SpecField.PLP, PlpClass.MODEL_SPECIFIC.token(), qualifier.group(),
                    "the feature list names the model it applies to"));
        }
        return Optional.of(Reading.token(SpecField.PLP, PlpClass.STATED_YES.token(), null, "listed among the features"));
    }

    // --- capacity -------------------------------------------------------------------------

    static Reading capacity(String label, String text) {
        List<Quantity> qs = SpecUnits.quantities(text, CAPACITY_UNIT);
        List<Quantity> gb = qs.stream().map(q -> new Quantity(inGb(q), "GB", q.start(), q.end())).toList();
        Optional<BigDecimal> value = SpecUnits.single(text, gb);
        if (value.isPresent()) {
            return Reading.number(SpecField.CAPACITY, value.get(), null);
        }
        if (qs.isEmpty()) {
            Optional<String> labelUnit = labelUnit(label, "(?<![a-z])(gb|tb|гб|тб)(?![a-z])");
            List<Quantity> bare = bare(text);
            if (labelUnit.isPresent() && bare.size() == 1) {
                BigDecimal factor = labelUnit.get().matches("(?i)tb|тб") ? BigDecimal.valueOf(1000) : BigDecimal.ONE;
                return Reading.number(SpecField.CAPACITY, bare.get(0).value().multiply(factor), "unit taken from the label");
            }
            return Reading.none(SpecField.CAPACITY, "no capacity in GB or TB");
        }
        return Reading.none(SpecField.CAPACITY, "several capacities (" + list(gb) + " GB); none chosen");
    }

    private static BigDecimal inGb(Quantity q) {
        String unit = q.unit().toLowerCase(Locale.ROOT);
        return unit.startsWith("t") || unit.startsWith("т") ? q.value().multiply(BigDecimal.valueOf(1000)) : q.value();
    }

    // --- interface, form factor, media ------------------------------------------------------

    static List<Reading> iface(String text) {
        List<Reading> readings = new ArrayList<>();
        Set<Interface> found = new LinkedHashSet<>();
        if (NVME.matcher(text).find()) {
            found.add(Interface.NVME);
        }
        if (SAS.matcher(text).find()) {
            found.add(Interface.SAS);
        }
        if (SATA.matcher(text).find()) {
            found.add(Interface.SATA);
        }
        if (found.size() == 1) {
            readings.add(Reading.token(SpecField.INTERFACE, found.iterator().next().token(), null, null));
        } else if (found.isEmpty()) {
            readings.add(Reading.none(SpecField.INTERFACE, PCIE.matcher(text).find()
                    ? "PCIe without NVMe named; the protocol is not guessed" : "no SATA, SAS or NVMe named"));
        } else {
            readings.add(Reading.none(SpecField.INTERFACE, "several interfaces named"));
        }
        if (PCIE.matcher(text).find()) {
            pcieGen(text).ifPresent(g -> readings.add(Reading.number(SpecField.PCIE_GEN, BigDecimal.valueOf(g), null)));
            pcieLanes(text).ifPresent(l -> readings.add(Reading.number(SpecField.PCIE_LANES, BigDecimal.valueOf(l), null)));
        }
        return readings;
    }

    static Optional<Integer> pcieGen(String text) {
        Set<Integer> gens = new TreeSet<>();
        Matcher m = PCIE_GEN_WORDING.matcher(text);
        while (m.find()) {
            gens.add(Integer.parseInt(m.group(1) != null ? m.group(1) : m.group(2)));
        }
        return gens.size() == 1 ? Optional.of(gens.iterator().next()) : Optional.empty();
    }

    static Optional<Integer> pcieLanes(String text) {
        Set<Integer> lanes = new TreeSet<>();
        Matcher m = PCIE_LANES_WORDING.matcher(text);
        while (m.find()) {
            lanes.add(Integer.parseInt(m.group(1) != null ? m.group(1) : m.group(2)));
        }
        return lanes.size() == 1 ? Optional.of(lanes.iterator().next()) : Optional.empty();
    }

    static Reading formFactor(String text) {
        Set<FormFactor> found = new LinkedHashSet<>();
        if (Pattern.compile("22\\s*x\\s*110|22110", FLAGS).matcher(text).find()) {
            found.add(FormFactor.M2_22110);
        }
        if (Pattern.compile("22\\s*x\\s*80(?![0-9])|(?<![0-9])2280(?![0-9])", FLAGS).matcher(text).find()) {
            found.add(FormFactor.M2_2280);
        }
        if (Pattern.compile("(?<![a-z])u\\.?2(?![0-9])", FLAGS).matcher(text).find()) {
            found.add(FormFactor.U2);
        }
        if (Pattern.compile("(?<![a-z])u\\.?3(?![0-9])", FLAGS).matcher(text).find()) {
            found.add(FormFactor.U3);
        }
        if (Pattern.compile("(?<![a-z])e1\\.?s(?![a-z])", FLAGS).matcher(text).find()) {
            found.add(FormFactor.E1S);
        }
        if (Pattern.compile("hhhl|fhhl|add-in|(?<![a-z])aic(?![a-z])|(?<![a-z])cem(?![a-z])|half[\\s-]height|pcie card|expansion card", FLAGS)
                .matcher(text).find()) {
            found.add(FormFactor.AIC);
        }
        boolean twoAndAHalf = Pattern.compile("2\\.5\\s*(?:\"|'|-?\\s*inch|-?\\s*in(?![a-z])|-?\\s*дюйм)|(?<![a-z])sff(?![a-z])", FLAGS)
                .matcher(text).find();
        if (twoAndAHalf && !found.contains(FormFactor.U2) && !found.contains(FormFactor.U3)) {
            found.add(FormFactor.INCH_2_5);
        }
        if (found.size() == 1) {
            return Reading.token(SpecField.FORM_FACTOR, found.iterator().next().token(), null, null);
        }
        if (found.isEmpty()) {
            return Reading.none(SpecField.FORM_FACTOR, Pattern.compile("m\\.?2", FLAGS).matcher(text).find()
                    ? "M.2 without its length" : "no form factor drivecat knows");
        }
        return Reading.none(SpecField.FORM_FACTOR, "several form factors ("
                + found.stream().map(FormFactor::token).collect(Collectors.joining(", ")) + "); none chosen");
    }

    static Reading media(String text) {
        if (XPOINT.matcher(text).find()) {
            return Reading.token(SpecField.MEDIA, Media.XPOINT_3D.token(), null, null);
        }
        Matcher bits = BITS_PER_CELL.matcher(text);
        Set<String> byBits = new LinkedHashSet<>();
        while (bits.find()) {
            byBits.add(switch (bits.group(1)) {
                case "1" -> Media.SLC.token();
                case "2" -> Media.MLC.token();
                case "3" -> Media.TLC.token();
                default -> Media.QLC.token();
            });
        }
        if (byBits.size() == 1) {
            return Reading.token(SpecField.MEDIA, byBits.iterator().next(), null, "bits per cell as stated");
        }
        if (byBits.size() > 1) {
            return Reading.none(SpecField.MEDIA, "several bits-per-cell counts");
        }
        Matcher cell = CELL_TYPE.matcher(text);
        Set<String> types = new LinkedHashSet<>();
        while (cell.find()) {
            types.add(cell.group(1).toLowerCase(Locale.ROOT));
        }
        if (types.size() == 1) {
            return Reading.token(SpecField.MEDIA, types.iterator().next(), null, null);
        }
        if (types.size() > 1) {
            return Reading.none(SpecField.MEDIA, "several cell types (" + String.join(", ", types) + "); none chosen");
        }
        if (NAND_WORDS.matcher(text).find()) {
            return Reading.token(SpecField.MEDIA, Media.NAND.token(), null, "NAND without bits per cell");
        }
        return Reading.none(SpecField.MEDIA, "no media drivecat knows");
    }

    // --- power-loss protection --------------------------------------------------------------

    static Reading plp(String label, String text) {
        if (SpecUnits.isEmptyMarker(text)) {
            return Reading.token(SpecField.PLP, PlpClass.NOT_STATED.token(), null, "the row is there but says nothing");
        }
        if (PLP_NO.matcher(text).find()) {
            return Reading.token(SpecField.PLP, PlpClass.STATED_NO.token(), null, null);
        }
        boolean yes = PLP_YES.matcher(text).find();
        Matcher phrase = PLP_PHRASE.matcher(text);
        boolean restated = phrase.find();
        if (restated && NEGATION_BEFORE.matcher(text.substring(0, phrase.start())).find()) {
            return Reading.token(SpecField.PLP, PlpClass.STATED_NO.token(), null, null);
        }
        if (DATA_AT_REST.matcher(label).find() || DATA_AT_REST.matcher(text).find()) {
            return Reading.token(SpecField.PLP, PlpClass.DATA_AT_REST_ONLY.token(), null,
                    "protection of data at rest only, not of the writes in flight");
        }
        Matcher qualifier = MODEL_QUALIFIER.matcher(text);
        if (qualifier.find()) {
            return Reading.token(SpecField.PLP, PlpClass.MODEL_SPECIFIC.token(), qualifier.group(), null);
        }
        if (yes || restated) {
            Matcher inLabel = MODEL_QUALIFIER.matcher(label);
            if (yes && inLabel.find()) {
                return Reading.token(SpecField.PLP, PlpClass.MODEL_SPECIFIC.token(), inLabel.group(), "the label names the model");
            }
            return Reading.token(SpecField.PLP, PlpClass.STATED_YES.token(), null, null);
        }
        return Reading.none(SpecField.PLP, "neither yes nor no");
    }

    // --- endurance --------------------------------------------------------------------------

    static List<Reading> endurance(LabelTarget target, String label, String raw) {
        String text = SpecUnits.digitsForWords(raw);
        List<Reading> readings = new ArrayList<>();

        List<Quantity> writes = SpecUnits.quantities(text, WRITES_UNIT);
        List<Quantity> statedWritten = writes.stream().filter(SpecNormaliser::isWrittenForm).toList();
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

        add(readings, SpecField.TBW, text, tbw, writes.stream().anyMatch(SpecNormaliser::isPeta) ? "PB written kept as TB (× 1000)" : null);
        add(readings, SpecField.DWPD, text, dwpd, null);
        add(readings, SpecField.WARRANTY_YEARS, text, years,
                years.stream().anyMatch(q -> q.unit().equals(FROM_MONTHS)) ? "months as years (÷ 12)" : null);

        if (!anyUnit) {
            List<Quantity> bare = bare(text);
            Optional<SpecField> hinted = enduranceHint(target, label);
            if (hinted.isPresent() && bare.size() == 1) {
                BigDecimal v = bare.get(0).value();
                String note = "unit taken from the label";
                if (hinted.get() == SpecField.TBW && labelUnit(label, "(?<![a-z])(pbw|pb|петабайт\\S*)(?![a-z])").isPresent()) {
                    v = v.multiply(BigDecimal.valueOf(1000));
                    note = "PB written kept as TB (× 1000); unit taken from the label";
                }
                return List.of(Reading.number(hinted.get(), v, note));
            }
        }
        if (readings.isEmpty()) {
            return List.of(Reading.none(fallbackField(target), "no TBW, PBW, DWPD or years in the wording"));
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
                () -> readings.add(Reading.none(field, "several or ranged values (" + list(qs) + "); none chosen")));
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

    // --- latency, throughput, IOPS ----------------------------------------------------------

    private enum Kind { LATENCY, THROUGHPUT, IOPS }

    static List<Reading> readWrite(LabelTarget target, String label, String text, Kind kind) {
        SpecField readField = switch (kind) {
            case LATENCY -> SpecField.READ_LATENCY;
            case THROUGHPUT -> SpecField.SEQ_READ;
            case IOPS -> SpecField.RANDOM_READ_IOPS;
        };
        SpecField writeField = switch (kind) {
            case LATENCY -> SpecField.WRITE_LATENCY;
            case THROUGHPUT -> SpecField.SEQ_WRITE;
            case IOPS -> SpecField.RANDOM_WRITE_IOPS;
        };
        List<Quantity> qs = measured(text, kind, label);
        if (qs.isEmpty()) {
            return List.of(Reading.none(target.field().orElse(SpecField.RAW), "no " + unitName(kind) + " value in the wording"));
        }
        List<Quantity> reads = new ArrayList<>();
        List<Quantity> writes = new ArrayList<>();
        boolean labelled = assignByKeywords(text, qs, reads, writes);
        if (!labelled) {
            reads.clear();
            writes.clear();
            boolean labelRead = READ_WORD.matcher(label).find();
            boolean labelWrite = WRITE_WORD.matcher(label).find();
            if (target.field().isPresent()) {
                (target.field().get() == readField ? reads : writes).addAll(qs);
            } else if (labelRead && labelWrite && qs.size() == 2) {
                Matcher r = READ_WORD.matcher(label);
                Matcher w = WRITE_WORD.matcher(label);
                boolean readFirst = r.find() && w.find() && r.start() < w.start();
                (readFirst ? reads : writes).add(qs.get(0));
                (readFirst ? writes : reads).add(qs.get(1));
            } else if (labelRead && !labelWrite) {
                reads.addAll(qs);
            } else if (labelWrite && !labelRead) {
                writes.addAll(qs);
            } else {
                return List.of(Reading.none(SpecField.RAW, "cannot tell read from write"));
            }
        }
        List<Reading> readings = new ArrayList<>();
        boolean wantRead = target.field().map(f -> f == readField).orElse(true);
        boolean wantWrite = target.field().map(f -> f == writeField).orElse(true);
        if (wantRead && !reads.isEmpty()) {
            readings.add(SpecUnits.single(text, reads).map(v -> Reading.number(readField, v, null))
                    .orElse(Reading.none(readField, "several or ranged values; none chosen")));
        }
        if (wantWrite && !writes.isEmpty()) {
            readings.add(SpecUnits.single(text, writes).map(v -> Reading.number(writeField, v, null))
                    .orElse(Reading.none(writeField, "several or ranged values; none chosen")));
        }
        if (readings.isEmpty()) {
            return List.of(Reading.none(target.field().orElse(SpecField.RAW), "the wording gives no value for this field"));
        }
        return readings;
    }

    /** Quantities in the kind's canonical unit (µs, MB/s, IOPS). */
    private static List<Quantity> measured(String text, Kind kind, String label) {
        Pattern unit = switch (kind) {
            case LATENCY -> TIME_UNIT;
            case THROUGHPUT -> THROUGHPUT_UNIT;
            case IOPS -> IOPS_UNIT;
        };
        List<Quantity> qs = SpecUnits.quantities(text, unit);
        List<Quantity> all = SpecUnits.numbers(text);
        if (qs.size() == 1 && all.size() == 2 && text.substring(all.get(0).end(), all.get(1).start()).trim().equals("/")
                && qs.get(0).start() == all.get(1).start()) {
            // "94,000/78,000 IOPS", "7,000/6,900 MB/s": the unit written once applies to both numbers
            Quantity first = all.get(0);
            qs = List.of(new Quantity(first.value(), qs.get(0).unit(), first.start(), first.end()), qs.get(0));
        }
        List<Quantity> numbers = bare(text);
        if (qs.isEmpty()) {
            boolean labelHasUnit = switch (kind) {
                case LATENCY -> labelUnit(label, "(µs|us|usec|мкс|ms|мс)").isPresent();
                case THROUGHPUT -> labelUnit(label, "(mb/s|mbps|мб/с)").isPresent();
                case IOPS -> labelUnit(label, "(iops)").isPresent() || !SpecUnits.quantities(text, IOPS_SUFFIX).isEmpty();
            };
            if (!labelHasUnit) {
                return List.of();
            }
            String implied = switch (kind) {
                case LATENCY -> labelUnit(label, "(ms|мс)(?![a-z])").isPresent() && labelUnit(label, "(µs|us|мкс)").isEmpty() ? "ms" : "µs";
                case THROUGHPUT -> "MB/s";
                case IOPS -> "IOPS";
            };
            List<Quantity> suffixed = kind == Kind.IOPS ? SpecUnits.quantities(text, IOPS_SUFFIX) : List.of();
            qs = new ArrayList<>();
            for (Quantity n : numbers) {
                Quantity k = suffixed.stream().filter(s -> s.start() == n.start()).findFirst().orElse(null);
                qs.add(k != null ? new Quantity(n.value(), k.unit() + "IOPS", n.start(), k.end()) : new Quantity(n.value(), implied, n.start(), n.end()));
            }
        }
        return qs.stream().map(q -> new Quantity(inCanonical(q, kind), q.unit(), q.start(), q.end())).toList();
    }

    private static BigDecimal inCanonical(Quantity q, Kind kind) {
        String unit = q.unit().toLowerCase(Locale.ROOT).replace(" ", "");
        return switch (kind) {
            case LATENCY -> unit.startsWith("ms") || unit.startsWith("milli") || unit.equals("мс")
                    ? q.value().multiply(BigDecimal.valueOf(1000))
                    : unit.startsWith("ns") || unit.startsWith("nano") || unit.equals("нс")
                    ? q.value().divide(BigDecimal.valueOf(1000)) : q.value();
            case THROUGHPUT -> unit.startsWith("gb") || unit.startsWith("гб") ? q.value().multiply(BigDecimal.valueOf(1000)) : q.value();
            case IOPS -> unit.startsWith("kiops") || unit.startsWith("k") ? q.value().multiply(BigDecimal.valueOf(1000))
                    : unit.startsWith("m") ? q.value().multiply(BigDecimal.valueOf(1_000_000)) : q.value();
        };
    }

    /**
     * "Read 500 / Write 200", "Read: 10 µs, Write: 10 µs": each quantity belongs to the read or
     * write word closest before it. False when the wording has no such words.
     */
    private static boolean assignByKeywords(String text, List<Quantity> qs, List<Quantity> reads, List<Quantity> writes) {
        for (Quantity q : qs) {
            String before = text.substring(0, q.start());
            int r = lastMatch(READ_WORD, before);
            int w = lastMatch(WRITE_WORD, before);
            if (r < 0 && w < 0) {
                return false;
            }
            (r > w ? reads : writes).add(q);
        }
        return true;
    }

    private static int lastMatch(Pattern p, String s) {
        Matcher m = p.matcher(s);
        int last = -1;
        while (m.find()) {
            last = m.start();
        }
        return last;
    }

    private static String unitName(Kind kind) {
        return switch (kind) {
            case LATENCY -> "latency (µs, ms or ns)";
            case THROUGHPUT -> "MB/s or GB/s";
            case IOPS -> "IOPS";
        };
    }

    // --- part numbers -----------------------------------------------------------------------

    /** The part numbers a value lists, upper-cased ("SSDPE21K375GA01, SSDPE21K375GAX1"). */
    public static List<String> partNumbers(String value) {
        String text = SpecUnits.clean(value).toUpperCase(Locale.ROOT);
        Set<String> parts = new LinkedHashSet<>();
        for (String candidate : PART_NUMBER_SPLIT.split(text)) {
            String pn = candidate.trim();
            if (PART_NUMBER_SHAPE.matcher(pn).matches() && pn.chars().anyMatch(Character::isDigit)) {
                parts.add(pn);
            }
        }
        return List.copyOf(parts);
    }

    // --- values given per capacity ---------------------------------------------------------

    /** A value that lists one entry per capacity, narrowed to the entry for one capacity. */
    record Segment(boolean keyed, String text, String note) {
    }

    static Segment segmentFor(String text, Integer capacityGb) {
        Matcher m = CAPACITY_KEY.matcher(text);
        List<int[]> starts = new ArrayList<>();
        List<BigDecimal> capacities = new ArrayList<>();
        while (m.find()) {
            Optional<BigDecimal> n = SpecUnits.parseNumber(m.group(1));
            if (n.isEmpty()) {
                continue;
            }
            BigDecimal gb = m.group(2).equalsIgnoreCase("TB") ? n.get().multiply(BigDecimal.valueOf(1000)) : n.get();
            starts.add(new int[] {m.start()});
            capacities.add(gb);
        }
        if (starts.size() < 2) {
            return new Segment(false, text, null);
        }
        if (capacityGb == null) {
            return new Segment(true, null, "one entry per capacity, and the drive's capacity is not known");
        }
        for (int i = 0; i < starts.size(); i++) {
            if (capacities.get(i).compareTo(BigDecimal.valueOf(capacityGb)) == 0) {
                int end = i + 1 < starts.size() ? starts.get(i + 1)[0] : text.length();
                String part = text.substring(starts.get(i)[0], end).replaceAll("[,;\\s]+$", "");
                // drop the capacity key itself so that it is not read as a value
                String withoutKey = part.replaceFirst("^\\s*\\d+(?:[.,]\\d+)?\\s*(?i:GB|TB)\\s*(?:-|:|=)\\s*", "");
                return new Segment(true, withoutKey, "from the entry for " + SpecUnits.tidy(capacities.get(i)).toPlainString() + " GB");
            }
        }
        return new Segment(true, null, "one entry per capacity, none for " + capacityGb + " GB");
    }

    // --- helpers ----------------------------------------------------------------------------

    private static SpecField fallbackField(LabelTarget target) {
        return target.field().orElse(SpecField.RAW);
    }

    /** Numbers standing alone: no unit or word glued after them (a trailing '%' or letter disqualifies). */
    private static List<Quantity> bare(String text) {
        return SpecUnits.numbers(text).stream()
                .filter(q -> NO_UNIT.matcher(text).region(q.end(), text.length()).lookingAt() || isSuffixed(text, q))
                .toList();
    }

    private static boolean isSuffixed(String text, Quantity q) {
        Matcher m = IOPS_SUFFIX.matcher(text);
        m.region(q.end(), text.length());
        return m.lookingAt();
    }

    private static Optional<String> labelUnit(String label, String regex) {
        Matcher m = Pattern.compile(regex, FLAGS).matcher(label.toLowerCase(Locale.ROOT));
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static String clauseAround(String text, int start, int end) {
        int from = start;
        while (from > 0 && !isClauseBreak(text, from - 1)) {
            from--;
        }
        int to = end;
        while (to < text.length() && !isClauseBreak(text, to)) {
            to++;
        }
        return text.substring(from, to);
    }

    private static boolean isClauseBreak(String text, int i) {
        char c = text.charAt(i);
        if (c == ';' || c == ',' || c == '\n' || c == '•' || c == '|') {
            return true;
        }
        return c == '.' && (i + 1 >= text.length() || Character.isWhitespace(text.charAt(i + 1)));
    }

    private static String list(List<Quantity> qs) {
        return qs.stream().map(q -> SpecUnits.tidy(q.value()).toPlainString()).distinct().collect(Collectors.joining(", "));
    }
}
