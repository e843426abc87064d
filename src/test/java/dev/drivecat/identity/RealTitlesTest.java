package dev.drivecat.identity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.identity.Identification.Decision;
import dev.drivecat.testing.RealFixtures;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The matcher on real marketplace titles that no one here wrote (../shared/fixtures/real/titles.tsv,
 * read in place; its header explains the labels). A title's label says what the title itself
 * states: vendor, model, capacity and form factor, or why it is not one drive. Against the seed
 * catalog, no title may match a drive its label does not describe; at least 90% of the titles whose
 * label names exactly one catalog drive, form factor included, must match it; and no title labelled
 * NEGATIVE may match at all. The confusion counts are printed.
 */
class RealTitlesTest {

    private static final IdentityCatalog CATALOG = SeedCatalog.load();
    private static final IdentityMatcher MATCHER = new IdentityMatcher(CATALOG);

    /** One row of titles.tsv. */
    record Row(String title, String site, String label) {
        boolean negative() {
            return label.startsWith("NEGATIVE");
        }
    }

    static List<Row> rows(Path file) throws IOException {
        List<Row> rows = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#") || line.startsWith("title\t")) {
                continue;
            }
            String[] cols = line.split("\t", -1);
            rows.add(new Row(cols[0], cols[1], cols[3]));
        }
        return rows;
    }

    @Test
    void noTitleMatchesAWrongDriveAndNineInTenNamedSkusMatch() throws IOException {
        List<Row> rows = rows(RealFixtures.require("titles.tsv"));
        Map<Decision, int[]> negatives = new EnumMap<>(Decision.class);
        Map<Decision, int[]> named = new EnumMap<>(Decision.class);
        Map<Decision, int[]> others = new EnumMap<>(Decision.class);
        List<String> wrong = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        List<String> negativeMatched = new ArrayList<>();
        for (Row row : rows) {
            Identification id = MATCHER.identify(row.title());
            if (row.negative()) {
                negatives.computeIfAbsent(id.decision(), k -> new int[1])[0]++;
                if (id.matched()) {
                    negativeMatched.add(row.title() + " -> " + id.drive());
                }
                continue;
            }
            Label label = Label.parse(row.label());
            if (id.matched() && !label.describes(CATALOG.drive(id.drive()))) {
                wrong.add(row.title() + " -> " + id.drive() + " (label " + row.label() + "; " + id.evidence() + ")");
            }
            List<IdentityCatalog.Drive> described = CATALOG.drives().stream().filter(label::describes).toList();
            if (described.size() == 1 && label.formFactorStated()) {
                named.computeIfAbsent(id.decision(), k -> new int[1])[0]++;
                if (!id.matched()) {
                    missed.add(row.title() + " -> " + id.decision() + " " + id.candidates() + " " + id.evidence());
                }
            } else {
                others.computeIfAbsent(id.decision(), k -> new int[1])[0]++;
            }
        }
        System.out.println("titles.tsv against the seed catalog (" + CATALOG.drives().size() + " drives), " + rows.size() + " titles:");
        System.out.println("  naming one catalog SKU with its form factor: " + counts(named));
        System.out.println("  naming no catalog SKU (or leaving the form factor open): " + counts(others));
        System.out.println("  NEGATIVE (not one drive): " + counts(negatives));
        missed.forEach(m -> System.out.println("  missed: " + m));
        assertThat(wrong).as("titles matched to a drive their label does not describe").isEmpty();
        assertThat(negativeMatched).as("NEGATIVE titles that matched a drive").isEmpty();
        int namedTotal = named.values().stream().mapToInt(a -> a[0]).sum();
        int matched = named.getOrDefault(Decision.MATCH, new int[1])[0];
        assertThat(namedTotal).as("titles naming one catalog SKU").isPositive();
        assertThat(matched * 10).as("matched " + matched + " of " + namedTotal + " titles naming one catalog SKU; missed: " + missed)
                .isGreaterThanOrEqualTo(namedTotal * 9);
    }

    private static String counts(Map<Decision, int[]> counts) {
        StringBuilder b = new StringBuilder();
        for (Decision d : Decision.values()) {
            b.append(d).append(' ').append(counts.getOrDefault(d, new int[1])[0]).append("  ");
        }
        return b.toString().trim();
    }

    /** A label: vendor|model|capacity|formfactor, as titles.tsv writes it. */
    record Label(String maker, Set<String> modelWords, int capacityGb, String formFactor) {

        static Label parse(String label) {
            String[] p = label.split("\\|");
            return new Label(Vocabulary.maker(p[0]), words(p[1]), capacity(p[2]), p[3]);
        }

        static Set<String> words(String model) {
            Set<String> out = new HashSet<>();
            for (String w : Words.of(Words.plain(model))) {
                if (!Vocabulary.FAMILY.contains(w) && !w.equals("with")) {
                    out.add(w);
                }
            }
            return out;
        }

        static int capacity(String written) {
            String s = written.toUpperCase(Locale.ROOT);
            BigDecimal v = new BigDecimal(s.replaceAll("[^0-9.]", ""));
            return (s.endsWith("TB") ? v.multiply(BigDecimal.valueOf(1000)) : v).intValueExact();
        }

        boolean formFactorStated() {
            return !formFactor.equals("?");
        }

        /** Whether the label describes a catalog drive: the same maker, model words and capacity, and a form factor it allows. */
        boolean describes(IdentityCatalog.Drive d) {
            return Vocabulary.maker(d.vendor()).equals(maker) && words(d.model()).equals(modelWords) && d.capacityGb() == capacityGb
                    && allows(d);
        }

        private boolean allows(IdentityCatalog.Drive d) {
            return allowsForm(d.formFactor(), d.iface());
        }

        /** Whether the label allows a drive of this form factor and bus; a null bus is any. */
        boolean allowsForm(FormFactor ff, Interface iface) {
            Set<FormFactor> m2 = EnumSet.of(FormFactor.M2_2280, FormFactor.M2_22110);
            boolean sata = iface == null || iface == Interface.SATA;
            return switch (formFactor) {
                case "?" -> true;
                case "U.2" -> ff == FormFactor.U2;
                case "U.3" -> ff == FormFactor.U3;
                case "AIC" -> ff == FormFactor.AIC;
                case "M.2 2280" -> ff == FormFactor.M2_2280;
                case "M.2 22110" -> ff == FormFactor.M2_22110;
                case "M.2" -> m2.contains(ff);
                case "M.2 2280 SATA" -> ff == FormFactor.M2_2280 && sata;
                case "M.2 SATA" -> m2.contains(ff) && sata;
                case "2.5in SATA" -> ff == FormFactor.INCH_2_5 && sata;
                case "2.5in SAS" -> ff == FormFactor.INCH_2_5 && (iface == null || iface == Interface.SAS);
                case "2.5in NVMe" -> ff == FormFactor.U2 || ff == FormFactor.U3;
                case "2.5in" -> EnumSet.of(FormFactor.INCH_2_5, FormFactor.U2, FormFactor.U3).contains(ff);
                case "E1.S" -> ff == FormFactor.E1S;
                default -> false;
            };
        }
    }
}
