package dev.drivecat.scraping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.testing.RealFixtures;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The search layouts of scrapers/ on real saved result pages (../shared/fixtures/real/search, read
 * in place; SOURCES.md describes each page's items). Every page reads to the items its source
 * shows (an item a page shows twice, as the 2018 fragments do, counts once), each with a title, an
 * item URL on the marketplace's host and the item's id, and most with a price. (The 2026 Newegg
 * page has 12 result cells, each with its title.) They are not drive searches: the markup of a result is what is checked.
 */
class RealSearchPagesTest {

    static Stream<Arguments> pages() {
        return Stream.of(
                Arguments.of("ebay_2018-02_playstation4_results-fragment.html", "https://www.ebay.com/sch/i.html?_nkw=playstation+4", "lvresult", 50),
                Arguments.of("ebay_2025-03_sch_shirts.html", "https://www.ebay.com/sch/i.html?_nkw=shirts&_sop=12&_kwlnd=1", "s-item", 60),
                Arguments.of("ebay_2025-07_sch_lenovo-laptop.html", "https://www.ebay.com/sch/i.html?_nkw=lenovo+laptop&_sop=12&_kwlnd=1", "s-card", 60),
                Arguments.of("ebay_2025-08_sch_phone.html", "https://www.ebay.com/sch/i.html?_nkw=phone&_sop=12", "s-card", 60),
                Arguments.of("amazon_2013-05_s_hard-drive.html", "https://www.amazon.com/s?ie=UTF8&page=1&rh=i%3Aaps%2Ck%3Ahard%20drive", "result-product", 16),
                Arguments.of("amazon_2018-02_s_playstation4_results-fragment.html", "https://www.amazon.com/s?keywords=playstation+4", "s-result-item", 16),
                Arguments.of("amazon_2025-08_s_laptop.html", "https://www.amazon.com/s?k=laptop", "s-search-result", 22),
                Arguments.of("newegg_2021-06_software_grid-fragment.html", "https://www.newegg.com/p/pl?d=software", "item-container", 18),
                Arguments.of("newegg_2026-05_memory-category.html", "https://www.newegg.com/Memory/Category/ID-17", "item-cell", 12));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pages")
    void everyResultOfARealPageReadsWithItsTitleLinkAndId(String file, String url, String layout, int results) throws IOException {
        Path page = RealFixtures.require("search/" + file);
        URI uri = URI.create(url);
        SiteDefinitions.SearchSite search = Pages.SITES.searchPage(uri).orElseThrow(() -> new AssertionError(url + " is no search URL"));
        SearchPageReader.Parse parse = search.reader().read(PageReader.saved(Files.readAllBytes(page), null, url), uri);
        assertThat(parse).as(file).isInstanceOf(SearchPageReader.Parse.Results.class);
        SearchPageReader.Parse.Results read = (SearchPageReader.Parse.Results) parse;
        assertThat(read.layout()).isEqualTo(layout);
        List<SearchResult> items = read.results();
        assertThat(items).as(file + " results").hasSize(results);
        assertThat(items).allSatisfy(r -> {
            assertThat(r.title()).isNotBlank();
            assertThat(URI.create(r.url()).getHost()).isEqualTo(uri.getHost());
            assertThat(r.url()).doesNotContain("?");
            assertThat(r.externalId()).isNotBlank();
            assertThat(r.marketplace()).isEqualTo(search.marketplace());
        });
        assertThat(items.stream().map(SearchResult::externalId).distinct()).as("one result per item").hasSize(items.size());
        long priced = items.stream().filter(r -> r.price() != null || r.variations()).count();
        assertThat(priced).as(file + ": results with a price or a price range").isGreaterThanOrEqualTo(results * 7L / 10);
    }

    private static List<SearchResult> read(String file, String url) throws IOException {
        URI uri = URI.create(url);
        SiteDefinitions.SearchSite search = Pages.SITES.searchPage(uri).orElseThrow();
        return ((SearchPageReader.Parse.Results) search.reader().read(
                PageReader.saved(Files.readAllBytes(RealFixtures.require("search/" + file)), null, url), uri)).results();
    }

    @Test
    void anEbayCardReadsItsPriceShippingConditionSellerAndFormat() throws IOException {
        List<SearchResult> results = read("ebay_2025-07_sch_lenovo-laptop.html", "https://www.ebay.com/sch/i.html?_nkw=lenovo+laptop");
        SearchResult first = results.get(0);
        assertThat(first.externalId()).isEqualTo("254654754368");
        assertThat(first.url()).isEqualTo("https://www.ebay.com/itm/254654754368");
        assertThat(first.title()).startsWith("HP EliteBook 840 G3");
        assertThat(first.price()).isEqualByComparingTo("149.26");
        assertThat(first.currency()).isEqualTo("USD");
        assertThat(first.shipping()).isEqualByComparingTo("151.38");
        assertThat(first.conditionWording()).isEqualTo("Good - Refurbished");
        assertThat(first.condition()).isEqualTo(Condition.RENEWED);
        assertThat(first.sellerName()).isEqualTo("discountcomputerdepot");
        assertThat(first.sellerFeedbackScore()).isEqualTo(132_409);
        assertThat(first.sellerFeedbackPercent()).isEqualByComparingTo("98.7");
        assertThat(first.sellerType()).isEqualTo(SellerType.THIRD_PARTY);
        assertThat(first.buyingOptions()).isEqualTo("Buy It Now");
        assertThat(first.location()).isEqualTo("United States");
        // the second card is a listing of variations, "$200.58 to $353.58": never one price
        SearchResult range = results.get(1);
        assertThat(range.variations()).isTrue();
        assertThat(range.price()).isNull();
        assertThat(range.conditionWording()).isEqualTo("Very Good - Refurbished");
        assertThat(results.get(2).sponsored()).isTrue();
        assertThat(results.stream().filter(r -> r.condition() != null)).hasSizeGreaterThan(50);
    }

    @Test
    void anEbayCardOfTheOtherSellerFormatReadsTooAndItsHiddenSponsoredMarkIsSeen() throws IOException {
        SearchResult first = read("ebay_2025-08_sch_phone.html", "https://www.ebay.com/sch/i.html?_nkw=phone").get(0);
        assertThat(first.sellerName()).isEqualTo("rapidol");
        assertThat(first.sellerFeedbackScore()).isEqualTo(11);
        assertThat(first.sellerFeedbackPercent()).isEqualByComparingTo("100");
        assertThat(first.condition()).isEqualTo(Condition.NEW);
        assertThat(first.shipping()).isEqualByComparingTo("0");
        assertThat(first.sponsored()).isTrue();
    }
}
