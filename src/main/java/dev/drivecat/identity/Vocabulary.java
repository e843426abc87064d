package dev.drivecat.identity;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The words marketplace titles use, in the languages of the marketplaces drivecat reads (English,
 * German, French, Italian, Spanish, Hungarian, Ukrainian, Russian): brands, the words that tell a
 * variant of a model from another, and the words of things that are not one drive. Words only:
 * what a catalog drive is stays catalog data.
 */
final class Vocabulary {

    private Vocabulary() {
    }

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;

    /**
     * Words that tell one model of a series from another when they stand beside its number
     * ("7450 PRO" and "7450 MAX", "860 EVO" and "860 QVO", "970 EVO" and "970 EVO Plus").
     */
    static final Set<String> VARIANTS = Set.of("pro", "max", "evo", "qvo", "plus", "ion", "eco", "ultra", "lite", "se", "neo",
            "elite", "nitro", "xtreme", "extreme");

    /**
     * Words of a catalog model that name its family rather than the model, and may be left out
     * by a seller ("Intel Optane P4800X" is the "Optane SSD DC P4800X").
     */
    static final Set<String> FAMILY = Set.of("ssd", "dc", "d1", "d3", "d5", "d7", "optane", "wd", "black", "ultrastar", "series",
            "data", "center", "nvme", "sata", "enterprise", "memory", "drive", "solid", "state", "western", "digital");

    /** A brand as sellers spell it, and the drive maker it stands for (OEMs stand for themselves). */
    static final Map<String, String> BRANDS = brands();

    /** Brands that sell other makers' drives under their own part numbers: naming one never contradicts the maker. */
    static final Set<String> OEMS = Set.of("dell", "hpe", "lenovo", "cisco", "ibm", "netapp", "fujitsu", "supermicro", "huawei",
            "oracle", "emc", "nutanix");

    private static Map<String, String> brands() {
        Map<String, String> b = new LinkedHashMap<>();
        for (String maker : List.of("intel", "samsung", "micron", "kingston", "kioxia", "seagate", "adata", "corsair", "patriot",
                "teamgroup", "gigastone", "inland", "sabrent", "pny", "lexar", "transcend", "verbatim", "apacer", "netac", "kingspec",
                "sandisk", "toshiba", "ocz", "plextor", "mushkin", "goodram", "msi", "gigabyte", "aorus", "asus", "hynix", "sk",
                "owc", "apple", "lenovo", "dell", "hpe", "cisco", "ibm", "netapp", "fujitsu", "supermicro", "huawei", "oracle", "emc",
                "nutanix", "hikvision", "kioxia", "solidigm", "crucial", "wd", "hgst", "memblaze", "dapustor", "scaleflux", "liteon",
                "lite-on", "kingchuxing", "fanxiang", "teclast", "hp", "silicon", "timetec", "integral", "synology", "qnap")) {
            b.put(maker, maker);
        }
        // brands of one maker: Crucial is Micron's, HGST and WD_BLACK are Western Digital's,
        // Solidigm took Intel's NAND SSD lines, Kioxia is Toshiba's memory business
        b.put("crucial", "micron");
        b.put("wd", "western digital");
        b.put("hgst", "western digital");
        b.put("solidigm", "intel");
        b.put("toshiba", "kioxia");
        b.put("team", "teamgroup");
        b.put("hp", "hpe");
        // product lines sellers name without their maker: Optane is Intel's, Ultrastar Western Digital's, Nytro Seagate's
        b.put("optane", "intel");
        b.put("ultrastar", "western digital");
        b.put("nytro", "seagate");
        return b;
    }

    /** The maker a catalog vendor name stands for ("Western Digital" and "WD" are one maker). */
    static String maker(String vendor) {
        String v = vendor.toLowerCase(java.util.Locale.ROOT).trim();
        if (v.equals("western digital")) {
            return v;
        }
        return BRANDS.getOrDefault(v, v);
    }

    /** The word "heatsink" in the languages of the marketplaces, and its negations. */
    static final Pattern HEATSINK = Pattern.compile("heat\\s?-?sink|\\bhs\\b(?=.*\\b(?:ps5|playstation)\\b)|радиатор|радіатор"
            + "|kühlkörper|kuehlkoerper|dissipatore|dissipateur|disipador|hűtőborda|hűtővel", FLAGS);
    static final Pattern NO_HEATSINK = Pattern.compile("(?:non|no|without|w/o|ohne|sans|senza|sin|без)[\\s-]*(?:a\\s+)?"
            + "(?:heat\\s?-?sink|радиатора|радіатора|kühlkörper|dissipat\\w*|disipador)", FLAGS);

    /** Strings one of which every text {@link #HEATSINK} or {@link #NO_HEATSINK} finds something in contains. */
    static final String[] HEATSINK_NEEDLES = {"heat", "hs", "радиатор", "радіатор", "kühlkörper", "kuehlkoerper", "dissipat", "disipador",
            "hűt"};

    /** Prepositions after which a model is what the product fits, not what it is ("caddy for Intel S4510"). */
    static final Pattern FOR = Pattern.compile("(?<![\\p{L}\\p{N}])(?:for|für|fuer|pour|per|para|для|під|под|compatible\\s+with"
            + "|kompatibel\\s+mit|compatibile\\s+con|compatible\\s+avec|replacement\\s+for)(?![\\p{L}\\p{N}])", FLAGS);

    /** Strings one of which every text {@link #FOR} finds something in contains. */
    static final String[] FOR_NEEDLES = {"for", "für", "fuer", "pour", "per", "para", "для", "під", "под", "compat", "kompat"};
}
