package dev.drivecat.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * Draws a {@link PriceChart.Chart} as a PNG, for mail: mail clients do not show SVG. The picture
 * has no text (the words are in the message beside it, and no fonts are needed on the server): the
 * band, the lines, one dot per day and a larger dot on the latest day.
 */
public final class PngChart {

    private static final Map<String, Color> COLOURS = Map.of(
            "s-new", new Color(0x0072b2),
            "s-nos", new Color(0xd55e00),
            "s-used", new Color(0x8e3a80),
            "s-renewed", new Color(0x00795a),
            "s-unstated", new Color(0x555555));
    private static final Map<String, float[]> DASHES = Map.of(
            "s-nos", new float[] {14, 8},
            "s-used", new float[] {4, 6},
            "s-renewed", new float[] {18, 6, 4, 6},
            "s-unstated", new float[] {2, 6});

    private PngChart() {
    }

    public static byte[] render(PriceChart.Chart chart) {
        int w = chart.size().width();
        int h = chart.size().height();
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, w, h);
            g.setColor(new Color(0xe4e4e4));
            g.setStroke(new BasicStroke(2));
            for (PriceChart.Tick t : chart.yTicks()) {
                g.drawLine(chart.plotLeft(), (int) Math.round(t.at()), chart.plotRight(), (int) Math.round(t.at()));
            }
            g.setColor(new Color(0x9f, 0xb7, 0xd6, 90));
            for (PriceChart.BandDay day : chart.band()) {
                g.fill(new java.awt.geom.Rectangle2D.Double(day.left(), day.high(), day.width(), day.height()));
            }
            for (PriceChart.Series s : chart.series()) {
                Color colour = COLOURS.getOrDefault(s.style(), Color.DARK_GRAY);
                g.setColor(colour);
                float[] dash = DASHES.get(s.style());
                g.setStroke(dash == null ? new BasicStroke(4, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND)
                        : new BasicStroke(4, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10, dash, 0));
                for (List<PriceChart.Point> line : s.lines()) {
                    if (line.size() < 2) {
                        continue;
                    }
                    Path2D.Double path = new Path2D.Double();
                    path.moveTo(line.get(0).x(), line.get(0).y());
                    for (PriceChart.Point p : line.subList(1, line.size())) {
                        path.lineTo(p.x(), p.y());
                    }
                    g.draw(path);
                }
                List<PriceChart.Point> points = s.points();
                for (int i = 0; i < points.size(); i++) {
                    double r = i == points.size() - 1 ? 8 : 5;
                    g.fill(new Ellipse2D.Double(points.get(i).x() - r, points.get(i).y() - r, 2 * r, 2 * r));
                }
            }
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
