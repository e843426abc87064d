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
    M2("M.2", "(?<![\\p{L}\\p{N}])(?:m\\.\\s?2|m2|ngff)(?![\\p{L}\\p{N}.])", new String[] {"m2", "m.2", "m. 2", "ngff"}, EnumSet.of(FormFactor.M2_2280, FormFactor.M2_22110)),
    M2_2280("M.2 2280", "(?<![\\p{N}.])22\\s?[x*]?\\s?80(?![\\p{N}])|(?<![\\p{N}.])80\\s?mm", new String[] {"80"}, EnumSet.of(FormFactor.M2_2280)),
    M2_22110("M.2 22110", "(?<![\\p{N}.])22\\s?[x*]?\\s?110(?![\\p{N}])|(?<![\\p{N}.])110\\s?mm", new String[] {"110"}, EnumSet.of(FormFactor.M2_22110)),
    M2_SHORT("M.2 2230/2242/2260", "(?<![\\p{N}.])22\\s?[x*]?\\s?(?:30|42|60)(?![\\p{N}])|(?<![\\p{N}.])(?:30|42|60)\\s?mm", new String[] {"30", "42", "60"}, EnumSet.noneOf(FormFactor.class)),
    U2("U.2", "(?<![\\p{L}\\p{N}])u\\.?2(?![\\p{N}.])", new String[] {"u2", "u.2"}, EnumSet.of(FormFactor.U2)),
    U3("U.3", "(?<![\\p{L}\\p{N}])u\\.?3(?![\\p{N}.])", new String[] {"u3", "u.3"}, EnumSet.of(FormFactor.U3)),
    ADD_IN_CARD("add-in card", "(?<![\\p{L}])(?:aic|hhhl|fhhl|hh)(?![\\p{L}])|half[\\s-]?height|1/2\\s?height|low[\\s-]?profile"
            + "|add[\\s-]?in[\\s-]?card|pci-?e(?:xpress)?\\s+(?:\\S+\\s+)?card", new String[] {"aic", "hh", "half", "1/2", "low", "add", "card"}, EnumSet.of(FormFactor.AIC)),
    INCH_2_5("2.5\"", "(?<![\\p{N}.,])2[.,]5\\s?(?:\"|''|'|in(?:ch(?:es)?)?\\b|-inch|zoll|pouces|pollici|дюйм|hüvelyk)"
            + "|(?<![\\p{N}.,])2[.,]5(?=\\s?(?:internal|ssd|sata|sas|nvme|u\\.?[23]|sff|enterprise|belső|внутр))|(?<![\\p{L}])sff(?![\\p{L}-])",
            new String[] {"2.5", "2,5", "sff"}, EnumSet.of(FormFactor.INCH_2_5, FormFactor.U2, FormFactor.U3)),
    INCH_3_5("3.5\"", "(?<![\\p{N}.,])3[.,]5\\s?(?:\"|''|in(?:ch)?\\b|-inch|zoll)", new String[] {"3.5", "3,5"}, EnumSet.noneOf(FormFactor.class)),
    MSATA("mSATA", "(?<![\\p{L}])msata(?![\\p{L}])", new String[] {"msata"}, EnumSet.noneOf(FormFactor.class)),
    E1S("E1.S", "(?<![\\p{L}\\p{N}])e1\\.?s(?![\\p{L}])", new String[] {"e1"}, EnumSet.of(FormFactor.E1S)),
    E1L_E3("E1.L / E3", "(?<![\\p{L}\\p{N}])(?:e1\\.?l|e3\\.?[sl])(?![\\p{L}])", new String[] {"e1", "e3"}, EnumSet.noneOf(FormFactor.class)),
    EXTERNAL("external", "(?<![\\p{L}])(?:portable|external|externe|esterno|külső|usb)(?!\\p{L})|(?<![\\p{L}])(?:зовнішн|внешн)\\p{L}*|usb\\s?-?c",
            new String[] {"portable", "external", "externe", "esterno", "зовнішн", "внешн", "külső", "usb"}, EnumSet.noneOf(FormFactor.class));

    private final String label;
    private final Pattern pattern;
    private final Set<FormFactor> allows;

    private final String[] needles;

    /** {@code needles}: strings one of which every text the pattern finds something in contains (a quick test first). */
    Shape(String label, String regex, String[] needles, Set<FormFactor> allows) {
        this.label = label;
        this.pattern = Pattern.compile(regex);
        this.needles = needles;
        this.allows = allows;
    }

    /** Whether the text (plain, lower case) says this shape. */
    boolean in(String plain) {
        return Words.containsAny(plain, needles) && pattern.matcher(plain).find();
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
        SATA(Interface.SATA, "(?<![\\p{L}])sata(?![\\p{L}])|sataiii|sata3|sata/600", "sata"),
        SAS(Interface.SAS, "(?<![\\p{L}])sas(?![\\p{L}])|(?<![\\p{L}])sas\\d", "sas"),
        NVME(Interface.NVME, "(?<![\\p{L}])(?:nvme|pcie|pci-e|pcl?e|pci[\\s-]?express)(?![\\p{L}])|pcie\\d|nvme\\d", "nvme", "pc");

        final Interface iface;
        final Pattern pattern;
        private final String[] needles;

        Bus(Interface iface, String regex, String... needles) {
            this.iface = iface;
            this.pattern = Pattern.compile(regex);
            this.needles = needles;
        }

        /** Whether the text (plain, lower case) names this bus. */
        boolean in(String plain) {
            return Words.containsAny(plain, needles) && pattern.matcher(plain).find();
        }
    }
}
