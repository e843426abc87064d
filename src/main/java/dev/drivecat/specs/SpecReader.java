package dev.drivecat.specs;

import dev.drivecat.common.Text;
import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.PlpClass;
import dev.drivecat.catalog.SourceKind;
import dev.drivecat.catalog.SpecField;
import dev.drivecat.common.ApiToken;
import dev.drivecat.specs.SpecNormaliser.Reading;
import dev.drivecat.specs.SpecParse.Found;
import dev.drivecat.specs.SpecParse.Identity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads a {@link SpecSheet} through a dictionary into a {@link SpecParse}: every row becomes one
 * or more values with the source's words, rows no dictionary knows become raw values, and each
 * variant gets the identity matching needs. Shared by the page and the table importers. Pure.
 */
final class SpecReader {

    /** What the admin said about the source, used only where the source is silent. */
    record Hints(String vendor, String model) {
        static final Hints NONE = new Hints(null, null);
    }

    /** A source lists its specs, and says nothing about PLP, once it states at least this many values. */
    static final int SPECS_FOR_NOT_STATED = 3;

    private SpecReader() {
    }

    /**
     * @param page true for a vendor's HTML page: only there is silence about power-loss protection
     *     read as NOT_STATED (a table may be an excerpt)
     * @param pageModels product names the page gives outside its spec rows (heading, title), best first
     */
    static SpecParse read(SpecSheet sheet, LabelDictionaries dictionaries, LabelDictionaries.Recognition recognition,
                          SourceKind requestedKind, boolean page, String title, List<String> pageModels, Hints hints) {
        LabelDictionary dictionary = recognition.dictionary();
        SourceKind kind = requestedKind != null ? requestedKind
                : page ? dictionary.side().defaultKind()
                : dictionary.side() == LabelDictionary.Side.VENDOR ? SourceKind.VENDOR_DATASHEET : SourceKind.REVIEW;
        List<SpecParse.Variant> variants = new ArrayList<>();
        if (sheet.variants().isEmpty()) {
            variants.add(variant(null, sheet.common(), dictionaries, dictionary, kind, page, pageModels, hints));
        } else {
            for (Map.Entry<String, List<SpecSheet.Row>> v : sheet.variants().entrySet()) {
                List<SpecSheet.Row> rows = new ArrayList<>(sheet.common());
                rows.addAll(v.getValue());
                variants.add(variant(v.getKey(), SpecSheet.dedupe(rows), dictionaries, dictionary, kind, page, pageModels, hints));
            }
        }
        List<String> pageNames = new ArrayList<>();
        if (title != null) {
            pageNames.add(title);
        }
        pageModels.stream().filter(n -> !pageNames.contains(n)).forEach(pageNames::add);
        return new SpecParse(dictionary.id(), dictionary.name(), recognition.recognisedBy(), kind, title, pageNames,
                List.copyOf(variants));
    }

    private record Mapped(SpecSheet.Row row, LabelDictionary.Match match) {
    }

    private static SpecParse.Variant variant(String name, List<SpecSheet.Row> rows, LabelDictionaries dictionaries,
                                             LabelDictionary dictionary, SourceKind kind, boolean page, List<String> pageModels,
                                             Hints hints) {
        List<Mapped> mapped = new ArrayList<>();
        for (SpecSheet.Row row : rows) {
            LabelDictionary.Match match = dictionaries.lookup(dictionary, row.label()).orElse(null);
            if (row.header() && match == null) {
                continue; // a header naming the columns, not a spec row
            }
            mapped.add(new Mapped(row, match));
        }

        Integer capacity = capacityOf(name, mapped);
        List<Found> values = new ArrayList<>();
        for (Mapped m : mapped) {
            values.addAll(found(m, capacity));
        }

        Identity identity = identity(name, values, capacity, dictionary, pageModels, hints);
        boolean plpSaid = values.stream().anyMatch(f -> f.field() == SpecField.PLP);
        long stated = values.stream().filter(f -> f.field() != SpecField.RAW && f.hasValue()).count();
        if (page && !plpSaid && stated >= SPECS_FOR_NOT_STATED && dictionary.side() == LabelDictionary.Side.VENDOR
                && kind == SourceKind.VENDOR_PAGE) {
            values.add(new Found(null, null,
                    "(no power-loss protection entry among the " + stated + " specifications on this page)",
                    SpecField.PLP, null, PlpClass.NOT_STATED.token(), null, null,
                    "the page lists specifications and none about power-loss protection", dictionary.id(), null));
        }
        return new SpecParse.Variant(name, identity, List.copyOf(values));
    }

    /** The capacity the variant's rows state, else the one its column name states ("S3700 400GB"). */
    private static Integer capacityOf(String name, List<Mapped> mapped) {
        Set<BigDecimal> stated = new LinkedHashSet<>();
        for (Mapped m : mapped) {
            if (m.match() != null && m.match().entry().target() == LabelTarget.CAPACITY) {
                Reading r = SpecNormaliser.read(LabelTarget.CAPACITY, m.row().label(), m.row().value(), null).get(0);
                if (r.number() != null) {
                    stated.add(r.number().stripTrailingZeros());
                }
            }
        }
        if (stated.isEmpty() && name != null) {
            Reading r = CapacityReader.capacity("", SpecUnits.clean(name));
            if (r.number() != null) {
                stated.add(r.number().stripTrailingZeros());
            }
        }
        if (stated.size() != 1) {
            return null;
        }
        BigDecimal gb = stated.iterator().next();
        try {
            return gb.intValueExact();
        } catch (ArithmeticException fractional) {
            return null;
        }
    }

    private static List<Found> found(Mapped m, Integer capacity) {
        String label = m.row().label();
        String value = m.row().value();
        String wording = label + ": " + value;
        LabelDictionary.Match match = m.match();
        if (match == null) {
            return List.of(raw(label, value, null, null, null));
        }
        LabelTarget target = match.entry().target();
        String dict = match.dictionary().id();
        if (target.isIdentity()) {
            return List.of(raw(label, value, null, dict, target.token()));
        }
        if (target == LabelTarget.RAW) {
            return List.of(raw(label, value, "a label the " + dict + " dictionary keeps only as raw", dict, null));
        }
        if (match.entry().mentions()) {
            Optional<Reading> plp = PlpReader.mention(value);
            if (plp.isEmpty()) {
                return List.of(raw(label, value, null, dict, null));
            }
            return List.of(toFound(label, value, wording, plp.get(), dict));
        }
        List<Found> out = new ArrayList<>();
        for (Reading r : SpecNormaliser.read(target, label, value, capacity)) {
            if (r.field() == SpecField.RAW) {
                out.add(raw(label, value, r.note(), dict, null));
            } else {
                out.add(toFound(label, value, wording, r, dict));
            }
        }
        return out;
    }

    private static Found toFound(String label, String value, String wording, Reading r, String dict) {
        return new Found(label, value, wording, r.field(), r.number(), r.token(), r.text(), r.appliesTo(), r.note(), dict, null);
    }

    private static Found raw(String label, String value, String note, String dict, String identity) {
        return new Found(label, value, value, SpecField.RAW, null, null, value, label, note, dict, identity);
    }

    private static Identity identity(String name, List<Found> values, Integer capacity, LabelDictionary dictionary,
                                     List<String> pageModels, Hints hints) {
        List<String> partNumbers = new ArrayList<>();
        for (Found f : values) {
            if (f.field() == SpecField.PART_NUMBER && f.text() != null) {
                for (String pn : f.text().split(",\\s*")) {
                    if (!partNumbers.contains(pn)) {
                        partNumbers.add(pn);
                    }
                }
            }
        }
        String vendor = values.stream().filter(f -> "vendor".equals(f.identity())).map(f -> vendorName(f.value()))
                .findFirst().orElse(Text.strippedOrNull(hints.vendor()));
        if (vendor == null) {
            vendor = dictionary.vendor();
        }
        String effectiveVendor = vendor;
        Function<String, String> clean = raw -> ModelNames.clean(raw, effectiveVendor, dictionary.modelStrip(), partNumbers);
        String model = values.stream().filter(f -> "model".equals(f.identity())).map(f -> clean.apply(f.value()))
                .filter(java.util.Objects::nonNull).findFirst().orElse(null);
        if (model == null && name != null) {
            model = clean.apply(name);
        }
        if (model == null) {
            model = pageModels.stream().map(clean).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        }
        if (model == null) {
            model = Text.strippedOrNull(hints.model());
        }
        Interface iface = single(values, SpecField.INTERFACE).flatMap(t -> ApiToken.parse(Interface.class, t)).orElse(null);
        FormFactor formFactor = single(values, SpecField.FORM_FACTOR).flatMap(t -> ApiToken.parse(FormFactor.class, t)).orElse(null);
        Integer gen = singleNumber(values, SpecField.PCIE_GEN);
        Integer lanes = singleNumber(values, SpecField.PCIE_LANES);
        return new Identity(vendor, model, List.copyOf(partNumbers), capacity, iface, formFactor, gen, lanes);
    }

    private static Optional<String> single(List<Found> values, SpecField field) {
        Set<String> tokens = new LinkedHashSet<>();
        values.stream().filter(f -> f.field() == field && f.token() != null).forEach(f -> tokens.add(f.token()));
        return tokens.size() == 1 ? Optional.of(tokens.iterator().next()) : Optional.empty();
    }

    private static Integer singleNumber(List<Found> values, SpecField field) {
        Set<Integer> numbers = new LinkedHashSet<>();
        values.stream().filter(f -> f.field() == field && f.number() != null).forEach(f -> numbers.add(f.number().intValue()));
        return numbers.size() == 1 ? numbers.iterator().next() : null;
    }

    /** "KINGSTON" reads as "Kingston"; short all-capital names ("WD", "HPE") stay as they are. */
    static String vendorName(String raw) {
        String v = SpecUnits.clean(raw);
        if (v.length() > 4 && v.equals(v.toUpperCase(Locale.ROOT)) && v.chars().allMatch(c -> Character.isLetter(c) || c == ' ')) {
            return v.charAt(0) + v.substring(1).toLowerCase(Locale.ROOT);
        }
        return v.isEmpty() ? null : v;
    }

}
