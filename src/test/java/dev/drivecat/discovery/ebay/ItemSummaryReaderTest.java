package dev.drivecat.discovery.ebay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import dev.drivecat.scraping.SearchResult;
import dev.drivecat.scraping.SiteDefinitions;
import dev.drivecat.testing.TestResources;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ItemSummaryReaderTest {

    static final SiteDefinitions SITES = SiteDefinitions.fromClasspath();
    static final ObjectMapper JSON = new ObjectMapper();

    final ItemSummaryReader reader = new ItemSummaryReader("ebay-us", "www.ebay.com", SITES);

    static JsonNode fixture(String name) throws IOException {
        try (InputStream in = ItemSummaryReaderTest.class.getResourceAsStream("/fixtures/ebay-browse/" + name)) {
            return JSON.readTree(in);
        }
    }

    static String fixtureText(String name) {
        return TestResources.text("fixtures/ebay-browse/" + name);
    }

    private Map<String, SearchResult> page() throws Exception {
        ItemSummaryReader.Results read = reader.read(fixture("search-page.json"), 0, 50, EbayBrowseSource.MAX_OFFSET);
        return read.results().stream().collect(Collectors.toMap(SearchResult::externalId, Function.identity()));
    }

    @Test
    void readsAFixedPriceItemFieldByField() throws Exception {
        SearchResult r = page().get("100000000001");
        assertThat(r.marketplace()).isEqualTo("ebay-us");
        assertThat(r.url()).as("itemWebUrl without its tracking query").isEqualTo("https://www.ebay.com/itm/100000000001");
        assertThat(r.title()).isEqualTo("Intel Optane SSD DC P4800X 375GB U.2 NVMe SSDPE21K375GA New");
        assertThat(r.price()).isEqualByComparingTo("289.99");
        assertThat(r.currency()).isEqualTo("USD");
        assertThat(r.priceWording()).isEqualTo("289.99 USD");
        assertThat(r.shipping()).as("free shipping").isEqualByComparingTo("0");
        assertThat(r.condition()).isEqualTo(Condition.NEW);
        assertThat(r.conditionWording()).isEqualTo("New");
        assertThat(r.sellerName()).isEqualTo("optane_outlet");
        assertThat(r.sellerType()).isEqualTo(SellerType.THIRD_PARTY);
        assertThat(r.sellerFeedbackScore()).isEqualTo(15234);
        assertThat(r.sellerFeedbackPercent()).isEqualByComparingTo("99.8");
        assertThat(r.buyingOptions()).isEqualTo("FIXED_PRICE,BEST_OFFER");
        assertThat(r.endsAt()).isEqualTo(Instant.parse("2027-01-02T18:30:00Z"));
        assertThat(r.location()).isEqualTo("US 951**");
        assertThat(r.sponsored()).as("priorityListing: a Promoted Listing").isTrue();
        assertThat(r.variations()).isFalse();
        assertThat(r.auctionOnly()).isFalse();
    }

    @Test
    void takesTheListingsOwnPriceAndShippingWhereEbayConverted() throws Exception {
        SearchResult r = page().get("100000000002");
        assertThat(r.price()).isEqualByComparingTo("210.00");
        assertThat(r.currency()).isEqualTo("EUR");
        assertThat(r.priceWording()).isEqualTo("226.50 USD (converted from 210.00 EUR)");
        assertThat(r.shipping()).isEqualByComparingTo("15.00");
        assertThat(r.condition()).isEqualTo(Condition.USED);
        assertThat(r.sellerFeedbackPercent()).isEqualByComparingTo("100.0");
        assertThat(r.location()).isEqualTo("DE 10***");
        assertThat(r.endsAt()).as("no itemEndDate: a Good 'Til Cancelled listing").isNull();
        assertThat(r.sponsored()).isFalse();
    }

    @Test
    void anAuctionOnlyItemHasNoPrice() throws Exception {
        SearchResult r = page().get("100000000003");
        assertThat(r.auctionOnly()).isTrue();
        assertThat(r.price()).isNull();
        assertThat(r.currency()).isNull();
        assertThat(r.shipping()).isNull();
        assertThat(r.priceWording()).as("what the result showed: the bid").isEqualTo("45.00 USD");
        assertThat(r.buyingOptions()).isEqualTo("AUCTION");
        assertThat(r.endsAt()).isEqualTo(Instant.parse("2026-12-08T02:11:00Z"));
    }

    @Test
    void anItemGroupIsVariationsWithoutAPrice() throws Exception {
        SearchResult r = page().get("100000000004");
        assertThat(r.variations()).isTrue();
        assertThat(r.price()).isNull();
        assertThat(r.shipping()).isNull();
        assertThat(r.auctionOnly()).isFalse();
    }

    @Test
    void calculatedShippingIsUnknown() throws Exception {
        SearchResult r = page().get("100000000005");
        assertThat(r.price()).isEqualByComparingTo("249.00");
        assertThat(r.shipping()).isNull();
        assertThat(r.condition()).isEqualTo(Condition.RENEWED);
        assertThat(r.conditionWording()).isEqualTo("Seller refurbished");
        assertThat(r.location()).isEqualTo("US");
    }

    @Test
    void forPartsOrNotWorkingHasNoConditionButKeepsItsWording() throws Exception {
        SearchResult r = page().get("100000000006");
        assertThat(r.condition()).isNull();
        assertThat(r.conditionWording()).isEqualTo("For parts or not working");
        assertThat(r.price()).as("the identity matcher and recorder reject it by its wording").isEqualByComparingTo("35.00");
    }

    @Test
    void missingOptionalFieldsStayUnknown() throws Exception {
        SearchResult r = page().get("100000000007");
        assertThat(r.externalId()).as("from the RESTful itemId v1|<legacy>|0").isEqualTo("100000000007");
        assertThat(r.url()).isEqualTo("https://www.ebay.com/itm/100000000007");
        assertThat(r.price()).isEqualByComparingTo("305.00");
        assertThat(r.shipping()).isNull();
        assertThat(r.condition()).isNull();
        assertThat(r.conditionWording()).isNull();
        assertThat(r.sellerName()).isNull();
        assertThat(r.sellerType()).isEqualTo(SellerType.THIRD_PARTY);
        assertThat(r.sellerFeedbackScore()).isNull();
        assertThat(r.sellerFeedbackPercent()).isNull();
        assertThat(r.endsAt()).isNull();
        assertThat(r.location()).isNull();
    }

    @Test
    void leavesOutItemsWithoutATitleAndListsAnItemOnce() throws Exception {
        ItemSummaryReader.Results read = reader.read(fixture("search-page.json"), 0, 50, EbayBrowseSource.MAX_OFFSET);
        assertThat(read.results()).extracting(SearchResult::externalId).containsExactly("100000000001", "100000000002", "100000000003",
                "100000000004", "100000000005", "100000000006", "100000000007");
        assertThat(read.unreadable()).isEqualTo(1);
        assertThat(read.more()).as("next is given").isTrue();
    }

    @Test
    void morePagesOnlyWhileEbayGivesNextAndTheOffsetAllowsThem() throws Exception {
        assertThat(reader.read(fixture("search-last.json"), 50, 50, EbayBrowseSource.MAX_OFFSET).more()).isFalse();
        assertThat(reader.read(fixture("search-page.json"), 9_950, 50, EbayBrowseSource.MAX_OFFSET).more())
                .as("no offset beyond 9,999").isFalse();
        ItemSummaryReader.Results empty = reader.read(fixture("search-empty.json"), 0, 50, EbayBrowseSource.MAX_OFFSET);
        assertThat(empty.results()).isEmpty();
        assertThat(empty.more()).isFalse();
    }

    @Test
    void aForeignItemUrlIsNotTrusted() throws Exception {
        JsonNode page = JSON.readTree("""
                {"itemSummaries": [
                  {"legacyItemId": "100000000009", "title": "Optane 905P 480GB", "buyingOptions": ["FIXED_PRICE"],
                   "price": {"value": "0.00", "currency": "USD"}, "itemWebUrl": "https://evil.example/itm/100000000009"},
                  {"legacyItemId": "100000000010", "title": "Optane 905P 960GB", "buyingOptions": ["FIXED_PRICE"],
                   "price": {"value": "12x", "currency": "usd"}, "itemWebUrl": "https://www.ebay.com/itm/100000000999"}
                ]}""");
        List<SearchResult> results = reader.read(page, 0, 50, EbayBrowseSource.MAX_OFFSET).results();
        assertThat(results).extracting(SearchResult::url).containsExactly("https://www.ebay.com/itm/100000000009",
                "https://www.ebay.com/itm/100000000010");
        assertThat(results).extracting(SearchResult::price).as("no price of 0, nor an unreadable one").containsOnlyNulls();
    }

    @Test
    void anItemUrlWithDotSegmentsIsReadAsABrowserReadsIt() throws Exception {
        JsonNode page = JSON.readTree("""
                {"itemSummaries": [
                  {"legacyItemId": "100000000012", "title": "Optane 905P 480GB", "buyingOptions": ["FIXED_PRICE"],
                   "price": {"value": "99.00", "currency": "USD"}, "itemWebUrl": "https://www.ebay.com/itm/100000000012/../../signin"},
                  {"legacyItemId": "100000000013", "title": "Optane 905P 960GB", "buyingOptions": ["FIXED_PRICE"],
                   "price": {"value": "99.00", "currency": "USD"}, "itemWebUrl": "https://www.ebay.com/x/%2e%2e/itm/optane/100000000013"}
                ]}""");
        assertThat(reader.read(page, 0, 50, EbayBrowseSource.MAX_OFFSET).results()).extracting(SearchResult::url)
                .containsExactly("https://www.ebay.com/itm/100000000012", "https://www.ebay.com/itm/optane/100000000013");
    }

    @Test
    void anItemPricedInACodeNoPriceIsInHasNoPrice() throws Exception {
        for (String code : dev.drivecat.common.CurrenciesTest.NO_PRICES_CURRENCY) {
            JsonNode page = JSON.readTree("""
                    {"itemSummaries": [
                      {"legacyItemId": "100000000011", "title": "Optane 905P 480GB", "buyingOptions": ["FIXED_PRICE"],
                       "price": {"value": "4.99", "currency": "%s"}, "itemWebUrl": "https://www.ebay.com/itm/100000000011"}
                    ]}""".formatted(code));
            assertThat(reader.read(page, 0, 50, EbayBrowseSource.MAX_OFFSET).results()).as(code).extracting(SearchResult::price)
                    .containsOnlyNulls();
        }
    }

    @Test
    void anAnswerWithMoreItemsThanAskedForIsReadOnlyUpToTheLimit() throws Exception {
        StringBuilder items = new StringBuilder();
        for (int i = 0; i < 9_000; i++) {
            items.append(i == 0 ? "" : ",").append("{\"legacyItemId\": \"").append(200_000_000_000L + i)
                    .append("\", \"title\": \"Intel Optane P4800X 375GB\", \"buyingOptions\": [\"FIXED_PRICE\"]}");
        }
        ItemSummaryReader.Results read = reader.read(JSON.readTree("{\"itemSummaries\": [" + items + "]}"), 0, 50, 9_999);
        assertThat(read.results()).hasSize(50);
        assertThat(read.results().get(49).externalId()).isEqualTo("200000000049");
        assertThat(read.beyondLimit()).isEqualTo(8_950);
        assertThat(reader.read(fixture("search-page.json"), 0, 50, 9_999).beyondLimit()).isZero();
    }

    @Test
    void aPageThatIsNotTheDocumentedShapeIsUnreadable() throws Exception {
        assertThatThrownBy(() -> reader.read(JSON.readTree("[1, 2]"), 0, 50, 9_999)).isInstanceOf(ItemSummaryReader.Unreadable.class)
                .hasMessageContaining("not a JSON object");
        assertThatThrownBy(() -> reader.read(JSON.readTree("{\"itemSummaries\": {\"a\": 1}}"), 0, 50, 9_999))
                .hasMessageContaining("itemSummaries is not an array");
    }

    @Test
    void conditionIdsMapToConditionsAndForPartsToNone() {
        assertThat(EbayConditions.of("1000")).contains(Condition.NEW);
        assertThat(EbayConditions.of("1500")).contains(Condition.NEW);
        assertThat(EbayConditions.of("1750")).contains(Condition.NEW);
        for (String refurbished : List.of("2000", "2010", "2020", "2030", "2500")) {
            assertThat(EbayConditions.of(refurbished)).as(refurbished).contains(Condition.RENEWED);
        }
        for (String used : List.of("2750", "3000", "4000", "5000", "6000")) {
            assertThat(EbayConditions.of(used)).as(used).contains(Condition.USED);
        }
        assertThat(EbayConditions.of(EbayConditions.FOR_PARTS_OR_NOT_WORKING)).isEmpty();
        assertThat(EbayConditions.of("2990")).as("an id not listed").isEmpty();
        assertThat(EbayConditions.of(null)).isEmpty();
    }
}
