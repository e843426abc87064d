package dev.drivecat.web;

import dev.drivecat.common.BodyLimit;
import dev.drivecat.common.ImportSettings;
import dev.drivecat.common.MaxBody;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Every operation's body limit ({@link MaxBody} on its resource method, else
 * {@link MaxBody#DEFAULT_BYTES}), before the body is read: a body declared larger (Content-Length)
 * is answered 413 problem+json at once, without reading it, and the connection is closed; any
 * other body (chunked, or HTTP/2's DATA frames, which need no length at all) reaches the resource through a stream that fails with the same 413 as soon as it
 * passes the limit, whoever reads it (a JSON reader, a form, a String parameter).
 *
 * <p>The transport's own ceiling ({@code quarkus.http.limits.max-body-size}) lies above the largest
 * of these limits: past it Vert.x answers a bare 413 before drivecat sees the request. The service
 * refuses to start when a configured limit is not below that ceiling.
 */
@ApplicationScoped
public class BodyLimits {

    private static final Map<Method, Long> LIMITS = new ConcurrentHashMap<>();

    @ServerRequestFilter(priority = 100)
    public Optional<Response> limit(ContainerRequestContext request, ResourceInfo resource) {
        Method method = resource.getResourceMethod();
        if (method == null) {
            return Optional.empty();
        }
        // no Content-Length and no Transfer-Encoding is no proof of no body: an HTTP/2 body (h2c on the plain port) needs neither
        String length = request.getHeaderString(HttpHeaders.CONTENT_LENGTH);
        long max = LIMITS.computeIfAbsent(method, BodyLimits::limitOf);
        String what = "The body of " + request.getMethod() + " " + request.getUriInfo().getPath();
        long declared = declaredLength(length);
        if (declared > max) {
            Problem problem = ProblemMappers.problemOf(BodyLimit.tooLarge(what, max));
            return Optional.of(Response.fromResponse(ProblemMappers.respond(problem, request.getUriInfo()))
                    .header("Connection", "close").build());
        }
        if (declared != 0) {
            request.setEntityStream(BodyLimit.counted(request.getEntityStream(), max, what));
        }
        return Optional.empty();
    }

    /** The declared length; -1 when it is not a number (the codec has refused a malformed one before). */
    private static long declaredLength(String header) {
        if (header == null) {
            return -1;
        }
        try {
            return Long.parseLong(header.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The operation's limit, as its resource method declares it. */
    static long limitOf(Method method) {
        MaxBody declared = method.getAnnotation(MaxBody.class);
        if (declared == null) {
            return MaxBody.DEFAULT_BYTES;
        }
        if (!declared.property().isEmpty()) {
            return ConfigProvider.getConfig().getValue(declared.property(), Long.class);
        }
        return declared.bytes();
    }

    /** The transport's ceiling must lie above every configured limit, or that limit would be answered with a bare 413. */
    void checkCeiling(@Observes StartupEvent start, ImportSettings importSettings) {
        long ceiling = ConfigProvider.getConfig().getOptionalValue("quarkus.http.limits.max-body-size", io.quarkus.runtime.configuration.MemorySize.class)
                .map(io.quarkus.runtime.configuration.MemorySize::asLongValue).orElse(Long.MAX_VALUE);
        long imports = importSettings.maxBodyBytes();
        if (imports >= ceiling) {
            throw new IllegalStateException("drivecat.imports.max-body-bytes (" + imports + ") must be below quarkus.http.limits.max-body-size ("
                    + ceiling + " bytes): raise the latter too, so that a body over the import limit gets drivecat's 413 problem");
        }
    }
}
