package dev.drivecat.discovery.ebay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.common.RetryAfter;
import dev.drivecat.database.HostSlots;
import dev.drivecat.scraping.fetch.Sleeper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one way drivecat talks to eBay's API hosts (the token endpoint and the Browse API): every
 * request waits for its host's slot in the shared pacing ({@link HostSlots}, across instances),
 * has bounded connect and answer times and a bounded body, and is never redirected (a 3xx is an
 * answer like any other). A 429 holds the host off for every instance for as long as its
 * Retry-After asks.
 *
 * <p>java.net.http rather than the Quarkus REST client: its proxies are generated at build time,
 * so every test of the source would need a Quarkus start, and it has no cap on a body's bytes.
 */
final class EbayHttp {

    /** How long the exchanges may take and how much they may bring. */
    record Limits(Duration connect, Duration answer, Duration exchange, int maxBodyBytes) {
        /** 10 s to connect, 10 s to the answer's headers, 30 s for the whole exchange, 4 MiB of body (a page of 200 items is far less). */
        static final Limits DEFAULT = new Limits(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(30), 4 * 1024 * 1024);
    }

    /** An answer: any status, with its whole body. */
    record Answer(int status, byte[] body, Optional<String> retryAfter, Optional<String> location) {
    }

    /** No answer was had; the reason says why, in words fit for a run's report. */
    static final class Unanswered extends Exception {
        Unanswered(String reason) {
            super(reason);
        }
    }

    /** When eBay gives no Retry-After with a 429. */
    static final Duration DEFAULT_HOLD_OFF = Duration.ofMinutes(1);
    /** A Retry-After beyond this is taken as this. */
    static final Duration MAX_HOLD_OFF = Duration.ofHours(24);
    private static final int MAX_REASON = 300;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient client;
    private final Limits limits;
    private final String userAgent;
    private final HostSlots slots;
    private final Duration minInterval;
    private final Sleeper sleeper;
    private final Clock clock;
    private final Set<String> secrets = new CopyOnWriteArraySet<>();

    EbayHttp(Limits limits, String userAgent, HostSlots slots, Duration minInterval, Sleeper sleeper, Clock clock) {
        this.client = HttpClient.newBuilder().connectTimeout(limits.connect()).followRedirects(HttpClient.Redirect.NEVER)
                .version(HttpClient.Version.HTTP_1_1).proxy(HttpClient.Builder.NO_PROXY).build();
        this.limits = limits;
        this.userAgent = userAgent;
        this.slots = slots;
        this.minInterval = minInterval;
        this.sleeper = sleeper;
        this.clock = clock;
    }

    Limits limits() {
        return limits;
    }

    /** Text that must never appear in a reason or a log line (the client secret, the current token). */
    void secret(String secret) {
        if (secret != null && !secret.isBlank()) {
            secrets.add(secret);
        }
    }

    void forget(String secret) {
        if (secret != null) {
            secrets.remove(secret);
        }
    }

    /** A request to {@code uri} with drivecat's User-Agent and the answer time set; the caller adds method, headers and body. */
    HttpRequest.Builder request(URI uri) {
        return HttpRequest.newBuilder(uri).timeout(limits.answer()).header("User-Agent", userAgent).header("Accept", "application/json");
    }

    /** Waits for the host's slot, then sends: an answer with any status, or why there was none. */
    Answer send(HttpRequest request) throws Unanswered, InterruptedException {
        String host = request.uri().getHost();
        Duration wait;
        try {
            wait = slots.reserve(host, minInterval);
        } catch (RuntimeException e) {
            throw new Unanswered("the pacing slot of " + host + " could not be reserved: " + e.getMessage());
        }
        sleeper.sleep(wait);
        CompletableFuture<HttpResponse<byte[]>> exchange = client.sendAsync(request, info -> limited(limits.maxBodyBytes()));
        try {
            HttpResponse<byte[]> response = exchange.get(limits.exchange().toMillis(), TimeUnit.MILLISECONDS);
            return new Answer(response.statusCode(), response.body(), response.headers().firstValue("Retry-After"),
                    response.headers().firstValue("Location"));
        } catch (TimeoutException e) {
            exchange.cancel(true);
            throw new Unanswered(host + " did not answer in full within " + seconds(limits.exchange()));
        } catch (InterruptedException e) {
            exchange.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            throw new Unanswered(why(host, e.getCause()));
        }
    }

    private String why(String host, Throwable cause) {
        if (cause instanceof BodyTooLarge) {
            return "the answer of " + host + " was larger than " + limits.maxBodyBytes() / 1024 + " KiB";
        }
        if (cause instanceof HttpConnectTimeoutException) {
            return "no connection to " + host + " within " + seconds(limits.connect());
        }
        if (cause instanceof HttpTimeoutException) {
            return host + " did not answer within " + seconds(limits.answer());
        }
        if (cause instanceof ConnectException) {
            return host + " could not be reached (connection refused)";
        }
        if (cause instanceof IOException) {
            return host + " could not be reached: " + cause.getClass().getSimpleName()
                    + (cause.getMessage() == null ? "" : " " + clean(cause.getMessage()));
        }
        return "the exchange with " + host + " failed: " + cause.getClass().getSimpleName();
    }

    private static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }

    /**
     * Holds the answering host off for every instance for as long as the 429's Retry-After asks
     * (seconds or an HTTP date; {@link #DEFAULT_HOLD_OFF} without one, at most {@link #MAX_HOLD_OFF}).
     *
     * @return until when
     */
    Instant holdOff(URI uri, Answer answer) {
        Instant now = clock.instant();
        Duration asked = answer.retryAfter().flatMap(value -> RetryAfter.parse(value, now)).orElse(DEFAULT_HOLD_OFF);
        Instant until = now.plus(asked.compareTo(MAX_HOLD_OFF) > 0 ? MAX_HOLD_OFF : asked);
        try {
            slots.holdOff(uri.getHost(), until);
        } catch (RuntimeException e) {
            // the hold-off is a courtesy to the host; the search fails either way
        }
        return until;
    }

    /**
     * What an eBay error answer says, short: {@code errors[0]} of the REST APIs (errorId, message,
     * longMessage) or the OAuth {@code error}/{@code error_description}; empty when the body says
     * nothing readable.
     */
    String errorMessage(byte[] body) {
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (IOException e) {
            return "";
        }
        if (root == null || !root.isObject()) {
            return "";
        }
        StringBuilder said = new StringBuilder();
        JsonNode error = root.path("errors").path(0);
        if (error.isObject()) {
            if (error.path("errorId").canConvertToInt()) {
                said.append("error ").append(error.path("errorId").asInt()).append(": ");
            }
            ItemSummaryReader.text(error, "message").ifPresent(said::append);
            ItemSummaryReader.text(error, "longMessage").filter(m -> !said.toString().endsWith(m))
                    .ifPresent(m -> said.append(said.isEmpty() ? "" : " — ").append(m));
        } else {
            ItemSummaryReader.text(root, "error").ifPresent(said::append);
            ItemSummaryReader.text(root, "error_description").ifPresent(d -> said.append(said.isEmpty() ? "" : ": ").append(d));
        }
        return clean(said.toString());
    }

    /** Text fit for a reason or a log line: one line, no control characters, no secret, at most 300 characters. */
    String clean(String text) {
        String cleaned = text.replaceAll("[\\p{Cntrl}\\p{Zl}\\p{Zp}]+", " ").strip();
        for (String secret : secrets) {
            cleaned = cleaned.replace(secret, "[redacted]");
        }
        return cleaned.length() > MAX_REASON ? cleaned.substring(0, MAX_REASON - 1) + "…" : cleaned;
    }

    /** A body of at most {@code max} bytes; a longer one fails the exchange, unread beyond the limit. */
    private static HttpResponse.BodySubscriber<byte[]> limited(int max) {
        return new HttpResponse.BodySubscriber<>() {
            private final CompletableFuture<byte[]> body = new CompletableFuture<>();
            private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            private Flow.Subscription subscription;

            @Override
            public CompletionStage<byte[]> getBody() {
                return body;
            }

            @Override
            public void onSubscribe(Flow.Subscription subscription) {
                this.subscription = subscription;
                subscription.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(List<ByteBuffer> buffers) {
                if (body.isDone()) {
                    return;
                }
                for (ByteBuffer buffer : buffers) {
                    if (bytes.size() + buffer.remaining() > max) {
                        subscription.cancel();
                        body.completeExceptionally(new BodyTooLarge());
                        return;
                    }
                    byte[] chunk = new byte[buffer.remaining()];
                    buffer.get(chunk);
                    bytes.writeBytes(chunk);
                }
            }

            @Override
            public void onError(Throwable failure) {
                body.completeExceptionally(failure);
            }

            @Override
            public void onComplete() {
                body.complete(bytes.toByteArray());
            }
        };
    }

    private static final class BodyTooLarge extends IOException {
        BodyTooLarge() {
            super("body too large");
        }
    }
}
