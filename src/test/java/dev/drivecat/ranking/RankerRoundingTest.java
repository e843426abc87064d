package dev.drivecat.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Scores and shown figures are rounded half up as their decimal values read, fast or not. */
class RankerRoundingTest {

    private static double decimal(double v, int places) {
        return BigDecimal.valueOf(v).setScale(places, RoundingMode.HALF_UP).doubleValue();
    }

    @Test
    void roundingInDoublesAgreesWithDecimalRoundingOnRandomValuesAndExactTies() {
        Random random = new Random(12);
        for (int i = 0; i < 200_000; i++) {
            double v = random.nextInt(4) == 0 ? random.nextInt(200_000) / 2000.0 // many exact and near ties
                    : random.nextDouble() * Math.pow(10, random.nextInt(7) - 2);
            for (int places = 1; places <= 3; places++) {
                assertThat(Ranker.round(v, places)).as("%s to %d places", v, places).isEqualTo(decimal(v, places));
            }
        }
    }

    @Test
    void tiesRoundUpAsTheDecimalReadsNotAsTheBinaryValueLies() {
        // 0.15, 2.675 and 1.005 are a hair below their decimals in binary; half up on the decimal gives 0.2, 2.68, 1.01
        assertThat(Ranker.round(0.15, 1)).isEqualTo(0.2);
        assertThat(Ranker.round(2.675, 2)).isEqualTo(2.68);
        assertThat(Ranker.round(1.005, 2)).isEqualTo(1.01);
        assertThat(Ranker.round(88.25, 1)).isEqualTo(88.3);
    }
}
