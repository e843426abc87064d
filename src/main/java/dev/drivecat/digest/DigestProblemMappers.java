package dev.drivecat.digest;

import dev.drivecat.web.Problem;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** A 429 carries Retry-After as well as the problem body. */
public class DigestProblemMappers {

    @ServerExceptionMapper
    public Response rateLimited(RateLimitedException e, UriInfo uri) {
        Problem problem = e.problem().instance() == null && uri != null ? e.problem().at(uri.getPath()) : e.problem();
        return Response.status(429).type(Problem.MEDIA_TYPE).header("Retry-After", Long.toString(e.retryAfterSeconds()))
                .entity(problem).build();
    }
}
