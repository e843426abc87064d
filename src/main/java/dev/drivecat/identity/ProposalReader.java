package dev.drivecat.identity;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.identity.IdentityCatalog.Model;
import dev.drivecat.identity.ProposedDrive.Proposes;
import dev.drivecat.identity.ProposedDrive.ProposesNothing;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the drive a listing names when it names none of the catalog's: one maker (or a series the
 * catalog holds), one model, one capacity, and the form and bus where stated. A listing that is no
 * drive, names several makers, models or capacities, or states no capacity proposes nothing. Pure.
 */
final class ProposalReader {

    private ProposalReader() {
    }

    /** Words as a listing joins them: letters and digits, with inner dashes, underscores, points, commas or slashes. */
    private static final Pattern TOKEN = Pattern.compile("[\\p{L}\\p{N}]+(?:[-_.,/][\\p{L}\\p{N}]+)*");

    /** A capacity written as one word ("1.92tb", "960g", "480go") or a unit after a number ("480 gb"). */
    private static final Pattern CAPACITY_WORD = Pattern.compile("\\d{1,6}(?:[.,]\\d{1,3})?(?:tb|gb|tib|gib|тб|гб|to|go|t|g)");
    private static final Set<String> UNITS = Set.of("tb", "gb", "tib", "gib", "тб", "гб", "to", "go", "t", "g");

    /** Units after a bare figure that make it a rate, a count or an endurance ("6500 MB/s", "79000 IOPS"), not a model. */
    private static final Set<String> FIGURE_UNITS = Set.of("mb/s", "gb/s", "mbps", "gbps", "mb", "iops", "tbw", "pbw", "dwpd", "rpm",
            "w", "watts", "hours", "years", "year");

    /**
     * Words with digits that say something else than the model: form factors and lengths, buses and
     * link rates, speeds, process nodes and layers, counts and years, endurance figures, warranty
     * years, bits per cell, consoles a drive fits, and the bare order numbers sellers add.
     */
    private static final Pattern NOT_A_MODEL = Pattern.compile("(?:m[.]?2|u[.]?[23]|e[13][.]?[sl]|[23][.,]5(?:in|inch|zoll)?"
            + "|22x?(?:30|42|60|80|110)|\\d{1,3}mm|pci-?e?\\d?(?:[.]\\d)?|pcie\\d(?:[.]\\d)?|gen\\d(?:[.]\\d)?|\\d[.]0|x[1-9]\\d?|\\d{1,2}x"
            + "|sata\\d*|sas\\d*|\\d{1,2}g|\\d+(?:[.,]\\d+)?(?:gb|mb|gbit|gbps|mbps|gt)(?:/s|ps)?|\\d+(?:mb|gb|g)/s|\\d{1,4}nm|\\d{1,3}-?layers?"
            + "|\\d{2,3}l|3d|\\d{1,4}k|\\d{3,5}rpm|\\d+(?:[.,]\\d+)?(?:dwpd|pbw|tbw)|\\d{1,2}|(?:19|20)\\d\\d|\\d+(?:st|nd|rd|th)"
            + "|v\\d|\\d+w|\\d+-pack|\\d+pcs|\\d+pk|tlc\\d*|mlc\\d*|qlc\\d*|gen\\dx\\d|pcie\\dx\\d|\\d+kn|(?:512|4)[en]|3d\\d"
            + "|\\d{5,8}|\\d+-?(?:yrs?|years?)|\\d{1,2}x\\d{2,3}(?:mm)?|ps\\d|\\d{1,3}-?bits?|3-d|sff-?\\d{4})");

    /** Part numbers are longer than model names: "SSDSC2KB480G8", "MZ7LH960HAJR-00005", "SEDC500M/480G". */
    private static final int PART_NUMBER_LENGTH = 9;

    /** Decimal capacities drives are sold in, to which a figure a seller rounds ("1.9TB", "894GB") is read. */
    private static final int[] SKU_CAPACITIES = {16, 32, 58, 64, 100, 118, 120, 128, 200, 240, 250, 256, 280, 300, 375, 400, 480, 500,
        512, 750, 800, 960, 1000, 1024, 1500, 1600, 1920, 2000, 2048, 3200, 3840, 4000, 6400, 7680, 8000, 12800, 15360, 16000, 30720,
        61440, 122880};

    /** The largest capacity a proposal is read with: a figure past it is no drive's. */
    static final int MAX_CAPACITY_GB = 256_000;

    /** What people call a maker identity knows by its lower-case name. */
    private static final Map<String, String> MAKER_NAMES = Map.ofEntries(
            Map.entry("intel", "Intel"), Map.entry("samsung", "Samsung"), Map.entry("micron", "Micron"), Map.entry("kingston", "Kingston"),
            Map.entry("kioxia", "Kioxia"), Map.entry("seagate", "Seagate"), Map.entry("western digital", "Western Digital"),
            Map.entry("hynix", "SK hynix"), Map.entry("sandisk", "SanDisk"), Map.entry("adata", "ADATA"), Map.entry("pny", "PNY"),
            Map.entry("msi", "MSI"), Map.entry("owc", "OWC"), Map.entry("teamgroup", "TeamGroup"), Map.entry("scaleflux", "ScaleFlux"),
            Map.entry("dapustor", "DapuStor"), Map.entry("liteon", "Lite-On"), Map.entry("lite-on", "Lite-On"));

    static ProposedDrive.Reading read(String text, Reading r, IdentityCatalog catalog) {
        if (r.notADrive().isPresent()) {
            return new ProposesNothing("not one drive: " + r.notADrive().get());
        }
        if (r.suspect().isPresent()) {
            return new ProposesNothing("suspect: " + r.suspect().get());
        }
        if (r.shapes().contains(Shape.EXTERNAL)) {
            return new ProposesNothing("an external or portable drive, which no pool's vdev is made of");
        }
        if (r.shapes().contains(Shape.INCH_3_5)) {
            return new ProposesNothing("a 3.5\" drive");
        }
        Integer capacity = capacity(r.capacities());
        if (capacity == null) {
            return new ProposesNothing(r.capacities().isEmpty() ? "no capacity is stated" : "several capacities are stated");
        }
        if (capacity < SKU_CAPACITIES[0] || capacity > MAX_CAPACITY_GB) {
            return new ProposesNothing("a capacity of " + capacity + " GB is no drive's (" + SKU_CAPACITIES[0] + " GB to " + MAX_CAPACITY_GB / 1000
                    + " TB)");
        }
        int limit = Math.min(r.forFrom(), r.words().size());
        Map<String, Model> series = catalogSeries(r, catalog, limit);
        if (series.size() > 1) {
            return new ProposesNothing("it names several series: " + String.join(", ", series.keySet()));
        }
        String plain = Words.plain(IdentityMatcher.cut(text));
        List<String> tokens = tokens(plain, r.forFrom() < r.words().size() ? forCut(plain, r) : plain.length());
        Set<String> makers = new LinkedHashSet<>();
        for (String w : r.makers()) {
            if (!Vocabulary.OEMS.contains(w)) {
                makers.add(w);
            }
        }
        if (makers.size() > 1) {
            return new ProposesNothing("it names several makers: " + String.join(", ", makers));
        }
        String maker = makers.isEmpty() ? null : makers.iterator().next();
        if (maker == null) {
            // no maker named: a part number of a maker's scheme (the start its catalog part numbers share) names one
            for (String code : r.codes()) {
                maker = catalog.makerOfCode(code);
                if (maker != null) {
                    break;
                }
            }
        }
        Model catalogModel = series.isEmpty() ? null : series.values().iterator().next();
        if (catalogModel != null && maker != null && !maker.equals(catalogModel.maker())) {
            return new ProposesNothing("it names " + maker + " and a series of " + catalogModel.maker());
        }
        if (maker == null && catalogModel != null) {
            maker = catalogModel.maker();
        }
        if (maker == null) {
            return new ProposesNothing(r.makers().isEmpty() ? "no maker is named, and no part number of a maker's scheme"
                    : "only an OEM relabel is named, not the drive's maker");
        }
        ModelWords named = modelWords(tokens, maker);
        // a title of two models ("S4510 ... replaces S4600", "PM883 PM897") is no one drive's
        Set<String> keys = new LinkedHashSet<>();
        if (catalogModel != null) {
            keys.add(key(catalogModel));
        }
        for (ModelWords other : allModelWords(tokens)) {
            if (keys.stream().noneMatch(k -> other.key().equals(k) || other.key().startsWith(k + " ") || k.startsWith(other.key() + " "))) {
                keys.add(other.key());
            }
        }
        if (keys.size() > 1) {
            return new ProposesNothing("it names several models: " + String.join(", ", keys));
        }
        String model;
        String key;
        boolean known;
        if (catalogModel != null && (named == null || !named.key().startsWith(key(catalogModel) + " "))) {
            // the catalog's series, by the catalog's name (unless the listing names a narrower model of it: "CD6-R" beside "CD6")
            model = catalogModel.drive().model();
            key = key(catalogModel);
            known = true;
        } else if (named != null) {
            model = named.display();
            key = named.key();
            known = false;
        } else {
            return new ProposesNothing("no model is named beside the maker");
        }
        if (Boolean.TRUE.equals(r.heatsink()) && !key.endsWith(" heatsink")) {
            key += " heatsink";
            model += " with Heatsink";
        }
        Interface bus = r.buses().size() == 1 ? r.buses().iterator().next() : null;
        Set<FormFactor> made = null;
        if (known) {
            IdentityCatalog.Series facts = catalog.series(catalogModel.drive().vendor(), catalogModel.drive().model());
            made = facts == null ? null : facts.formFactors();
        }
        FormReading form = form(r, bus, made);
        if (form.contradiction() != null) {
            return new ProposesNothing(form.contradiction());
        }
        if (bus == null && form.form() != null) {
            bus = form.form().impliedBus();
        }
        if (bus == null && known) {
            bus = catalogModel.drive().iface();
        }
        List<String> partNumbers = r.codes().stream().filter(c -> c.length() >= PART_NUMBER_LENGTH && !CAPACITY_WORD.matcher(
                c.toLowerCase(Locale.ROOT)).matches()).toList();
        ProposedDrive drive = new ProposedDrive(maker, makerName(maker), model, key, capacity, form.form(), bus, partNumbers, known);
        for (IdentityCatalog.Drive d : catalog.byMaker(maker)) {
            Model m = catalog.model(d);
            if (m != null && key(m).equals(key) && d.capacityGb() == capacity && (drive.form() == null || drive.form().allows(d.formFactor()))
                    && (bus == null || bus == d.iface())) {
                return new ProposesNothing("the catalog holds " + d.slug() + ", which fits what it says", d.slug());
            }
        }
        return new Proposes(drive);
    }

    /** The one capacity stated, read to the SKU it rounds to; null when none or several are stated. */
    private static Integer capacity(List<StatedCapacity> stated) {
        Set<Integer> read = new LinkedHashSet<>();
        for (StatedCapacity c : stated) {
            read.add(sku(c));
        }
        return read.size() == 1 ? read.iterator().next() : null;
    }

    static int sku(StatedCapacity c) {
        for (StatedCapacity.Fit how : List.of(StatedCapacity.Fit.EXACT, StatedCapacity.Fit.ROUNDED, StatedCapacity.Fit.BINARY)) {
            for (int gb : SKU_CAPACITIES) {
                if (c.fit(gb) == how) {
                    return gb;
                }
            }
        }
        return c.gb().setScale(0, java.math.RoundingMode.HALF_UP).min(BigDecimal.valueOf(Integer.MAX_VALUE)).intValue();
    }

    /** The catalog's series the text names (its numbers and variant words as the matcher reads them), by maker and model. */
    private static Map<String, Model> catalogSeries(Reading r, IdentityCatalog catalog, int limit) {
        Map<String, Model> found = new LinkedHashMap<>();
        for (int i = 0; i < limit; i++) {
            String w = r.words().get(i);
            if (!Words.hasDigit(w)) {
                continue;
            }
            for (Model m : catalog.byNumber(w)) {
                List<String> against = new ArrayList<>();
                if (IdentityMatcher.modelNamed(m, r, limit, against) && against.isEmpty()) {
                    found.putIfAbsent(m.drive().vendor() + " " + m.drive().model(), m);
                }
            }
        }
        return found;
    }

    /** A catalog model's grouping key: its numbered words, then its variant words. */
    static String key(Model m) {
        List<String> words = new ArrayList<>(m.numbers());
        words.addAll(m.required());
        if (m.heatsink()) {
            words.add("heatsink");
        }
        return String.join(" ", words);
    }

    /** A model as a listing writes it, and its grouping key. */
    private record ModelWords(String display, String key) {
    }

    /**
     * The model beside the maker: the first word after the maker's name with a digit that is no
     * capacity, form factor, bus, rate or part number, with the variant words right after it (else
     * the first such word before the maker's name).
     */
    private static ModelWords modelWords(List<String> tokens, String maker) {
        int from = 0;
        for (int i = 0; i < tokens.size(); i++) {
            if (maker.equals(Vocabulary.BRANDS.get(tokens.get(i))) || (maker.equals("western digital") && tokens.get(i).equals("digital"))
                    || maker.equals(tokens.get(i))) {
                from = i + 1;
                break;
            }
        }
        for (int i = from; i < tokens.size(); i++) {
            if (isModel(tokens, i)) {
                return modelAt(tokens, i);
            }
        }
        for (int i = 0; i < from; i++) {
            if (isModel(tokens, i)) {
                return modelAt(tokens, i);
            }
        }
        return null;
    }

    /** Every model the tokens name. */
    private static List<ModelWords> allModelWords(List<String> tokens) {
        List<ModelWords> out = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            if (isModel(tokens, i)) {
                out.add(modelAt(tokens, i));
            }
        }
        return out;
    }

    /** The model whose numbered word is token {@code i}: its words (family words left out of the key) and the variant words after it. */
    private static ModelWords modelAt(List<String> tokens, int i) {
        List<String> keyWords = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        List<String> parts = Words.of(tokens.get(i));
        boolean leading = true;
        for (String p : parts) {
            if (leading && Vocabulary.FAMILY.contains(p) && parts.size() > 1) {
                continue;
            }
            leading = false;
            keyWords.add(p);
        }
        shown.add(tokens.get(i).toUpperCase(Locale.ROOT));
        for (int k = i + 1; k < Math.min(tokens.size(), i + 3) && Vocabulary.VARIANTS.contains(tokens.get(k)); k++) {
            keyWords.add(tokens.get(k));
            shown.add(tokens.get(k).toUpperCase(Locale.ROOT));
        }
        return new ModelWords(String.join(" ", shown), String.join(" ", keyWords));
    }

    private static boolean isModel(List<String> tokens, int i) {
        String t = tokens.get(i);
        if (!Words.hasDigit(t) || t.length() >= PART_NUMBER_LENGTH || t.length() < 2 || Vocabulary.FAMILY.contains(t) || t.charAt(0) == '0'
                || t.indexOf('.') >= 0 || t.indexOf(',') >= 0 || t.indexOf('/') >= 0) {
            return false;
        }
        if (NOT_A_MODEL.matcher(t).matches() || CAPACITY_WORD.matcher(t).matches()) {
            return false;
        }
        if (i + 1 < tokens.size() && (UNITS.contains(tokens.get(i + 1)) || FIGURE_UNITS.contains(tokens.get(i + 1)))
                && t.matches("\\d+(?:[.,]\\d+)?")) {
            return false;
        }
        // an OEM's kit number is often written twice, once with a leading zero ("0RNN67, RNN67")
        if (tokens.contains("0" + t)) {
            return false;
        }
        // an OEM's own number right after its name ("Dell 4WDXY") names the OEM's kit, not the model
        return i == 0 || !Vocabulary.OEMS.contains(tokens.get(i - 1));
    }

    /** The tokens of a plain text up to an offset. */
    private static List<String> tokens(String plain, int end) {
        List<String> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(plain);
        m.region(0, end);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    /** Where in the plain text the words from {@code r.forFrom()} begin: what a part fits is no model of its own. */
    private static int forCut(String plain, Reading r) {
        Matcher m = Vocabulary.FOR.matcher(plain);
        while (m.find()) {
            if (Words.of(plain.substring(0, m.start())).size() > 0) {
                return m.start();
            }
        }
        return plain.length();
    }

    /** The form a text states, or why what it states contradicts itself. */
    private record FormReading(StatedForm form, String contradiction) {
    }

    private static FormReading form(Reading r, Interface bus, Set<FormFactor> made) {
        Set<Shape> shapes = r.shapes();
        boolean longM2 = shapes.contains(Shape.M2_2280) || shapes.contains(Shape.M2_22110);
        if (shapes.contains(Shape.M2_SHORT) && !longM2) {
            return new FormReading(StatedForm.M2_SHORT, null);
        }
        if (shapes.contains(Shape.E1L_E3)) {
            return new FormReading(StatedForm.E1L_E3, null);
        }
        if (shapes.contains(Shape.MSATA)) {
            return new FormReading(StatedForm.MSATA, null);
        }
        Set<FormFactor> possible = EnumSet.allOf(FormFactor.class);
        boolean stated = false;
        for (Shape s : shapes) {
            if (s == Shape.M2_SHORT) {
                continue;
            }
            stated = true;
            possible.removeIf(ff -> !s.allows(ff));
        }
        if (bus != null) {
            possible.retainAll(IdentityCatalog.forBus(bus));
        }
        if (stated && possible.isEmpty()) {
            return new FormReading(null, "the forms it states contradict each other");
        }
        if (made != null) {
            Set<FormFactor> narrowed = EnumSet.copyOf(possible);
            narrowed.retainAll(made);
            if (!narrowed.isEmpty()) {
                possible = narrowed;
                stated = true;
            }
        }
        if (!stated) {
            return new FormReading(null, null);
        }
        for (StatedForm f : StatedForm.values()) {
            if (possible.stream().allMatch(f::allows) && EnumSet.allOf(FormFactor.class).stream().filter(f::allows).allMatch(possible::contains)) {
                return new FormReading(f, null);
            }
        }
        return new FormReading(null, null);
    }

    private static String makerName(String maker) {
        String known = MAKER_NAMES.get(maker);
        if (known != null) {
            return known;
        }
        return maker.isEmpty() ? maker : Character.toUpperCase(maker.charAt(0)) + maker.substring(1);
    }
}
