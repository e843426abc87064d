package dev.drivecat.scraping;

import static dev.drivecat.scraping.Pages.featured;
import static dev.drivecat.scraping.Pages.fixture;
import static dev.drivecat.scraping.Pages.product;
import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import org.junit.jupiter.api.Test;

class NeweggParserTest {

    @Test
    void otherItemsAndWasPricesAreNeverTheOffer() {
        ParsedOffer offer = featured(fixture("newegg/sold-by-newegg.html",
                "https://www.newegg.com/intel-optane-p1600x-58gb/p/N82E16820167506"));

        assertThat(offer.price()).isEqualByComparingTo("59.99");
        assertThat(offer.currency()).isEqualTo("USD");
    }

    @Test
    void soldAndShippedByNeweggIsTheMarketplace() {
        PageParse parse = fixture("newegg/sold-by-newegg.html",
                "https://www.newegg.com/intel-optane-p1600x-58gb/p/N82E16820167506");
        ParsedOffer offer = featured(parse);

        assertThat(product(parse).externalId()).isEqualTo("N82E16820167506");
        assertThat(offer.sellerName()).isEqualTo("Newegg");
        assertThat(offer.sellerType()).isEqualTo(SellerType.MARKETPLACE);
        assertThat(offer.fulfilledByMarketplace()).isTrue();
        assertThat(offer.inStock()).isTrue();
        assertThat(offer.condition()).isEqualTo(Condition.NEW);
    }

    @Test
    void thirdPartyShippingItselfIsNotFulfilledByNewegg() {
        ParsedOffer offer = featured(fixture("newegg/third-party-seller.html", "https://www.newegg.com/p/9SIAB12C3D4567"));

        assertThat(offer.price()).isEqualByComparingTo("429.00");
        assertThat(offer.sellerName()).isEqualTo("Ridgeway Components");
        assertThat(offer.sellerType()).isEqualTo(SellerType.THIRD_PARTY);
        assertThat(offer.fulfilledByMarketplace()).isFalse();
        assertThat(offer.availability()).isEqualTo("In stock.");
    }

    @Test
    void outOfStockItemHasNoPrice() {
        ParsedOffer offer = featured(fixture("newegg/out-of-stock.html", "https://www.newegg.com/p/N82E16820167458"));

        assertThat(offer.price()).isNull();
        assertThat(offer.inStock()).isFalse();
        assertThat(offer.availability()).isEqualTo("OUT OF STOCK.");
    }

    @Test
    void aZeroPriceShownOnAnOutOfStockItemIsNoPrice() {
        ParsedOffer offer = featured(Pages.html(Pages.fixtureText("newegg/out-of-stock.html")
                .replace("<li class=\"price-current\"></li>", "<li class=\"price-current\">$<strong>0</strong><sup>.00</sup></li>"),
                "https://www.newegg.com/p/N82E16820167458"));

        assertThat(offer.price()).isNull();
        assertThat(offer.currency()).isNull();
        assertThat(offer.priceWording()).isNull();
        assertThat(offer.inStock()).isFalse();
    }
}
