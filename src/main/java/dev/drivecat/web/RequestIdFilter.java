package dev.drivecat.web;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jboss.logging.MDC;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Gives every request an id (the client's X-Request-Id when it is a sane token, else a new one),
 * puts it in the logging context so every log line of the request carries it, and returns it in
 * the X-Request-Id response header.
 */
public class RequestIdFilter {

    public static final String HEADER = "X-Request-Id";
    public static final String MDC_KEY = "requestId";
    private static final Pattern SANE = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

    @ServerRequestFilter(preMatching = true, priority = 1)
    public void assign(ContainerRequestContext request) {
        String given = request.getHeaderString(HEADER);
        String id = given != null && SANE.matcher(given).matches() ? given : UUID.randomUUID().toString();
        request.setProperty(MDC_KEY, id);
        MDC.put(MDC_KEY, id);
    }

    @ServerResponseFilter
    public void echo(ContainerRequestContext request, ContainerResponseContext response) {
        Object id = request.getProperty(MDC_KEY);
        if (id != null) {
            response.getHeaders().putSingle(HEADER, id);
        }
        MDC.remove(MDC_KEY);
    }
}
