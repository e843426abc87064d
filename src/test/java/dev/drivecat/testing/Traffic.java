package dev.drivecat.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Requests kept going against a child service while its database is broken on purpose: readers
 * ask for drives, one writer imports a new listing per request (named {@code <prefix>-<n>}) and
 * sorts each by its answer. An answer other than 200 or a 503 problem+json with Retry-After, and
 * a request that got no answer within the client's timeout, are kept as findings.
 */
public final class Traffic implements AutoCloseable {

    private final ServiceProcess service;
    private final String prefix;
    private final Duration requestTimeout;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Thread> threads = new ArrayList<>();
    private final List<String> findings = new CopyOnWriteArrayList<>();
    private final AtomicInteger reads200 = new AtomicInteger();
    private final AtomicInteger reads503 = new AtomicInteger();
    private final AtomicInteger writesSent = new AtomicInteger();
    private final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    private final Set<String> refused = ConcurrentHashMap.newKeySet();
    private final Set<String> inDoubt = ConcurrentHashMap.newKeySet();

    private Traffic(ServiceProcess service, String prefix, Duration requestTimeout) {
        this.service = service;
        this.prefix = prefix;
        this.requestTimeout = requestTimeout;
    }

    /** Starts {@code readers} reading threads and one writing thread. */
    public static Traffic start(ServiceProcess service, String prefix, int readers, Duration requestTimeout) {
        Traffic traffic = new Traffic(service, prefix, requestTimeout);
        for (int i = 0; i < readers; i++) {
            traffic.run("reader-" + i, traffic::read);
        }
        traffic.run("writer", traffic::write);
        return traffic;
    }

    private void run(String name, Runnable step) {
        Thread t = new Thread(() -> {
            while (running.get()) {
                step.run();
                ServiceProcess.sleep(20);
            }
        }, prefix + "-" + name);
        t.setDaemon(true);
        t.start();
        threads.add(t);
    }

    private void read() {
        HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(service.url("/drives?limit=5"))).GET());
        if (r == null) {
            return;
        }
        if (r.statusCode() == 200) {
            reads200.incrementAndGet();
        } else if (unavailable(r)) {
            reads503.incrementAndGet();
        } else {
            findings.add("GET /drives: " + r.statusCode() + " " + r.headers().firstValue("Content-Type").orElse("") + " " + r.body());
        }
    }

    private void write() {
        String name = prefix + "-" + writesSent.incrementAndGet();
        HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(service.url("/admin/imports/specs")))
                .header("Authorization", "Bearer " + ServiceProcess.ADMIN_TOKEN).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(document(name))));
        if (r == null) {
            inDoubt.add(name);
        } else if (r.statusCode() == 200) {
            acknowledged.add(name);
        } else if (unavailable(r)) {
            (r.body().contains("\"outcome\":\"unknown\"") ? inDoubt : refused).add(name);
        } else {
            inDoubt.add(name);
            findings.add("POST " + name + ": " + r.statusCode() + " " + r.body());
        }
    }

    private static String document(String externalId) {
        return """
                {"format": "drivecat-import/1",
                 "sources": {"t": {"url": "urn:drivecat:source:traffic", "kind": "REVIEW", "retrievedAt": "2026-11-20"}},
                 "listings": [{"marketplace": "amazon-us", "externalId": "%s", "drive": "samsung-pm893-240gb-sata",
                   "observations": [{"observedAt": "2026-11-20T00:00:00Z", "price": 360.00, "currency": "USD", "inStock": true,
                                     "source": "t"}]}]}
                """.formatted(externalId);
    }

    private static boolean unavailable(HttpResponse<String> r) {
        return r.statusCode() == 503 && r.headers().firstValue("Content-Type").orElse("").startsWith("application/problem+json")
                && r.headers().firstValue("Retry-After").isPresent();
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(requestTimeout).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            findings.add("no answer within " + requestTimeout + ": " + e);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Waits until {@code more} further writes have been acknowledged, or the deadline passes. */
    public boolean awaitAcknowledged(int more, Duration within) {
        int target = acknowledged.size() + more;
        long deadline = System.nanoTime() + within.toNanos();
        while (acknowledged.size() < target && System.nanoTime() < deadline) {
            ServiceProcess.sleep(100);
        }
        return acknowledged.size() >= target;
    }

    /** Waits until {@code more} further reads were answered 503, or the deadline passes. */
    public boolean awaitUnavailableReads(int more, Duration within) {
        int target = reads503.get() + more;
        long deadline = System.nanoTime() + within.toNanos();
        while (reads503.get() < target && System.nanoTime() < deadline) {
            ServiceProcess.sleep(100);
        }
        return reads503.get() >= target;
    }

    public List<String> findings() {
        return findings;
    }

    public int reads200() {
        return reads200.get();
    }

    public int reads503() {
        return reads503.get();
    }

    public Set<String> acknowledged() {
        return acknowledged;
    }

    public Set<String> refused() {
        return refused;
    }

    public Set<String> inDoubt() {
        return inDoubt;
    }

    @Override
    public void close() {
        running.set(false);
        for (Thread t : threads) {
            try {
                t.join(requestTimeout.toMillis() + 5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
