package dev.drivecat.scraping;

import static dev.drivecat.scraping.Pages.featured;
import static dev.drivecat.scraping.Pages.offer;
import static dev.drivecat.scraping.Pages.product;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import dev.drivecat.testing.RealFixtures;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The real saved pages in ../shared/fixtures/real/ (beside the project root; the system property
 * {@code real-fixtures} names another folder of the same shape, see {@link RealFixtures}). Every row of its
 * {@code pages.tsv} (columns: file, url, expect, price, currency, sellerType, condition) must read
 * to the values the row states, so a page added there is checked without a code change; the
 * tests below pin the traps SOURCES.md describes for particular pages. The pages are read in
 * place, never copied into the repository; without the folder (a fresh clone) these tests are
 * skipped, saying where they looked.
 */
class RealPagesConformanceTest {

    private static final Path REAL = RealFixtures.root();

    @BeforeAll
    static void requireTheSharedRealPages() {
        assumeTrue(Files.isRegularFile(REAL.resolve("pages.tsv")),
                "skipped: no real pages at " + REAL.toAbsolutePath().normalize() + " (they live beside the project in"
                        + " ../shared/fixtures/real, not in it; -Dreal-fixtures=<folder> names another folder)");
    }

    /** One row of pages.tsv. */
    record ListedPage(String file, String url, String expect, String price, String currency, String sellerType,
            String condition) {

        @Override
        public String toString() {
            return file + " (" + expect + (price == null ? "" : " " + price + " " + currency) + ")";
        }
    }

    static Stream<ListedPage> listedPages() throws IOException {
        List<ListedPage> rows = new ArrayList<>();
        for (String line : Files.readAllLines(REAL.resolve("pages.tsv"), StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] c = line.split("\t", -1);
            rows.add(new ListedPage(c[0], c[1], c[2], column(c, 3), column(c, 4), column(c, 5), column(c, 6)));
        }
        return rows.stream();
    }

    private static String column(String[] columns, int i) {
        return i < columns.length && !columns[i].isBlank() ? columns[i].trim() : null;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("listedPages")
    void everyListedPageReadsToItsStatedValues(ListedPage row) {
        PageParse parse = page(row.file(), row.url());

        switch (row.expect()) {
            case "blocked" -> assertThat(parse).as("a robot check").isInstanceOf(PageParse.Blocked.class);
            case "nooffer" -> assertThat(parse).as("nothing to buy: no offer, or an offer with no price that is out of stock")
                    .satisfiesAnyOf(p -> assertThat(p).isInstanceOf(PageParse.NoOffer.class),
                            p -> assertThat(featured(p)).satisfies(o -> {
                                assertThat(o.price()).as("price").isNull();
                                assertThat(o.inStock()).as("in stock").isFalse();
                            }));
            case "offer" -> {
                ParsedOffer offer = featured(parse);
                assertThat(offer.price()).as("price").isEqualByComparingTo(row.price());
                assertThat(offer.currency()).as("currency").isEqualTo(row.currency());
                assertThat(offer.sellerType()).as("seller type")
                        .isEqualTo(row.sellerType() == null ? null : SellerType.valueOf(row.sellerType()));
                assertThat(offer.condition()).as("condition")
                        .isEqualTo(row.condition() == null ? null : Condition.valueOf(row.condition()));
            }
            default -> throw new AssertionError("pages.tsv: expect '" + row.expect() + "' is not offer, nooffer or blocked");
        }
    }

    private static PageParse page(String file, String url) {
        Path path = REAL.resolve(file);
        assumeTrue(Files.isRegularFile(path), "skipped: " + path + " is not there");
        return Pages.file(path, url);
    }

    private static void assertOffer(ParsedOffer offer, String price, String currency, String seller, SellerType type,
            Boolean fulfilled, Condition condition, String availability) {
        if (price == null) {
            assertThat(offer.price()).as("price").isNull();
        } else {
            assertThat(offer.price()).as("price").isEqualByComparingTo(price);
            assertThat(offer.currency()).as("currency").isEqualTo(currency);
            assertThat(offer.inStock()).as("a priced offer says whether it is in stock").isNotNull();
        }
        assertThat(offer.sellerName()).as("seller").isEqualTo(seller);
        assertThat(offer.sellerType()).as("seller type").isEqualTo(type);
        assertThat(offer.fulfilledByMarketplace()).as("fulfilled by marketplace").isEqualTo(fulfilled);
        assertThat(offer.condition()).as("condition").isEqualTo(condition);
        assertThat(offer.availability()).as("availability").isEqualTo(availability);
    }

    private static void assertNoPriceAmong(PageParse parse, String... prices) {
        for (ParsedOffer offer : product(parse).offers()) {
            for (String trap : prices) {
                assertThat(offer.price()).as("offer %s must not take %s", offer.offerKey(), trap)
                        .satisfiesAnyOf(p -> assertThat(p).isNull(),
                                p -> assertThat(p.compareTo(new BigDecimal(trap))).isNotZero());
                assertThat(offer.memberPrice()).as("member price of %s", offer.offerKey())
                        .satisfiesAnyOf(p -> assertThat(p).isNull(),
                                p -> assertThat(p.compareTo(new BigDecimal(trap))).isNotZero());
            }
        }
    }

    // ---- Amazon ----

    @Test
    void robotCheckPageIsBlockedWithNoPrice() {
        PageParse parse = page("amazon/captcha-robot-check-com-2024.html", "https://www.amazon.com/dp/B07G2L3JMM");

        assertThat(parse).isInstanceOf(PageParse.Blocked.class);
    }

    @Test
    void oldPriceblockLayoutThirdPartyFulfilledByAmazon() {
        PageParse parse = page("amazon/product-com-2019-3p-fba-led-sconce.html", "https://www.amazon.com/dp/B07G2L3JMM");

        assertThat(product(parse).externalId()).isEqualTo("B07G2L3JMM");
        assertOffer(featured(parse), "29.99", "USD", "Direct ChangM", SellerType.THIRD_PARTY, true, Condition.NEW,
                "In Stock.");
    }

    @Test
    void oldLayoutShipsFromAndSoldByAmazonIgnoringThePerPackPrice() {
        PageParse parse = page("amazon/product-com-2021-sold-by-amazon-gorilla-tape.html",
                "https://www.amazon.com/dp/B00N150YS4");

        assertThat(product(parse).externalId()).isEqualTo("B00N150YS4");
        assertOffer(featured(parse), "12.48", "USD", "Amazon.com", SellerType.MARKETPLACE, true, Condition.NEW,
                "In Stock.");
        assertNoPriceAmong(parse, "6.24");
    }

    @Test
    void tabularShipsFromSoldByAmazonAndBusinessInTheTitleIsNotAmazonBusiness() {
        PageParse parse = page("amazon/product-com-2025-sold-by-amazon-tshirt.html",
                "https://www.amazon.com/dp/B07FNW9FGJ");

        assertThat(product(parse).externalId()).isEqualTo("B07FNW9FGJ");
        assertThat(product(parse).title()).contains("Business");
        assertOffer(featured(parse), "15.99", "USD", "Amazon.com", SellerType.MARKETPLACE, true, Condition.NEW,
                "In Stock");
        assertThat(featured(parse).businessOnly()).isFalse();
    }

    @Test
    void selectedVariationThirdPartyFbaIgnoringAmazonGlobalShippingAndFees() {
        PageParse parse = page("amazon/product-com-2025-3p-fba-patch-cables.html",
                "https://www.amazon.com/Flat-Patch-Guitar-Effects-Cables/dp/B09CSFFHYF");

        assertThat(product(parse).externalId()).as("input#ASIN, not the canonical parent").isEqualTo("B0CVCV33BG");
        assertOffer(featured(parse), "17.95", "USD", "Coda Music Tech", SellerType.THIRD_PARTY, true, Condition.NEW,
                "In Stock");
        assertNoPriceAmong(parse, "8.88", "0.00", "26.83");
    }

    @Test
    void primeExclusivePriceIsTheMemberPriceAndTheRegularPriceIsThePrice() {
        PageParse parse = page("amazon/product-com-2026-3p-fba-prime-exclusive-price-power-bank.html",
                "https://www.amazon.com/dp/B0DR8G428S");

        assertThat(product(parse).externalId()).isEqualTo("B0DR8G428S");
        ParsedOffer offer = featured(parse);
        assertOffer(offer, "45.99", "USD", "Chen Ying Ke Ji", SellerType.THIRD_PARTY, true, Condition.NEW, "In Stock");
        assertThat(offer.memberPrice()).isEqualByComparingTo("35.99");
        assertThat(product(parse).offers()).hasSize(1);
    }

    @Test
    void undeliverablePageIsNoOfferDespiteCarouselPrices() {
        PageParse parse = page("amazon/product-com-2026-undeliverable-no-offer-poker-chips.html",
                "https://www.amazon.com/dp/B0823MDHDJ");

        assertThat(parse).isInstanceOf(PageParse.NoOffer.class);
        PageParse.NoOffer noOffer = (PageParse.NoOffer) parse;
        assertThat(noOffer.kind()).isEqualTo(PageParse.NoOfferKind.UNDELIVERABLE);
        assertThat(noOffer.externalId()).isEqualTo("B0823MDHDJ");
        assertThat(noOffer.reason()).startsWith("This item cannot be shipped to your selected delivery location.");
    }

    @Test
    void renewedTiersEachAnOfferWithItsSellerAndShipper() {
        PageParse parse = page("amazon/product-com-2023-renewed-tiers-iphone11.trimmed.html",
                "https://www.amazon.com/dp/B07ZPKN6YR");

        assertThat(product(parse).externalId()).isEqualTo("B07ZPKN6YR");
        assertThat(product(parse).offers()).extracting(ParsedOffer::offerKey)
                .containsExactly("featured", "renewed-good", "renewed-acceptable");
        assertOffer(featured(parse), "260.00", "USD", "ELECTRONIC DEALS", SellerType.THIRD_PARTY, true,
                Condition.RENEWED, null);
        assertThat(featured(parse).conditionWording()).isEqualTo("Excellent condition (Refurbished)");
        assertOffer(offer(parse, "renewed-good"), "229.99", "USD", "Kojak Sales", SellerType.THIRD_PARTY, false,
                Condition.RENEWED, "In Stock");
        assertOffer(offer(parse, "renewed-acceptable"), "215.00", "USD", "MOBILESUPPLY", SellerType.THIRD_PARTY, false,
                Condition.RENEWED, "In Stock");
        assertNoPriceAmong(parse, "307.95", "47.95", "238.00", "43.71", "57.82");
    }

    @Test
    void hiddenPricesForTheNewMerchantOfferAndTheAmazonWarehouseUsedOffer() {
        PageParse parse = page(
                "amazon/product-com-2024-hidden-price-3p-mfn-plus-warehouse-used-sandisk-microsd.trimmed.html",
                "https://www.amazon.com/dp/B07P4HBRMV");

        assertThat(product(parse).externalId()).isEqualTo("B07P4HBRMV");
        assertThat(product(parse).offers()).extracting(ParsedOffer::offerKey).containsExactly("featured", "used");
        assertOffer(featured(parse), null, null, "CWP Online", SellerType.THIRD_PARTY, false, Condition.NEW, null);
        ParsedOffer used = offer(parse, "used");
        assertOffer(used, null, null, "Amazon Warehouse", SellerType.MARKETPLACE, true, Condition.USED, null);
        assertThat(used.conditionWording()).isEqualTo("Used - Very Good");
        assertNoPriceAmong(parse, "22.44");
    }

    @Test
    void germanMerchantFulfilledThirdPartyIgnoringThePricePerKilo() {
        PageParse parse = page("amazon/product-de-2022-3p-merchant-fulfilled-shave-cream.html",
                "https://www.amazon.de/dp/000004458X");

        assertThat(product(parse).externalId()).isEqualTo("000004458X");
        assertOffer(featured(parse), "8.00", "EUR", "Merc Enterprises", SellerType.THIRD_PARTY, false, Condition.NEW,
                "Gewöhnlich versandfertig in 2 bis 3 Tagen.");
        assertNoPriceAmong(parse, "57.14");
    }

    @Test
    void spanishAmazonNewOfferAndAmazonSegundaManoUsedOffer() {
        PageParse parse = page("amazon/product-es-2025-sold-by-amazon-plus-used-offer-speakers.html",
                "https://www.amazon.es/dp/B07JH148DF");

        assertThat(product(parse).externalId()).isEqualTo("B07JH148DF");
        assertThat(product(parse).offers()).extracting(ParsedOffer::offerKey).containsExactly("featured", "used");
        assertOffer(featured(parse), "52.41", "EUR", "Amazon", SellerType.MARKETPLACE, true, Condition.NEW, "En stock");
        ParsedOffer used = offer(parse, "used");
        assertOffer(used, "42.98", "EUR", "Amazon Segunda mano", SellerType.MARKETPLACE, true, Condition.USED,
                "Sólo queda(n) 1 en stock.");
        assertThat(used.conditionWording()).containsIgnoringCase("Muy bueno");
        assertNoPriceAmong(parse, "26.21", "21.49", "66.11", "52.01", "51.68");
    }

    @Test
    void spanishSeeAllBuyingOptionsOnlyIsNoFeaturedOffer() {
        PageParse parse = page("amazon/product-es-2024-no-featured-offer-window-robot.html",
                "https://www.amazon.es/dp/B01MUGXRT9");

        assertThat(parse).isInstanceOf(PageParse.NoOffer.class);
        assertThat(((PageParse.NoOffer) parse).kind()).isEqualTo(PageParse.NoOfferKind.NO_FEATURED_OFFER);
        assertThat(((PageParse.NoOffer) parse).externalId()).isEqualTo("B01MUGXRT9");
    }

    @Test
    void britishUsedOnlyBuyBoxWithDelivery() {
        PageParse parse = page("amazon/product-co-uk-2024-used-only-book.html", "https://www.amazon.co.uk/dp/1849757097");

        assertThat(product(parse).externalId()).isEqualTo("1849757097");
        assertThat(product(parse).offers()).hasSize(1);
        ParsedOffer offer = featured(parse);
        assertOffer(offer, "4.45", "GBP", "Goldstone-Books", SellerType.THIRD_PARTY, false, Condition.USED, null);
        assertThat(offer.conditionWording()).isEqualTo("Used: Good");
        assertThat(offer.shipping()).isEqualByComparingTo("3.99");
    }

    @Test
    void indianCurrentlyUnavailableIsOutOfStockWithoutPriceOrSeller() {
        PageParse parse = page("amazon/product-in-2025-currently-unavailable-iphone13.html",
                "https://www.amazon.in/dp/B09V4B6K53");

        assertThat(product(parse).externalId()).isEqualTo("B09V4B6K53");
        assertThat(product(parse).offers()).hasSize(1);
        ParsedOffer offer = featured(parse);
        assertOffer(offer, null, null, null, null, null, null,
                "Currently unavailable. We don't know when or if this item will be back in stock.");
        assertThat(offer.inStock()).isFalse();
    }

    @Test
    void indianMerchantInfoSentenceThirdPartyFulfilledByAmazon() {
        PageParse parse = page("amazon/product-in-2023-3p-fba-merchant-info-microfiber.html",
                "https://www.amazon.in/dp/B09RWTYMCF");

        assertThat(product(parse).externalId()).isEqualTo("B09RWTYMCF");
        assertOffer(featured(parse), "499.00", "INR", "ShineXPro", SellerType.THIRD_PARTY, true, Condition.NEW,
                "In stock");
        assertNoPriceAmong(parse, "549");
    }

    @Test
    void brazilianSoldByAmazonWithCommaDecimals() {
        PageParse parse = page("amazon/product-com-br-2025-sold-by-amazon-ryzen-9600x.html",
                "https://www.amazon.com.br/dp/B0D6NN6TM7");

        assertThat(product(parse).externalId()).isEqualTo("B0D6NN6TM7");
        assertOffer(featured(parse), "1499.99", "BRL", "Amazon.com.br", SellerType.MARKETPLACE, true, Condition.NEW,
                "Em estoque");
        assertNoPriceAmong(parse, "1645.19", "164.60");
    }

    @Test
    void frenchMergedShipperSellerRowAndEmptyFirstOffscreen() {
        PageParse parse = page("amazon/product-fr-2026-sold-by-amazon-hardcover-book.html",
                "https://www.amazon.fr/dp/0241401127");

        assertThat(product(parse).externalId()).isEqualTo("0241401127");
        assertOffer(featured(parse), "33.69", "EUR", "Amazon", SellerType.MARKETPLACE, true, Condition.NEW, "En stock");
        assertNoPriceAmong(parse, "40.13");
    }

    static Stream<ListedPage> amazonOffers() throws IOException {
        return listedPages().filter(row -> row.expect().equals("offer") && row.url().contains(".amazon."));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("amazonOffers")
    void noRealAmazonPageHasABusinessOnlyOffer(ListedPage row) {
        List<ParsedOffer> offers = product(page(row.file(), row.url())).offers();

        assertThat(offers).isNotEmpty().noneMatch(ParsedOffer::businessOnly);
    }

    // ---- eBay ----

    @Test
    void ebayBuyItNowInEurosNotTheUsdConversionOrJsonLd() {
        PageParse parse = page("ebay/item-com-2025-new-bin-eur-rtx5090.html", "https://www.ebay.com/itm/226771798286");

        assertThat(product(parse).externalId()).isEqualTo("226771798286");
        ParsedOffer offer = featured(parse);
        assertOffer(offer, "3500.00", "EUR", "salomon0651", SellerType.THIRD_PARTY, null, Condition.NEW, null);
        assertThat(offer.conditionWording()).isEqualTo("New");
        assertThat(offer.bestOfferAccepted()).isFalse();
        assertThat(offer.shipping()).isEqualByComparingTo("150.00");
        assertNoPriceAmong(parse, "3971.45", "170.21");
    }

    @Test
    void ebayProductPageTakesTheFeaturedListingNotTheOtherJsonLdOffer() {
        PageParse parse = page("ebay/item-com-2026-used-bin-hp423a.html", "https://www.ebay.com/p/1701411334");

        assertThat(product(parse).externalId()).isEqualTo("298293090902");
        ParsedOffer offer = featured(parse);
        assertOffer(offer, "29.99", "USD", "DISCOFRIEND", SellerType.THIRD_PARTY, null, Condition.USED, null);
        assertThat(offer.conditionWording()).isEqualTo("Used");
        assertThat(offer.bestOfferAccepted()).isFalse();
        assertNoPriceAmong(parse, "69.95");
    }

    @Test
    void ebayGermanBestOfferFromAPrivateSeller() {
        PageParse parse = page("ebay/item-de-2026-new-best-offer-private-seller-lego.html",
                "https://www.ebay.de/itm/198187151691");

        assertThat(product(parse).externalId()).isEqualTo("198187151691");
        ParsedOffer offer = featured(parse);
        assertOffer(offer, "164.00", "EUR", "richiengel", SellerType.THIRD_PARTY, null, Condition.NEW, null);
        assertThat(offer.conditionWording()).isEqualTo("Neu");
        assertThat(offer.bestOfferAccepted()).isTrue();
        assertThat(offer.privateSeller()).isTrue();
        assertThat(offer.shipping()).isEqualByComparingTo("6.19");
        assertNoPriceAmong(parse, "14.67");
    }

    // ---- Newegg ----

    @Test
    void neweggSoldAndShippedByNeweggIgnoringAnotherItemsAndTheWasPrice() {
        PageParse parse = page("newegg/product-2024-sold-by-newegg-lg-27gn950.html",
                "https://www.newegg.com/lg-27gn950-b-27-uhd-144-hz-ultragear-nano-ips-black/p/N82E16824026052");

        assertThat(product(parse).externalId()).isEqualTo("N82E16824026052");
        ParsedOffer offer = featured(parse);
        assertOffer(offer, "499.99", "USD", "Newegg", SellerType.MARKETPLACE, true, Condition.NEW, "Add to cart");
        assertThat(offer.inStock()).isTrue();
        assertNoPriceAmong(parse, "379.99", "529.00", "29.01");
    }
}
