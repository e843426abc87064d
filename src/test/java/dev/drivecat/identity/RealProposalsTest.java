package dev.drivecat.identity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.catalog.FormFactor;
import dev.drivecat.catalog.Interface;
import dev.drivecat.identity.Identification.Decision;
import dev.drivecat.identity.RealTitlesTest.Label;
import dev.drivecat.identity.RealTitlesTest.Row;
import dev.drivecat.testing.RealFixtures;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * How proposals are read from real marketplace titles that no one here wrote
 * (../shared/fixtures/real/titles.tsv, read in place; its label column gives maker|model|capacity|form).
 * Against the seed catalog: no proposal groups titles of two drives (another maker, model or capacity, or
 * another slot where the titles name one), none comes from a NEGATIVE title
 * or from a title of a catalog drive, and at least 60% of the titles of drives the catalog lacks
 * land in a proposal of their drive (its maker, model and capacity, and a form their label allows).
 * The figures are printed, with the titles that land in another drive's proposal: a title that
 * contradicts itself (its words say 7300 PRO, its part number 7300 MAX) is proposed as its words say.
 */
class RealProposalsTest {

    private static final IdentityCatalog CATALOG = SeedCatalog.load();
    private static final IdentityMatcher MATCHER = new IdentityMatcher(CATALOG);

    /** A proposal's grouping: one per proposed drive. */
    record Key(String maker, String modelKey, int capacityGb, StatedForm form, Interface bus) {
        static Key of(ProposedDrive d) {
            return new Key(d.maker(), d.modelKey(), d.capacityGb(), d.form(), d.bus());
        }
    }

    @Test
    void proposalsNeverMixDrivesAndMostTitlesOfMissingDrivesLandInTheirDrivesProposal() throws IOException {
        List<Row> rows = RealTitlesTest.rows(RealFixtures.require("titles.tsv"));
        Map<Key, Set<String>> labelsByProposal = new LinkedHashMap<>();
        Map<Key, List<String>> titlesByProposal = new LinkedHashMap<>();
        List<String> fromNegative = new ArrayList<>();
        List<String> fromCatalogDrive = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        List<String> wrongDrive = new ArrayList<>();
        int missing = 0;
        int landed = 0;
        for (Row row : rows) {
            Identification id = MATCHER.identify(row.title());
            ProposedDrive.Reading reading = id.decision() == Decision.NO_MATCH ? MATCHER.propose(row.title())
                    : new ProposedDrive.ProposesNothing(id.decision().name());
            ProposedDrive proposed = reading instanceof ProposedDrive.Proposes p ? p.drive() : null;
            if (row.negative()) {
                if (proposed != null) {
                    fromNegative.add(row.title() + " -> " + proposed);
                }
                continue;
            }
            Label label = Label.parse(row.label());
            boolean inCatalog = CATALOG.drives().stream().anyMatch(label::describes);
            if (proposed != null) {
                Key key = Key.of(proposed);
                labelsByProposal.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(row.label());
                titlesByProposal.computeIfAbsent(key, k -> new ArrayList<>()).add(row.title());
            }
            if (inCatalog) {
                if (proposed != null) {
                    fromCatalogDrive.add(row.title() + " (" + row.label() + ") -> " + proposed);
                }
                continue;
            }
            if (!Vocabulary.maker(label.maker()).isEmpty() && isPoolDrive(row.label())) {
                missing++;
                if (proposed != null && describes(label, row.label(), proposed)) {
                    landed++;
                } else if (proposed != null) {
                    wrongDrive.add(row.title() + " (" + row.label() + ") -> " + proposed);
                } else {
                    missed.add(row.title() + " (" + row.label() + "): " + ((ProposedDrive.ProposesNothing) reading).why());
                }
            }
        }
        List<String> mixed = new ArrayList<>();
        labelsByProposal.forEach((key, labels) -> {
            if (labels.stream().map(RealProposalsTest::drive).distinct().count() > 1
                    || labels.stream().map(RealProposalsTest::form).filter(f -> !f.isEmpty()).distinct().count() > 1) {
                mixed.add(key + " <- " + labels + " " + titlesByProposal.get(key));
            }
        });
        System.out.println("titles.tsv proposals against the seed catalog (" + CATALOG.drives().size() + " drives), " + rows.size()
                + " titles: " + labelsByProposal.size() + " proposals; " + landed + " of " + missing
                + " titles of drives the catalog lacks land in their drive's proposal");
        missed.forEach(m -> System.out.println("  no proposal: " + m));
        wrongDrive.forEach(m -> System.out.println("  another drive's proposal: " + m));
        assertThat(fromNegative).as("proposals from NEGATIVE titles").isEmpty();
        assertThat(fromCatalogDrive).as("proposals from titles of catalog drives").isEmpty();
        assertThat(mixed).as("proposals that group titles of two drives").isEmpty();
        assertThat(missing).as("titles of drives the catalog lacks").isPositive();
        assertThat(landed * 10).as(landed + " of " + missing + " titles landed; missed: " + missed).isGreaterThanOrEqualTo(missing * 6);
    }

    /** The slot a label's form names, where it names one ("U.2", "M.2 2280"); empty where it leaves the slot open. */
    private static String form(String label) {
        String form = label.substring(label.lastIndexOf('|') + 1).replace(" SATA", "");
        return List.of("U.2", "U.3", "AIC", "E1.S", "E1.L", "M.2 2280", "M.2 22110", "M.2 2230", "M.2 2242").contains(form) ? form : "";
    }

    /** The drive a label names (maker, model, capacity): labels that differ only in how much of the form they state are one drive's. */
    private static String drive(String label) {
        String[] p = label.split("\\|");
        return Vocabulary.maker(p[0]) + "|" + String.join(" ", new java.util.TreeSet<>(Label.words(p[1]))) + "|" + Label.capacity(p[2]);
    }

    /** Titles whose drive a pool could use: not the external, proprietary or 3.5" kind, which propose nothing on purpose. */
    private static boolean isPoolDrive(String label) {
        String form = label.substring(label.lastIndexOf('|') + 1);
        return !form.startsWith("external") && !form.startsWith("proprietary");
    }

    /** Whether a proposal describes a label's drive: its maker, model and capacity, and a form the label allows. */
    private static boolean describes(Label label, String raw, ProposedDrive d) {
        String[] p = raw.split("\\|");
        Set<String> words = new LinkedHashSet<>(List.of(d.modelKey().split(" ")));
        Set<String> labelWords = Label.words(p[1]);
        // the proposal reads a model by its numbered and variant words: the label's line names ("SPATIUM", "Green") may be left out
        boolean sameModel = labelWords.containsAll(words) && words.containsAll(labelWords.stream().filter(Words::hasDigit).toList())
                && labelWords.stream().filter(Vocabulary.VARIANTS::contains).allMatch(words::contains);
        if (!Vocabulary.maker(p[0]).equals(d.maker()) || !sameModel || Label.capacity(p[2]) != d.capacityGb()) {
            return false;
        }
        if (d.form() == null) {
            return true;
        }
        Set<FormFactor> allowed = EnumSet.noneOf(FormFactor.class);
        for (FormFactor ff : FormFactor.values()) {
            if (d.form().allows(ff) && label.allowsForm(ff, d.bus())) {
                allowed.add(ff);
            }
        }
        boolean noCatalogForm = EnumSet.allOf(FormFactor.class).stream().noneMatch(d.form()::allows);
        return !allowed.isEmpty() || noCatalogForm && switch (d.form()) {
            case M2_SHORT -> label.formFactor().matches("M\\.2 22(30|42|60)");
            case E1L_E3 -> label.formFactor().startsWith("E1.L") || label.formFactor().startsWith("E3");
            default -> false;
        };
    }
}
