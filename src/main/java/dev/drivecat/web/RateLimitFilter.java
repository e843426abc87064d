package dev.drivecat.web;

import dev.drivecat.DrivecatConfig;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import java.util.OptionalLong;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Limits the expensive requests per client (its address; behind a proxy, enable
 * quarkus.http.proxy.proxy-address-forwarding so the address is the client's): /recommend,
 * price-history exports (the CSV/JSON history and its SVG chart), the drive page (which draws
 * the whole history as a chart), identifications and pasted pools (POST /pools/parse, whose body
 * may be 256 KiB, and POST /recommend, which counts as a pasted pool and as a recommendation); it
 * runs before the request's body is read. Over the limit the answer is 429 problem+json with
 * Retry-After.
 */
public class RateLimitFilter {

    /** The operations limited here, as path templates (for the OpenAPI document). */
    static final java.util.Set<String> LIMITED_PATHS = java.util.Set.of("/recommend", "/drives/{slug}/prices",
            "/drives/{slug}/prices.svg", "/drives/{slug}", "/identify", "/pools/parse");

    private static final java.util.regex.Pattern DRIVE_EXPORT = java.util.regex.Pattern.compile("/drives/[^/]+/prices(\\.svg)?");
    private static final java.util.regex.Pattern DRIVE = java.util.regex.Pattern.compile("/drives/[^/]+");

    /** Looked up per request: filters are created before runtime configuration is available. */
    @Inject
    jakarta.enterprise.inject.Instance<DrivecatConfig> config;

    @Inject
    Limiter limiter;

    /** The buckets live as long as the application. */
    @jakarta.enterprise.context.ApplicationScoped
    static class Limiter {
        final RateLimiter buckets = new RateLimiter(System::nanoTime);
    }

    @ServerRequestFilter(preMatching = true)
    public Optional<Response> limit(ContainerRequestContext request, HttpServerRequest http) {
        // the same resource however the path is spelt: no doubled or trailing slashes to slip past
        String path = request.getUriInfo().getPath().replaceAll("/{2,}", "/");
        if (path.length() > 1 && path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        String client = http.remoteAddress() == null ? "unknown" : http.remoteAddress().host();
        if (path.equals("/recommend") && "POST".equals(request.getMethod())) {
            // a pasted pool, read and then ranked: it counts as both
            Optional<Response> paste = acquire(path, "pasted pools", config.get().rateLimits().poolsPerMinute(), client);
            if (paste.isPresent()) {
                return paste;
            }
        }
        int perMinute;
        String kind;
        if (path.equals("/recommend")) {
            perMinute = config.get().rateLimits().recommendPerMinute();
            kind = "recommendations";
        } else if (path.equals("/identify")) {
            perMinute = config.get().rateLimits().identifyPerMinute();
            kind = "identifications";
        } else if (path.equals("/pools/parse")) {
            perMinute = config.get().rateLimits().poolsPerMinute();
            kind = "pasted pools";
        } else if (DRIVE_EXPORT.matcher(path).matches()) {
            perMinute = config.get().rateLimits().exportPerMinute();
            kind = "price-history exports";
        } else if (DRIVE.matcher(path).matches()) {
            perMinute = config.get().rateLimits().drivePerMinute();
            kind = "drive pages";
        } else {
            return Optional.empty();
        }
        return acquire(path, kind, perMinute, client);
    }

    private Optional<Response> acquire(String path, String kind, int perMinute, String client) {
        OptionalLong retryAfter = limiter.buckets.acquire(kind + " " + client, perMinute);
        if (retryAfter.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(tooMany(path, "Too many " + kind + " from this client: at most " + perMinute
                + " a minute. Retry after " + retryAfter.getAsLong() + " s.", retryAfter.getAsLong()));
    }

    public static Response tooMany(String path, String detail, long retryAfterSeconds) {
        Problem problem = Problem.of(ProblemType.TOO_MANY_REQUESTS, detail).with("retryAfterSeconds", retryAfterSeconds).at(path);
        return Response.status(429).type(Problem.MEDIA_TYPE).header(HttpHeaders.RETRY_AFTER, retryAfterSeconds).entity(problem).build();
    }
}
