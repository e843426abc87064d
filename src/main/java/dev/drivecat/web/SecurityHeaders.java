package dev.drivecat.web;

import io.vertx.core.MultiMap;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Locale;

/**
 * The headers that tell a browser what an answer may do, on every answer (pages, the SVG chart,
 * the CSV export, JSON, static files), set as the headers are written so that no route can leave
 * them out; a header a resource set itself is kept.
 * <ul>
 * <li>{@code Content-Security-Policy}: the pages run no JavaScript, so {@value #PAGE_POLICY}: styles
 * from drivecat.css and inline (the inline SVG chart's style element, the score bars' widths),
 * images from drivecat and data: (the empty favicon), forms only to drivecat, framed by nobody. The
 * SVG chart, opened on its own: {@value #SVG_POLICY} (it is meant to be embedded, as an image).
 * Everything else (JSON, CSV, feeds): {@value #DATA_POLICY}.</li>
 * <li>{@code X-Content-Type-Options: nosniff}: a CSV or JSON answer is never sniffed into HTML.</li>
 * <li>{@code Referrer-Policy: no-referrer}: a link from a page to a marketplace tells it nothing,
 * and a token in an address (the subscription pages) never leaves in a Referer header.</li>
 * </ul>
 * Quarkus's own endpoints under {@code /q/} get the last two only.
 */
@ApplicationScoped
public class SecurityHeaders {

    static final String PAGE_POLICY = "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
    static final String SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";
    static final String DATA_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

    void install(@Observes Router router) {
        // first of all, so that RequestLimits' 414 and 431 carry them too
        router.route().order(Integer.MIN_VALUE).handler(this::onAnswer);
    }

    void onAnswer(RoutingContext context) {
        String path = context.request().path();
        boolean quarkus = path != null && path.startsWith("/q/");
        context.addHeadersEndHandler(ignored -> set(context.response().headers(), quarkus));
        context.next();
    }

    static void set(MultiMap headers, boolean quarkusEndpoint) {
        putIfAbsent(headers, "X-Content-Type-Options", "nosniff");
        putIfAbsent(headers, "Referrer-Policy", "no-referrer");
        if (!quarkusEndpoint) {
            putIfAbsent(headers, "Content-Security-Policy", policy(headers.get("Content-Type")));
        }
    }

    /** The policy for an answer of this media type. */
    static String policy(String contentType) {
        String type = contentType == null ? "" : contentType.toLowerCase(Locale.ROOT);
        if (type.startsWith("text/html")) {
            return PAGE_POLICY;
        }
        if (type.startsWith("image/svg+xml")) {
            return SVG_POLICY;
        }
        return DATA_POLICY;
    }

    private static void putIfAbsent(MultiMap headers, String name, String value) {
        if (!headers.contains(name)) {
            headers.set(name, value);
        }
    }
}
