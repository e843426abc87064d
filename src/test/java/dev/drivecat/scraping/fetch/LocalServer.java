package dev.drivecat.scraping.fetch;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.Options;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** WireMock on loopback only, never compressing on its own, so that tests control every byte. */
final class LocalServer {

    private LocalServer() {
    }

    static WireMockServer start() {
        return start(options());
    }

    /** Bodies go out with a Content-Length. */
    static WireMockServer start(WireMockConfiguration options) {
        return start(options, Options.ChunkedEncodingPolicy.NEVER);
    }

    /** Bodies go out chunked, with no Content-Length. */
    static WireMockServer startChunked() {
        return start(options(), Options.ChunkedEncodingPolicy.ALWAYS);
    }

    private static WireMockServer start(WireMockConfiguration options, Options.ChunkedEncodingPolicy chunking) {
        WireMockServer server = new WireMockServer(options.dynamicPort().bindAddress("127.0.0.1").gzipDisabled(true)
                .useChunkedTransferEncoding(chunking));
        server.start();
        return server;
    }

    /** The requests, in the order they arrived (WireMock lists the newest first). */
    static List<LoggedRequest> requests(WireMockServer server) {
        List<LoggedRequest> requests = new ArrayList<>(
                server.getAllServeEvents().stream().map(ServeEvent::getRequest).toList());
        Collections.reverse(requests);
        return requests;
    }

    /** The paths (with query) requested, in the order they arrived. */
    static List<String> requestedPaths(WireMockServer server) {
        return requests(server).stream().map(LoggedRequest::getUrl).toList();
    }
}
