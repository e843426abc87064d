package dev.drivecat.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Figures written without Formatter read exactly as Formatter writes them. */
class DecimalsTest {

    private static double sample(Random random) {
        return switch (random.nextInt(5)) {
            case 0 -> random.nextInt(2_000_000) / 2000.0; // many exact and near ties at 1 to 3 places
            case 1 -> random.nextInt(100_000) + 0.5; // ties at no places
            case 2 -> random.nextLong(2_000_000_000L) / 1000.0; // up to the fast path's limit and past it
            default -> random.nextDouble() * Math.pow(10, random.nextInt(11) - 3);
        };
    }

    @Test
    void fixedWritesWhatFormatterWritesOnRandomValuesAndTies() {
        Random random = new Random(2026);
        for (int i = 0; i < 200_000; i++) {
            double v = sample(random);
            for (int places = 0; places <= 3; places++) {
                assertThat(Decimals.fixed(v, places)).as("%s to %d places", v, places)
                        .isEqualTo(String.format(Locale.ROOT, "%." + places + "f", v));
            }
        }
    }

    @Test
    void groupedWritesWhatFormatterWritesForWholeNumbers() {
        Random random = new Random(1202);
        for (int i = 0; i < 200_000; i++) {
            double v = sample(random);
            assertThat(Decimals.grouped(v)).as("%s", v).isEqualTo(String.format(Locale.ROOT, "%,.0f", v));
            long n = (long) (v * 7);
            assertThat(Decimals.grouped(n)).as("%d", n).isEqualTo(String.format(Locale.ROOT, "%,d", n));
        }
    }

    @Test
    void halvesRoundUpAsTheDecimalReadsNotAsTheBinaryValueLies() {
        assertThat(Decimals.fixed(0.15, 1)).isEqualTo("0.2");
        assertThat(Decimals.fixed(2.675, 2)).isEqualTo("2.68");
        assertThat(Decimals.fixed(1.005, 2)).isEqualTo("1.01");
        assertThat(Decimals.grouped(999_999.5)).isEqualTo("1,000,000");
        assertThat(Decimals.fixed(0.0004, 3)).isEqualTo("0.000");
        assertThat(Decimals.fixed(9.9996, 3)).isEqualTo("10.000");
        assertThat(Decimals.round(0.15, 1)).isEqualTo(0.2);
        assertThat(Decimals.round(2.675, 2)).isEqualTo(2.68);
        assertThat(Decimals.round(1.005, 2)).isEqualTo(1.01);
        assertThat(Decimals.round(88.25, 1)).isEqualTo(88.3);
    }

    @Test
    void negativeNotANumberAndHugeValuesAreWrittenAsFormatterWritesThem() {
        for (double v : new double[] {-0.04, -0.0, -1234.5, Double.NaN, Double.POSITIVE_INFINITY, 1e9, 3.2e15}) {
            assertThat(Decimals.fixed(v, 1)).isEqualTo(String.format(Locale.ROOT, "%.1f", v));
            assertThat(Decimals.grouped(v)).isEqualTo(String.format(Locale.ROOT, "%,.0f", v));
        }
        for (long n : new long[] {-1, -1_234_567, 0, 999, 1000, 1_000_000_000_000L, Long.MAX_VALUE, Long.MIN_VALUE}) {
            assertThat(Decimals.grouped(n)).isEqualTo(String.format(Locale.ROOT, "%,d", n));
        }
    }

    @Test
    void roundingInDoublesAgreesWithDecimalRoundingOnRandomValuesAndExactTiesOfEitherSign() {
        Random random = new Random(12);
        for (int i = 0; i < 200_000; i++) {
            double v = random.nextBoolean() ? sample(random) : -sample(random);
            for (int places = 1; places <= 3; places++) {
                assertThat(Decimals.round(v, places)).as("%s to %d places", v, places).isEqualTo(decimal(v, places));
            }
        }
    }

    @Test
    void everyTieOfTheRankingsRangeRoundsAsItsDecimalReads() {
        // the ties themselves, as doubles (n + 0.5) / 10^places, and their neighbours a hair either side
        for (int places = 0; places <= 3; places++) {
            double scale = Math.pow(10, places);
            for (int n = -30_000; n < 30_000; n++) {
                double tie = (n + 0.5) / scale;
                for (double v : new double[] {tie, Math.nextUp(tie), Math.nextDown(tie)}) {
                    assertThat(Decimals.round(v, places)).as("%s to %d places", v, places).isEqualTo(decimal(v, places));
                }
            }
        }
    }

    @Test
    void valuesAFewStepsFromATieRoundToTheSideTheirDecimalReads() {
        // a double a few steps from the tie reads as a decimal just above or below it, never as the tie
        for (int places = 0; places <= 6; places++) {
            double scale = Math.pow(10, places);
            for (int n = -3_000; n < 3_000; n++) {
                double v = (n + 0.5) / scale;
                double w = v;
                for (int step = 0; step < 4; step++) {
                    v = Math.nextUp(v);
                    w = Math.nextDown(w);
                    assertThat(Decimals.round(v, places)).as("%s to %d places", v, places).isEqualTo(decimal(v, places));
                    assertThat(Decimals.round(w, places)).as("%s to %d places", w, places).isEqualTo(decimal(w, places));
                }
            }
        }
    }

    @Test
    void pointsOfEveryWeightAndThreePlaceValueRoundAsTheirDecimalReads() {
        // a component's points: an integer weight × a value written to three places (35 × 0.93 = 32.550000000000004)
        for (int weight = 0; weight <= 100; weight++) {
            for (int thousandths = 0; thousandths <= 1000; thousandths++) {
                double v = weight * (thousandths / 1000.0);
                assertThat(Decimals.round(v, 1)).as("%d × %s", weight, thousandths / 1000.0).isEqualTo(decimal(v, 1));
            }
        }
    }

    /** v rounded half up as its decimal reads (Double.toString's), the slow way Decimals.round must agree with. */
    private static double decimal(double v, int places) {
        return new java.math.BigDecimal(Double.toString(v)).setScale(places, java.math.RoundingMode.HALF_UP).doubleValue();
    }
}
