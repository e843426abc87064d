package dev.drivecat.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The change-detection rules, as a pure function of each listing's state at the window's two ends. */
class PriceChangeRulesTest {

    static final Instant SINCE = Instant.parse("2026-11-16T00:00:00Z");
    static final Instant UNTIL = Instant.parse("2026-11-23T00:00:00Z");
    static final PriceChangeRules.Window WEEK = new PriceChangeRules.Window(SINCE, UNTIL, Instant.parse("2026-11-30T08:00:00Z"),
            Duration.ofDays(7), new BigDecimal("2"));
    static final Instant BEFORE = Instant.parse("2026-11-15T10:00:00Z");
    static final Instant DURING = Instant.parse("2026-11-20T10:00:00Z");
    static final long DRIVE = 1;

    static PriceWindow.State priced(Instant at, String price) {
        return new PriceWindow.State(at, new BigDecimal(price), "USD", true, "Seller", SellerType.THIRD_PARTY, Condition.NEW);
    }

    static PriceWindow.State outOfStock(Instant at) {
        return new PriceWindow.State(at, null, "USD", false, "Seller", SellerType.THIRD_PARTY, Condition.NEW);
    }

    static PriceWindow listing(long id, PriceWindow.State start, PriceWindow.State end) {
        return new PriceWindow(id, DRIVE, "amazon-us", "L" + id, null, start, end, false);
    }

    static PriceWindow newListing(long id, PriceWindow.State end) {
        return new PriceWindow(id, DRIVE, "amazon-us", "L" + id, null, null, end, true);
    }

    static List<PriceChangeRules.Detected> detect(PriceWindow... listings) {
        return PriceChangeRules.detect(List.of(listings), Map.of(), WEEK);
    }

    @Test
    void reportsADropInTheBestInStockPriceWithAmountAndPercent() {
        List<PriceChangeRules.Detected> found = detect(listing(1, priced(BEFORE, "420.00"), priced(DURING, "370.00")));
        assertThat(found).singleElement().satisfies(d -> {
            assertThat(d.kinds()).containsExactly(ChangeKind.PRICE_DROP);
            assertThat(d.change()).isEqualByComparingTo("-50.00");
            assertThat(d.percent()).isEqualByComparingTo("-11.9");
            assertThat(d.before().state().price()).isEqualByComparingTo("420.00");
            assertThat(d.after().state().price()).isEqualByComparingTo("370.00");
        });
    }

    @Test
    void comparesTheBestOfferOfAGroupNotEachListing() {
        // the cheaper listing held its price: the best price did not move, whatever the dearer one did
        assertThat(detect(listing(1, priced(BEFORE, "300.00"), priced(DURING, "300.00")),
                listing(2, priced(BEFORE, "500.00"), priced(DURING, "400.00")))).isEmpty();
    }

    @Test
    void leavesOutMovesBelowTheThreshold() {
        assertThat(detect(listing(1, priced(BEFORE, "100.00"), priced(DURING, "98.50")))).isEmpty();
        assertThat(detect(listing(1, priced(BEFORE, "100.00"), priced(DURING, "98.00")))).singleElement()
                .satisfies(d -> assertThat(d.kinds()).containsExactly(ChangeKind.PRICE_DROP));
    }

    @Test
    void reportsARise() {
        assertThat(detect(listing(1, priced(BEFORE, "100.00"), priced(DURING, "110.00")))).singleElement()
                .satisfies(d -> assertThat(d.kinds()).containsExactly(ChangeKind.PRICE_RISE));
    }

    @Test
    void aListingNotReadWithinTheStaleAgeIsNoChangeAtEitherEnd() {
        // the cheap listing's last reading is 8 days before the window's end: not an out-of-stock, not a rise to $150
        PriceWindow stale = listing(1, priced(BEFORE, "100.00"), priced(BEFORE, "100.00"));
        PriceWindow fresh = listing(2, priced(BEFORE, "150.00"), priced(DURING, "150.00"));
        assertThat(detect(stale, fresh)).isEmpty();
        // nor is one whose start is unknown (its last reading before the window is too old)
        PriceWindow unknownStart = listing(3, priced(Instant.parse("2026-11-01T00:00:00Z"), "300.00"), priced(DURING, "120.00"));
        assertThat(detect(unknownStart, fresh)).isEmpty();
    }

    @Test
    void aWindowStillOpenIsJudgedAsOfNow() {
        PriceChangeRules.Window open = new PriceChangeRules.Window(SINCE, UNTIL, Instant.parse("2026-11-21T00:00:00Z"),
                Duration.ofDays(7), new BigDecimal("2"));
        // read on Nov 15: 6 days old now, so still known, though it would be 8 days old at the week's end
        List<PriceChangeRules.Detected> found = PriceChangeRules.detect(
                List.of(listing(1, priced(BEFORE, "100.00"), priced(DURING, "80.00")),
                        listing(2, priced(BEFORE, "90.00"), priced(BEFORE, "90.00"))), Map.of(), open);
        assertThat(found).singleElement().satisfies(d -> assertThat(d.after().state().price()).isEqualByComparingTo("80.00"));
    }

    @Test
    void backInStockWhenEveryOfferWasOutOfStockAndOneIsNowPriced() {
        assertThat(detect(listing(1, outOfStock(BEFORE), priced(DURING, "250.00")))).singleElement()
                .satisfies(d -> assertThat(d.kinds()).containsExactly(ChangeKind.BACK_IN_STOCK));
    }

    @Test
    void outOfStockWhenAnOfferWasPricedAndEveryOneIsNowOutOfStock() {
        assertThat(detect(listing(1, priced(BEFORE, "250.00"), outOfStock(DURING)))).singleElement()
                .satisfies(d -> assertThat(d.kinds()).containsExactly(ChangeKind.OUT_OF_STOCK));
        // an in-stock listing with no price shown is not "out of stock"
        PriceWindow.State hidden = new PriceWindow.State(DURING, null, "USD", true, "Seller", SellerType.THIRD_PARTY, Condition.NEW);
        assertThat(detect(listing(1, priced(BEFORE, "250.00"), hidden))).isEmpty();
    }

    @Test
    void aNewListingInStockIsReportedWhenItsKindHadNoOfferBefore() {
        assertThat(detect(newListing(1, priced(DURING, "99.00")))).singleElement().satisfies(d -> {
            assertThat(d.kinds()).containsExactly(ChangeKind.NEW_LISTING);
            assertThat(d.newListings()).isEqualTo(1);
        });
        // a new listing that undercuts the existing offer is a price drop, counted as new
        assertThat(detect(listing(1, priced(BEFORE, "100.00"), priced(DURING, "100.00")), newListing(2, priced(DURING, "80.00"))))
                .singleElement().satisfies(d -> {
                    assertThat(d.kinds()).containsExactly(ChangeKind.PRICE_DROP);
                    assertThat(d.newListings()).isEqualTo(1);
                });
    }

    @Test
    void aSellerTypeThatHadNoOfferInStockIsNew() {
        PriceWindow thirdParty = listing(1, priced(BEFORE, "400.00"), priced(DURING, "400.00"));
        PriceWindow marketplace = new PriceWindow(2, DRIVE, "amazon-us", "L2", null, null,
                new PriceWindow.State(DURING, new BigDecimal("380.00"), "USD", true, "Amazon.com", SellerType.MARKETPLACE, Condition.NEW),
                true);
        assertThat(detect(thirdParty, marketplace)).singleElement().satisfies(d -> {
            assertThat(d.group().sellerType()).isEqualTo(SellerType.MARKETPLACE);
            assertThat(d.kinds()).containsExactly(ChangeKind.NEW_SELLER_TYPE, ChangeKind.NEW_LISTING);
        });
    }

    @Test
    void flagsANewLowOnlyBelowEveryPriceOfTheLookBack() {
        ChangeGroup group = new ChangeGroup(DRIVE, "USD", Condition.NEW, SellerType.THIRD_PARTY);
        PriceWindow drop = listing(1, priced(BEFORE, "420.00"), priced(DURING, "370.00"));
        assertThat(PriceChangeRules.detect(List.of(drop), Map.of(group, new BigDecimal("380.00")), WEEK)).singleElement()
                .satisfies(d -> assertThat(d.kinds()).containsExactly(ChangeKind.PRICE_DROP, ChangeKind.NEW_LOW));
        assertThat(PriceChangeRules.detect(List.of(drop), Map.of(group, new BigDecimal("350.00")), WEEK)).singleElement()
                .satisfies(d -> assertThat(d.kinds()).containsExactly(ChangeKind.PRICE_DROP));
        // a new low by a move that is noise is no change
        PriceWindow tiny = listing(1, priced(BEFORE, "381.00"), priced(DURING, "379.00"));
        assertThat(PriceChangeRules.detect(List.of(tiny), Map.of(group, new BigDecimal("380.00")), WEEK)).isEmpty();
    }

    @Test
    void comparesPricesOnlyWithinOneCurrency() {
        PriceWindow usd = listing(1, priced(BEFORE, "100.00"), priced(DURING, "100.00"));
        PriceWindow eur = new PriceWindow(2, DRIVE, "amazon-de", "L2", null,
                new PriceWindow.State(BEFORE, new BigDecimal("90.00"), "EUR", true, "S", SellerType.THIRD_PARTY, Condition.NEW),
                new PriceWindow.State(DURING, null, "EUR", false, "S", SellerType.THIRD_PARTY, Condition.NEW), false);
        // were currencies mixed, the best price would "rise" from 90 to 100; it is the euro offer that went
        assertThat(detect(usd, eur)).singleElement().satisfies(d -> {
            assertThat(d.group().currency()).isEqualTo("EUR");
            assertThat(d.kinds()).containsExactly(ChangeKind.OUT_OF_STOCK);
        });
    }

    @Test
    void keepsConditionsApart() {
        PriceWindow used = new PriceWindow(1, DRIVE, "ebay-us", "L1", null,
                new PriceWindow.State(BEFORE, new BigDecimal("150.00"), "USD", true, "S", SellerType.THIRD_PARTY, Condition.USED),
                new PriceWindow.State(DURING, new BigDecimal("120.00"), "USD", true, "S", SellerType.THIRD_PARTY, Condition.USED), false);
        PriceWindow fresh = listing(2, priced(BEFORE, "300.00"), priced(DURING, "300.00"));
        assertThat(detect(used, fresh)).singleElement().satisfies(d -> {
            assertThat(d.group().condition()).isEqualTo(Condition.USED);
            assertThat(d.percent()).isEqualByComparingTo("-20.0");
        });
    }

    @Test
    void aSubscribersHigherThresholdDropsSmallMovesButKeepsStockNews() {
        assertThat(PriceChangeRules.atLeast(List.of(ChangeKind.PRICE_DROP), new BigDecimal("-3.0"), new BigDecimal("5"))).isEmpty();
        assertThat(PriceChangeRules.atLeast(List.of(ChangeKind.PRICE_DROP, ChangeKind.NEW_LOW), new BigDecimal("-3.0"), new BigDecimal("5")))
                .isEmpty();
        assertThat(PriceChangeRules.atLeast(List.of(ChangeKind.PRICE_DROP), new BigDecimal("-6.0"), new BigDecimal("5")))
                .contains(List.of(ChangeKind.PRICE_DROP));
        assertThat(PriceChangeRules.atLeast(List.of(ChangeKind.PRICE_DROP, ChangeKind.NEW_SELLER_TYPE), new BigDecimal("-3.0"),
                new BigDecimal("5"))).contains(List.of(ChangeKind.NEW_SELLER_TYPE));
        assertThat(PriceChangeRules.atLeast(List.of(ChangeKind.BACK_IN_STOCK), null, new BigDecimal("5")))
                .contains(List.of(ChangeKind.BACK_IN_STOCK));
    }
}
