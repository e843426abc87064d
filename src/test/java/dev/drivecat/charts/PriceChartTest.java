package dev.drivecat.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.drivecat.charts.PriceChart.Chart;
import dev.drivecat.charts.PriceChart.Point;
import dev.drivecat.charts.PriceChart.Sample;
import dev.drivecat.charts.PriceChart.Series;
import dev.drivecat.charts.PriceChart.Size;
import dev.drivecat.pricing.Condition;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The chart model without a browser: what is plotted, where, and what it says. */
class PriceChartTest {

    static Sample at(String day, String time, Condition condition, String price) {
        return new Sample(Instant.parse(day + "T" + time + ":00Z"), condition, new BigDecimal(price), null, "USD", true, false);
    }

    static Sample at(String day, Condition condition, String price) {
        return at(day, "10:00", condition, price);
    }

    static Series series(Chart chart, String key) {
        return chart.series().stream().filter(s -> s.key().equals(key)).findFirst().orElseThrow();
    }

    @Test
    void plotsTheLowestPricePerDayForEachConditionAsItsOwnSeries() {
        Chart chart = PriceChart.build("P4800X", List.of(
                at("2026-11-02", "08:00", Condition.NEW, "450.00"),
                at("2026-11-02", "20:00", Condition.NEW, "430.00"),
                at("2026-11-02", Condition.NEW_OLD_STOCK, "380.00"),
                at("2026-11-03", Condition.NEW, "440.00"),
                at("2026-11-03", Condition.USED, "300.00")), "USD", null, null, Size.PAGE);

        assertThat(chart.series()).extracting(Series::key).containsExactly("new", "nos", "used");
        assertThat(series(chart, "new").points()).extracting(Point::price)
                .containsExactly(new BigDecimal("430.00"), new BigDecimal("440.00"));
        assertThat(series(chart, "nos").points()).hasSize(1);
        assertThat(chart.pointCount()).isEqualTo(4);
        // series differ by more than colour: each has its own marker shape and line style
        assertThat(chart.series()).extracting(Series::style).doesNotHaveDuplicates();
    }

    @Test
    void leavesOutSuspectOutOfStockAndOtherCurrencyPrices() {
        List<Sample> samples = List.of(
                at("2026-11-02", Condition.NEW, "450.00"),
                new Sample(Instant.parse("2026-11-03T10:00:00Z"), Condition.NEW, new BigDecimal("45.00"), null, "USD", true, true),
                new Sample(Instant.parse("2026-11-04T10:00:00Z"), Condition.NEW, new BigDecimal("400.00"), null, "USD", false, false),
                new Sample(Instant.parse("2026-11-05T10:00:00Z"), Condition.NEW, new BigDecimal("380.00"), null, "EUR", true, false),
                new Sample(Instant.parse("2026-11-06T10:00:00Z"), Condition.NEW, null, null, "USD", null, false));
        Chart chart = PriceChart.build(null, samples, "USD", null, null, Size.PAGE);
        assertThat(chart.series()).singleElement().satisfies(s -> assertThat(s.points()).extracting(Point::day)
                .containsExactly(LocalDate.parse("2026-11-02")));
    }

    @Test
    void scalesEveryPriceBetweenRoundTicksAndSpansTheDaysAcrossThePlot() {
        Chart chart = PriceChart.build(null, List.of(
                at("2026-10-26", Condition.NEW, "450.00"),
                at("2026-11-09", Condition.NEW, "420.00"),
                at("2026-11-16", Condition.NEW, "370.00")), "USD", null, null, Size.PAGE);
        List<Point> points = chart.series().get(0).points();

        assertThat(points.get(0).x()).isEqualTo(chart.plotLeft());
        assertThat(points.get(2).x()).isEqualTo(chart.plotRight());
        // 14 of 21 days along
        assertThat(points.get(1).x()).isCloseTo(chart.plotLeft() + chart.plotWidth() * 14.0 / 21, within(0.1));
        assertThat(points.get(0).y()).as("a higher price is drawn higher").isLessThan(points.get(1).y());
        for (Point p : points) {
            assertThat(p.y()).isBetween((double) chart.plotTop(), (double) chart.plotBottom());
        }
        List<String> labels = chart.yTicks().stream().map(PriceChart.Tick::label).toList();
        assertThat(labels).allMatch(l -> l.matches("\\$\\d{3}"), "whole dollars, with the symbol");
        double lowestTick = chart.yTicks().stream().mapToDouble(PriceChart.Tick::at).max().orElseThrow();
        double highestTick = chart.yTicks().stream().mapToDouble(PriceChart.Tick::at).min().orElseThrow();
        assertThat(lowestTick).isGreaterThanOrEqualTo(points.get(2).y());
        assertThat(highestTick).isLessThanOrEqualTo(points.get(0).y());
        assertThat(chart.xTicks()).extracting(PriceChart.Tick::label).startsWith("26 Oct");
        assertThat(chart.title()).isEqualTo("Lowest price per day, USD, 26 Oct \u2013 16 Nov 2026");
    }

    @Test
    void aWindowWithOneEndAndNoPriceInItIsThatDayAlone() {
        List<Sample> october = List.of(at("2026-10-26", Condition.NEW, "450.00"));
        Chart fromOnly = PriceChart.build("P4800X", october, "USD", LocalDate.parse("9999-12-31"), null, Size.PAGE);
        assertThat(fromOnly.title()).endsWith(", 31 Dec 9999");
        assertThat(fromOnly.series()).isEmpty();
        Chart toOnly = PriceChart.build("P4800X", List.of(), "USD", null, LocalDate.parse("2026-12-01"), Size.PAGE);
        assertThat(toOnly.title()).endsWith(", 1 Dec 2026");
    }

    @Test
    void aGapOfMoreThanAWeekBreaksTheLine() {
        List<Sample> samples = new ArrayList<>();
        for (String day : List.of("2026-11-01", "2026-11-02", "2026-11-03", "2026-11-20", "2026-11-21")) {
            samples.add(at(day, Condition.NEW, "100.00"));
        }
        Chart chart = PriceChart.build(null, samples, "USD", null, null, Size.PAGE);
        Series s = chart.series().get(0);
        assertThat(s.lines()).extracting(List::size).containsExactly(3, 2);
        assertThat(s.paths()).hasSize(2);
        assertThat(chart.band()).as("one range bar per day, never an area across the gap").hasSize(5);
        // weekly observations stay one line
        Chart weekly = PriceChart.build(null, List.of(at("2026-11-02", Condition.NEW, "1"), at("2026-11-09", Condition.NEW, "2")),
                "USD", null, null, Size.PAGE);
        assertThat(weekly.series().get(0).lines()).hasSize(1);
    }

    @Test
    void onePointSitsInTheMiddleWithTicksAndItsLabel() {
        Chart chart = PriceChart.build("P1600X 118GB", List.of(at("2026-11-16", Condition.NEW, "370.00")), "USD", null, null, Size.PAGE);
        Point p = chart.series().get(0).points().get(0);
        assertThat(p.x()).isEqualTo(chart.centerX());
        assertThat(p.y()).isBetween((double) chart.plotTop(), (double) chart.plotBottom());
        assertThat(chart.yTicks()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(chart.xTicks()).extracting(PriceChart.Tick::label).containsExactly("16 Nov");
        assertThat(chart.latest()).singleElement().satisfies(l -> assertThat(l.text()).isEqualTo("$370.00 \u00b7 16 Nov"));
        assertThat(chart.series().get(0).paths()).as("no line for one point").isEmpty();
        assertThat(chart.title()).isEqualTo("Lowest price per day of P1600X 118GB, USD, 16 Nov 2026");
        assertThat(p.title()).isEqualTo("16 Nov 2026: $370.00 (new)");
    }

    @Test
    void drawsInThePreferredCurrencyWhenItHasPricesElseInTheMostCommonOne() {
        List<Sample> euros = List.of(
                new Sample(Instant.parse("2026-11-02T10:00:00Z"), Condition.NEW, new BigDecimal("350.00"), null, "EUR", true, false),
                new Sample(Instant.parse("2026-11-03T10:00:00Z"), Condition.NEW, new BigDecimal("340.00"), null, "EUR", true, false),
                new Sample(Instant.parse("2026-11-03T10:00:00Z"), Condition.NEW, new BigDecimal("4.50"), null, "GBP", true, false));
        assertThat(PriceChart.currency(euros, "USD")).isEqualTo("EUR");
        assertThat(PriceChart.currency(euros, "gbp")).isEqualTo("GBP");
        assertThat(PriceChart.currency(List.of(), "USD")).isEqualTo("USD");

        Chart chart = PriceChart.build(null, euros, "EUR", null, null, Size.PAGE);
        assertThat(chart.currency()).isEqualTo("EUR");
        assertThat(chart.yTicks()).allSatisfy(t -> assertThat(t.label()).startsWith("\u20ac"));
        assertThat(chart.latest()).singleElement().satisfies(l -> assertThat(l.text()).startsWith("\u20ac340.00"));

        Chart pence = PriceChart.build(null, euros, "GBP", null, null, Size.PAGE);
        assertThat(pence.yTicks()).as("ticks under a whole unit keep their pence")
                .anySatisfy(t -> assertThat(t.label()).matches("\u00a3\\d\\.\\d\\d"));
    }

    @Test
    void noUsablePriceIsAnEmptyChartThatSaysSo() {
        Chart chart = PriceChart.build(null, List.of(
                new Sample(Instant.parse("2026-11-02T10:00:00Z"), Condition.NEW, new BigDecimal("100"), null, "USD", false, false)),
                "USD", null, null, Size.PAGE);
        assertThat(chart.hasPoints()).isFalse();
        assertThat(chart.empty()).isEqualTo("No in-stock price in USD.");
        Chart window = PriceChart.build(null, List.of(), "USD", LocalDate.parse("2026-11-01"), LocalDate.parse("2026-11-07"), Size.PAGE);
        assertThat(window.empty()).isEqualTo("No in-stock price in USD from 1\u20137 Nov 2026.");
    }

    @Test
    void fromAndToFixTheDateAxisAndLeaveOutWhatIsOutside() {
        Chart chart = PriceChart.build(null, List.of(
                at("2026-10-20", Condition.NEW, "500.00"),
                at("2026-11-05", Condition.NEW, "450.00")),
                "USD", LocalDate.parse("2026-11-01"), LocalDate.parse("2026-11-30"), Size.PAGE);
        assertThat(chart.firstDay()).isEqualTo(LocalDate.parse("2026-11-01"));
        assertThat(chart.lastDay()).isEqualTo(LocalDate.parse("2026-11-30"));
        Point p = chart.series().get(0).points().get(0);
        assertThat(chart.pointCount()).isEqualTo(1);
        assertThat(p.x()).isCloseTo(chart.plotLeft() + chart.plotWidth() * 4.0 / 29, within(0.1));
    }

    @Test
    void theBandSpansEveryOfferOfTheDayIncludingAStatedUpperEnd() {
        Chart chart = PriceChart.build(null, List.of(
                new Sample(Instant.parse("2026-10-21T00:00:00Z"), Condition.NEW, new BigDecimal("640.00"), new BigDecimal("650.00"), "USD",
                        true, false),
                at("2026-10-21", Condition.USED, "500.00")), "USD", null, null, Size.PAGE);
        PriceChart.BandDay day = chart.band().get(0);
        assertThat(day.lowPrice()).isEqualByComparingTo("500.00");
        assertThat(day.highPrice()).isEqualByComparingTo("650.00");
        assertThat(chart.legend()).extracting(PriceChart.LegendItem::label).containsExactly("new", "used", "range of offers that day");
    }

    @Test
    void latestLabelsOfSeriesEndingAtTheSamePriceDoNotOverlap() {
        Chart chart = PriceChart.build(null, List.of(
                at("2026-11-01", Condition.NEW, "400.00"),
                at("2026-11-10", Condition.NEW, "300.00"),
                at("2026-11-01", Condition.USED, "350.00"),
                at("2026-11-10", Condition.USED, "300.00")), "USD", null, null, Size.PAGE);
        assertThat(chart.latest()).hasSize(2);
        assertThat(Math.abs(chart.latest().get(0).y() - chart.latest().get(1).y())).isGreaterThanOrEqualTo(PriceChart.TICK_FONT);
        // the latest point is at the right edge, so its label reads leftwards, inside the image
        assertThat(chart.latest()).allSatisfy(l -> assertThat(l.anchor()).isEqualTo("end"));
    }

    @Test
    void aLongHistoryIsTickedByMonth() {
        Chart chart = PriceChart.build(null, List.of(
                at("2026-01-15", Condition.NEW, "400.00"),
                at("2026-11-10", Condition.NEW, "300.00")), "USD", null, null, Size.PAGE);
        assertThat(chart.xTicks()).extracting(PriceChart.Tick::label).contains("Feb 2026").doesNotContain("Jan 2026");
        assertThat(chart.xTicks().size()).isLessThanOrEqualTo(chart.plotWidth() / 64);
    }

    @Test
    void aMailPictureHasNoText() {
        Chart chart = PriceChart.build(null, List.of(at("2026-11-01", Condition.NEW, "400.00"), at("2026-11-02", Condition.NEW, "380.00")),
                "USD", null, null, Size.MAIL);
        assertThat(chart.legend()).isEmpty();
        assertThat(chart.latest()).isEmpty();
        byte[] png = PngChart.render(chart);
        assertThat(png).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
    }
}
