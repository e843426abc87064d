package dev.drivecat.charts;

import dev.drivecat.common.Dates;
import dev.drivecat.drives.DriveViews;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.Money;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A price history as a chart, computed without drawing: the lowest price per day per condition (one
 * series each, so new and used or new-old-stock offers never blur into one line), the range of all
 * offers each day as a band behind them, the scales, the axis ticks and the label of each series'
 * latest point. {@link SvgChart} and {@link PngChart} only draw what this decides, so the web page,
 * the image for forums and the picture in the mail agree, and the decisions are tested without a
 * browser.
 *
 * <p>What counts: observations with a price, in the chart's currency, not held as suspect, and not
 * out of stock (a price nobody can pay is no price). Days are UTC days. A series' line joins days at
 * most {@link #JOIN_WITHIN_DAYS} apart; a longer gap breaks it, since nothing is known in between.
 */
public final class PriceChart {

    /** Points this many days apart or closer are joined by a line; the guide-style weekly reports stay one line. */
    public static final int JOIN_WITHIN_DAYS = 7;

    private PriceChart() {
    }

    /** One observation, as the chart needs it. */
    public record Sample(Instant observedAt, Condition condition, BigDecimal price, BigDecimal priceHigh, String currency,
                         Boolean inStock, boolean suspect) {
    }

    /**
     * The drawing area. {@code labels}: with text (axes, legend, latest-point labels) or without (a
     * picture for mail, whose words are in the message around it).
     */
    public record Size(int width, int height, boolean labels) {

        /** The page chart: its text stays readable when the page is 360 px wide. */
        public static final Size PAGE = new Size(480, 300, true);
        /** The chart in a mail, drawn at twice the size it is shown at. */
        public static final Size MAIL = new Size(560, 180, false);

        int left() {
            return labels ? 62 : 8;
        }

        int right() {
            return width - (labels ? 14 : 8);
        }

        int top(int legendRows) {
            return labels ? 12 + legendRows * LEGEND_ROW : 8;
        }

        int bottom() {
            return height - (labels ? 28 : 8);
        }
    }

    static final int LEGEND_ROW = 20;
    static final int TICK_FONT = 13;
    /** About how wide a character of the tick font is, to keep labels apart without measuring text. */
    static final double CHAR_WIDTH = 7.2;

    /** What a chart shows; absent values are drawn as nothing. */
    public record Chart(Size size, String currency, String title, String description, String empty,
                        LocalDate firstDay, LocalDate lastDay, List<Series> series, List<BandDay> band,
                        List<Tick> xTicks, List<Tick> yTicks, List<Label> latest, List<LegendItem> legend,
                        int plotLeft, int plotTop, int plotRight, int plotBottom) {

        public boolean hasPoints() {
            return series.stream().anyMatch(s -> !s.points().isEmpty());
        }

        public int pointCount() {
            return series.stream().mapToInt(s -> s.points().size()).sum();
        }

        public int plotWidth() {
            return plotRight - plotLeft;
        }

        public int plotHeight() {
            return plotBottom - plotTop;
        }

        public double centerX() {
            return (plotLeft + plotRight) / 2.0;
        }

        public double centerY() {
            return (plotTop + plotBottom) / 2.0;
        }
    }

    /** The lowest price per day of one condition. {@code style} names its colour, dash and marker. */
    public record Series(String key, String label, String style, List<Point> points, List<List<Point>> lines) {

        /** The lines as SVG path data. */
        public List<String> paths() {
            List<String> paths = new ArrayList<>();
            for (List<Point> line : lines) {
                if (line.size() < 2) {
                    continue;
                }
                StringBuilder d = new StringBuilder();
                for (Point p : line) {
                    d.append(d.length() == 0 ? "M" : " L").append(fmt(p.x())).append(' ').append(fmt(p.y()));
                }
                paths.add(d.toString());
            }
            return paths;
        }
    }

    /** One day's lowest price of one series. */
    public record Point(LocalDate day, BigDecimal price, double x, double y, String title, String marker) {

        public String dayIso() {
            return day.toString();
        }
    }

    /**
     * The range of all offers on one day: a bar from the lowest to the highest price, {@code width} wide. Days stand
     * alone (an area joining them would draw prices for days in between, where an offer may not have existed).
     */
    public record BandDay(LocalDate day, double x, double low, double high, double width, BigDecimal lowPrice, BigDecimal highPrice) {

        public double left() {
            return round(x - width / 2);
        }

        /** At least a hairline, so a day with one price still shows. */
        public double height() {
            return round(Math.max(1, low - high));
        }
    }

    /** An axis tick: where, what it says, and which end of its text sits at the tick (start, middle, end). */
    public record Tick(double at, String label, String anchor) {
    }

    /** The label of a series' latest point, placed so labels do not overlap. */
    public record Label(double x, double y, String anchor, String text, String style) {
    }

    /** A legend entry: a sample of the line (or band) from x to lineEnd, then the label. */
    public record LegendItem(double x, double lineEnd, double y, String label, String style, boolean band) {

        public double textX() {
            return lineEnd + 6;
        }

        public double bandTop() {
            return y - 5;
        }
    }

    /** The series, in the order the legend lists them. */
    enum Kind {
        NEW("new", "new", "s-new"),
        NEW_OLD_STOCK("nos", "new old stock", "s-nos"),
        USED("used", "used", "s-used"),
        RENEWED("renewed", "renewed", "s-renewed"),
        UNSTATED("unstated", "condition not stated", "s-unstated");

        final String key;
        final String label;
        final String style;

        Kind(String key, String label, String style) {
            this.key = key;
            this.label = label;
            this.style = style;
        }

        static Kind of(Condition c) {
            if (c == null) {
                return UNSTATED;
            }
            return switch (c) {
                case NEW -> NEW;
                case NEW_OLD_STOCK -> NEW_OLD_STOCK;
                case USED -> USED;
                case RENEWED -> RENEWED;
            };
        }
    }

    /** The samples of a price history as the catalog answers it. */
    public static List<Sample> samples(List<DriveViews.ObservationView> observations) {
        return observations.stream().map(o -> new Sample(o.observedAt(), o.condition(), o.price(), o.priceHigh(), o.currency(),
                o.inStock(), o.suspect())).toList();
    }

    /**
     * The currency a chart is drawn in: the preferred one when any usable price is in it, else the one
     * most prices are in, else the preferred one (and the chart is empty).
     */
    public static String currency(List<Sample> samples, String preferred) {
        Map<String, Long> counts = samples.stream().filter(PriceChart::usable)
                .collect(Collectors.groupingBy(s -> s.currency().toUpperCase(Locale.ROOT), Collectors.counting()));
        if (preferred != null && counts.containsKey(preferred.toUpperCase(Locale.ROOT))) {
            return preferred.toUpperCase(Locale.ROOT);
        }
        return counts.entrySet().stream()
                .max(Map.Entry.<String, Long>comparingByValue().thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
                .map(Map.Entry::getKey).orElse(preferred);
    }

    static boolean usable(Sample s) {
        return s.price() != null && s.currency() != null && !s.suspect() && !Boolean.FALSE.equals(s.inStock());
    }

    /**
     * Builds the chart of {@code samples} in {@code currency}. {@code from} and {@code to} (both
     * included, either may be null) fix the date axis; without them it spans the days with prices.
     */
    public static Chart build(String subject, List<Sample> samples, String currency, LocalDate from, LocalDate to, Size size) {
        String cur = currency.toUpperCase(Locale.ROOT);
        List<Sample> used = samples.stream().filter(PriceChart::usable)
                .filter(s -> s.currency().equalsIgnoreCase(cur))
                .filter(s -> from == null || !day(s).isBefore(from))
                .filter(s -> to == null || !day(s).isAfter(to))
                .toList();

        // lowest per day per condition; the band is every offer's range per day
        Map<Kind, TreeMap<LocalDate, BigDecimal>> lows = new EnumMap<>(Kind.class);
        TreeMap<LocalDate, BigDecimal[]> range = new TreeMap<>();
        for (Sample s : used) {
            LocalDate d = day(s);
            lows.computeIfAbsent(Kind.of(s.condition()), k -> new TreeMap<>()).merge(d, s.price(), BigDecimal::min);
            BigDecimal high = s.priceHigh() != null && s.priceHigh().compareTo(s.price()) > 0 ? s.priceHigh() : s.price();
            range.merge(d, new BigDecimal[] {s.price(), high},
                    (a, b) -> new BigDecimal[] {a[0].min(b[0]), a[1].max(b[1])});
        }

        LocalDate first = from != null ? from : range.isEmpty() ? null : range.firstKey();
        LocalDate last = to != null ? to : range.isEmpty() ? null : range.lastKey();
        // one end asked for and no price in the window: the period is that end's day alone
        first = first != null ? first : last;
        last = last != null ? last : first;
        if (first != null && last.isBefore(first)) {
            last = first;
        }
        String period = first == null ? "" : Dates.range(first, last);
        String title = "Lowest price per day" + (subject == null ? "" : " of " + subject) + ", " + cur
                + (period.isEmpty() ? "" : ", " + period);

        List<LegendItem> legend = new ArrayList<>();
        int legendRows = size.labels() ? legend(lows.keySet(), !range.isEmpty(), size, legend) : 0;
        int left = size.left();
        int right = size.right();
        int top = size.top(legendRows);
        int bottom = size.bottom();

        if (range.isEmpty()) {
            String empty = "No in-stock price in " + cur + (period.isEmpty() ? "" : " from " + period) + ".";
            return new Chart(size, cur, title, title + ": " + empty, empty, first, last, List.of(), List.of(), List.of(),
                    List.of(), List.of(), legend, left, top, right, bottom);
        }

        BigDecimal min = range.values().stream().map(r -> r[0]).min(BigDecimal::compareTo).orElseThrow();
        BigDecimal max = range.values().stream().map(r -> r[1]).max(BigDecimal::compareTo).orElseThrow();
        Scale y = Scale.nice(min.doubleValue(), max.doubleValue(), bottom, top, Math.max(2, (bottom - top) / 45));
        long spanDays = ChronoUnit.DAYS.between(first, last);
        LocalDate firstDay = first;
        java.util.function.ToDoubleFunction<LocalDate> x = d -> spanDays == 0 ? (left + right) / 2.0
                : left + (right - left) * (double) ChronoUnit.DAYS.between(firstDay, d) / spanDays;

        List<Series> series = new ArrayList<>();
        for (Map.Entry<Kind, TreeMap<LocalDate, BigDecimal>> e : lows.entrySet()) {
            Kind kind = e.getKey();
            List<Point> points = new ArrayList<>();
            for (Map.Entry<LocalDate, BigDecimal> p : e.getValue().entrySet()) {
                double px = x.applyAsDouble(p.getKey());
                double py = y.at(p.getValue().doubleValue());
                points.add(new Point(p.getKey(), p.getValue(), round(px), round(py),
                        Dates.day(p.getKey()) + ": " + Money.format(p.getValue(), cur) + " (" + kind.label + ")",
                        marker(kind, px, py)));
            }
            series.add(new Series(kind.key, kind.label, kind.style, points, joined(points)));
        }

        double barWidth = Math.max(2, Math.min(10, (right - left) / (spanDays + 1.0) * 0.6));
        List<BandDay> band = new ArrayList<>();
        for (Map.Entry<LocalDate, BigDecimal[]> r : range.entrySet()) {
            band.add(new BandDay(r.getKey(), round(x.applyAsDouble(r.getKey())), round(y.at(r.getValue()[0].doubleValue())),
                    round(y.at(r.getValue()[1].doubleValue())), round(barWidth), r.getValue()[0], r.getValue()[1]));
        }

        List<Tick> yTicks = new ArrayList<>();
        for (double v : y.ticks()) {
            yTicks.add(new Tick(round(y.at(v)), axisMoney(v, y.step(), cur), "end"));
        }
        List<Tick> xTicks = dateTicks(first, last, x, right - left);
        List<Label> latest = size.labels() ? latestLabels(series, cur, left, right, top, bottom) : List.of();
        String description = title + ". " + summary(series, cur, min, max, range);
        return new Chart(size, cur, title, description, null, first, last, series, band, xTicks, yTicks, latest, legend,
                left, top, right, bottom);
    }

    /** The chart of one condition only (the picture next to a change in the mail). */
    public static Chart build(String subject, List<Sample> samples, String currency, Condition only, LocalDate from, LocalDate to,
                              Size size) {
        List<Sample> kept = samples.stream().filter(s -> Objects.equals(s.condition(), only)).toList();
        return build(subject, kept, currency, from, to, size);
    }

    static LocalDate day(Sample s) {
        return s.observedAt().atOffset(ZoneOffset.UTC).toLocalDate();
    }

    /** Consecutive points no more than {@link #JOIN_WITHIN_DAYS} apart. */
    static List<List<Point>> joined(List<Point> points) {
        return runs(points, Point::day);
    }

    private static List<List<Point>> runs(List<Point> items, java.util.function.Function<Point, LocalDate> day) {
        List<List<Point>> runs = new ArrayList<>();
        List<Point> run = new ArrayList<>();
        LocalDate previous = null;
        for (Point item : items) {
            LocalDate d = day.apply(item);
            if (previous != null && ChronoUnit.DAYS.between(previous, d) > JOIN_WITHIN_DAYS) {
                runs.add(run);
                run = new ArrayList<>();
            }
            run.add(item);
            previous = d;
        }
        if (!run.isEmpty()) {
            runs.add(run);
        }
        return runs;
    }

    /** A marker shape per series (circle, square, triangle, diamond, cross), so series differ without colour. */
    static String marker(Kind kind, double x, double y) {
        double r = 4;
        return switch (kind) {
            case NEW -> "M" + fmt(x - r) + " " + fmt(y) + " a" + fmt(r) + " " + fmt(r) + " 0 1 0 " + fmt(2 * r) + " 0"
                    + " a" + fmt(r) + " " + fmt(r) + " 0 1 0 " + fmt(-2 * r) + " 0 Z";
            case NEW_OLD_STOCK -> "M" + fmt(x - r) + " " + fmt(y - r) + " h" + fmt(2 * r) + " v" + fmt(2 * r) + " h" + fmt(-2 * r) + " Z";
            case USED -> "M" + fmt(x) + " " + fmt(y - r - 1) + " L" + fmt(x + r + 1) + " " + fmt(y + r) + " L" + fmt(x - r - 1) + " "
                    + fmt(y + r) + " Z";
            case RENEWED -> "M" + fmt(x) + " " + fmt(y - r - 1) + " L" + fmt(x + r + 1) + " " + fmt(y) + " L" + fmt(x) + " "
                    + fmt(y + r + 1) + " L" + fmt(x - r - 1) + " " + fmt(y) + " Z";
            case UNSTATED -> "M" + fmt(x - r) + " " + fmt(y - r) + " L" + fmt(x + r) + " " + fmt(y + r) + " M" + fmt(x + r) + " "
                    + fmt(y - r) + " L" + fmt(x - r) + " " + fmt(y + r);
        };
    }

    /** Lays the legend out in rows that fit the width; returns the number of rows. */
    private static int legend(java.util.Set<Kind> kinds, boolean band, Size size, List<LegendItem> out) {
        double x = size.left();
        int row = 0;
        List<Object[]> items = new ArrayList<>();
        for (Kind k : kinds) {
            items.add(new Object[] {k.label, k.style, false});
        }
        if (band) {
            items.add(new Object[] {"range of offers that day", "band", true});
        }
        for (Object[] item : items) {
            double w = 30 + ((String) item[0]).length() * CHAR_WIDTH + 16;
            if (x + w > size.right() && x > size.left()) {
                row++;
                x = size.left();
            }
            out.add(new LegendItem(x, x + 24, 12 + row * LEGEND_ROW + 8, (String) item[0], (String) item[1], (Boolean) item[2]));
            x += w;
        }
        return items.isEmpty() ? 0 : row + 1;
    }

    /** One label per series at its latest point, moved apart vertically where they would overlap. */
    static List<Label> latestLabels(List<Series> series, String currency, int left, int right, int top, int bottom) {
        List<Object[]> wanted = new ArrayList<>();
        for (Series s : series) {
            if (s.points().isEmpty()) {
                continue;
            }
            Point p = s.points().get(s.points().size() - 1);
            String text = Money.format(p.price(), currency) + " · " + Dates.dayMonth(p.day());
            double width = text.length() * CHAR_WIDTH;
            boolean leftOf = p.x() + 8 + width > right;
            // beside the point, on the side away from where the line comes from, so the text does not sit on the line
            Point before = s.points().size() > 1 ? s.points().get(s.points().size() - 2) : null;
            double wantedY = leftOf && before != null && before.y() < p.y() ? p.y() + TICK_FONT + 6 : p.y() - 8;
            wanted.add(new Object[] {p, text, leftOf, s.style(), wantedY});
        }
        wanted.sort(Comparator.comparingDouble(o -> (Double) o[4]));
        // top to bottom, each label at least a line below the one above; then, if that pushed the last past the
        // bottom, bottom to top, each at least a line above the one below
        double gap = TICK_FONT + 2;
        double[] ys = new double[wanted.size()];
        for (int i = 0; i < ys.length; i++) {
            double wantedY = Math.max((Double) wanted.get(i)[4], top + TICK_FONT);
            ys[i] = i == 0 ? wantedY : Math.max(wantedY, ys[i - 1] + gap);
        }
        for (int i = ys.length - 1; i >= 0; i--) {
            ys[i] = Math.min(ys[i], i == ys.length - 1 ? bottom - 2 : ys[i + 1] - gap);
        }
        List<Label> labels = new ArrayList<>();
        for (int i = 0; i < ys.length; i++) {
            Object[] w = wanted.get(i);
            Point p = (Point) w[0];
            boolean leftOf = (Boolean) w[2];
            labels.add(new Label(round(leftOf ? p.x() - 8 : p.x() + 8), round(ys[i]), leftOf ? "end" : "start", (String) w[1],
                    (String) w[3]));
        }
        return labels;
    }

    /**
     * Date ticks a readable distance apart: days, weeks, months (on the 1st), or whole years and
     * decades for a long window, never more than the axis has room for, whatever the window asked
     * (prices.svg?from=0001-01-01&to=9999-12-31 drew a label for each of 10,008 years).
     */
    static List<Tick> dateTicks(LocalDate first, LocalDate last, java.util.function.ToDoubleFunction<LocalDate> x, int width) {
        long span = ChronoUnit.DAYS.between(first, last);
        int room = Math.max(1, (int) (width / 64.0));
        List<Tick> ticks = new ArrayList<>();
        if (span == 0) {
            ticks.add(new Tick(round(x.applyAsDouble(first)), Dates.dayMonth(first), "middle"));
            return ticks;
        }
        if (span <= 90) {
            long step = 1;
            for (long s : new long[] {1, 2, 7, 14, 28}) {
                step = s;
                if (span / s + 1 <= room) {
                    break;
                }
            }
            for (LocalDate d = first; !d.isAfter(last); d = d.plusDays(step)) {
                ticks.add(dateTick(x.applyAsDouble(d), Dates.dayMonth(d), x.applyAsDouble(first), x.applyAsDouble(last)));
            }
            return ticks;
        }
        long months = ChronoUnit.MONTHS.between(first.withDayOfMonth(1), last.withDayOfMonth(1)) + 1;
        long step = 1;
        for (long s : MONTH_STEPS) {
            step = s;
            if (months / s <= room) {
                break;
            }
        }
        for (LocalDate d = first.withDayOfMonth(1).plusMonths(1); !d.isAfter(last); d = d.plusMonths(step)) {
            ticks.add(dateTick(x.applyAsDouble(d), Dates.monthYear(d), x.applyAsDouble(first), x.applyAsDouble(last)));
        }
        return ticks;
    }

    /** Months between date ticks: up to a year, then 1, 2, 5, 10, … years, up to the ten thousand years a date can span. */
    private static final long[] MONTH_STEPS = {1, 2, 3, 6, 12, 24, 60, 120, 240, 600, 1200, 2400, 6000, 12_000, 24_000, 60_000, 120_000};

    /** A label centred on its tick, unless it would run past either end of the axis. */
    private static Tick dateTick(double at, String label, double start, double end) {
        double half = label.length() * CHAR_WIDTH / 2;
        String anchor = at - half < start - 20 ? "start" : at + half > end + 8 ? "end" : "middle";
        return new Tick(round(at), label, anchor);
    }

    /** "$420", or "$4.50" when the ticks are closer than a whole unit. */
    static String axisMoney(double value, double step, String currency) {
        String text = Money.format(BigDecimal.valueOf(value).setScale(2, RoundingMode.HALF_UP), currency);
        // Money writes US style ("$1,234.00"), so whole amounts end in ".00" followed by nothing or the currency code
        return step >= 1 ? text.replaceFirst("\\.00(?=\\D*$)", "") : text;
    }

    private static String summary(List<Series> series, String currency, BigDecimal min, BigDecimal max,
                                  TreeMap<LocalDate, BigDecimal[]> range) {
        List<String> parts = new ArrayList<>();
        for (Series s : series) {
            Point firstPoint = s.points().get(0);
            Point lastPoint = s.points().get(s.points().size() - 1);
            parts.add(Character.toUpperCase(s.label().charAt(0)) + s.label().substring(1) + ": " + s.points().size() + (s.points().size() == 1 ? " day" : " days") + ", "
                    + (s.points().size() == 1 ? Money.format(lastPoint.price(), currency) + " on " + Dates.day(lastPoint.day())
                    : "from " + Money.format(firstPoint.price(), currency) + " on " + Dates.day(firstPoint.day()) + " to "
                    + Money.format(lastPoint.price(), currency) + " on " + Dates.day(lastPoint.day())));
        }
        Optional<LocalDate> lowDay = range.entrySet().stream().filter(e -> e.getValue()[0].compareTo(min) == 0).map(Map.Entry::getKey).findFirst();
        Optional<LocalDate> highDay = range.entrySet().stream().filter(e -> e.getValue()[1].compareTo(max) == 0).map(Map.Entry::getKey).findFirst();
        return String.join("; ", parts) + ". Lowest offer " + Money.format(min, currency) + lowDay.map(d -> " on " + Dates.day(d)).orElse("")
                + ", highest " + Money.format(max, currency) + highDay.map(d -> " on " + Dates.day(d)).orElse("") + ".";
    }

    /** A linear scale from prices to y, with round tick values (1, 2 or 5 times a power of ten). */
    record Scale(double min, double max, double step, double bottom, double top) {

        static Scale nice(double low, double high, double bottom, double top, int maxTicks) {
            if (high - low < 1e-9) {
                double pad = Math.max(1, Math.abs(high) * 0.05);
                low -= pad;
                high += pad;
            }
            double raw = (high - low) / Math.max(1, maxTicks);
            double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
            double step = magnitude;
            for (double m : new double[] {1, 2, 2.5, 5, 10}) {
                step = m * magnitude;
                if (step >= raw) {
                    break;
                }
            }
            double min = Math.floor(low / step) * step;
            double max = Math.ceil(high / step) * step;
            if (min < 0 && low >= 0) {
                min = 0;
            }
            return new Scale(min, max, step, bottom, top);
        }

        double at(double value) {
            return bottom - (value - min) / (max - min) * (bottom - top);
        }

        List<Double> ticks() {
            List<Double> ticks = new ArrayList<>();
            for (double v = min; v <= max + step / 1000; v += step) {
                ticks.add(Math.round(v / step) * step);
            }
            return ticks;
        }
    }

    static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }

    static String fmt(double v) {
        double r = round(v);
        return r == Math.rint(r) ? Long.toString((long) r) : Double.toString(r);
    }

    /** Samples counted per currency, for a page that says which currencies the history has. */
    public static Map<String, Long> currencies(List<Sample> samples) {
        Map<String, Long> counts = new HashMap<>();
        samples.stream().filter(PriceChart::usable).forEach(s -> counts.merge(s.currency().toUpperCase(Locale.ROOT), 1L, Long::sum));
        return counts;
    }
}
