package dev.drivecat.discovery.ebay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.discovery.SearchSource.SearchFailure;
import java.io.IOException;
import java.net.URI;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The keys eBay signs its notifications with: {@code GET /commerce/notification/v1/public_key/{public_key_id}} of the
 * Notification API with the application token, answered with {@code algorithm} ("ECDSA"), {@code digest} ("SHA1") and
 * {@code key} (a PEM public key), as eBay's event-notification SDKs read it. A key is kept for
 * {@code drivecat.ebay.public-key-cache-for}; the call shares the Browse API's transport (pacing, limits, no
 * redirects) but not its daily budget.
 */
public final class NotificationKeys {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A key id as eBay writes them (hex, with or without dashes); anything else is never put in a URL. */
    private static final Pattern KID = Pattern.compile("[A-Za-z0-9_-]{1,128}");

    /** A key eBay gave, and for which digest. */
    public record Key(PublicKey key, String algorithm, String digest) {
    }

    /** The key could not be had: the notification can be neither accepted nor refused (eBay sends it again later). */
    public static final class Unavailable extends Exception {
        Unavailable(String reason) {
            super(reason);
        }
    }

    private record Kept(Key key, Instant until) {
    }

    private final URI apiUrl;
    private final EbayHttp http;
    private final ApplicationToken token;
    private final Duration keepFor;
    private final Clock clock;
    private final Map<String, Kept> kept = new ConcurrentHashMap<>();

    NotificationKeys(URI apiUrl, EbayHttp http, ApplicationToken token, Duration keepFor, Clock clock) {
        this.apiUrl = apiUrl;
        this.http = http;
        this.token = token;
        this.keepFor = keepFor;
        this.clock = clock;
    }

    /** Whether a string can be a key id at all. */
    public static boolean isKeyId(String kid) {
        return kid != null && KID.matcher(kid).matches();
    }

    /** The key of {@code kid}, kept or asked for. */
    public Key key(String kid) throws Unavailable {
        if (!isKeyId(kid)) {
            throw new IllegalArgumentException("not a key id");
        }
        Kept k = kept.get(kid);
        Instant now = clock.instant();
        if (k != null && now.isBefore(k.until())) {
            return k.key();
        }
        if (token == null || apiUrl == null) {
            throw new Unavailable("eBay's application keys are not set (DRIVECAT_EBAY_CLIENT_ID, DRIVECAT_EBAY_CLIENT_SECRET): the"
                    + " Notification API cannot be asked for the key that signed the notification");
        }
        Key key = fetch(kid);
        kept.put(kid, new Kept(key, now.plus(keepFor)));
        return key;
    }

    private Key fetch(String kid) throws Unavailable {
        URI uri = URI.create(apiUrl.toString().replaceAll("/+$", "") + "/commerce/notification/v1/public_key/" + kid);
        EbayHttp.Answer answer;
        try {
            String bearer = token.get();
            answer = http.send(http.request(uri).header("Authorization", "Bearer " + bearer).GET().build());
        } catch (SearchFailure e) {
            throw new Unavailable("no application token for eBay's Notification API: " + e.getMessage());
        } catch (EbayHttp.Unanswered e) {
            throw new Unavailable("no answer from eBay's Notification API: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Unavailable("interrupted while asking eBay's Notification API");
        }
        if (answer.status() != 200) {
            String said = http.errorMessage(answer.body());
            throw new Unavailable("eBay's Notification API answered " + answer.status() + (said.isEmpty() ? "" : ": " + said)
                    + " for the public key " + kid);
        }
        try {
            JsonNode root = JSON.readTree(answer.body());
            String pem = Optional.ofNullable(root.path("key").textValue()).orElseThrow(() -> new IOException("no key"));
            String base64 = pem.replaceAll("-----(BEGIN|END) PUBLIC KEY-----", "").replaceAll("\\s+", "");
            PublicKey key = KeyFactory.getInstance("EC").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
            return new Key(key, root.path("algorithm").asText("ECDSA"), root.path("digest").asText("SHA1"));
        } catch (IOException | GeneralSecurityException | IllegalArgumentException e) {
            throw new Unavailable("eBay's Notification API answered a public key " + kid + " that is not an EC public key in PEM");
        }
    }
}
