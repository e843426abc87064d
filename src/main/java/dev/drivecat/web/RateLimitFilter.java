package dev.drivecat.web;

import dev.drivecat.common.ClientAddress;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.ToIntFunction;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Limits the expensive requests per client (its address, an IPv6 client by its /64:
 * {@link ClientAddress}; behind a proxy, enable quarkus.http.proxy.proxy-address-forwarding so the
 * address is the client's): /recommend,
 * price-history exports (the CSV/JSON history and its SVG chart), the drive page (which draws
 * the whole history as a chart), identifications and pasted pools (POST /pools/parse, whose body
 * may be 256 KiB, and POST /recommend, which counts as a pasted pool and as a recommendation); it
 * runs before the request's body is read. Over the limit the answer is 429 problem+json with
 * Retry-After.
 */
public class RateLimitFilter {

    /**
     * A limited operation: its path template, what the 429 calls its requests (requests of one kind
     * share one allowance per client), and that allowance per minute.
     */
    record Limited(String template, String kind, ToIntFunction<RateLimitSettings> perMinute, Pattern path) {
        Limited(String template, String kind, ToIntFunction<RateLimitSettings> perMinute) {
            this(template, kind, perMinute, Pattern.compile(java.util.Arrays.stream(template.split("/", -1))
                    .map(segment -> segment.matches("\\{[^/]+}") ? "[^/]+" : Pattern.quote(segment))
                    .collect(Collectors.joining("/"))));
        }
    }

    private static final Limited PASTED_POOLS = new Limited("/pools/parse", "pasted pools", RateLimitSettings::poolsPerMinute);

    /** Every limited operation, the first whose template matches the path applying. */
    static final List<Limited> LIMITED = List.of(
            new Limited("/recommend", "recommendations", RateLimitSettings::recommendPerMinute),
            new Limited("/identify", "identifications", RateLimitSettings::identifyPerMinute),
            PASTED_POOLS,
            new Limited("/drives/{slug}/prices", "price-history exports", RateLimitSettings::exportPerMinute),
            new Limited("/drives/{slug}/prices.svg", "price-history exports", RateLimitSettings::exportPerMinute),
            new Limited("/drives/{slug}", "drive pages", RateLimitSettings::drivePerMinute),
            new Limited("/notifications/ebay/account-deletion", "eBay notifications", RateLimitSettings::ebayNotificationsPerMinute));

    /** The operations limited here, as path templates (for the OpenAPI document). */
    static final Set<String> LIMITED_PATHS = LIMITED.stream().map(Limited::template).collect(Collectors.toUnmodifiableSet());

    /** Looked up per request: filters are created before runtime configuration is available. */
    @Inject
    jakarta.enterprise.inject.Instance<RateLimitSettings> settings;

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
        String client = ClientAddress.key(http.remoteAddress() == null ? null : http.remoteAddress().host());
        RateLimitSettings limits = settings.get();
        if (path.equals("/recommend") && "POST".equals(request.getMethod())) {
            // a pasted pool, read and then ranked: it counts as both
            Optional<Response> paste = acquire(path, PASTED_POOLS.kind(), PASTED_POOLS.perMinute().applyAsInt(limits), client);
            if (paste.isPresent()) {
                return paste;
            }
        }
        for (Limited limited : LIMITED) {
            if (limited.path().matcher(path).matches()) {
                return acquire(path, limited.kind(), limited.perMinute().applyAsInt(limits), client);
            }
        }
        return Optional.empty();
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
