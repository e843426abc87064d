package dev.drivecat.specs;

import dev.drivecat.catalog.SpecField;
import java.math.BigDecimal;
import java.util.List;

/**
 * Reads one spec row (a label and its value, as the source words them) into catalog values in
 * their canonical units. Pure. A row may give several values (an endurance row can state TBW,
 * DWPD and the years they are rated for); a row it cannot read gives one value-less reading, so
 * the wording is still kept. Nothing is guessed: several different values, ranges, and unknown
 * words read as no value.
 *
 * <p>Each family of fields has its reader: {@link CapacityReader}, {@link BusReader} (interface,
 * PCIe, form factor), {@link MediaReader}, {@link PlpReader}, {@link EnduranceReader},
 * {@link PerformanceReader} (latency, throughput, IOPS) and {@link PartNumberReader}; a value
 * listing one entry per capacity is first narrowed by {@link PerCapacity}.
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
            PerCapacity.Segment segment = PerCapacity.segmentFor(text, capacityGb);
            if (segment.keyed()) {
                if (segment.text() == null) {
                    return List.of(Reading.none(target.field().orElse(SpecField.RAW), segment.note()));
                }
                text = segment.text();
                note = segment.note();
            }
        }
        List<Reading> readings = switch (target) {
            case CAPACITY -> List.of(CapacityReader.capacity(cleanLabel, text));
            case INTERFACE -> BusReader.iface(text);
            case FORM_FACTOR -> List.of(BusReader.formFactor(text));
            case PCIE_GEN -> List.of(BusReader.pcieGen(text).map(g -> Reading.number(SpecField.PCIE_GEN, BigDecimal.valueOf(g), null))
                    .orElse(Reading.none(SpecField.PCIE_GEN, "no single PCIe generation")));
            case PCIE_LANES -> List.of(BusReader.pcieLanes(text).map(l -> Reading.number(SpecField.PCIE_LANES, BigDecimal.valueOf(l), null))
                    .orElse(Reading.none(SpecField.PCIE_LANES, "no single lane count")));
            case MEDIA -> List.of(MediaReader.media(text));
            case PLP -> List.of(PlpReader.plp(cleanLabel, text));
            case DWPD, TBW, WARRANTY_YEARS, ENDURANCE -> EnduranceReader.endurance(target, cleanLabel, text);
            case READ_LATENCY, WRITE_LATENCY, LATENCY -> PerformanceReader.readWrite(target, cleanLabel, text, PerformanceReader.Kind.LATENCY);
            case SEQ_READ, SEQ_WRITE, SEQUENTIAL -> PerformanceReader.readWrite(target, cleanLabel, text, PerformanceReader.Kind.THROUGHPUT);
            case RANDOM_READ_IOPS, RANDOM_WRITE_IOPS, RANDOM_IOPS -> PerformanceReader.readWrite(target, cleanLabel, text, PerformanceReader.Kind.IOPS);
            case PART_NUMBER -> {
                List<String> parts = PartNumberReader.partNumbers(value);
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
}
