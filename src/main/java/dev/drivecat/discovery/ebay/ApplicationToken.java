package dev.drivecat.discovery.ebay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.discovery.SearchSource.SearchFailure;
import dev.drivecat.discovery.SearchSource.SearchFailure.Kind;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import org.jboss.logging.Logger;

/**
 * The eBay application access token (OAuth client credentials grant, eBay's
 * "oauth-client-credentials-grant" guide): {@code POST <token URL>} with the client id and secret as
 * Basic authentication and {@code grant_type=client_credentials&scope=<scope>}, answered with
 * {@code access_token} and {@code expires_in} (7,200 s). One token serves every search of every
 * marketplace until shortly before it expires ({@link #margin}); concurrent callers wait for the
 * one request that mints it. A token the API refused (401) is dropped once, so the next caller
 * mints a new one; callers still holding the refused one do not mint again.
 *
 * <p>A failed mint is remembered for {@link #FAILURE_MEMORY}, so that a run's queries do not each
 * ask a token endpoint that just failed (eBay caps the tokens an application may mint per day).
 *
 * <p>Minted here rather than by quarkus-oidc-client: that client is a CDI bean on Vert.x (so the
 * source could not be built in a plain unit test, and every Quarkus start would load one more
 * extension), while the grant is one form POST; the cache, the single mint among concurrent callers
 * and the refresh after a 401 would be ours either way. This way the token call shares the Browse
 * call's transport: the same pacing, timeouts, body limit and no redirects.
 */
final class ApplicationToken {

    private static final Logger LOG = Logger.getLogger(ApplicationToken.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A token whose lifetime eBay does not state is used this long. */
    static final Duration UNSTATED_LIFETIME = Duration.ofMinutes(5);
    /**
     * The longest a token is used: eBay's stated lifetime of an application token ("7200" seconds). A
     * longer {@code expires_in} is taken as this, so that no answer can move the renewal beyond any
     * instant (and a token kept too long would only be refused, and minted again).
     */
    static final Duration MAX_LIFETIME = Duration.ofSeconds(7200);
    /** A failed mint is answered again, without asking, for this long. */
    static final Duration FAILURE_MEMORY = Duration.ofSeconds(30);

    private final EbayHttp http;
    private final URI tokenUrl;
    private final String basicAuthorization;
    private final String body;
    private final Clock clock;
    private final BrowseMetrics metrics;

    private String token;
    private Instant renewAt = Instant.MIN;
    private SearchFailure lastFailure;
    private Instant failureUntil = Instant.MIN;

    ApplicationToken(EbayHttp http, URI tokenUrl, String clientId, String clientSecret, String scope, Clock clock, BrowseMetrics metrics) {
        this.http = http;
        this.tokenUrl = tokenUrl;
        this.basicAuthorization = "Basic " + Base64.getEncoder().encodeToString((clientId + ":" + clientSecret).getBytes(StandardCharsets.UTF_8));
        this.body = "grant_type=client_credentials&scope=" + URLEncoder.encode(scope, StandardCharsets.UTF_8);
        this.clock = clock;
        this.metrics = metrics;
        http.secret(clientSecret);
        http.secret(basicAuthorization.substring("Basic ".length()));
    }

    /** The current token, minted when there is none or it is about to expire. */
    synchronized String get() throws SearchFailure, InterruptedException {
        Instant now = clock.instant();
        if (token != null && now.isBefore(renewAt)) {
            return token;
        }
        if (lastFailure != null && now.isBefore(failureUntil)) {
            throw new SearchFailure(lastFailure.kind(), lastFailure.getMessage());
        }
        try {
            mint(now);
            lastFailure = null;
            return token;
        } catch (SearchFailure failure) {
            lastFailure = failure;
            failureUntil = clock.instant().plus(FAILURE_MEMORY);
            throw failure;
        }
    }

    /** The API refused {@code refused}: it is not used again (unless another caller already replaced it). */
    synchronized void refused(String refused) {
        if (refused != null && refused.equals(token)) {
            http.forget(token);
            token = null;
            renewAt = Instant.MIN;
        }
    }

    /** The lifetime {@code expires_in} states: {@link #UNSTATED_LIFETIME} when it states none, at most {@link #MAX_LIFETIME}. */
    static Duration lifetime(JsonNode expiresIn) {
        if (!expiresIn.isIntegralNumber() || expiresIn.bigIntegerValue().signum() <= 0) {
            return UNSTATED_LIFETIME;
        }
        // a number beyond a long wraps in asLong(): canConvertToLong says whether it fits
        if (!expiresIn.canConvertToLong() || expiresIn.asLong() > MAX_LIFETIME.getSeconds()) {
            return MAX_LIFETIME;
        }
        return Duration.ofSeconds(expiresIn.asLong());
    }

    /** How long before its expiry a token is renewed: a tenth of its lifetime, at most 5 minutes. */
    static Duration margin(Duration lifetime) {
        Duration tenth = lifetime.dividedBy(10);
        return tenth.compareTo(Duration.ofMinutes(5)) > 0 ? Duration.ofMinutes(5) : tenth;
    }

    private void mint(Instant now) throws SearchFailure, InterruptedException {
        HttpRequest request = http.request(tokenUrl).header("Content-Type", "application/x-www-form-urlencoded")
                .header("Authorization", basicAuthorization).POST(HttpRequest.BodyPublishers.ofString(body)).build();
        EbayHttp.Answer answer;
        try {
            answer = http.send(request);
        } catch (EbayHttp.Unanswered e) {
            throw failed("unanswered", Kind.FAILED, "no application token from eBay: " + e.getMessage());
        }
        int status = answer.status();
        if (status == 400 || status == 401) {
            String said = http.errorMessage(answer.body());
            throw failed("refused", Kind.AUTH, "eBay refused the application's keys (token endpoint answered " + status
                    + (said.isEmpty() ? "" : ": " + said) + "); check DRIVECAT_EBAY_CLIENT_ID and DRIVECAT_EBAY_CLIENT_SECRET"
                    + " and that they are the keyset of " + tokenUrl.getHost());
        }
        if (status == 429) {
            Instant until = http.holdOff(tokenUrl, answer);
            throw failed("throttled", Kind.FAILED, "eBay's token endpoint asked to slow down (429); " + tokenUrl.getHost()
                    + " is not asked again before " + until);
        }
        if (status != 200) {
            String said = http.errorMessage(answer.body());
            throw failed("failed", Kind.FAILED, "no application token from eBay: the token endpoint answered " + status
                    + (said.isEmpty() ? "" : " (" + said + ")"));
        }
        JsonNode root;
        try {
            root = JSON.readTree(answer.body());
        } catch (IOException e) {
            root = null;
        }
        String minted = root == null ? null : ItemSummaryReader.text(root, "access_token").orElse(null);
        if (minted == null) {
            throw failed("failed", Kind.FAILED, "eBay's token endpoint answered 200 without an access_token");
        }
        Duration lifetime = lifetime(root.path("expires_in"));
        http.forget(token);
        token = minted;
        http.secret(token);
        renewAt = now.plus(lifetime).minus(margin(lifetime));
        metrics.token("minted");
        LOG.infof("eBay application token minted at %s, valid for %s", tokenUrl.getHost(), lifetime);
    }

    private SearchFailure failed(String outcome, Kind kind, String reason) {
        metrics.token(outcome);
        String cleaned = http.clean(reason);
        LOG.warn(cleaned);
        return new SearchFailure(kind, cleaned);
    }
}
