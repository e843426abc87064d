package dev.drivecat.web;

import dev.drivecat.common.Work;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Duration;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Gives every request its {@link Work.Limit}: the deadline of {@code drivecat.requests.deadline}
 * from its arrival, and its connection, so that work that checks ({@link Work#check()}) stops once
 * the client has gone.
 */
public class RequestDeadlines {

    /** Looked up at the first request: the filter is made while Quarkus starts, before its runtime configuration is read. */
    @Inject
    Instance<RequestSettings> settings;

    private volatile Duration deadline;

    @ServerRequestFilter(preMatching = true, priority = 0)
    public void limit(HttpServerRequest request) {
        Duration d = deadline;
        if (d == null) {
            d = settings.get().deadline();
            deadline = d;
        }
        Work.limit(d, () -> request.response().closed());
    }
}
