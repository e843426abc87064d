package dev.drivecat.identity;

import dev.drivecat.catalog.Interface;
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

    private static final int FLAGS = Pattern.MULTILINE | Pattern.CASE_INSENSITIVE;
    private static final Pattern SMART_SECTION = Pattern.compile("^=== START OF INFORMATION SECTION ===\\s*$", FLAGS);
    private static final Pattern SMART_MODEL = Pattern.compile("^\\s*(?:Device Model|Model Number|Product):\\s*(\\S.*?)\\s*$", FLAGS);
    private static final Pattern SMART_VENDOR = Pattern.compile("^\\s*Vendor:\\s*(\\S.*?)\\s*$", FLAGS);
    private static final Pattern SMART_CAPACITY = Pattern.compile(
            "^\\s*(?:User Capacity|Namespace 1 Size/Capacity|Total NVM Capacity):\\s*([0-9][0-9,. \\u00A0']*[0-9])\\s*(?:bytes)?", FLAGS);
    private static final Pattern SMART_FORM = Pattern.compile("^\\s*Form Factor:\\s*(\\S.*?)\\s*$", FLAGS);
    private static final Pattern SMART_SATA = Pattern.compile("^\\s*SATA Version is:", FLAGS);
    private static final Pattern SMART_NVME = Pattern.compile("^\\s*(?:NVMe Version|PCI Vendor/Subsystem ID|PCI Vendor ID):", FLAGS);
    private static final Pattern SMART_SAS = Pattern.compile("^\\s*Transport protocol:\\s*SAS", FLAGS);
    private static final Pattern ID_CTRL_MODEL = Pattern.compile("^\\s*mn\\s*:\\s*(\\S.*?)\\s*$", FLAGS);
    private static final Pattern ID_CTRL_CAPACITY = Pattern.compile("^\\s*tnvmcap\\s*:\\s*([0-9][0-9,]*)\\s*$", FLAGS);
    private static final Pattern NVME_LIST_ROW = Pattern.compile("^\\s*(?:/dev/)?nvme\\d+n\\d+\\s+(?:(?:/dev/)?ng\\d+n\\d+\\s+)?\\S+\\s+"
            + "(\\S.*?)\\s+(?:(?:0x)?[0-9a-f]+\\s+)?(\\d+(?:\\.\\d+)?)\\s*([KMGTP]B)\\s*/\\s*(\\d+(?:\\.\\d+)?)\\s*([KMGTP]B)", FLAGS);
    private static final Pattern DISKINFO_DESCR = Pattern.compile("^\\s*(\\S.*?)\\s+#\\s*Disk descr\\.\\s*$", FLAGS);
    private static final Pattern DISKINFO_SIZE = Pattern.compile("^\\s*(\\d+)\\s+#\\s*mediasize in bytes", FLAGS);

    private ToolOutput() {
    }

    /** The devices the text describes, in order; empty when it is no output of these tools. */
    public static List<Device> devices(String text) {
        Map<String, Device> out = new LinkedHashMap<>();
        String[] sections = SMART_SECTION.split(text, -1);
        for (int i = 1; i < sections.length; i++) {
            smartctl(sections[i]).ifPresent(d -> out.putIfAbsent(key(d), d));
        }
        Matcher mn = ID_CTRL_MODEL.matcher(text);
        while (mn.find()) {
            Matcher cap = ID_CTRL_CAPACITY.matcher(text);
            Long bytes = cap.find(mn.end()) ? digits(cap.group(1)) : null;
            Device d = new Device("nvme id-ctrl", mn.group(1).replace('_', ' '), bytes, null, Interface.NVME);
            merge(out, d);
        }
        Matcher row = NVME_LIST_ROW.matcher(text);
        while (row.find()) {
            long bytes = decimalBytes(row.group(4), row.group(5));
            merge(out, new Device("nvme list", row.group(1).strip(), bytes, null, Interface.NVME));
        }
        String descr = diskinfoDescription(text);
        if (descr != null) {
            Matcher size = DISKINFO_SIZE.matcher(text);
            Long bytes = size.find() ? Long.valueOf(size.group(1)) : null;
            merge(out, new Device("diskinfo", descr, bytes, null, null));
        }
        return List.copyOf(out.values());
    }

    /** The model or part number the "Disk descr." line of a diskinfo output names; null when it has none. */
    public static String diskinfoDescription(String text) {
        Matcher descr = DISKINFO_DESCR.matcher(text);
        return descr.find() ? descr.group(1) : null;
    }

    private static java.util.Optional<Device> smartctl(String section) {
        String info = section.split("(?m)^=== START OF (?:READ )?SMART DATA SECTION ===")[0];
        Matcher model = SMART_MODEL.matcher(info);
        if (!model.find()) {
            return java.util.Optional.empty();
        }
        Matcher vendor = SMART_VENDOR.matcher(info);
        String name = (vendor.find() ? vendor.group(1) + " " : "") + model.group(1);
        Matcher cap = SMART_CAPACITY.matcher(info);
        Long bytes = cap.find() ? digits(cap.group(1)) : null;
        Matcher form = SMART_FORM.matcher(info);
        Interface bus = SMART_NVME.matcher(info).find() ? Interface.NVME : SMART_SAS.matcher(info).find() ? Interface.SAS
                : SMART_SATA.matcher(info).find() ? Interface.SATA : null;
        return java.util.Optional.of(new Device("smartctl", name, bytes, form.find() ? form.group(1) : null, bus));
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
        String d = written.replaceAll("[^0-9]", "");
        if (d.isEmpty() || d.length() > 18) {
            return null;
        }
        return Long.valueOf(d);
    }

    private static long decimalBytes(String number, String unit) {
        double v = Double.parseDouble(number);
        int power = "KMGTP".indexOf(Character.toUpperCase(unit.charAt(0))) + 1;
        return Math.round(v * Math.pow(1000, power));
    }
}
