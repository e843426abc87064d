package dev.drivecat.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The sweeps of each discovery source, as scrapers/sweeps.yaml gives them. */
class SweepsTest {

    private static final Sweeps SWEEPS = Sweeps.fromYaml("test", """
            sources:
              ebay-browse:
                sort: newlyListed
                queries: [enterprise SSD, Intel SSD DC, Samsung enterprise SSD]
              search-page:newegg:
                queries: [U.2 NVMe SSD]
            """);

    @Test
    void aSourceTakesItsOwnSweepsOrThoseOfTheNameBeforeItsColon() {
        List<SearchQuery> ebay = SWEEPS.of("ebay-browse:ebay-de", 10);
        assertThat(ebay).extracting(SearchQuery::text).containsExactly("enterprise SSD", "Intel SSD DC", "Samsung enterprise SSD");
        assertThat(ebay).allSatisfy(q -> {
            assertThat(q.sweep()).isTrue();
            assertThat(q.drives()).isEmpty();
            assertThat(q.sort()).isEqualTo("newlyListed");
        });
        assertThat(SWEEPS.of("search-page:newegg", 10)).extracting(SearchQuery::text).containsExactly("U.2 NVMe SSD");
        assertThat(SWEEPS.of("search-page:newegg", 10).get(0).sort()).isNull();
        assertThat(SWEEPS.of("search-page:amazon", 10)).isEmpty();
    }

    @Test
    void aRunMakesNoMoreSweepsThanItMay() {
        assertThat(SWEEPS.of("ebay-browse:ebay-us", 2)).hasSize(2);
        assertThat(SWEEPS.of("ebay-browse:ebay-us", 0)).isEmpty();
    }

    @Test
    void aSweepOfNoWordsIsRefusedAtStart() {
        assertThatThrownBy(() -> Sweeps.fromYaml("bad", "sources:\n  x:\n    queries: [\"\"]\n")).hasMessageContaining("blank");
        assertThatThrownBy(() -> Sweeps.fromYaml("bad", "sources:\n  x:\n    words: [a]\n")).hasMessageContaining("bad");
    }

    @Test
    void theShippedSweepsCoverTheSourcesThatSearch() {
        Sweeps shipped = Sweeps.fromClasspath();
        assertThat(shipped.of("ebay-browse:ebay-us", 100)).isNotEmpty().allSatisfy(q -> assertThat(q.sort()).isEqualTo("newlyListed"));
        assertThat(shipped.of("search-page:newegg", 100)).isNotEmpty();
    }
}
