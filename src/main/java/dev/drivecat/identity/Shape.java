package dev.drivecat.identity;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import java.util.EnumSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a text says of a drive's form factor or bus, each with the catalog form factors (or buses)
 * it allows: "M.2" allows both M.2 lengths, "2280" only one, "2.5"" a SATA/SAS drive or a U.2/U.3
 * one, "HH" and "1/2 Height" an add-in card. Pure.
 */
enum Shape {
    M2("M.2", "(?<![\\p{L}\\p{N}])(?:m\\.\\s?2|m2|ngff)(?![\\p{L}\\p{N}.])", EnumSet.of(FormFactor.M2_2280, FormFactor.M2_22110)),
    M2_2280("M.2 2280", "(?<![\\p{N}.])22\\s?[x*]?\\s?80(?![\\p{N}])|(?<![\\p{N}.])80\\s?mm", EnumSet.of(FormFactor.M2_2280)),
    M2_22110("M.2 22110", "(?<![\\p{N}.])22\\s?[x*]?\\s?110(?![\\p{N}])|(?<![\\p{N}.])110\\s?mm", EnumSet.of(FormFactor.M2_22110)),
    M2_SHORT("M.2 2230/2242/2260", "(?<![\\p{N}.])22\\s?[x*]?\\s?(?:30|42|60)(?![\\p{N}])|(?<![\\p{N}.])(?:30|42|60)\\s?mm", EnumSet.noneOf(FormFactor.class)),
    U2("U.2", "(?<![\\p{L}\\p{N}])u\\.?2(?![\\p{N}.])", EnumSet.of(FormFactor.U2)),
    U3("U.3", "(?<![\\p{L}\\p{N}])u\\.?3(?![\\p{N}.])", EnumSet.of(FormFactor.U3)),
    ADD_IN_CARD("add-in card", "(?<![\\p{L}])(?:aic|hhhl|fhhl|hh)(?![\\p{L}])|half[\\s-]?height|1/2\\s?height|low[\\s-]?profile"
            + "|add[\\s-]?in[\\s-]?card|pci-?e(?:xpress)?\\s+(?:\\S+\\s+)?card", EnumSet.of(FormFactor.AIC)),
    INCH_2_5("2.5\"", "(?<![\\p{N}.,])2[.,]5\\s?(?:\"|''|'|in(?:ch(?:es)?)?\\b|-inch|zoll|pouces|pollici|дюйм|hüvelyk)"
            + "|(?<![\\p{N}.,])2[.,]5(?=\\s?(?:internal|ssd|sata|sas|nvme|u\\.?[23]|sff|enterprise|belső|внутр))|(?<![\\p{L}])sff(?![\\p{L}-])",
            EnumSet.of(FormFactor.INCH_2_5, FormFactor.U2, FormFactor.U3)),
    INCH_3_5("3.5\"", "(?<![\\p{N}.,])3[.,]5\\s?(?:\"|''|in(?:ch)?\\b|-inch|zoll)", EnumSet.noneOf(FormFactor.class)),
    MSATA("mSATA", "(?<![\\p{L}])msata(?![\\p{L}])", EnumSet.noneOf(FormFactor.class)),
    E1S("E1.S", "(?<![\\p{L}\\p{N}])e1\\.?s(?![\\p{L}])", EnumSet.of(FormFactor.E1S)),
    E1L_E3("E1.L / E3", "(?<![\\p{L}\\p{N}])(?:e1\\.?l|e3\\.?[sl])(?![\\p{L}])", EnumSet.noneOf(FormFactor.class)),
    EXTERNAL("external", "(?<![\\p{L}])(?:portable|external|externe|esterno|зовнішн|внешн|külső|usb)(?!\\p{L})|usb\\s?-?c",
            EnumSet.noneOf(FormFactor.class));

    private final String label;
    private final Pattern pattern;
    private final Set<FormFactor> allows;

    Shape(String label, String regex, Set<FormFactor> allows) {
        this.label = label;
        this.pattern = Pattern.compile(regex);
        this.allows = allows;
    }

    String label() {
        return label;
    }

    Pattern pattern() {
        return pattern;
    }

    boolean allows(FormFactor ff) {
        return allows.contains(ff);
    }

    /** The bus words: SATA, SAS, NVMe (PCIe). */
    enum Bus {
        SATA(Interface.SATA, "(?<![\\p{L}])sata(?![\\p{L}])|sataiii|sata3|sata/600"),
        SAS(Interface.SAS, "(?<![\\p{L}])sas(?![\\p{L}])|(?<![\\p{L}])sas\\d"),
        NVME(Interface.NVME, "(?<![\\p{L}])(?:nvme|pcie|pci-e|pcl?e|pci[\\s-]?express)(?![\\p{L}])|pcie\\d|nvme\\d");

        final Interface iface;
        final Pattern pattern;

        Bus(Interface iface, String regex) {
            this.iface = iface;
            this.pattern = Pattern.compile(regex);
        }
    }
}
