package dev.drivecat.pages;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.regex.Pattern;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * The addresses that answer people with a page and tools with JSON say so with {@code Vary: Accept},
 * whichever they answered, so that no cache hands a browser's page to a tool or the reverse.
 */
public class VaryAcceptFilter {

    /** /, /recommend, /drives and /drives/{slug}: the addresses with a page and JSON. */
    static final Pattern NEGOTIATED = Pattern.compile("/|/recommend/?|/drives/?|/drives/[^/]+/?");

    @ServerResponseFilter
    public void vary(ContainerRequestContext request, ContainerResponseContext response) {
        String method = request.getMethod();
        if (!("GET".equals(method) || "HEAD".equals(method))
                || !NEGOTIATED.matcher(request.getUriInfo().getPath()).matches()) {
            return;
        }
        Object vary = response.getHeaders().getFirst(HttpHeaders.VARY);
        if (vary == null) {
            response.getHeaders().putSingle(HttpHeaders.VARY, HttpHeaders.ACCEPT);
        } else if (java.util.Arrays.stream(vary.toString().split(",")).noneMatch(v -> v.trim().equalsIgnoreCase(HttpHeaders.ACCEPT))) {
            response.getHeaders().putSingle(HttpHeaders.VARY, vary + ", " + HttpHeaders.ACCEPT);
        }
    }
}
