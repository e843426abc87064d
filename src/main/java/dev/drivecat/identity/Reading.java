package dev.drivecat.identity;

import dev.drivecat.catalog.Interface;
import dev.drivecat.catalog.PartNumbers;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Everything a text says that identity weighs, read once: its words, the part-number-shaped words,
 * the capacities, form factors and buses it states, the brands it names, whether it speaks of a
 * heatsink, where a "for" begins (what follows names what a product fits), and why it is not one
 * drive. Pure.
 *
 * @param words the words of the text, in order (see {@link Words#of})
 * @param codes words shaped like part numbers, upper case, in order (a slashed word's pieces too)
 * @param forFrom the index in {@code words} from which the text says what something fits, or
 *     {@code words.size()} when it never does
 * @param suspect why what the text shows may not be what it says (bidi controls), or empty
 */
record Reading(List<String> words, List<String> codes, List<StatedCapacity> capacities,
               Set<Shape> shapes, Set<Interface> buses, Set<String> makers, Boolean heatsink, int forFrom,
               Optional<String> notADrive, Optional<String> suspect) {

    static Reading of(String text) {
        return of(text, List.of());
    }

    /** This reading with more makers named (catalog vendors the brand list does not know). */
    Reading withMakers(Set<String> more) {
        Set<String> all = new LinkedHashSet<>(makers);
        all.addAll(more);
        return new Reading(words, codes, capacities, shapes, buses, java.util.Collections.unmodifiableSet(all), heatsink, forFrom, notADrive,
                suspect);
    }

    /** As {@link #of(String)}, with capacities a tool printed besides the text (a byte count). */
    static Reading of(String text, List<StatedCapacity> extraCapacities) {
        String plain = Words.plain(text);
        List<String> words = Words.of(plain);
        List<StatedCapacity> capacities = new ArrayList<>(StatedCapacity.in(plain));
        capacities.addAll(extraCapacities);
        Set<Shape> shapes = EnumSet.noneOf(Shape.class);
        for (Shape s : Shape.values()) {
            if (s.in(plain)) {
                shapes.add(s);
            }
        }
        Set<Interface> buses = EnumSet.noneOf(Interface.class);
        for (Shape.Bus b : Shape.Bus.values()) {
            if (b.in(plain)) {
                buses.add(b.iface);
            }
        }
        // what a reader sees: letters of other scripts that look Latin ("Sаmsung", "ΕΜΡΤΥ ΒΟΧ") hide no maker, capacity, heatsink,
        // "for" or word that says "not a drive"; the text itself is read for everything else ("ГБ" stays a unit)
        String folded = Words.folded(text);
        boolean lookAlikes = !folded.equals(plain);
        Set<String> makers = makers(words);
        if (lookAlikes) {
            makers.addAll(makers(Words.of(folded)));
        }
        Boolean heatsink = heatsink(plain);
        if (heatsink == null && lookAlikes) {
            heatsink = heatsink(folded);
        }
        int forFrom = forFrom(plain, words);
        if (forFrom == words.size() && lookAlikes) {
            forFrom = Math.min(words.size(), forFrom(folded, Words.of(folded)));
        }
        // what a reader may see besides: look-alike letters read as Latin, invisible characters read as the spaces they may show
        Optional<String> notADrive = NotADrive.why(plain, capacities);
        java.util.Map<String, String> seen = new java.util.LinkedHashMap<>();
        seen.put(folded, ", written in look-alike letters of another script");
        seen.put(Words.folded(text, true), ", written with invisible characters between its words");
        for (java.util.Map.Entry<String, String> as : seen.entrySet()) {
            if (notADrive.isPresent() || as.getKey().equals(plain)) {
                continue;
            }
            for (StatedCapacity c : StatedCapacity.in(as.getKey())) {
                if (capacities.stream().noneMatch(c::sameAs)) {
                    capacities.add(c);
                }
            }
            notADrive = NotADrive.why(as.getKey(), capacities).map(why -> why + as.getValue());
        }
        return new Reading(words, List.copyOf(PartNumbers.candidates(plain)), capacities, shapes, buses, makers, heatsink, forFrom,
                notADrive, Words.bidiControls(text));
    }

    /** The makers the words name, by the brands sellers write. */
    private static Set<String> makers(List<String> words) {
        Set<String> makers = new LinkedHashSet<>();
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            String next = i + 1 < words.size() ? words.get(i + 1) : "";
            if (w.equals("western") && next.equals("digital")) {
                makers.add("western digital");
            } else if (!(w.equals("sk") && !next.equals("hynix")) && !(w.equals("silicon") && !next.equals("power"))
                    && Vocabulary.BRANDS.containsKey(w)) {
                makers.add(Vocabulary.BRANDS.get(w));
            }
        }
        return makers;
    }

    /** Whether the text says the drive comes with a heatsink (true), without one (false), or neither (null). */
    private static Boolean heatsink(String plain) {
        return !Words.containsAny(plain, Vocabulary.HEATSINK_NEEDLES) ? null
                : Vocabulary.NO_HEATSINK.matcher(plain).find() ? Boolean.FALSE
                : Vocabulary.HEATSINK.matcher(plain).find() ? Boolean.TRUE : null;
    }

    /** The first word after a "for" (or "compatible with", "для", …) that is not at the very start. */
    private static int forFrom(String plain, List<String> words) {
        if (!Words.containsAny(plain, Vocabulary.FOR_NEEDLES)) {
            return words.size();
        }
        Matcher m = Vocabulary.FOR.matcher(plain);
        while (m.find()) {
            String before = plain.substring(0, m.start());
            int wordsBefore = Words.of(before).size();
            if (wordsBefore > 0) {
                return wordsBefore + Words.of(m.group()).size();
            }
        }
        return words.size();
    }
}
