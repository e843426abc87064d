package dev.drivecat.specs;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Model names as pages write them ("Intel® Optane™ SSD DC P4800X Series (375GB, 2.5in PCIe x4,
 * 3D XPoint™)") reduced to the model ("Optane SSD DC P4800X"), compared by their significant
 * words, and turned into catalog slugs. Pure.
 */
public final class ModelNames {

    /** Words that say what the product is, not which one: they never tell two models apart. */
    static final Set<String> NOISE = Set.of("ssd", "ssds", "series", "solid", "state", "drive", "drives", "disk", "nvme", "sata", "sas",
            "pcie", "enterprise", "datacenter", "data", "center", "client", "internal", "the", "and", "with", "for", "family",
            "накопитель", "диск", "固态硬盘", "系列");

    private static final int FLAGS = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
    private static final List<Pattern> NOT_MODEL = List.of(
            Pattern.compile("\\([^)]*\\)|\\[[^]]*]"),
            Pattern.compile("(?<![A-Za-z0-9])\\d+(?:[.,]\\d+)?\\s*(?:GB|TB|ГБ|ТБ)(?![A-Za-z])", FLAGS),
            Pattern.compile("M\\.2(?:\\s*22\\s*x?\\s*\\d{2,3}(?:\\s*mm)?)?|(?<![A-Za-z])U\\.[23](?![0-9])|E1\\.S|E3\\.S", FLAGS),
            Pattern.compile("2\\.5\\s*(?:\"|-?\\s*inch|-?\\s*in(?![a-z]))?", FLAGS),
            Pattern.compile("(?<![A-Za-z0-9])\\d+\\s*mm(?![a-z])", FLAGS),
            Pattern.compile("SATA(?:\\s*(?:III|3\\.0|6\\s*Gb/s))?|PCIe(?:\\s*(?:Gen\\s*\\d|\\d\\.\\d))?(?:\\s*x\\d+)?"
                    + "|NVMe(?:\\s*\\d\\.\\d)?|HHHL|FHHL|(?<![A-Za-z])AIC(?![A-Za-z])|add-in card", FLAGS),
            Pattern.compile("(?<![A-Za-z])Series(?![A-Za-z])", FLAGS),
            // what a document is, in its title: "PM893 Datasheet", "7450 SSD Product Brief"
            Pattern.compile("(?<![A-Za-z])(?:Data\\s?sheet|Product\\s+(?:Brief|Specifications?|Overview|Manual)|Specifications?)(?![A-Za-z])",
                    FLAGS),
            // a trailing description of what the product is: "DC600M Data Center SATA SSD" is the DC600M
            Pattern.compile("(?:\\s+(?:Data\\s*Center|Enterprise|Client|Internal|Consumer))*(?:\\s+(?:Solid[\\s-]State\\s+Drive|SSD)s?)[\\s,;:|/\\-]*$", FLAGS));

    private ModelNames() {
    }

    /**
     * The model name in a page's product name: trade marks, parenthesised details, capacities,
     * form factors, interfaces, "Series", the vendor's name and the part numbers removed.
     * Null when nothing is left.
     */
    public static String clean(String raw, String vendor, List<Pattern> strip, Collection<String> partNumbers) {
        if (raw == null) {
            return null;
        }
        String s = SpecUnits.clean(raw);
        for (Pattern p : strip) {
            s = p.matcher(s).replaceAll("");
        }
        for (String pn : partNumbers) {
            s = Pattern.compile("(?<![A-Za-z0-9])" + Pattern.quote(pn) + "(?![A-Za-z0-9])", FLAGS).matcher(s).replaceAll(" ");
        }
        for (Pattern p : NOT_MODEL) {
            s = p.matcher(s).replaceAll(" ");
        }
        if (vendor != null && !vendor.isBlank()) {
            s = Pattern.compile("^\\s*" + Pattern.quote(vendor.trim()) + "(?![A-Za-z0-9])", FLAGS).matcher(s).replaceAll("");
        }
        s = s.replaceAll("\\s+", " ").replaceAll("^[\\s,;:|/\\-–]+|[\\s,;:|/\\-–]+$", "").trim();
        return s.isEmpty() ? null : s;
    }

    /** The words of a model that tell it from others, lower case: "Optane SSD DC P4800X" → optane, dc, p4800x. */
    public static Set<String> significantWords(String model, String vendor) {
        Set<String> words = new LinkedHashSet<>();
        if (model == null) {
            return words;
        }
        String vendorWord = vendor == null ? "" : vendor.toLowerCase(Locale.ROOT).trim();
        for (String w : SpecUnits.clean(model).toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!w.isEmpty() && !NOISE.contains(w) && !w.equals(vendorWord)) {
                words.add(w);
            }
        }
        return words;
    }

    /**
     * Whether a page's model names a catalog model. Their model numbers (words with a digit) must
     * be the same, and every other word of the page's name must be in the catalog's ("7450 PRO"
     * does not name "7450 MAX"; "P4800X" names "Optane SSD DC P4800X"). Names without any model
     * number must have the same words.
     */
    public static boolean sameModel(String pageModel, String catalogModel, String vendor) {
        Set<String> page = significantWords(pageModel, vendor);
        Set<String> catalog = significantWords(catalogModel, vendor);
        if (page.isEmpty() || catalog.isEmpty()) {
            return false;
        }
        Set<String> pageNumbers = numbers(page);
        Set<String> catalogNumbers = numbers(catalog);
        if (pageNumbers.isEmpty() && catalogNumbers.isEmpty()) {
            return page.equals(catalog);
        }
        if (!pageNumbers.equals(catalogNumbers)) {
            return false;
        }
        return catalog.containsAll(page);
    }

    private static Set<String> numbers(Set<String> words) {
        Set<String> out = new LinkedHashSet<>();
        for (String w : words) {
            if (w.chars().anyMatch(Character::isDigit)) {
                out.add(w);
            }
        }
        return out;
    }

    /**
     * A slug in the catalog's style: vendor, model words (without "SSD"), capacity, and the bus
     * for SATA/SAS or the slot for NVMe ("intel-dc-s3700-400gb-sata", "samsung-990-pro-2tb-m2").
     */
    public static String slug(String vendor, String model, int capacityGb, Interface iface, FormFactor formFactor) {
        StringBuilder s = new StringBuilder();
        s.append(vendor).append(' ');
        for (String w : SpecUnits.clean(model).split("[^\\p{L}\\p{N}]+")) {
            if (!w.equalsIgnoreCase("ssd") && !w.equalsIgnoreCase(vendor) && !w.isBlank()) {
                s.append(w).append(' ');
            }
        }
        s.append(capacityGb % 1000 == 0 ? capacityGb / 1000 + "tb" : capacityGb + "gb").append(' ');
        s.append(switch (iface) {
            case SATA -> "sata";
            case SAS -> "sas";
            case NVME -> formFactor.isM2() ? "m2" : formFactor.token();
        });
        String slug = java.text.Normalizer.normalize(s.toString(), java.text.Normalizer.Form.NFKD)
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9]+", "-")
                .replaceAll("^-+|-+$", "");
        return slug.length() > 120 ? slug.substring(0, 120).replaceAll("-+$", "") : slug;
    }
}
