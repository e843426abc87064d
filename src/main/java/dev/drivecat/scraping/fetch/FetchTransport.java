package dev.drivecat.scraping.fetch;

import dev.drivecat.scraping.fetch.FetchResult.FailureReason;
import dev.drivecat.scraping.fetch.FetchResult.Refused;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.client5.http.classic.ExecChain;
import org.apache.hc.client5.http.classic.ExecChainHandler;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.ChainElement;
import org.apache.hc.client5.http.impl.DefaultRedirectStrategy;
import org.apache.hc.client5.http.impl.DefaultSchemePortResolver;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.impl.routing.DefaultRoutePlanner;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.http.io.entity.HttpEntityWrapper;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * One HTTP GET at a time, with every limit enforced: connect and read timeouts, a deadline for the
 * whole exchange, a cap on the bytes read off the wire and another on the decompressed bytes.
 * Redirects are not followed here (the fetcher re-checks each hop); HttpClient does the
 * decompression, the connection pooling and the parsing of Location headers.
 */
final class FetchTransport implements Closeable {

    /** How much of an unwanted body (redirect, error page) is read to keep the connection; beyond it, cut. */
    private static final int DISCARD_LIMIT = 64 * 1024;
    private static final String WIRE_LIMIT = "drivecat.wire-limit";

    /** What one exchange came to. */
    sealed interface Exchange {
        /**
         * A response. {@code body} is null unless the status is 2xx; {@code truncated} when a body
         * read with {@link Limits#truncate} hit its limit; {@code redirect} is the resolved
         * Location of a 3xx (null when absent), {@code redirectError} why it could not be read.
         */
        record Response(int status, Map<String, String> headers, byte[] body, boolean truncated, URI redirect,
                String redirectError) implements Exchange {
            String header(String name) {
                return headers.get(name.toLowerCase(Locale.ROOT));
            }
        }

        /** Refused at connect time: the host resolved to an address we do not contact. */
        record Blocked(Refused refused) implements Exchange {
        }

        record Error(FailureReason reason, String detail) implements Exchange {
        }
    }

    /**
     * Body limits for one exchange. With {@code truncate}, a body over {@code maxDecodedBytes} is
     * cut and returned as far as read (robots.txt); otherwise it is a failure.
     */
    record Limits(long maxWireBytes, long maxDecodedBytes, boolean truncate) {
    }

    private static final class BodyTooLargeException extends IOException {
        BodyTooLargeException(String message) {
            super(message);
        }
    }

    private final CloseableHttpClient client;
    private final Duration deadline;
    private final ScheduledExecutorService deadlines;

    FetchTransport(FetcherSettings config, CheckingDnsResolver resolver) {
        Timeout connect = Timeout.of(config.connectTimeout());
        Timeout read = Timeout.of(config.readTimeout());
        PoolingHttpClientConnectionManager connections = PoolingHttpClientConnectionManagerBuilder.create()
                .setDnsResolver(resolver)
                .setDefaultSocketConfig(SocketConfig.custom().setSoTimeout(read).build())
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(connect)
                        .setSocketTimeout(read)
                        .setTimeToLive(TimeValue.ofMinutes(5))
                        .build())
                .setMaxConnTotal(64)
                .setMaxConnPerRoute(2)
                .build();
        this.client = HttpClients.custom()
                .setConnectionManager(connections)
                // direct connections only: no proxy from system properties or environment
                .setRoutePlanner(new DefaultRoutePlanner(DefaultSchemePortResolver.INSTANCE))
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(connect)
                        .setResponseTimeout(read)
                        .setRedirectsEnabled(false)
                        .setContentCompressionEnabled(true)
                        .build())
                .setUserAgent(config.userAgent())
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableAuthCaching()
                // inside the decompression step, so that it counts the bytes as they come off the wire
                .addExecInterceptorAfter(ChainElement.COMPRESS.name(), "drivecat-wire-limit", new WireLimit())
                .evictIdleConnections(TimeValue.ofMinutes(1))
                .build();
        this.deadline = config.requestDeadline();
        this.deadlines = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "drivecat-fetch-deadline");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** One GET; the body is read (within the limits) only for a 2xx answer. */
    Exchange get(URI uri, Map<String, String> extraHeaders, Limits limits) {
        HttpGet get = new HttpGet(uri);
        get.setHeader("Accept", "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.8");
        extraHeaders.forEach(get::setHeader);
        HttpClientContext context = HttpClientContext.create();
        context.setAttribute(WIRE_LIMIT, limits.maxWireBytes());
        AtomicBoolean deadlineHit = new AtomicBoolean();
        ScheduledFuture<?> timer = deadlines.schedule(() -> {
            deadlineHit.set(true);
            get.cancel();
        }, deadline.toNanos(), TimeUnit.NANOSECONDS);
        ClassicHttpResponse response = null;
        try {
            response = client.executeOpen(null, get, context);
            return read(get, context, response, limits);
        } catch (IOException e) {
            // cut the connection first: closing a half-read response would otherwise drain the rest
            get.cancel();
            return failure(e, deadlineHit.get());
        } finally {
            timer.cancel(false);
            closeQuietly(response);
        }
    }

    private Exchange read(HttpGet get, HttpClientContext context, ClassicHttpResponse response, Limits limits)
            throws IOException {
        int status = response.getCode();
        Map<String, String> headers = new HashMap<>();
        for (Header header : response.getHeaders()) {
            headers.putIfAbsent(header.getName().toLowerCase(Locale.ROOT), header.getValue());
        }
        URI redirect = null;
        String redirectError = null;
        if (status >= 300 && status < 400 && status != 304 && response.containsHeader("Location")) {
            try {
                redirect = DefaultRedirectStrategy.INSTANCE.getLocationURI(get, response, context);
            } catch (HttpException e) {
                redirectError = e.getMessage();
            }
        }
        HttpEntity entity = response.getEntity();
        if (status < 200 || status >= 300) {
            discard(get, entity);
            return new Exchange.Response(status, Map.copyOf(headers), null, false, redirect, redirectError);
        }
        byte[] body = new byte[0];
        boolean truncated = false;
        if (entity != null) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            InputStream in = null;
            boolean complete = false;
            try {
                in = entity.getContent();
                truncated = copy(in, out, limits);
                complete = !truncated;
            } catch (BodyTooLargeException e) {
                return new Exchange.Error(FailureReason.BODY_TOO_LARGE, e.getMessage());
            } finally {
                if (!complete) {
                    // the rest is never read: drop the connection, since closing would drain it
                    get.cancel();
                }
                closeQuietly(in);
            }
            body = out.toByteArray();
        }
        return new Exchange.Response(status, Map.copyOf(headers), body, truncated, redirect, redirectError);
    }

    /** Copies at most the decoded limit; true when a truncating read stopped at the limit. */
    private static boolean copy(InputStream in, OutputStream out, Limits limits) throws IOException {
        byte[] buffer = new byte[16 * 1024];
        long total = 0;
        int n;
        while ((n = in.read(buffer)) != -1) {
            if (total + n > limits.maxDecodedBytes()) {
                if (limits.truncate()) {
                    out.write(buffer, 0, (int) (limits.maxDecodedBytes() - total));
                    return true;
                }
                throw new BodyTooLargeException("body larger than " + limits.maxDecodedBytes()
                        + " bytes after decoding; cut");
            }
            out.write(buffer, 0, n);
            total += n;
        }
        return false;
    }

    /** Reads a little of an unwanted body so that the connection can be reused, else drops the connection. */
    private static void discard(HttpGet get, HttpEntity entity) {
        if (entity == null) {
            return;
        }
        InputStream in = null;
        boolean complete = false;
        try {
            in = entity.getContent();
            byte[] buffer = new byte[8192];
            long total = 0;
            int n;
            while ((n = in.read(buffer)) != -1) {
                total += n;
                if (total > DISCARD_LIMIT) {
                    return;
                }
            }
            complete = true;
        } catch (IOException | RuntimeException e) {
            // nothing to report: the body was not wanted
        } finally {
            if (!complete) {
                get.cancel();
            }
            closeQuietly(in);
        }
    }

    private static void closeQuietly(Closeable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (IOException | RuntimeException e) {
            // the connection is being dropped anyway
        }
    }

    private static Exchange failure(IOException e, boolean deadlineHit) {
        if (deadlineHit) {
            return new Exchange.Error(FailureReason.DEADLINE_EXCEEDED, "exchange took longer than the deadline; cut");
        }
        Throwable cause = e;
        while (cause != null) {
            if (cause instanceof CheckingDnsResolver.AddressRefusedException refused) {
                return new Exchange.Blocked(refused.refused());
            }
            if (cause instanceof BodyTooLargeException) {
                return new Exchange.Error(FailureReason.BODY_TOO_LARGE, cause.getMessage());
            }
            if (cause instanceof ConnectTimeoutException) {
                return new Exchange.Error(FailureReason.TIMEOUT, "connect timed out: " + cause.getMessage());
            }
            if (cause instanceof SocketTimeoutException) {
                return new Exchange.Error(FailureReason.TIMEOUT, "read timed out: " + cause.getMessage());
            }
            if (cause instanceof HttpException) {
                return new Exchange.Error(FailureReason.PROTOCOL_ERROR, cause.getMessage());
            }
            if (cause instanceof UnknownHostException) {
                return new Exchange.Error(FailureReason.NETWORK_ERROR, "unknown host " + cause.getMessage());
            }
            cause = cause.getCause();
        }
        if (e instanceof InterruptedIOException) {
            return new Exchange.Error(FailureReason.INTERRUPTED, "interrupted");
        }
        if (e instanceof java.util.zip.ZipException || e instanceof java.io.EOFException) {
            return new Exchange.Error(FailureReason.PROTOCOL_ERROR, "corrupt or truncated body: " + e.getMessage());
        }
        return new Exchange.Error(FailureReason.NETWORK_ERROR, e.getClass().getSimpleName() + ": " + e.getMessage());
    }

    @Override
    public void close() {
        deadlines.shutdownNow();
        client.close(CloseMode.IMMEDIATE);
    }

    /** Counts the body bytes as they arrive, before any decoding, and cuts the body at the wire limit. */
    private static final class WireLimit implements ExecChainHandler {
        @Override
        public ClassicHttpResponse execute(ClassicHttpRequest request, ExecChain.Scope scope, ExecChain chain)
                throws IOException, HttpException {
            ClassicHttpResponse response = chain.proceed(request, scope);
            Object limit = scope.clientContext.getAttribute(WIRE_LIMIT);
            HttpEntity entity = response.getEntity();
            if (entity != null && limit instanceof Long max) {
                response.setEntity(new WireLimitedEntity(entity, max));
            }
            return response;
        }
    }

    private static final class WireLimitedEntity extends HttpEntityWrapper {
        private final long max;

        WireLimitedEntity(HttpEntity entity, long max) {
            super(entity);
            this.max = max;
        }

        @Override
        public InputStream getContent() throws IOException {
            long declared = getContentLength();
            if (declared > max) {
                // no need to read what the server says it will send
                throw new BodyTooLargeException("Content-Length " + declared + " is over the limit of " + max
                        + " bytes; not read");
            }
            return new CountingStream(super.getContent(), max);
        }

        @Override
        public void writeTo(OutputStream out) throws IOException {
            try (InputStream in = getContent()) {
                in.transferTo(out);
            }
        }
    }

    private static final class CountingStream extends FilterInputStream {
        private final long max;
        private long count;

        CountingStream(InputStream in, long max) {
            super(in);
            this.max = max;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b != -1) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            count(skipped);
            return skipped;
        }

        private void count(long n) throws BodyTooLargeException {
            count += n;
            if (count > max) {
                throw new BodyTooLargeException("body larger than " + max + " bytes on the wire; cut");
            }
        }
    }
}
