package dev.drivecat.identity;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.common.ApiToken;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The catalog as identity reads it, indexed once: each drive with its part numbers and aliases,
 * the drives by part number and by the numbers of their model names, and what sourced facts say
 * a series is made as. Immutable; {@link IdentityService} keeps the current one.
 */
public final class IdentityCatalog {

    /** A catalog drive as identity sees it. */
    public record Drive(String slug, String vendor, String model, int capacityGb, Interface iface, FormFactor formFactor,
                        List<PartNumber> partNumbers, List<Alias> aliases) {
        public Drive {
            partNumbers = List.copyOf(partNumbers);
            aliases = List.copyOf(aliases);
        }
    }

    /** A part number of a drive, upper case, and the page that ties it to the drive (null when none is recorded). */
    public record PartNumber(String value, String sourceUrl) {
    }

    /** Another name a drive is known by (a listing title an operator accepted), and where it was seen. */
    public record Alias(String text, String sourceUrl) {
    }

    /**
     * What a source says a series is made as: the form factors of a vendor's model, so that a title
     * that says "M.2" names the one length it comes in.
     */
    public record Series(String vendor, String model, Set<FormFactor> formFactors, String sourceUrl) {
        public Series {
            formFactors = Set.copyOf(formFactors);
        }

        /**
         * The fact a seriesFormFactors value states: its form-factor tokens separated by spaces
         * ("m2-2280 m2-22110"); tokens that are no form factor are left out. Null when none is one.
         */
        public static Series of(String vendor, String model, String formFactorTokens, String sourceUrl) {
            Set<FormFactor> made = EnumSet.noneOf(FormFactor.class);
            for (String t : formFactorTokens.trim().split("\\s+")) {
                ApiToken.parse(FormFactor.class, t).ifPresent(made::add);
            }
            return made.isEmpty() ? null : new Series(vendor, model, made, sourceUrl);
        }
    }

    /** A part number the catalog knows, or its base or punctuation-free form: its drive, the part number as held, and the page that ties them. */
    record CodeHit(Drive drive, String partNumber, String sourceUrl) {
    }

    /** An alias the catalog knows, and its drive. */
    record AliasHit(Drive drive, Alias alias) {
    }

    /**
     * A drive's model name, read for matching: its maker, the words of it with a digit, the other
     * words a title must say beside them, those words in the name's order ({@code name}: "970 evo
     * plus"), and whether it names a heatsink (the one word "heatsink").
     */
    record Model(Drive drive, String maker, List<String> numbers, List<String> required, List<String> name, boolean heatsink) {
    }

    private final List<Drive> drives;
    private final Map<String, CodeHit> byCode = new HashMap<>();
    private final Map<String, List<Model>> byNumber = new HashMap<>();
    private final Map<Drive, Model> models = new IdentityHashMap<>();
    private final Map<String, AliasHit> byAlias = new HashMap<>();
    private final Set<String> collidingAliases = new HashSet<>();
    private final Map<String, Series> series = new HashMap<>();
    private final Map<String, Drive> bySlug = new LinkedHashMap<>();
    private final Map<String, List<Drive>> byMaker = new HashMap<>();
    private final Set<String> otherMakers = new HashSet<>();
    /** The first {@link #SCHEME_PREFIX} characters of part numbers (punctuation left out), and the one maker whose they are ("" for several). */
    private final Map<String, String> makerByPrefix = new HashMap<>();

    /** How much of a part number names its maker's scheme: "SSDP" Intel's NVMe drives, "MTFD" Micron's, "MZ7L" Samsung's SATA drives. */
    static final int SCHEME_PREFIX = 4;

    private IdentityCatalog(Collection<Drive> drives, Collection<Series> seriesFacts) {
        this.drives = List.copyOf(drives);
        Set<String> ambiguousBases = new HashSet<>();
        Map<String, PartNumber> baseSource = new HashMap<>();
        Map<String, Drive> bases = new HashMap<>();
        for (Drive d : this.drives) {
            bySlug.put(d.slug(), d);
            String maker = Vocabulary.maker(d.vendor());
            byMaker.computeIfAbsent(maker, k -> new ArrayList<>()).add(d);
            if (!Vocabulary.BRANDS.containsValue(maker) && maker.matches("[\\p{L}\\p{N}]+")) {
                otherMakers.add(maker);
            }
            for (PartNumber pn : d.partNumbers()) {
                String code = pn.value().toUpperCase(Locale.ROOT);
                String squashedCode = squash(code);
                if (squashedCode.length() >= SCHEME_PREFIX && !Vocabulary.OEMS.contains(maker)) {
                    makerByPrefix.merge(squashedCode.substring(0, SCHEME_PREFIX), maker, (a, b) -> a.equals(b) ? a : "");
                }
                byCode.put(code, new CodeHit(d, code, pn.sourceUrl()));
                String squashed = squash(code);
                if (!squashed.equals(code)) {
                    Drive other = bases.putIfAbsent(squashed, d);
                    if (other != null && other != d) {
                        ambiguousBases.add(squashed);
                    }
                    baseSource.putIfAbsent(squashed, pn);
                }
                String base = base(code);
                if (base != null) {
                    Drive other = bases.putIfAbsent(base, d);
                    if (other != null && other != d) {
                        ambiguousBases.add(base);
                    }
                    baseSource.putIfAbsent(base, pn);
                }
            }
            for (Alias a : d.aliases()) {
                String key = aliasKey(a.text());
                AliasHit other = key.isEmpty() ? null : byAlias.putIfAbsent(key, new AliasHit(d, a));
                if (key.isEmpty() || other != null && other.drive() != d) {
                    // words that are no words, or one alias for two drives: it names neither
                    collidingAliases.add(key);
                }
            }
            Model m = read(d);
            models.put(d, m);
            for (String n : m.numbers()) {
                byNumber.computeIfAbsent(n, k -> new ArrayList<>()).add(m);
            }
        }
        collidingAliases.forEach(byAlias::remove);
        bases.forEach((base, d) -> {
            if (!ambiguousBases.contains(base) && !byCode.containsKey(base)) {
                PartNumber from = baseSource.get(base);
                byCode.put(base, new CodeHit(d, from.value().toUpperCase(Locale.ROOT), from.sourceUrl()));
            }
        });
        for (Series s : seriesFacts) {
            series.putIfAbsent(seriesKey(s.vendor(), s.model()), s);
        }
    }

    /** The catalog of these drives; of several facts about one series (one maker and model name), the first counts. */
    public static IdentityCatalog of(Collection<Drive> drives, Collection<Series> series) {
        return new IdentityCatalog(drives, series);
    }

    public List<Drive> drives() {
        return drives;
    }

    public Drive drive(String slug) {
        return bySlug.get(slug);
    }

    /** The series facts this catalog was built with (which form factors a series is made in). */
    public Collection<Series> series() {
        return List.copyOf(series.values());
    }

    /**
     * A part number without the packaging or customer suffix some vendors add after a dash
     * ("MZ7L3240HCHQ-00A07", "MTFDKBA960TFR-1BC1ZABYY"): the part before it, when that is a
     * part number of its own (ten characters or more). Null when there is none.
     */
    static String base(String code) {
        int dash = code.indexOf('-', 10);
        if (dash < 0) {
            return null;
        }
        String base = code.substring(0, dash);
        return base.length() >= 10 ? base : null;
    }

    /**
     * A part number with its punctuation left out, as drives report it and sellers type it
     * ("SEDC2000BM8/480G" is the "SEDC2000BM8480G" smartctl prints, "MZ-V9P2T0B/AM" the "MZV9P2T0BAM").
     */
    static String squash(String code) {
        StringBuilder b = new StringBuilder(code.length());
        for (int i = 0; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c != '-' && c != '/' && c != '.' && c != '#') {
                b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * The drive a part number names: by itself, without its dash suffix, or without its punctuation,
     * with the part number as the catalog holds it (itself, or the one a base or punctuation-free
     * form was made from); null when none.
     */
    CodeHit byCode(String code) {
        CodeHit hit = byCode.get(code);
        if (hit != null) {
            return hit;
        }
        String base = base(code);
        if (base != null) {
            hit = byCode.get(base);
            if (hit != null) {
                return hit;
            }
        }
        return byCode.get(squash(code));
    }

    List<Model> byNumber(String number) {
        return byNumber.getOrDefault(number, List.of());
    }

    /** The alias a text's words (as {@link Words#of} reads them) are, with its drive; null when none. */
    AliasHit byAlias(List<String> words) {
        return byAlias.isEmpty() ? null : byAlias.get(String.join(" ", words));
    }

    /**
     * The makers of catalog drives that the vocabulary's brand list does not know, named in these
     * words: a vendor an import brought ("Phison") is a maker a title can name like any other.
     */
    Set<String> otherMakersIn(List<String> words) {
        if (otherMakers.isEmpty()) {
            return Set.of();
        }
        Set<String> found = new LinkedHashSet<>();
        for (String w : words) {
            if (otherMakers.contains(w)) {
                found.add(w);
            }
        }
        return found;
    }

    /**
     * The maker whose part-number scheme a code follows: the one maker of the catalog whose part
     * numbers begin as it does (its first four characters, punctuation left out), or null when no
     * maker's or several makers' do.
     */
    String makerOfCode(String code) {
        String squashed = squash(code.toUpperCase(Locale.ROOT));
        if (squashed.length() < SCHEME_PREFIX + 4) {
            return null;
        }
        String maker = makerByPrefix.get(squashed.substring(0, SCHEME_PREFIX));
        return maker == null || maker.isEmpty() ? null : maker;
    }

    List<Drive> byMaker(String maker) {
        return byMaker.getOrDefault(maker, List.of());
    }

    Series series(String vendor, String model) {
        return series.get(seriesKey(vendor, model));
    }

    /** The drives of one model (the same maker and model name). */
    List<Drive> sameModel(Drive d) {
        List<Drive> out = new ArrayList<>();
        for (Drive o : byMaker(Vocabulary.maker(d.vendor()))) {
            if (o.model().equalsIgnoreCase(d.model())) {
                out.add(o);
            }
        }
        return out;
    }

    /** The words of a title as its alias is kept ("" for a title of no words, such as "***"). */
    static String aliasKey(String text) {
        return String.join(" ", Words.of(Words.plain(text)));
    }

    private static String seriesKey(String vendor, String model) {
        return Vocabulary.maker(vendor) + "|" + String.join(" ", Words.of(Words.plain(model)));
    }

    /** The model name of a drive of this catalog, as read for matching. */
    Model model(Drive d) {
        return models.get(d);
    }

    private static Model read(Drive d) {
        List<String> numbers = new ArrayList<>();
        List<String> required = new ArrayList<>();
        List<String> name = new ArrayList<>();
        boolean heatsink = false;
        String maker = Vocabulary.maker(d.vendor());
        Set<String> vendorWords = new HashSet<>(Words.of(Words.plain(d.vendor())));
        for (String w : Words.of(Words.plain(d.model()))) {
            if (w.equals("heatsink") || w.equals("heat") || w.equals("sink")) {
                // neither a number nor a word a title must say; only "heatsink" in one word makes the model one with a heatsink
                heatsink |= w.equals("heatsink");
            } else if (Words.hasDigit(w) && !Vocabulary.FAMILY.contains(w)) {
                numbers.add(w);
                name.add(w);
            } else if (!Vocabulary.FAMILY.contains(w) && !vendorWords.contains(w) && !w.equals("with") && !Words.hasDigit(w)) {
                required.add(w);
                name.add(w);
            }
        }
        return new Model(d, maker, List.copyOf(numbers), List.copyOf(required), List.copyOf(name), heatsink);
    }

    /** The form factors that fit a drive's bus: 2.5in is SATA or SAS; U.2, U.3, add-in cards and E1.S are NVMe; M.2 is either. */
    static Set<FormFactor> forBus(Interface iface) {
        return switch (iface) {
            case SATA -> EnumSet.of(FormFactor.INCH_2_5, FormFactor.M2_2280, FormFactor.M2_22110);
            case SAS -> EnumSet.of(FormFactor.INCH_2_5);
            case NVME -> EnumSet.of(FormFactor.U2, FormFactor.U3, FormFactor.AIC, FormFactor.E1S, FormFactor.M2_2280, FormFactor.M2_22110);
        };
    }
}
