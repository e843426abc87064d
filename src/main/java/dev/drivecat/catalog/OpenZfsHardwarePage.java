package dev.drivecat.catalog;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The OpenZFS documentation's Hardware page, as evidence of a drive's power-loss protection: its
 * lists of drives with power failure protection, what it says those lists mean, and what it says of
 * 3D XPoint. Quoted from the page's source, docs/Performance and Tuning/Hardware.rst in
 * openzfs/openzfs-docs at commit 0c1de93 (the commit the seed catalog cites; the lists are unchanged
 * at decbdcb, 2026-07-22).
 *
 * <p>What a listing shows: the lists are of drives with hardware power-loss protection, and "Since
 * ZFS, like other filesystems, only requires power failure protection for flushed data and drive
 * metadata, older drives that only protect these things are included on the lists." So a listing
 * shows that a drive keeps flushed data and its own metadata through a power cut (what ZFS needs),
 * not that it protects writes in flight (what makes a flush cheap).
 */
public final class OpenZfsHardwarePage {

    public static final String URL = "https://openzfs.github.io/openzfs-docs/Performance%20and%20Tuning/Hardware.html";
    public static final String TITLE = "OpenZFS documentation: Hardware (docs/Performance and Tuning/Hardware.rst, openzfs/openzfs-docs "
            + "commit 0c1de93)";

    /** Why drives that protect flushed data only are on the lists. */
    public static final String LISTS_INCLUDE = "Since ZFS, like other filesystems, only requires power failure protection for "
            + "flushed data and drive metadata, older drives that only protect these things are included on the lists.";
    /** The page's section on Optane / 3D XPoint SSDs. */
    public static final String XPOINT = "Unlike NAND flash SSDs, they do not require any special power failure protection circuitry "
            + "for reliability.";

    /** One of the page's three lists. */
    public enum PlpList {
        NVME("NVMe", Interface.NVME),
        SAS("SAS", Interface.SAS),
        SATA("SATA", Interface.SATA);

        private final String bus;
        private final Interface iface;

        PlpList(String bus, Interface iface) {
            this.bus = bus;
            this.iface = iface;
        }

        /** The list's own opening words. */
        public String intro() {
            return "A non-exhaustive list of " + bus + " drives with power failure protection is as follows:";
        }

        /** The list's heading on the page. */
        public String heading() {
            return bus + " drives with power failure protection";
        }
    }

    /**
     * One bullet of a list, as the page words it, and the models it names (each model is matched
     * whole; a model ending in {@code *} matches as a prefix, for the page's Toshiba part-number
     * patterns).
     */
    public record Entry(PlpList list, String vendor, String wording, List<String> models) {
    }

    /** Every bullet of the three lists, in the page's order. */
    public static final List<Entry> ENTRIES = List.of(
            new Entry(PlpList.NVME, "Intel", "Intel 750", List.of("750")),
            new Entry(PlpList.NVME, "Intel", "Intel DC P3500/P3600/P3608/P3700", List.of("DC P3500", "DC P3600", "DC P3608", "DC P3700")),
            new Entry(PlpList.NVME, "Kingston", "Kingston DC1000B (M.2 2280 form factor, fits into most laptops)", List.of("DC1000B")),
            new Entry(PlpList.NVME, "Micron", "Micron 7300/7400/7450 PRO/MAX",
                    List.of("7300 PRO", "7300 MAX", "7400 PRO", "7400 MAX", "7450 PRO", "7450 MAX")),
            new Entry(PlpList.NVME, "Samsung", "Samsung PM963 (M.2 form factor)", List.of("PM963")),
            new Entry(PlpList.NVME, "Samsung", "Samsung PM1725/PM1725a", List.of("PM1725", "PM1725a")),
            new Entry(PlpList.NVME, "Samsung", "Samsung XS1715", List.of("XS1715")),
            new Entry(PlpList.NVME, "Toshiba", "Toshiba ZD6300", List.of("ZD6300")),
            new Entry(PlpList.NVME, "Seagate", "Seagate Nytro 5000 M.2 (XP1920LE30002 tested; read notes below before buying)",
                    List.of("Nytro 5000")),
            new Entry(PlpList.SAS, "Samsung", "Samsung PM1633/PM1633a", List.of("PM1633", "PM1633a")),
            new Entry(PlpList.SAS, "Samsung", "Samsung SM1625", List.of("SM1625")),
            new Entry(PlpList.SAS, "Samsung", "Samsung PM853T", List.of("PM853T")),
            new Entry(PlpList.SAS, "Toshiba", "Toshiba PX05SHB***/PX04SHB***/PX04SHQ***", List.of("PX05SHB*", "PX04SHB*", "PX04SHQ*")),
            new Entry(PlpList.SAS, "Toshiba", "Toshiba PX05SLB***/PX04SLB***/PX04SLQ***", List.of("PX05SLB*", "PX04SLB*", "PX04SLQ*")),
            new Entry(PlpList.SAS, "Toshiba", "Toshiba PX05SMB***/PX04SMB***/PX04SMQ***", List.of("PX05SMB*", "PX04SMB*", "PX04SMQ*")),
            new Entry(PlpList.SAS, "Toshiba", "Toshiba PX05SRB***/PX04SRB***/PX04SRQ***", List.of("PX05SRB*", "PX04SRB*", "PX04SRQ*")),
            new Entry(PlpList.SAS, "Toshiba", "Toshiba PX05SVB***/PX04SVB***/PX04SVQ***", List.of("PX05SVB*", "PX04SVB*", "PX04SVQ*")),
            new Entry(PlpList.SATA, "Crucial", "Crucial MX100/MX200/MX300", List.of("MX100", "MX200", "MX300")),
            new Entry(PlpList.SATA, "Crucial", "Crucial M500/M550/M600", List.of("M500", "M550", "M600")),
            new Entry(PlpList.SATA, "Intel", "Intel 320", List.of("320")),
            new Entry(PlpList.SATA, "Intel", "Intel 710", List.of("710")),
            new Entry(PlpList.SATA, "Intel", "Intel 730", List.of("730")),
            new Entry(PlpList.SATA, "Intel", "Intel DC S3500/S3510/S3610/S3700/S3710",
                    List.of("DC S3500", "DC S3510", "DC S3610", "DC S3700", "DC S3710")),
            new Entry(PlpList.SATA, "Kingston", "Kingston DC500R/DC500M", List.of("DC500R", "DC500M")),
            new Entry(PlpList.SATA, "Micron", "Micron 5210 Ion", List.of("5210 Ion")),
            new Entry(PlpList.SATA, "Samsung", "Samsung PM863/PM863a", List.of("PM863", "PM863a")),
            new Entry(PlpList.SATA, "Samsung", "Samsung SM843T (do not confuse with SM843)", List.of("SM843T")),
            new Entry(PlpList.SATA, "Samsung", "Samsung SM863/SM863a", List.of("SM863", "SM863a")),
            new Entry(PlpList.SATA, "Samsung", "Samsung 845DC Evo", List.of("845DC Evo")),
            new Entry(PlpList.SATA, "Samsung", "Samsung 845DC Pro", List.of("845DC Pro")),
            new Entry(PlpList.SATA, "Toshiba", "Toshiba HK4E/HK3E2", List.of("HK4E", "HK3E2")),
            new Entry(PlpList.SATA, "Toshiba", "Toshiba HK4R/HK3R2/HK3R", List.of("HK4R", "HK3R2", "HK3R")));

    private OpenZfsHardwarePage() {
    }

    /**
     * The bullet that names this drive: the same vendor, the list of its bus, and a model the bullet
     * names, compared whole (letters and digits only, case folded, a leading "SSD" of the catalog's
     * model name dropped: "SSD DC S3700" is the page's "DC S3700"). A model one letter off (SM843 for
     * SM843T) is another drive, and no bullet names it.
     */
    public static Optional<Entry> listing(String vendor, String model, Interface iface) {
        if (vendor == null || model == null || iface == null) {
            return Optional.empty();
        }
        String name = normal(model);
        if (name.startsWith("SSD") && name.length() > 3) {
            name = name.substring(3);
        }
        for (Entry e : ENTRIES) {
            if (e.list().iface != iface || !e.vendor().equalsIgnoreCase(vendor.trim())) {
                continue;
            }
            for (String m : e.models()) {
                boolean prefix = m.endsWith("*");
                String wanted = normal(prefix ? m.substring(0, m.length() - 1) : m);
                if (prefix ? name.startsWith(wanted) : name.equals(wanted)) {
                    return Optional.of(e);
                }
            }
        }
        return Optional.empty();
    }

    private static String normal(String s) {
        return s.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "");
    }
}
