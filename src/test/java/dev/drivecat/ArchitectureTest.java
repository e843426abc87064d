package dev.drivecat;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.Slice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The package rules: feature packages may depend on each other, never in a cycle (neither between
 * features nor between any two packages, a package and its sub-package included), and never on the
 * outer layers ({@code web}: HTTP plumbing; {@code pages}: HTML), which may depend on any feature; and
 * the "depends on" column of src/docs/architecture.md says what the classes really import.
 */
@AnalyzeClasses(packages = "dev.drivecat", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    static final String ROOT = "dev.drivecat";

    static final List<String> FEATURES = List.of("catalog", "specs", "pricing", "drives", "scraping", "ranking", "digest", "database", "measurements", "charts", "identity", "discovery", "pools", "proposals", "adoption",
            "common");

    static final Path ARCHITECTURE = Path.of("src/docs/architecture.md");

    @ArchTest
    static final ArchRule featurePackagesDependOnEachOtherWithoutACycle = slices().matching("dev.drivecat.(*)..")
            .that(DescribedPredicate.<Slice>describe("are feature packages", slice -> FEATURES.contains(slice.getNamePart(1))))
            .should().beFreeOfCycles();

    /** Each package a slice of its own, so that {@code discovery} ↔ {@code discovery.ebay} is a cycle too. */
    @ArchTest
    static final ArchRule noPackageDependsOnItselfThroughAnother = slices().matching("dev.drivecat.(**)")
            .namingSlices("$1")
            .should().beFreeOfCycles();

    @ArchTest
    static final ArchRule noFeatureDependsOnTheWebOrPagesLayer = noClasses()
            .that().resideInAnyPackage(FEATURES.stream().map(f -> "dev.drivecat." + f + "..").toArray(String[]::new))
            .should().dependOnClassesThat().resideInAnyPackage("dev.drivecat.web..", "dev.drivecat.pages..")
            .because("web and pages are outer layers: they may use features, features never use them");

    @ArchTest
    static void theArchitectureDocumentSaysWhatEachPackageDependsOn(JavaClasses classes) throws IOException {
        Map<String, Set<String>> documented = documentedDependencies(Files.readString(ARCHITECTURE));
        Map<String, Set<String>> real = dependencies(classes);
        List<String> wrong = new ArrayList<>();
        for (String pkg : union(documented.keySet(), real.keySet())) {
            Set<String> said = documented.getOrDefault(pkg, Set.of());
            Set<String> is = real.getOrDefault(pkg, Set.of());
            if (!documented.containsKey(pkg) || !real.containsKey(pkg) || !said.equals(is)) {
                wrong.add("`" + pkg + "`" + (!documented.containsKey(pkg) ? " has no row" : !real.containsKey(pkg) ? " has no classes" : "")
                        + ": its classes use " + is + "; the table says " + said);
            }
        }
        assertThat(wrong).as("the packages table of %s against the classes' imports (%s is the root package)", ARCHITECTURE, ROOT).isEmpty();
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> out = new TreeSet<>(a);
        out.addAll(b);
        return out;
    }

    /** Each package of drivecat, named below {@code dev.drivecat} (the root by its full name), to the packages its classes use. */
    static Map<String, Set<String>> dependencies(JavaClasses classes) {
        Map<String, Set<String>> out = new TreeMap<>();
        for (JavaClass c : classes) {
            String from = shortName(c.getPackageName());
            Set<String> to = out.computeIfAbsent(from, k -> new TreeSet<>());
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String target = d.getTargetClass().getPackageName();
                if ((target.equals(ROOT) || target.startsWith(ROOT + ".")) && !shortName(target).equals(from)) {
                    to.add(shortName(target));
                }
            }
        }
        return out;
    }

    private static String shortName(String pkg) {
        return pkg.equals(ROOT) ? ROOT : pkg.substring(ROOT.length() + 1);
    }

    private static final Pattern CODE = Pattern.compile("`([^`]+)`");

    /**
     * The packages table of architecture.md read as package → dependencies: its first column names the
     * package, and every name in back-quotes in its last column that is a package of the table is a dependency.
     */
    static Map<String, Set<String>> documentedDependencies(String markdown) {
        String section = markdown.substring(markdown.indexOf("\n## Packages\n"));
        section = section.substring(0, section.indexOf("\n## ", 1));
        Map<String, List<String>> rows = new TreeMap<>();
        for (String line : section.lines().toList()) {
            if (line.startsWith("| `")) {
                String[] cells = line.split("\\|");
                Matcher name = CODE.matcher(cells[1]);
                assertThat(name.find()).as("a package name in back-quotes in %s", line).isTrue();
                List<String> names = new ArrayList<>();
                Matcher m = CODE.matcher(cells[cells.length - 1]);
                while (m.find()) {
                    names.add(m.group(1));
                }
                rows.put(name.group(1), names);
            }
        }
        Map<String, Set<String>> out = new TreeMap<>();
        rows.forEach((pkg, names) -> out.put(pkg, new TreeSet<>(names.stream().filter(rows::containsKey).toList())));
        return out;
    }
}
