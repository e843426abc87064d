package dev.drivecat.charts;

import dev.drivecat.common.Text;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;

/**
 * Draws a {@link PriceChart.Chart} as SVG: every point a shape with its date and price as its
 * title, the chart's title and description for screen readers, and the styles inside the image so
 * that it looks the same inline in a page and alone (in a forum post, a wiki, a dashboard).
 */
public final class SvgChart {

    private SvgChart() {
    }

    @CheckedTemplate(basePath = "charts")
    static class Templates {
        /** {@code id} prefixes the ids in the image, so that two charts on one page do not collide. */
        static native TemplateInstance prices(PriceChart.Chart c, String id);
    }

    /** The chart as SVG; nothing outside XML 1.0's Char production is written, whatever a drive's name or a label holds. */
    public static String render(PriceChart.Chart chart, String id) {
        return Text.forXml(Templates.prices(chart, id).render());
    }
}
