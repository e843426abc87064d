package dev.drivecat.web;

import dev.drivecat.DrivecatConfig;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Guards every path under /admin, matched or not, before routing: a request passes only with
 * {@code Authorization: Bearer <DRIVECAT_ADMIN_TOKEN>}. With no token configured, admin is closed.
 * The comparison takes the same time whatever the mismatch, and the token is never logged.
 */
public class AdminAuthFilter {

    static final String ADMIN_PREFIX = "/admin";

    /** Looked up per request: filters are created before runtime configuration is available. */
    @Inject
    jakarta.enterprise.inject.Instance<DrivecatConfig> config;

    @ServerRequestFilter(preMatching = true)
    public Optional<Response> requireAdminToken(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        if (!isAdminPath(path)) {
            return Optional.empty();
        }
        Optional<String> expected = config.get().adminToken().map(String::trim).filter(t -> !t.isEmpty());
        if (expected.isEmpty()) {
            return Optional.of(unauthorized(path,
                    "Admin endpoints are closed: no admin token is configured on this server (set DRIVECAT_ADMIN_TOKEN)"));
        }
        String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Optional.of(unauthorized(path, "Admin endpoints need an Authorization: Bearer <token> header"));
        }
        String presented = header.substring(7).trim();
        if (!MessageDigest.isEqual(digest(presented), digest(expected.get()))) {
            return Optional.of(unauthorized(path, "The bearer token is not the admin token"));
        }
        return Optional.empty();
    }

    static boolean isAdminPath(String path) {
        String normalised = path.replaceAll("/{2,}", "/").toLowerCase(java.util.Locale.ROOT);
        return normalised.equals(ADMIN_PREFIX) || normalised.startsWith(ADMIN_PREFIX + "/")
                || normalised.startsWith(ADMIN_PREFIX + ";");
    }

    /** Hashing first makes the comparison independent of both tokens' lengths. */
    private static byte[] digest(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Response unauthorized(String path, String detail) {
        Problem problem = Problem.of(ProblemType.UNAUTHORIZED, detail).at(path);
        return Response.status(401).type(Problem.MEDIA_TYPE)
                .header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"drivecat-admin\"")
                .entity(problem).build();
    }
}
