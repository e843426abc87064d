package dev.drivecat.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.drivecat.pricing.SuspectPriceRule.PreviousPrice;
import java.math.BigDecimal;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SuspectPriceRuleTest {

    static final BigDecimal FACTOR = new BigDecimal("2.0");

    static Optional<BigDecimal> p(String v) {
        return Optional.of(new BigDecimal(v));
    }

    @Test
    void aNinetyNinePercentDropIsSuspect() {
        assertThat(SuspectPriceRule.isSuspect(p("4.20"), p("420.00"), Optional.of(new PreviousPrice(new BigDecimal("420.00"), false)), FACTOR))
                .isTrue();
    }

    @Test
    void aDoublingAndMoreIsSuspectToo() {
        assertThat(SuspectPriceRule.isSuspect(p("900.00"), p("420.00"), Optional.empty(), FACTOR)).isTrue();
    }

    @Test
    void anOrdinaryWeeklyMoveIsNotSuspect() {
        assertThat(SuspectPriceRule.isSuspect(p("380.00"), p("420.00"), Optional.empty(), FACTOR)).isFalse();
        assertThat(SuspectPriceRule.isSuspect(p("840.00"), p("420.00"), Optional.empty(), FACTOR)).isFalse();
    }

    @Test
    void theNextObservationNearTheSuspectPriceConfirmsTheMove() {
        Optional<PreviousPrice> suspectBefore = Optional.of(new PreviousPrice(new BigDecimal("199.00"), true));
        assertThat(SuspectPriceRule.isSuspect(p("195.00"), p("420.00"), suspectBefore, FACTOR)).isFalse();
    }

    @Test
    void aReturnToTheOldPriceAfterASuspectOneIsNotSuspect() {
        Optional<PreviousPrice> suspectBefore = Optional.of(new PreviousPrice(new BigDecimal("4.20"), true));
        assertThat(SuspectPriceRule.isSuspect(p("419.00"), p("420.00"), suspectBefore, FACTOR)).isFalse();
    }

    @Test
    void theFirstPriceOfAListingIsNeverSuspect() {
        assertThat(SuspectPriceRule.isSuspect(p("1.00"), Optional.empty(), Optional.empty(), FACTOR)).isFalse();
    }
}
