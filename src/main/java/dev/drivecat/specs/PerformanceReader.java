package dev.drivecat.specs;

import dev.drivecat.catalog.SpecField;
import dev.drivecat.specs.SpecNormaliser.Reading;
import dev.drivecat.specs.SpecUnits.Quantity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Latency (µs), sequential throughput (MB/s) and random IOPS, told apart into read and write by
 * the words in the value or the order in the label. Pure.
 */
final class PerformanceReader {

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
    private static final String END = "(?![A-Za-z\\p{IsCyrillic}])";
    private static final Pattern TIME_UNIT = Pattern.compile(
            "\\s*(µs|us|usec|microseconds?|мкс|ms|msec|milliseconds?|мс|ns|nsec|nanoseconds?|нс)" + END, FLAGS);
    private static final Pattern IOPS_UNIT = Pattern.compile("\\s*((?:[KkMm]\\s*)?(?:IOPS|KIOPS))(?![A-Za-z])");
    private static final Pattern THROUGHPUT_UNIT = Pattern.compile(
            "\\s*(MB/s(?:ec)?|MB/S|MBps|MBs|MByte/s|МБ/с|МБ/сек|GB/s|GB/S|GBps|ГБ/с)(?![A-Za-z])");
    private static final Pattern READ_WORD = Pattern.compile("read|чтени|读", FLAGS);
    private static final Pattern WRITE_WORD = Pattern.compile("write|запис|写", FLAGS);

    /** Which quantity a row states. */
    enum Kind { LATENCY, THROUGHPUT, IOPS }

    private PerformanceReader() {
    }

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
        List<Quantity> numbers = SpecUnits.bare(text);
        if (qs.isEmpty()) {
            boolean labelHasUnit = switch (kind) {
                case LATENCY -> SpecUnits.labelUnit(label, "(µs|us|usec|мкс|ms|мс)").isPresent();
                case THROUGHPUT -> SpecUnits.labelUnit(label, "(mb/s|mbps|мб/с)").isPresent();
                case IOPS -> SpecUnits.labelUnit(label, "(iops)").isPresent() || !SpecUnits.quantities(text, SpecUnits.IOPS_SUFFIX).isEmpty();
            };
            if (!labelHasUnit) {
                return List.of();
            }
            String implied = switch (kind) {
                case LATENCY -> SpecUnits.labelUnit(label, "(ms|мс)(?![a-z])").isPresent() && SpecUnits.labelUnit(label, "(µs|us|мкс)").isEmpty() ? "ms" : "µs";
                case THROUGHPUT -> "MB/s";
                case IOPS -> "IOPS";
            };
            List<Quantity> suffixed = kind == Kind.IOPS ? SpecUnits.quantities(text, SpecUnits.IOPS_SUFFIX) : List.of();
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
}
