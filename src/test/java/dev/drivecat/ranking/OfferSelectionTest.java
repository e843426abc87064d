package dev.drivecat.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.Offer;
import dev.drivecat.pricing.SellerType;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which offer a drive is ranked at, and what a set of drives costs. */
class OfferSelectionTest {

    static Offer offer(String externalId, String price, String shipping, String observedAt) {
        return offer(externalId, price, shipping, observedAt, null);
    }

    static Offer offer(String externalId, String price, String shipping, String observedAt, String availability) {
        return new Offer("acme-x1-400gb-u2", "amazon-us", externalId, null, null, SellerType.THIRD_PARTY, null, Condition.NEW, false,
                new BigDecimal(price), null, "USD", shipping == null ? null : new BigDecimal(shipping), null, true, availability,
                Instant.parse(observedAt), 0, false);
    }

    static final Offer CHEAP_WITH_SHIPPING = offer("B", "90.00", "20.00", "2026-11-20T00:00:00Z");
    static final Offer CHEAPEST_OLDER = offer("C", "100.00", null, "2026-11-19T00:00:00Z");
    static final Offer CHEAPEST_NEWER = offer("D", "100.00", null, "2026-11-21T00:00:00Z");
    static final Offer DEAR = offer("A", "150.00", null, "2026-11-21T00:00:00Z");

    @Test
    void oneDriveTakesTheCheapestDeliveredOfferThenTheNewestWhateverTheOrderGiven() {
        for (List<Offer> order : List.of(List.of(DEAR, CHEAP_WITH_SHIPPING, CHEAPEST_OLDER, CHEAPEST_NEWER),
                List.of(CHEAPEST_NEWER, CHEAPEST_OLDER, CHEAP_WITH_SHIPPING, DEAR),
                List.of(CHEAPEST_OLDER, DEAR, CHEAPEST_NEWER, CHEAP_WITH_SHIPPING))) {
            OfferSelection.Choice c = OfferSelection.choose(order, OfferSelection.Filter.of(RankingModelTest.query("role", "slog"), 1));
            assertThat(c.best()).as("from %s", order.stream().map(Offer::externalId).toList()).isEqualTo(CHEAPEST_NEWER);
            assertThat(c.unitPrice()).isEqualByComparingTo("100.00");
        }
    }

    @Test
    void aSetIsBoughtFromTheCheapestOffersUpWhatEachHasLeft() {
        Offer twoLeftAt100 = offer("F", "100.00", null, "2026-11-21T00:00:00Z", "Only 2 left in stock");
        Offer oneLeftAt120 = offer("G", "120.00", null, "2026-11-21T00:00:00Z", "Only 1 left in stock");
        List<Offer> offers = List.of(DEAR, oneLeftAt120, twoLeftAt100);
        OfferSelection.Choice set = OfferSelection.choose(offers, OfferSelection.Filter.of(RankingModelTest.query("role", "special"), 3));
        assertThat(set.best()).isEqualTo(twoLeftAt100);
        assertThat(set.setCost()).as("2 × 100 + 1 × 120, not the dearer offer given first").isEqualByComparingTo("320.00");
        assertThat(set.setCostBasis()).startsWith("2 × 100.00 USD").contains("1 × 120.00 USD");
    }
}
