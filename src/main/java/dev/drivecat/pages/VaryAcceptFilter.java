package dev.drivecat.pages;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.regex.Pattern;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * The addresses whose answer depends on the Accept header say so with {@code Vary: Accept}, whichever
 * they answered, so that no cache hands a browser's page to a tool, a CSV to a JSON client or an Atom
 * feed to either: the pages and their JSON, a drive's price history (JSON or CSV) and the price
 * changes (JSON or Atom).
 */
public class VaryAcceptFilter {

    /** /, /recommend, /drives and /drives/{slug} (a page and JSON), /drives/{slug}/prices (JSON and CSV), /price-changes (JSON and Atom). */
    static final Pattern NEGOTIATED = Pattern.compile("/|/recommend/?|/drives/?|/drives/[^/]+/?|/drives/[^/]+/prices/?|/price-changes/?");

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
