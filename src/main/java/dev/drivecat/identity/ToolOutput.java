package dev.drivecat.identity;

import dev.drivecat.catalog.Interface;
import dev.drivecat.common.PastedText;
import dev.drivecat.common.Work;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The drives a pasted tool output describes: {@code smartctl -i/-a/-x} (ATA, NVMe, SCSI),
 * {@code nvme id-ctrl}, {@code nvme list} and FreeBSD/TrueNAS {@code diskinfo}, as people paste
 * them (with prompts, stray blank lines, misaligned columns, thousands written with commas, dots
 * or spaces). Each device is its model string, its capacity in bytes and what the tool says of its
 * form factor and bus; serial numbers are never kept. Pure.
 */
public final class ToolOutput {

    /** One device a tool described. */
    public record Device(String tool, String model, Long capacityBytes, String formFactor, Interface bus) {

        /** The text the matcher reads: the model string with what the tool says of the form factor and bus. */
        String text() {
            StringBuilder b = new StringBuilder(model);
            if (formFactor != null) {
                b.append(" ").append(formFactor);
            }
            if (bus != null) {
                b.append(" ").append(bus == Interface.NVME ? "NVMe" : bus.token().toUpperCase(java.util.Locale.ROOT));
            }
            return b.toString();
        }
    }

    /*
     * Each pattern reads one line, stripped and at most PastedText.MAX_LINE characters long; none can
     * run across a line end, and their quantifiers are possessive, or a lazy group may end only after
     * a non-space, so that one line costs time linear in its length.
     */
    private static final int FLAGS = Pattern.CASE_INSENSITIVE;
    private static final Pattern SMART_SECTION = Pattern.compile("=== START OF INFORMATION SECTION ===", FLAGS);
    private static final Pattern SMART_DATA_SECTION = Pattern.compile("=== START OF (?:READ )?SMART DATA SECTION ===", FLAGS);
    private static final Pattern SMART_MODEL = Pattern.compile("(?:Device Model|Model Number|Product):\\s*+(\\S.*+)", FLAGS);
    private static final Pattern SMART_VENDOR = Pattern.compile("Vendor:\\s*+(\\S.*+)", FLAGS);
    private static final Pattern SMART_CAPACITY = Pattern.compile(
            "(?:User Capacity|Namespace 1 Size/Capacity|Total NVM Capacity):\\s*+([0-9][0-9,. \\u00A0']*[0-9])", FLAGS);
    private static final Pattern SMART_FORM = Pattern.compile("Form Factor:\\s*+(\\S.*+)", FLAGS);
    private static final Pattern SMART_SATA = Pattern.compile("SATA Version is:", FLAGS);
    private static final Pattern SMART_NVME = Pattern.compile("(?:NVMe Version|PCI Vendor/Subsystem ID|PCI Vendor ID):", FLAGS);
    private static final Pattern SMART_SAS = Pattern.compile("Transport protocol:\\s*+SAS", FLAGS);
    private static final Pattern ID_CTRL_MODEL = Pattern.compile("mn\\s*+:\\s*+(\\S.*+)", FLAGS);
    private static final Pattern ID_CTRL_CAPACITY = Pattern.compile("tnvmcap\\s*+:\\s*+([0-9][0-9,]*+)", FLAGS);
    private static final Pattern NVME_LIST_ROW = Pattern.compile("(?:/dev/)?nvme\\d++n\\d++\\s++(?:(?:/dev/)?ng\\d++n\\d++\\s++)?\\S++\\s++"
            + "(\\S.*?)(?<=\\S)\\s++(?:(?:0x)?[0-9a-f]++\\s++)?(\\d++(?:\\.\\d++)?)\\s*+([KMGTP]B)\\s*+/\\s*+(\\d++(?:\\.\\d++)?)\\s*+([KMGTP]B)",
            FLAGS);
    private static final Pattern DISKINFO_DESCR = Pattern.compile("(\\S.*?)(?<=\\S)\\s++#\\s*+Disk descr\\.", FLAGS);
    private static final Pattern DISKINFO_SIZE = Pattern.compile("(\\d++)\\s++#\\s*+mediasize in bytes", FLAGS);

    private ToolOutput() {
    }

    /** The devices the text describes, in order; empty when it is no output of these tools. */
    public static List<Device> devices(String text) {
        List<String> lines = PastedText.lines(text);
        Map<String, Device> out = new LinkedHashMap<>();
        int section = -1;
        for (int i = 0; i < lines.size(); i++) {
            checkEvery(i);
            if (!lines.get(i).isEmpty() && SMART_SECTION.matcher(lines.get(i)).matches()) {
                if (section >= 0) {
                    smartctl(lines.subList(section, i)).ifPresent(d -> out.putIfAbsent(key(d), d));
                }
                section = i + 1;
            }
        }
        if (section >= 0) {
            smartctl(lines.subList(section, lines.size())).ifPresent(d -> out.putIfAbsent(key(d), d));
        }
        idCtrl(lines).forEach(d -> merge(out, d));
        for (int i = 0; i < lines.size(); i++) {
            checkEvery(i);
            if (lines.get(i).isEmpty()) {
                continue;
            }
            Matcher row = NVME_LIST_ROW.matcher(lines.get(i));
            if (row.lookingAt()) {
                long bytes = decimalBytes(row.group(4), row.group(5));
                merge(out, new Device("nvme list", row.group(1), bytes, null, Interface.NVME));
            }
        }
        String descr = diskinfoDescription(lines);
        if (descr != null) {
            Long bytes = null;
            for (int i = 0; i < lines.size() && bytes == null; i++) {
                Matcher size = DISKINFO_SIZE.matcher(lines.get(i));
                bytes = size.lookingAt() ? digits(size.group(1)) : null;
            }
            merge(out, new Device("diskinfo", descr, bytes, null, null));
        }
        return List.copyOf(out.values());
    }

    /** The model or part number the "Disk descr." line of a diskinfo output names; null when it has none. */
    public static String diskinfoDescription(String text) {
        return diskinfoDescription(PastedText.lines(text));
    }

    private static String diskinfoDescription(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            checkEvery(i);
            if (lines.get(i).isEmpty()) {
                continue;
            }
            Matcher descr = DISKINFO_DESCR.matcher(lines.get(i));
            if (descr.matches()) {
                return descr.group(1);
            }
        }
        return null;
    }

    /** One smartctl information section's device: its lines up to the SMART data section. */
    private static java.util.Optional<Device> smartctl(List<String> section) {
        String model = null;
        String vendor = null;
        Long bytes = null;
        String form = null;
        boolean nvme = false;
        boolean sas = false;
        boolean sata = false;
        for (int i = 0; i < section.size(); i++) {
            checkEvery(i);
            String line = section.get(i);
            if (line.isEmpty()) {
                continue;
            }
            if (SMART_DATA_SECTION.matcher(line).lookingAt()) {
                break;
            }
            model = model != null ? model : group(SMART_MODEL, line);
            vendor = vendor != null ? vendor : group(SMART_VENDOR, line);
            form = form != null ? form : group(SMART_FORM, line);
            if (bytes == null) {
                Matcher cap = SMART_CAPACITY.matcher(line);
                bytes = cap.lookingAt() ? digits(cap.group(1)) : null;
            }
            nvme |= SMART_NVME.matcher(line).lookingAt();
            sas |= SMART_SAS.matcher(line).lookingAt();
            sata |= SMART_SATA.matcher(line).lookingAt();
        }
        if (model == null) {
            return java.util.Optional.empty();
        }
        Interface bus = nvme ? Interface.NVME : sas ? Interface.SAS : sata ? Interface.SATA : null;
        return java.util.Optional.of(new Device("smartctl", (vendor != null ? vendor + " " : "") + model, bytes, form, bus));
    }

    /** nvme id-ctrl's devices: each mn line's model, with the capacity of the first tnvmcap line after it. */
    private static List<Device> idCtrl(List<String> lines) {
        List<Device> devices = new ArrayList<>();
        List<String> waiting = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            checkEvery(i);
            if (lines.get(i).isEmpty()) {
                continue;
            }
            String model = group(ID_CTRL_MODEL, lines.get(i));
            if (model != null) {
                waiting.add(model.replace('_', ' '));
                continue;
            }
            Matcher cap = ID_CTRL_CAPACITY.matcher(lines.get(i));
            if (cap.matches() && !waiting.isEmpty()) {
                Long bytes = digits(cap.group(1));
                waiting.forEach(m -> devices.add(new Device("nvme id-ctrl", m, bytes, null, Interface.NVME)));
                waiting.clear();
            }
        }
        waiting.forEach(m -> devices.add(new Device("nvme id-ctrl", m, null, null, Interface.NVME)));
        return devices;
    }

    /** The pattern's first group when it matches the whole line, else null. */
    private static String group(Pattern pattern, String line) {
        Matcher m = pattern.matcher(line);
        return m.matches() ? m.group(1) : null;
    }

    private static void checkEvery(int line) {
        if (line % PastedText.CHECK_EVERY == 0) {
            Work.check();
        }
    }

    /** The same device from two outputs in one paste (nvme list and id-ctrl) is one: the fuller report stays. */
    private static void merge(Map<String, Device> out, Device d) {
        String key = key(d);
        Device known = out.get(key);
        if (known == null) {
            out.put(key, d);
        } else if (known.capacityBytes() == null && d.capacityBytes() != null) {
            out.put(key, new Device(known.tool(), known.model(), d.capacityBytes(), known.formFactor(), known.bus()));
        }
    }

    private static String key(Device d) {
        return String.join(" ", Words.of(Words.plain(d.model())));
    }

    /** A byte count with its thousands written any way ("200,049,647,616", "1.024.209.543.168", "500 107 862 016"). */
    private static Long digits(String written) {
        StringBuilder d = new StringBuilder(written.length());
        written.chars().filter(c -> c >= '0' && c <= '9').forEach(c -> d.append((char) c));
        if (d.isEmpty() || d.length() > 18) {
            return null;
        }
        return Long.valueOf(d.toString());
    }

    private static long decimalBytes(String number, String unit) {
        double v = Double.parseDouble(number);
        int power = "KMGTP".indexOf(Character.toUpperCase(unit.charAt(0))) + 1;
        return Math.round(v * Math.pow(1000, power));
    }
}
