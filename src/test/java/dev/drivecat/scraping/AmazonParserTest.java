package dev.drivecat.scraping;

import static dev.drivecat.scraping.Pages.featured;
import static dev.drivecat.scraping.Pages.fixture;
import static dev.drivecat.scraping.Pages.offer;
import static dev.drivecat.scraping.Pages.product;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class AmazonParserTest {

    private static final String US = "https://www.amazon.com/dp/";

    @Test
    void robotCheckIsBlockedNeverNoOfferOrOutOfStock() {
        PageParse parse = fixture("amazon/robot-check.html", US + "B0TESTP160");

        assertThat(parse).isInstanceOf(PageParse.Blocked.class);
        assertThat(((PageParse.Blocked) parse).reason()).contains("validateCaptcha");
    }

    @Test
    void robotCheckIsRecognisedByItsWordingAlone() {
        PageParse parse = fixture("amazon/robot-check-wording-only.html", "https://www.amazon.de/dp/B0TESTPM89");

        assertThat(parse).isInstanceOf(PageParse.Blocked.class);
    }

    @Test
    void pageThatIsNeitherProductNorRobotCheckFails() {
        PageParse parse = fixture("amazon/not-a-product-page.html", US + "B0TESTP160");

        assertThat(parse).isInstanceOf(PageParse.Failed.class);
        assertThat(((PageParse.Failed) parse).reason()).contains("no product title");
    }

    @Test
    void shipsFromAndSoldByAmazonIsTheMarketplaceAndFulfilsIt() {
        ParsedOffer offer = featured(fixture("amazon/sold-by-amazon.html", US + "B0TESTPARN"));

        assertThat(offer.price()).isEqualByComparingTo("74.99");
        assertThat(offer.currency()).isEqualTo("USD");
        assertThat(offer.sellerName()).isEqualTo("Amazon.com");
        assertThat(offer.sellerType()).isEqualTo(SellerType.MARKETPLACE);
        assertThat(offer.fulfilledByMarketplace()).isTrue();
        assertThat(offer.availability()).isEqualTo("In Stock");
        assertThat(offer.inStock()).isTrue();
        assertThat(offer.shipping()).isEqualByComparingTo("0");
    }

    @Test
    void aZeroPriceOnAnInStockFeaturedOfferFailsThePageAndIsNeverAPrice() {
        PageParse parse = Pages.html(Pages.fixtureText("amazon/sold-by-amazon.html").replace("$74.99", "$0.00")
                .replace("<span class=\"a-price-whole\">74", "<span class=\"a-price-whole\">0")
                .replace("<span class=\"a-price-fraction\">99", "<span class=\"a-price-fraction\">00"), US + "B0TESTPARN");

        assertThat(parse).isInstanceOf(PageParse.Failed.class);
        assertThat(((PageParse.Failed) parse).reason()).contains("'$0.00' is not a price above zero");
    }

    @Test
    void externalIdIsTheSelectedVariationsAsinNotTheParentInUrlOrCanonical() {
        PageParse.Product page = product(fixture("amazon/sold-by-amazon.html", US + "B0TESTPARN"));

        assertThat(page.externalId()).isEqualTo("B0TESTP160");
    }

    @Test
    void externalIdFallsBackToTheAsinInTheUrl() {
        PageParse.Product page = product(fixture("amazon/currently-unavailable.html",
                "https://www.amazon.in/Intel-Optane-P4801X/dp/B0TESTP481?th=1"));

        assertThat(page.externalId()).isEqualTo("B0TESTP481");
    }

    @Test
    void emptyBusinessBoxesDoNotMakeAnOfferBusinessOnly() {
        ParsedOffer offer = featured(fixture("amazon/sold-by-amazon.html", US + "B0TESTPARN"));

        assertThat(offer.businessOnly()).isFalse();
    }

    @Test
    void businessOnlyOfferIsFlagged() {
        ParsedOffer offer = featured(fixture("amazon/business-only.html", US + "B0TESTD5P5"));

        assertThat(offer.businessOnly()).isTrue();
        assertThat(offer.price()).isEqualByComparingTo("649.00");
    }

    @Test
    void thirdPartySoldAndFulfilledByAmazonIsThirdPartyWithFba() {
        ParsedOffer offer = featured(fixture("amazon/third-party-fba-legacy.html", US + "B0TEST905P"));

        assertThat(offer.price()).isEqualByComparingTo("389.00");
        assertThat(offer.sellerName()).isEqualTo("Nordwind Parts");
        assertThat(offer.sellerType()).isEqualTo(SellerType.THIRD_PARTY);
        assertThat(offer.fulfilledByMarketplace()).isTrue();
        assertThat(offer.inStock()).isTrue();
        assertThat(offer.availability()).isEqualTo("Only 2 left in stock - order soon.");
    }

    @Test
    void discontinuedDriveSoldNewByThirdPartyStaysNewForThePipelineToJudge() {
        ParsedOffer offer = featured(fixture("amazon/third-party-fba-legacy.html", US + "B0TEST905P"));

        assertThat(offer.condition()).isEqualTo(Condition.NEW);
        assertThat(offer.conditionWording()).isNull();
    }

    @Test
    void listingThatSaysNewOldStockIsNewOldStock() {
        ParsedOffer offer = featured(fixture("amazon/new-old-stock.html", US + "B0TESTS370"));

        assertThat(offer.condition()).isEqualTo(Condition.NEW_OLD_STOCK);
        assertThat(offer.sellerName()).isEqualTo("Bluefin Components");
        assertThat(offer.fulfilledByMarketplace()).isFalse();
    }

    @Test
    void merchantFulfilledThirdPartyIsNotFba() {
        ParsedOffer offer = featured(fixture("amazon/third-party-mfn-unit-price-de.html",
                "https://www.amazon.de/dp/B0TESTPM89"));

        assertThat(offer.sellerName()).isEqualTo("Kellerwerk GmbH");
        assertThat(offer.sellerType()).isEqualTo(SellerType.THIRD_PARTY);
        assertThat(offer.fulfilledByMarketplace()).isFalse();
        assertThat(offer.availability()).isEqualTo("Gewöhnlich versandfertig in 2 bis 3 Tagen.");
        assertThat(offer.inStock()).isTrue();
    }

    @Test
    void unitPricesAreNeverTheOffer() {
        ParsedOffer offer = featured(fixture("amazon/third-party-mfn-unit-price-de.html",
                "https://www.amazon.de/dp/B0TESTPM89"));

        assertThat(offer.price()).isEqualByComparingTo("298.00");
        assertThat(offer.currency()).isEqualTo("EUR");
        assertThat(offer.shipping()).isEqualByComparingTo("4.99");
    }

    @Test
    void takesRegularPriceNotPrimeOnlyPrice() {
        PageParse parse = fixture("amazon/prime-member-price.html", US + "B0TESTCD8P");
        ParsedOffer offer = featured(parse);

        assertThat(offer.price()).isEqualByComparingTo("249.99");
        assertThat(offer.memberPrice()).isEqualByComparingTo("199.99");
        assertThat(offer.sellerName()).isEqualTo("Halvorsen Data Supply");
        assertThat(offer.fulfilledByMarketplace()).isTrue();
        assertThat(product(parse).offers()).as("the Prime-only row is no offer of its own").hasSize(1);
    }

    @Test
    void joinPrimeMessageGivesTheMemberPriceBesideTheRegularPrice() {
        ParsedOffer offer = featured(fixture("amazon/join-prime-message.html", US + "B0TESTPM9B"));

        assertThat(offer.price()).isEqualByComparingTo("259.00");
        assertThat(offer.memberPrice()).isEqualByComparingTo("219.00");
    }

    @Test
    void carouselPricesAreNeverTheOffer() {
        PageParse parse = fixture("amazon/undeliverable-with-carousel.html", US + "B0TEST7450");

        assertThat(parse).isNotInstanceOf(PageParse.Product.class);
    }

    @Test
    void undeliverableWithoutBuyBoxIsNoOffer() {
        PageParse parse = fixture("amazon/undeliverable-with-carousel.html", US + "B0TEST7450");

        assertThat(parse).isInstanceOf(PageParse.NoOffer.class);
        PageParse.NoOffer noOffer = (PageParse.NoOffer) parse;
        assertThat(noOffer.kind()).isEqualTo(PageParse.NoOfferKind.UNDELIVERABLE);
        assertThat(noOffer.externalId()).isEqualTo("B0TEST7450");
        assertThat(noOffer.reason()).contains("cannot be shipped");
    }

    @Test
    void currentlyUnavailableIsAFeaturedOfferWithoutPriceAndOutOfStock() {
        PageParse parse = fixture("amazon/currently-unavailable.html", "https://www.amazon.in/dp/B0TESTP481");
        ParsedOffer offer = featured(parse);

        assertThat(product(parse).offers()).hasSize(1);
        assertThat(offer.price()).isNull();
        assertThat(offer.inStock()).isFalse();
        assertThat(offer.availability()).startsWith("Currently unavailable.");
        assertThat(offer.sellerName()).isNull();
    }

    @Test
    void seeAllBuyingOptionsOnlyIsNoFeaturedOffer() {
        PageParse parse = fixture("amazon/no-featured-offer-es.html", "https://www.amazon.es/dp/B0TESTP552");

        assertThat(parse).isInstanceOf(PageParse.NoOffer.class);
        assertThat(((PageParse.NoOffer) parse).kind()).isEqualTo(PageParse.NoOfferKind.NO_FEATURED_OFFER);
        assertThat(((PageParse.NoOffer) parse).externalId()).isEqualTo("B0TESTP552");
    }

    @Test
    void hiddenAddToCartPriceIsAnOfferWithoutPrice() {
        ParsedOffer offer = featured(fixture("amazon/hidden-price-with-used-row.html", US + "B0TESTSN70"));

        assertThat(offer.price()).isNull();
        assertThat(offer.currency()).isNull();
        assertThat(offer.sellerName()).isEqualTo("Pinecrest Storage");
        assertThat(offer.sellerType()).isEqualTo(SellerType.THIRD_PARTY);
        assertThat(offer.fulfilledByMarketplace()).isFalse();
        assertThat(offer.condition()).isEqualTo(Condition.NEW);
    }

    @Test
    void usedRowIsItsOwnOfferKeyedUsedAndAmazonWarehouseIsTheMarketplace() {
        ParsedOffer used = offer(fixture("amazon/hidden-price-with-used-row.html", US + "B0TESTSN70"), "used");

        assertThat(used.price()).isNull();
        assertThat(used.condition()).isEqualTo(Condition.USED);
        assertThat(used.conditionWording()).isEqualTo("Used - Very Good");
        assertThat(used.sellerName()).isEqualTo("Amazon Warehouse");
        assertThat(used.sellerType()).isEqualTo(SellerType.MARKETPLACE);
        assertThat(used.fulfilledByMarketplace()).isTrue();
    }

    @Test
    void aRowForPartsIsSetAsideAndTheOtherOffersStay() {
        String html = Pages.fixtureText("amazon/hidden-price-with-used-row.html").replace("Used - Very Good", "Used - Defective");

        PageParse.Product page = product(Pages.html(html, US + "B0TESTSN70"));

        assertThat(page.offers()).extracting(ParsedOffer::offerKey).containsExactly(ParsedOffer.FEATURED);
        assertThat(page.forParts()).containsExactly(new PageParse.ForParts("used", "the condition says \"Used - Defective\""));
        assertThat(page.forPartsReason()).isEqualTo("not priced, for parts or not working: offer used (the condition says \"Used - Defective\")");
    }

    @Test
    void merchantInfoInsideTheUsedRowDescribesOnlyTheUsedOffer() {
        PageParse parse = fixture("amazon/new-and-used-by-amazon-es.html", "https://www.amazon.es/dp/B0TESTT500");
        ParsedOffer featured = featured(parse);

        assertThat(featured.sellerName()).isEqualTo("Amazon");
        assertThat(featured.availability()).isEqualTo("En stock");
        assertThat(offer(parse, "used").sellerName()).isEqualTo("Amazon Segunda mano");
        assertThat(offer(parse, "used").availability()).isEqualTo("Sólo queda(n) 1 en stock.");
    }

    @Test
    void amazonsOwnUsedSellerIsTheMarketplace() {
        ParsedOffer used = offer(fixture("amazon/new-and-used-by-amazon-es.html", "https://www.amazon.es/dp/B0TESTT500"),
                "used");

        assertThat(used.sellerType()).isEqualTo(SellerType.MARKETPLACE);
        assertThat(used.fulfilledByMarketplace()).isTrue();
        assertThat(used.condition()).isEqualTo(Condition.USED);
        assertThat(used.conditionWording()).isEqualTo("usado – Muy bueno");
        assertThat(used.price()).isEqualByComparingTo("212.98");
    }

    @Test
    void pricePerTwoIsNeverTheOffer() {
        ParsedOffer offer = featured(fixture("amazon/new-and-used-by-amazon-es.html", "https://www.amazon.es/dp/B0TESTT500"));

        assertThat(offer.price()).isEqualByComparingTo("252.41");
        assertThat(offer.currency()).isEqualTo("EUR");
        assertThat(offer.sellerType()).isEqualTo(SellerType.MARKETPLACE);
        assertThat(offer.shipping()).isEqualByComparingTo("0");
    }

    @Test
    void renewedTiersAreOneOfferEachKeyedByTierName() {
        PageParse parse = fixture("amazon/renewed-tiers.html", US + "B0TESTP480");

        assertThat(product(parse).offers()).extracting(ParsedOffer::offerKey)
                .containsExactly("featured", "renewed-good", "renewed-acceptable");
        ParsedOffer featured = featured(parse);
        assertThat(featured.price()).isEqualByComparingTo("489.00");
        assertThat(featured.condition()).isEqualTo(Condition.RENEWED);
        assertThat(featured.conditionWording()).isEqualTo("Excellent condition (Refurbished)");
        assertThat(featured.sellerName()).isEqualTo("Sterling Refurb Co");
        assertThat(featured.fulfilledByMarketplace()).isTrue();
        ParsedOffer good = offer(parse, "renewed-good");
        assertThat(good.price()).isEqualByComparingTo("459.99");
        assertThat(good.sellerName()).isEqualTo("Tri-County Resellers");
        assertThat(good.fulfilledByMarketplace()).isFalse();
        assertThat(good.inStock()).isTrue();
        assertThat(offer(parse, "renewed-acceptable").price()).isEqualByComparingTo("430.00");
    }

    @Test
    void listPricesShippingAndImportFeesAreNeverTheOffer() {
        PageParse parse = fixture("amazon/renewed-tiers.html", US + "B0TESTP480");

        assertThat(product(parse).offers()).extracting(ParsedOffer::price)
                .noneMatch(p -> p.compareTo(new BigDecimal("1249.95")) == 0)
                .noneMatch(p -> p.compareTo(new BigDecimal("43.71")) == 0)
                .noneMatch(p -> p.compareTo(new BigDecimal("57.82")) == 0);
        assertThat(featured(parse).shipping()).isEqualByComparingTo("43.71");
    }

    @Test
    void emptyFirstOffscreenIsSkippedNotFilledWithTheListPrice() {
        ParsedOffer offer = featured(fixture("amazon/empty-first-offscreen-merged-seller-fr.html",
                "https://www.amazon.fr/dp/B0TESTPM9A"));

        assertThat(offer.price()).isEqualByComparingTo("233.69");
        assertThat(offer.currency()).isEqualTo("EUR");
    }

    @Test
    void mergedShipperSellerRowMeansAmazonShipsAndSells() {
        ParsedOffer offer = featured(fixture("amazon/empty-first-offscreen-merged-seller-fr.html",
                "https://www.amazon.fr/dp/B0TESTPM9A"));

        assertThat(offer.sellerName()).isEqualTo("Amazon");
        assertThat(offer.sellerType()).isEqualTo(SellerType.MARKETPLACE);
        assertThat(offer.fulfilledByMarketplace()).isTrue();
        assertThat(offer.availability()).isEqualTo("En stock");
    }

    @Test
    void usedOnlyBuyBoxIsAUsedFeaturedOfferWithItsDelivery() {
        ParsedOffer offer = featured(fixture("amazon/used-only-uk.html", "https://www.amazon.co.uk/dp/B0TESTS371"));

        assertThat(offer.price()).isEqualByComparingTo("44.45");
        assertThat(offer.currency()).isEqualTo("GBP");
        assertThat(offer.shipping()).isEqualByComparingTo("3.99");
        assertThat(offer.condition()).isEqualTo(Condition.USED);
        assertThat(offer.conditionWording()).isEqualTo("Used: Good");
        assertThat(offer.sellerName()).isEqualTo("Harbourside Surplus");
        assertThat(offer.fulfilledByMarketplace()).as("no Amazon fulfilment marker").isFalse();
    }

    @Test
    void featuredOfferWithoutAReadablePriceFailsRatherThanGuess() {
        PageParse parse = fixture("amazon/featured-offer-without-price.html", US + "B0TEST990P");

        assertThat(parse).isInstanceOf(PageParse.Failed.class);
        assertThat(((PageParse.Failed) parse).reason()).contains("shows no price");
    }

    @Test
    void priceTextThatIsNotOnePriceFailsTheParse() {
        PageParse parse = fixture("amazon/unreadable-price.html", US + "B0TEST990Q");

        assertThat(parse).isInstanceOf(PageParse.Failed.class);
        assertThat(((PageParse.Failed) parse).reason()).contains("$299.99 - $319.99");
    }
}
