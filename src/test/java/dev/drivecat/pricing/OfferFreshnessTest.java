package dev.drivecat.pricing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How far ahead of a marketplace's limit the sweep removes an offer: the interval it runs at, read as the scheduler reads it. */
class OfferFreshnessTest {

    @Test
    void theSweepRemovesOffersOneIntervalAheadInEitherOfTheSchedulersNotations() {
        assertThat(OfferFreshness.ahead("5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(OfferFreshness.ahead("PT10M")).isEqualTo(Duration.ofMinutes(10));
        assertThat(OfferFreshness.ahead("90s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(OfferFreshness.ahead("1d")).isEqualTo(Duration.ofDays(1));
    }

    @Test
    void aSweepThatIsOffRemovesOnlyWhatIsPastItsLimit() {
        assertThat(OfferFreshness.ahead("off")).isZero();
        assertThat(OfferFreshness.ahead("disabled")).isZero();
    }

    @Test
    void anIntervalTheSchedulerCouldNotReadIsRefusedNamingTheSetting() {
        assertThatThrownBy(() -> OfferFreshness.ahead("often")).hasMessageContaining("drivecat.prices.freshness-sweep");
        assertThatThrownBy(() -> OfferFreshness.ahead(" ")).hasMessageContaining("drivecat.prices.freshness-sweep");
    }
}
