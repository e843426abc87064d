package dev.drivecat.scraping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.TestResources;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The search layouts of the shipped definitions on the committed broken and hostile result pages
 * (src/test/resources/fixtures/discovery): each is read as what it is, never as "no results".
 */
class SearchPageReaderTest {

    static final String EBAY_SEARCH = "https://www.ebay.com/sch/i.html?_nkw=intel+s3700";
    static final String NEWEGG_SEARCH = "https://www.newegg.com/p/pl?d=intel+optane";

    static SearchPageReader.Parse read(String url, String html) {
        URI uri = URI.create(url);
        SiteDefinitions.SearchSite search = Pages.SITES.searchPage(uri).orElseThrow(() -> new AssertionError(url + " is no search URL"));
        return search.reader().read(PageReader.saved(html.getBytes(StandardCharsets.UTF_8), null, url), uri);
    }

    static String fixture(String name) {
        return TestResources.text("fixtures/discovery/" + name);
    }

    @Test
    void anEbayRobotCheckIsBlockedWithTheWordsItSays() {
        assertThat(read(EBAY_SEARCH, fixture("ebay-search-robot-check.html")))
                .isInstanceOfSatisfying(SearchPageReader.Parse.Blocked.class,
                        b -> assertThat(b.reason()).isEqualTo("robot check: the page says \"Pardon Our Interruption\""));
    }

    @Test
    void aResultWhoseTitleIsTenThousandCharactersIsNoResult() {
        assertThat(read(EBAY_SEARCH, fixture("ebay-search-long-title.html")))
                .isInstanceOfSatisfying(SearchPageReader.Parse.Failed.class,
                        f -> assertThat(f.reason()).contains("s-card: 1 result elements, none with a title, link and item id"));
    }

    @Test
    void aChangedLayoutFailsNamingTheLayoutsTried() {
        assertThat(read(EBAY_SEARCH, fixture("ebay-search-layout-changed.html")))
                .isInstanceOfSatisfying(SearchPageReader.Parse.Failed.class, f -> assertThat(f.reason())
                        .startsWith("no search layout of the ebay site definition found results on the page")
                        .contains("s-card: not tried"));
    }

    @Test
    void anEmptyPageFailsAndIsNotNoResults() {
        assertThat(read(EBAY_SEARCH, fixture("search-empty.html")))
                .isInstanceOfSatisfying(SearchPageReader.Parse.Failed.class, f -> assertThat(f.reason())
                        .startsWith("no search layout of the ebay site definition found results on the page, and it does not say"));
    }

    @Test
    void aPageThatSaysItFoundNothingIsNoResults() {
        assertThat(read(NEWEGG_SEARCH, fixture("newegg-search-none.html"))).isInstanceOf(SearchPageReader.Parse.NoResults.class);
    }

    @Test
    void aNeweggHumanCheckIsBlocked() {
        assertThat(read(NEWEGG_SEARCH, fixture("newegg-search-human-check.html")))
                .isInstanceOfSatisfying(SearchPageReader.Parse.Blocked.class,
                        b -> assertThat(b.reason()).isEqualTo("robot check: the page says \"Are you a human?\""));
    }

    @Test
    void aNeweggResultWhoseTitleIsTenThousandCharactersIsNoResult() {
        assertThat(read(NEWEGG_SEARCH, fixture("newegg-search-long-title.html")))
                .isInstanceOfSatisfying(SearchPageReader.Parse.Failed.class,
                        f -> assertThat(f.reason()).contains("item-cell: 1 result elements, none with a title, link and item id"));
    }

    @Test
    void aResultLinkIsReadAsABrowserReadsItAndOnlyAnItemPageIsAResult() {
        String page = fixture("newegg-search-keyboard-only.html");
        String link = "https://www.newegg.com/intel-optane/p/N82E16823201109?Item=N82E16823201109";
        assertThat(read(NEWEGG_SEARCH, page.replace(link, "https://www.newegg.com/intel-optane/p/N82E16823201109/../../../signin")))
                .as("a link that climbs out of the item page").isNotInstanceOf(SearchPageReader.Parse.Results.class);
        assertThat(read(NEWEGG_SEARCH, page.replace(link, "https://www.newegg.com/x/%2e%2e/intel-optane/p/N82E16823201109")))
                .isInstanceOfSatisfying(SearchPageReader.Parse.Results.class, r -> assertThat(r.results()).singleElement()
                        .satisfies(result -> assertThat(result.url()).isEqualTo("https://www.newegg.com/p/N82E16823201109")));
    }

    @Test
    void aTitleOfTheLongestLengthIsStillATitle() {
        String title = "Intel Optane SSD 900P 480GB " + "x".repeat(SearchPageReader.MAX_TITLE - 28);
        assertThat(read(NEWEGG_SEARCH, fixture("newegg-search-keyboard-only.html").replace("Logitech K120 Wired Keyboard, Black", title)))
                .isInstanceOfSatisfying(SearchPageReader.Parse.Results.class, r -> assertThat(r.results())
                        .singleElement().satisfies(result -> assertThat(result.title()).hasSize(SearchPageReader.MAX_TITLE)));
    }
}
