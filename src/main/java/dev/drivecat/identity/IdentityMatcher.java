package dev.drivecat.identity;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.identity.Identification.Candidate;
import dev.drivecat.identity.Identification.Decision;
import dev.drivecat.identity.IdentityCatalog.Drive;
import dev.drivecat.identity.IdentityCatalog.Model;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Decides which catalog drive a text names, and never guesses. A part number of the catalog
 * decides when nothing in the text contradicts it; otherwise the model's numbers and variant words,
 * the capacity and the form factor must all be stated and fit exactly one drive. Whatever the text
 * leaves open (the capacity, the M.2 length, whether a drive comes with a heatsink) makes it
 * ambiguous; whatever it contradicts (another capacity, another form factor, another maker, a part
 * number the catalog does not hold for that drive) rules the drive out. Pure.
 */
public final class IdentityMatcher {

    /** Texts longer than this are not titles: only their start is read. */
    public static final int MAX_TEXT = 2_000;

    private final IdentityCatalog catalog;

    public IdentityMatcher(IdentityCatalog catalog) {
        this.catalog = catalog;
    }

    /** The catalog this matcher reads. */
    public IdentityCatalog catalog() {
        return catalog;
    }

    public Identification identify(String text) {
        return identify(Reading.of(cut(text)));
    }

    /** What one device of a tool output names: its model string with the form factor and bus the tool prints, and its byte count. */
    public Identification identify(ToolOutput.Device device) {
        List<StatedCapacity> bytes = device.capacityBytes() == null ? List.of() : List.of(StatedCapacity.ofBytes(device.capacityBytes(),
                String.format(java.util.Locale.ROOT, "%,d bytes", device.capacityBytes())));
        return identify(Reading.of(cut(device.text()), bytes));
    }

    /**
     * The drive a text names when it names none of the catalog's: one maker (or a series the
     * catalog holds), one model, one capacity, and its form and bus where stated; or why it names
     * no such drive. Evidence for a proposal, never a match.
     */
    public ProposedDrive.Reading propose(String text) {
        Reading read = Reading.of(cut(text));
        Set<String> otherMakers = catalog.otherMakersIn(read.words());
        return ProposalReader.read(text, otherMakers.isEmpty() ? read : read.withMakers(otherMakers), catalog);
    }

    /**
     * Why a title cannot become an alias of a drive (an operator's word that the title names it),
     * or empty when it can. The title must say what identity needs to decide: the drive's model
     * words or one of its part numbers, nothing that contradicts the drive (another maker,
     * capacity or form factor, a heatsink, several drives), and enough to tell it from every other
     * drive of its model (the capacity, the form factor, where the catalog holds several); its words
     * must not be another drive's alias already.
     */
    public java.util.Optional<String> whyNotAnAlias(String text, String slug) {
        Drive d = catalog.drive(slug);
        if (d == null) {
            return java.util.Optional.of("there is no drive " + slug);
        }
        if (IdentityCatalog.aliasKey(cut(text)).isEmpty()) {
            return java.util.Optional.of("the title has no words to match by");
        }
        Reading read = Reading.of(cut(text));
        Set<String> otherMakers = catalog.otherMakersIn(read.words());
        Reading r = otherMakers.isEmpty() ? read : read.withMakers(otherMakers);
        if (r.notADrive().isPresent()) {
            return java.util.Optional.of("it is not one drive: " + r.notADrive().get());
        }
        if (r.suspect().isPresent()) {
            return java.util.Optional.of("it is suspect: " + r.suspect().get());
        }
        IdentityCatalog.AliasHit aliased = catalog.byAlias(r.words());
        if (aliased != null && !aliased.drive().slug().equals(slug)) {
            return java.util.Optional.of("its words are an alias of " + aliased.drive().slug() + " already");
        }
        Identification byCode = byPartNumber(r);
        if (byCode != null) {
            // a catalog part number decides, as it does for any title: it must be the drive's own, with nothing against it
            return byCode.matched() && byCode.drive().equals(slug) ? java.util.Optional.empty()
                    : java.util.Optional.of(byCode.matched() ? "it names " + byCode.drive() + " by its part number"
                    : "its part numbers do not name " + slug + " alone: " + byCode.because());
        }
        int limit = Math.min(r.forFrom(), r.words().size());
        List<String> against = new ArrayList<>();
        Model own = catalog.model(d);
        if (!modelNamed(own, r, limit, against)) {
            return java.util.Optional.of("it names neither the model " + d.vendor() + " " + d.model() + " nor a part number of " + slug);
        }
        fit(own, r, against, true);
        if (!against.isEmpty()) {
            return java.util.Optional.of("it says what " + slug + " is not: " + String.join("; ", against));
        }
        for (Drive other : catalog.sameModel(d)) {
            if (other == d) {
                continue;
            }
            List<String> otherAgainst = new ArrayList<>();
            fit(catalog.model(other), r, otherAgainst, true);
            if (otherAgainst.isEmpty()) {
                return java.util.Optional.of("it fits " + other.slug() + " as well: it must say what tells " + slug
                        + " from it (the capacity, the form factor)");
            }
        }
        return java.util.Optional.empty();
    }

    static String cut(String text) {
        return text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
    }

    Identification identify(Reading read) {
        Set<String> otherMakers = catalog.otherMakersIn(read.words());
        Reading r = otherMakers.isEmpty() ? read : read.withMakers(otherMakers);
        if (r.notADrive().isPresent()) {
            return new Identification(Decision.NOT_A_DRIVE, null, List.of(), List.of("not one drive: " + r.notADrive().get()));
        }
        if (r.suspect().isPresent()) {
            // a text that can show other words than it holds is not guessed at: an operator looks
            return new Identification(Decision.AMBIGUOUS, null, List.of(), List.of("suspect: " + r.suspect().get()));
        }
        IdentityCatalog.AliasHit aliased = catalog.byAlias(r.words());
        if (aliased != null) {
            String slug = aliased.drive().slug();
            String seen = aliased.alias().sourceUrl();
            return new Identification(Decision.MATCH, slug, List.of(), List.of("the title is one an operator accepted for "
                    + slug + (seen == null ? "" : " (seen at " + seen + ")")));
        }
        Identification byCode = byPartNumber(r);
        if (byCode != null) {
            return byCode;
        }
        return byModel(r);
    }

    /** The decision a catalog part number in the text makes, or null when the text names none. */
    private Identification byPartNumber(Reading r) {
        Map<Drive, String> hits = new LinkedHashMap<>();
        IdentityCatalog.CodeHit first = null;
        for (String code : r.codes()) {
            IdentityCatalog.CodeHit hit = catalog.byCode(code);
            if (hit != null) {
                hits.putIfAbsent(hit.drive(), code);
                first = first == null ? hit : first;
            }
        }
        if (hits.isEmpty()) {
            return null;
        }
        if (hits.size() > 1) {
            List<Candidate> candidates = hits.entrySet().stream()
                    .map(e -> new Candidate(e.getKey().slug(), "the text names its part number " + e.getValue())).toList();
            return new Identification(Decision.AMBIGUOUS, null, candidates,
                    List.of("the text names part numbers of " + hits.size() + " different drives"));
        }
        // one drive: the first code named it
        Drive d = first.drive();
        String code = hits.get(d);
        String source = first.sourceUrl();
        String held = first.partNumber();
        String found = code.equals(held) ? "part number " + code : "part number " + code + " (the catalog's " + held + ")";
        List<String> evidence = new ArrayList<>();
        evidence.add(found + " is " + d.vendor() + " " + d.model() + " " + d.capacityGb() + " GB " + d.formFactor().label() + ", "
                + d.slug() + (source == null ? "" : " (" + source + ")"));
        List<String> against = new ArrayList<>();
        Fit fit = fit(catalog.model(d), r, against, false);
        if (!against.isEmpty() || fit.otherModel != null) {
            if (fit.otherModel != null) {
                against.add("its words name " + fit.otherModel);
            }
            return new Identification(Decision.AMBIGUOUS, null, List.of(new Candidate(d.slug(), "the text names its " + found
                    + ", but " + String.join("; ", against))), evidence);
        }
        evidence.addAll(fit.support);
        return new Identification(Decision.MATCH, d.slug(), List.of(), evidence);
    }

    private Identification byModel(Reading r) {
        Set<Model> named = new LinkedHashSet<>();
        int limit = Math.min(r.forFrom(), r.words().size());
        for (int i = 0; i < limit; i++) {
            String w = r.words().get(i);
            if (Words.hasDigit(w)) {
                named.addAll(catalog.byNumber(w));
            }
        }
        List<Candidate> nearMisses = new ArrayList<>();
        List<Fit> fitting = new ArrayList<>();
        for (Model m : named) {
            List<String> against = new ArrayList<>();
            if (!modelNamed(m, r, limit, against)) {
                continue;
            }
            Fit fit = fit(m, r, against, true);
            if (!against.isEmpty()) {
                nearMisses.add(new Candidate(m.drive().slug(), String.join("; ", against)));
            } else {
                fitting.add(fit);
            }
        }
        if (fitting.isEmpty()) {
            List<String> evidence = new ArrayList<>();
            if (named.isEmpty()) {
                evidence.add(r.codes().isEmpty() ? "no model of the catalog is named, and no part number the catalog knows"
                        : "no model of the catalog is named, and the catalog knows none of the part numbers "
                        + String.join(", ", r.codes()));
                nearMisses.addAll(sameMakerAndCapacity(r));
            } else {
                evidence.add("the drives of the models it names are ruled out by what the text says");
            }
            return new Identification(Decision.NO_MATCH, null, nearest(nearMisses, r), evidence);
        }
        if (fitting.size() == 1 && fitting.get(0).complete()) {
            return new Identification(Decision.MATCH, fitting.get(0).drive.slug(), List.of(), fitting.get(0).support);
        }
        List<String> evidence = new ArrayList<>();
        Set<String> open = new LinkedHashSet<>();
        for (Fit f : fitting) {
            open.addAll(f.open);
        }
        if (fitting.size() > 1) {
            evidence.add(fitting.size() + " drives fit what the text says");
        }
        for (String o : open) {
            evidence.add(o);
        }
        List<Candidate> candidates = new ArrayList<>();
        for (Fit f : fitting) {
            candidates.add(new Candidate(f.drive.slug(), String.join("; ", f.support)
                    + (f.open.isEmpty() ? "" : "; open: " + String.join("; ", f.open))));
        }
        return new Identification(Decision.AMBIGUOUS, null, candidates, evidence);
    }

    /**
     * Whether the text names the model: its words as sellers write its name, one after another
     * ("7450 PRO", "970 EVO Plus"), before any "for", and no other variant word right after them
     * ("970 EVO Plus" is not the "970 EVO"). A variant word elsewhere in the text ("970 EVO 1TB Plus
     * Free Shipping", "980 1TB PRO-grade") belongs to no model's name. When the words stand together
     * but another variant follows, {@code against} says so and the model counts as named (and ruled out).
     */
    static boolean modelNamed(Model m, Reading r, int limit, List<String> against) {
        List<String> name = m.name();
        if (m.numbers().isEmpty() || name.isEmpty()) {
            return false;
        }
        for (int start = 0; start + name.size() <= limit; start++) {
            if (!r.words().subList(start, start + name.size()).equals(name)) {
                continue;
            }
            String extra = extraVariant(m, r.words(), start + name.size() - 1, limit);
            if (extra == null) {
                return true;
            }
            against.add("the text says " + String.join(" ", name) + " " + extra + ", not the " + m.drive().model());
            return true;
        }
        return false;
    }

    private static String extraVariant(Model m, List<String> words, int at, int limit) {
        for (int k = at + 1; k <= Math.min(limit - 1, at + 2); k++) {
            String w = words.get(k);
            if (Vocabulary.VARIANTS.contains(w) && !m.required().contains(w)) {
                return w;
            }
        }
        return null;
    }

    /** How a drive fits a text: what supports it, what the text leaves open, and (for a part number) which other model its words name. */
    private static final class Fit {
        final Drive drive;
        final List<String> support = new ArrayList<>();
        final List<String> open = new ArrayList<>();
        String otherModel;

        Fit(Drive drive) {
            this.drive = drive;
        }

        boolean complete() {
            return open.isEmpty();
        }
    }

    /**
     * Checks a drive against everything the text states; what contradicts it goes to {@code against}.
     *
     * @param byWords whether the model's words are what named the drive (else a part number did)
     */
    private Fit fit(Model m, Reading r, List<String> against, boolean byWords) {
        Drive d = m.drive();
        Fit fit = new Fit(d);
        if (byWords) {
            fit.support.add("the model " + d.vendor() + " " + d.model());
        } else {
            String other = otherModelNamed(m, r);
            fit.otherModel = other;
        }
        // the maker
        Set<String> makers = r.makers().stream().filter(x -> !Vocabulary.OEMS.contains(x)).collect(Collectors.toCollection(LinkedHashSet::new));
        if (!makers.isEmpty() && !makers.contains(m.maker())) {
            against.add("the text names " + String.join(", ", makers) + ", not " + d.vendor());
        }
        // a heatsink
        if (Boolean.TRUE.equals(r.heatsink()) && !m.heatsink()) {
            against.add("the text speaks of a heatsink, and " + d.slug() + " is sold without one");
        } else if (Boolean.FALSE.equals(r.heatsink()) && m.heatsink()) {
            against.add("the text says without a heatsink");
        }
        // the capacity
        capacity(d, r, fit, against, byWords);
        // form factor and bus
        shape(d, r, fit, against, byWords);
        // a part number of its kind that is not its own
        if (byWords) {
            ownCodeConflict(d, r, against);
        }
        return fit;
    }

    private static void capacity(Drive d, Reading r, Fit fit, List<String> against, boolean byWords) {
        if (r.capacities().isEmpty()) {
            if (byWords) {
                fit.open.add("the capacity is not stated");
            }
            return;
        }
        StatedCapacity fitting = null;
        StatedCapacity.Fit how = StatedCapacity.Fit.NONE;
        List<String> others = new ArrayList<>();
        for (StatedCapacity c : r.capacities()) {
            StatedCapacity.Fit f = c.fit(d.capacityGb());
            if (f != StatedCapacity.Fit.NONE) {
                if (fitting == null || f.ordinal() < how.ordinal()) {
                    fitting = c;
                    how = f;
                }
            } else if (others.stream().noneMatch(o -> o.equals(c.words()))) {
                others.add(c.words());
            }
        }
        if (fitting == null) {
            against.add("the text says " + String.join(", ", others) + ", and " + d.slug() + " holds " + d.capacityGb() + " GB");
            return;
        }
        fit.support.add(switch (how) {
            case EXACT -> fitting.bytes() != null ? fitting.words() + " (" + fitting.bytes() + " bytes) is a " + d.capacityGb() + " GB drive"
                    : "the capacity " + fitting.words();
            case ROUNDED -> "the capacity " + fitting.words() + ", the " + d.capacityGb() + " GB rounded";
            case BINARY -> "the capacity " + fitting.words() + ", " + d.capacityGb() + " GB counted in GiB";
            case NONE -> throw new IllegalStateException();
        });
        if (!others.isEmpty()) {
            String more = "the text also states " + String.join(", ", others);
            if (byWords) {
                fit.open.add(more);
            } else {
                against.add(more);
            }
        }
    }

    private void shape(Drive d, Reading r, Fit fit, List<String> against, boolean byWords) {
        Set<FormFactor> possible = EnumSet.copyOf(IdentityCatalog.forBus(d.iface()));
        List<String> said = new ArrayList<>();
        for (Shape s : r.shapes()) {
            said.add(s.label());
            possible.removeIf(ff -> !s.allows(ff));
        }
        Set<Interface> buses = r.buses();
        if (buses.size() == 1 && !buses.contains(d.iface())) {
            against.add("the text says " + buses.iterator().next().token().toUpperCase(java.util.Locale.ROOT) + ", and " + d.slug() + " is "
                    + d.iface().token().toUpperCase(java.util.Locale.ROOT));
            return;
        }
        if (!possible.contains(d.formFactor())) {
            against.add(said.isEmpty() ? "its bus does not fit" : "the text says " + String.join(", ", said) + ", and " + d.slug()
                    + " is " + d.formFactor().label());
            return;
        }
        if (!byWords) {
            if (!said.isEmpty()) {
                fit.support.add("the form factor " + String.join(", ", said));
            }
            return;
        }
        IdentityCatalog.Series series = catalog.series(d.vendor(), d.model());
        int before = possible.size();
        if (series != null) {
            possible.retainAll(series.formFactors());
        }
        if (possible.size() == 1) {
            String how = said.isEmpty() ? "" : String.join(", ", said);
            if (series != null && before > possible.size()) {
                how += (how.isEmpty() ? "" : "; ") + "the " + d.model() + " is made as " + series.formFactors().stream()
                        .map(FormFactor::label).sorted().collect(Collectors.joining(", ")) + " (" + series.sourceUrl() + ")";
            }
            fit.support.add("the form factor " + how);
            return;
        }
        fit.open.add(said.isEmpty() ? "the form factor is not stated (" + possible.stream().map(FormFactor::label).sorted()
                .collect(Collectors.joining(", ")) + " fit its bus)"
                : "the text says " + String.join(", ", said) + ", which leaves " + possible.stream().map(FormFactor::label).sorted()
                .collect(Collectors.joining(" or ")) + " open");
    }

    /**
     * A word of the text shaped like one of the drive's own part numbers but not one of them
     * ("MZ-V9P1T0GW" beside the 990 PRO 1TB's "MZ-V9P1T0BW"): the catalog does not know that SKU,
     * which may be a heatsink variant, another length or an OEM's.
     */
    private void ownCodeConflict(Drive d, Reading r, List<String> against) {
        if (d.partNumbers().isEmpty()) {
            return;
        }
        for (String code : r.codes()) {
            if (catalog.byCode(code) != null) {
                continue;
            }
            for (IdentityCatalog.PartNumber pn : d.partNumbers()) {
                String own = pn.value().toUpperCase(java.util.Locale.ROOT);
                if (commonPrefix(code, own) >= 5 && !consistent(code, own)) {
                    against.add("the text names part number " + code + ", and the catalog's for " + d.slug() + " is "
                            + d.partNumbers().stream().map(IdentityCatalog.PartNumber::value).collect(Collectors.joining(", "))
                            + ": another suffix can be another SKU");
                    return;
                }
            }
        }
    }

    /**
     * Whether a code of the text and a catalog part number can be one SKU: one only adds to the
     * other ("MZ-76E500B/AM" beside "MZ-76E500", "MZQL2960HCJR-00A07" beside Dell's
     * "MZQL2960HCJRAD3"), with or without its punctuation or dash suffix.
     */
    static boolean consistent(String code, String own) {
        String base = IdentityCatalog.base(code);
        for (String c : base == null ? List.of(code, IdentityCatalog.squash(code)) : List.of(code, IdentityCatalog.squash(code), base)) {
            for (String o : List.of(own, IdentityCatalog.squash(own))) {
                if (c.startsWith(o) || o.startsWith(c)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Another catalog model of the same maker the text names besides a part number's drive, or null. */
    private String otherModelNamed(Model own, Reading r) {
        int limit = Math.min(r.forFrom(), r.words().size());
        for (int i = 0; i < limit; i++) {
            String w = r.words().get(i);
            if (!Words.hasDigit(w) || own.numbers().contains(w)) {
                continue;
            }
            for (Model m : catalog.byNumber(w)) {
                if (!m.drive().model().equalsIgnoreCase(own.drive().model()) && m.maker().equals(own.maker())
                        && modelNamed(m, r, limit, new ArrayList<>())) {
                    return m.drive().vendor() + " " + m.drive().model();
                }
            }
        }
        return null;
    }

    /** The near misses worth showing: those of the capacity the text states, when some are. */
    private List<Candidate> nearest(List<Candidate> nearMisses, Reading r) {
        List<Candidate> sameCapacity = nearMisses.stream().filter(c -> {
            Drive d = catalog.drive(c.slug());
            return d == null || r.capacities().stream().anyMatch(cap -> cap.fit(d.capacityGb()) != StatedCapacity.Fit.NONE);
        }).toList();
        return (sameCapacity.isEmpty() ? nearMisses : sameCapacity).stream().limit(20).toList();
    }

    /** Drives of the maker the text names whose capacity it states: the candidates a model string with an unknown part number has. */
    private List<Candidate> sameMakerAndCapacity(Reading r) {
        List<Candidate> out = new ArrayList<>();
        if (r.capacities().isEmpty()) {
            return out;
        }
        for (String maker : r.makers()) {
            for (Drive d : catalog.byMaker(maker)) {
                for (StatedCapacity c : r.capacities()) {
                    if (c.fit(d.capacityGb()) == StatedCapacity.Fit.EXACT) {
                        String series = seriesCode(d, r);
                        out.add(new Candidate(d.slug(), "a " + d.vendor() + " drive of " + d.capacityGb() + " GB"
                                + (series == null ? "" : ", of the series whose part numbers begin " + series)
                                + "; the catalog does not know the part number"));
                        break;
                    }
                }
            }
        }
        return out.stream().limit(20).toList();
    }

    /** The start a text's code shares with the drive's (or its model's) part numbers, when it is long enough to name a series. */
    private String seriesCode(Drive d, Reading r) {
        String best = null;
        for (Drive o : catalog.sameModel(d)) {
            for (IdentityCatalog.PartNumber pn : o.partNumbers()) {
                for (String code : r.codes()) {
                    int n = commonPrefix(code, pn.value().toUpperCase(java.util.Locale.ROOT));
                    if (n >= 4 && (best == null || n > best.length())) {
                        best = code.substring(0, n);
                    }
                }
            }
        }
        return best;
    }

    static int commonPrefix(String a, String b) {
        int n = Math.min(a.length(), b.length());
        int i = 0;
        while (i < n && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i;
    }
}
