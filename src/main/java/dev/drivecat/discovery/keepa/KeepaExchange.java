package dev.drivecat.discovery.keepa;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.discovery.SearchSource.SearchFailure.Kind;
import io.smallrye.faulttolerance.api.CustomBackoff;
import io.smallrye.faulttolerance.api.CustomBackoffStrategy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import jakarta.ws.rs.core.Response;

/**
 * One call of Keepa's API, with the fault tolerance every call shares: a 429 (NOT_ENOUGH_TOKEN) is waited out for as long
 * as its {@code refillIn} says and tried again, up to three times; a call that takes longer than a minute is given up;
 * after four calls in a row without an answer (the network, a 5xx, an answer that is no JSON) the circuit opens and
 * Keepa is not asked for a minute. 402 (no subscription) and 400 (a rejected request) are answers, never tried again.
 * The token bucket of every answer is kept for {@link KeepaClient}'s pacing.
 */
@ApplicationScoped
class KeepaExchange {

    @Inject
    @RestClient
    KeepaApi api;

    @Inject
    KeepaSettings config;

    @Inject
    ObjectMapper json;

    /** The most an answer may hold, inflated: 100 products with offers and years of history are a few MiB. */
    static final int MAX_BODY = 32 * 1024 * 1024;

    Clock clock = Clock.systemUTC();

    private volatile Bucket bucket;

    /** What is asked. */
    sealed interface Call permits Search, Products {
        int domain();
    }

    /** A page of product search. */
    record Search(int domain, String term, int page) implements Call {
    }

    /** Products by ASIN, with their live offers and history. */
    record Products(int domain, List<String> asins, int offers) implements Call {
    }

    /**
     * The token bucket as the last answer left it.
     *
     * @param refillIn milliseconds from {@code at} until the next refill
     */
    record Bucket(int tokensLeft, long refillIn, int refillRate, Instant at) {
    }

    /** Keepa answered 429: not enough tokens; {@code refillIn} says when there are more. */
    static final class NotEnoughTokens extends Exception {
        final long refillIn;

        NotEnoughTokens(long refillIn, String message) {
            super(message);
            this.refillIn = refillIn;
        }
    }

    /** Keepa refused the call (402, 400): no call will fare better. */
    static final class Refused extends Exception {
        final Kind kind;

        Refused(Kind kind, String message) {
            super(message);
            this.kind = kind;
        }
    }

    /** No answer that could be read: the network, a timeout, a 5xx, a body that is not Keepa's JSON. */
    static final class Unanswered extends Exception {
        Unanswered(String message) {
            super(message);
        }
    }

    /** The wait before a retry after a 429: Keepa's {@code refillIn}, and a little more; at most a bucket's minute and some. */
    public static final class RefillWait implements CustomBackoffStrategy {
        static final long MARGIN_MS = 50;
        static final long MAX_MS = 65_000;

        @Override
        public long nextDelayInMillis(Throwable exception) {
            long asked = exception instanceof NotEnoughTokens n ? Math.max(0, n.refillIn) : 1_000;
            return Math.min(MAX_MS, asked + MARGIN_MS);
        }
    }

    Bucket bucket() {
        return bucket;
    }

    @Retry(retryOn = NotEnoughTokens.class, maxRetries = 3, maxDuration = 5, durationUnit = ChronoUnit.MINUTES, jitter = 0)
    @CustomBackoff(RefillWait.class)
    @CircuitBreaker(failOn = {Unanswered.class, TimeoutException.class}, requestVolumeThreshold = 4, failureRatio = 1.0,
            delay = 60, delayUnit = ChronoUnit.SECONDS)
    @Timeout(value = 60, unit = ChronoUnit.SECONDS)
    KeepaAnswer call(Call call) throws NotEnoughTokens, Refused, Unanswered {
        String key = config.key().orElseThrow().strip();
        Response response;
        try {
            if (call instanceof Search s) {
                response = api.search(key, s.domain(), "product", s.term(), s.page(), 0);
            } else {
                Products p = (Products) call;
                response = api.product(key, p.domain(), String.join(",", p.asins()), p.offers(), 1, 1);
            }
        } catch (ProcessingException | WebApplicationException e) {
            throw new Unanswered(why(e));
        }
        int status = response.getStatus();
        KeepaAnswer answer = read(status, response);
        // the bucket of a success or a 429; a refused call (402: no subscription, refill rate 0) says nothing of it
        if (answer != null && answer.tokensLeft() != null && (status == 200 || status == 429)) {
            bucket = new Bucket(answer.tokensLeft(), answer.refillIn() == null ? 60_000 : answer.refillIn(),
                    answer.refillRate() == null ? 0 : answer.refillRate(), clock.instant());
        }
        String said = answer == null || answer.error() == null ? "" : said(answer.error());
        if (status == 200 && answer != null) {
            return answer;
        }
        if (status == 429) {
            long refillIn = answer == null || answer.refillIn() == null ? 60_000 : answer.refillIn();
            throw new NotEnoughTokens(refillIn, "Keepa had not enough tokens (429 NOT_ENOUGH_TOKEN" + said + "); its bucket refills in "
                    + refillIn + " ms");
        }
        if (status == 402) {
            throw new Refused(Kind.AUTH, "Keepa refused the key: no or an expired API subscription (402 PAYMENT_REQUIRED" + said
                    + "); see https://keepa.com/#!api");
        }
        if (status == 400) {
            throw new Refused(Kind.AUTH, "Keepa rejected the request (400 REQUEST_REJECTED" + said
                    + "); check DRIVECAT_KEEPA_KEY and DRIVECAT_KEEPA_DOMAINS");
        }
        throw new Unanswered("Keepa answered " + status + (said.isEmpty() ? "" : " (" + said.substring(2) + ")"));
    }

    /** The answer's envelope: the body inflated when gzip (at most {@link #MAX_BODY} bytes) and read as JSON; null when there is none. */
    private KeepaAnswer read(int status, Response response) throws Unanswered {
        byte[] body;
        try {
            body = response.hasEntity() ? response.readEntity(byte[].class) : null;
        } catch (ProcessingException | WebApplicationException e) {
            throw new Unanswered("Keepa's answer (" + status + ") could not be read");
        }
        if (body == null || body.length == 0) {
            return null;
        }
        String encoding = response.getHeaderString("Content-Encoding");
        try (InputStream in = encoding != null && encoding.strip().equalsIgnoreCase("gzip")
                ? new GZIPInputStream(new ByteArrayInputStream(body)) : new ByteArrayInputStream(body)) {
            byte[] plain = in.readNBytes(MAX_BODY + 1);
            if (plain.length > MAX_BODY) {
                throw new Unanswered("Keepa's answer (" + status + ") is larger than " + MAX_BODY / (1024 * 1024) + " MiB");
            }
            return json.readValue(plain, KeepaAnswer.class);
        } catch (IOException e) {
            if (status != 200) {
                return null;
            }
            throw new Unanswered("Keepa's answer (200) is not its JSON: " + e.getClass().getSimpleName());
        }
    }

    private static String said(KeepaAnswer.Error error) {
        StringBuilder s = new StringBuilder();
        for (String part : new String[] {error.type(), error.message(), error.details()}) {
            if (part != null && !part.isBlank()) {
                s.append(s.isEmpty() ? ": " : " — ").append(part.strip());
            }
        }
        return s.toString();
    }

    private static String why(Exception e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String message = cause.getMessage() == null ? "" : ": " + cause.getMessage();
        return "no answer from Keepa (" + cause.getClass().getSimpleName() + message + ")";
    }
}
