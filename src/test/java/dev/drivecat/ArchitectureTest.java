package dev.drivecat;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.Slice;
import java.util.List;

/**
 * The package rules: feature packages may depend on each other, never
 * in a cycle, and never on the outer layers ({@code web}: HTTP plumbing; {@code pages}: HTML), which
 * may depend on any feature.
 */
@AnalyzeClasses(packages = "dev.drivecat", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    static final List<String> FEATURES = List.of("catalog", "specs", "pricing", "drives", "scraping", "ranking", "digest", "database", "measurements", "charts", "identity", "discovery", "pools", "proposals", "adoption",
            "common");

    @ArchTest
    static final ArchRule featurePackagesDependOnEachOtherWithoutACycle = slices().matching("dev.drivecat.(*)..")
            .that(DescribedPredicate.<Slice>describe("are feature packages", slice -> FEATURES.contains(slice.getNamePart(1))))
            .should().beFreeOfCycles();

    @ArchTest
    static final ArchRule noFeatureDependsOnTheWebOrPagesLayer = noClasses()
            .that().resideInAnyPackage(FEATURES.stream().map(f -> "dev.drivecat." + f + "..").toArray(String[]::new))
            .should().dependOnClassesThat().resideInAnyPackage("dev.drivecat.web..", "dev.drivecat.pages..")
            .because("web and pages are outer layers: they may use features, features never use them");
}
