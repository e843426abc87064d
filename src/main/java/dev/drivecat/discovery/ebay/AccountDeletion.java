package dev.drivecat.discovery.ebay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.DrivecatConfig;
import dev.drivecat.common.DomainException;
import dev.drivecat.database.CatalogWrites;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import io.quarkus.narayana.jta.QuarkusTransaction;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Signature;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * eBay's marketplace account deletion notifications (https://developer.ebay.com/marketplace-account-deletion), which an
 * application that keeps eBay data must take: the endpoint's challenge, and each notification verified with the key
 * that signed it and acted on once. A user's deleted account removes that user's name from everything drivecat keeps
 * (listings, price observations, current offers, discovery results and their review notes) and keeps the prices.
 * Digests are written from those tables when they are sent, so a digest not yet sent no longer holds the name.
 */
@ApplicationScoped
public class AccountDeletion {

    private static final Logger LOG = Logger.getLogger(AccountDeletion.class);
    /** The endpoint's path, which with DRIVECAT_PUBLIC_BASE_URL is the endpoint registered with eBay. */
    public static final String PATH = "/notifications/ebay/account-deletion";
    /** eBay: "The verification token ... has to be between 32 and 80 characters", of letters, digits, underscore and hyphen. */
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{32,80}");
    static final String TOPIC = "MARKETPLACE_ACCOUNT_DELETION";
    /** What a name removed from a note is replaced with. */
    static final String REMOVED = "[a deleted eBay account]";

    @Inject
    DrivecatConfig config;

    @Inject
    EbaySettings ebaySettings;

    @Inject
    EbayBrowse browse;

    @Inject
    EntityManager em;

    @Inject
    CatalogWrites writes;

    @Inject
    ObjectMapper json;

    /** What a verified notification did. */
    public record Done(String notificationId, boolean already, int rowsChanged) {
    }

    /** The verification token, or a 404 saying the endpoint is not set up. */
    private String verificationToken() {
        return ebaySettings.verificationToken().map(String::strip).filter(t -> TOKEN.matcher(t).matches())
                .orElseThrow(() -> DomainException.notFound("eBay account deletion notifications are not set up on this service:"
                        + " DRIVECAT_EBAY_VERIFICATION_TOKEN must be the verification token registered for the endpoint (32 to 80 letters,"
                        + " digits, '_' or '-')"));
    }

    /** The endpoint as registered with eBay: the service's public address and the path. */
    public String endpoint() {
        return config.publicBaseUrl().replaceAll("/+$", "") + PATH;
    }

    /** eBay's challenge answered: hex SHA-256 of the challenge code, the verification token and the endpoint, in that order. */
    public String challengeResponse(String challengeCode) {
        if (challengeCode == null || challengeCode.isBlank() || challengeCode.length() > 512) {
            throw DomainException.invalidParameter("challenge_code", "challenge_code must be the code eBay sends, 1 to 512 characters");
        }
        String token = verificationToken();
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            sha256.update(challengeCode.getBytes(StandardCharsets.UTF_8));
            sha256.update(token.getBytes(StandardCharsets.UTF_8));
            sha256.update(endpoint().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha256.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A notification as eBay posted it: verified against {@code X-EBAY-SIGNATURE} over the body as received, then acted on
     * (once per notification id). An unverifiable one is a 412 and changes nothing.
     *
     * @throws NotificationKeys.Unavailable when the key that signed it cannot be had now (eBay sends it again)
     */
    public Done accept(byte[] body, String signatureHeader) throws NotificationKeys.Unavailable {
        verificationToken();
        // before any transaction: asking eBay for the key takes a pacing slot of its own
        verify(body, signatureHeader);
        return QuarkusTransaction.requiringNew().call(() -> act(body));
    }

    private Done act(byte[] body) {
        JsonNode root;
        try {
            root = json.readTree(body);
        } catch (IOException e) {
            throw refused("the body is not JSON");
        }
        String topic = root.path("metadata").path("topic").asText("");
        JsonNode notification = root.path("notification");
        String id = notification.path("notificationId").asText("");
        String username = notification.path("data").path("username").asText("");
        if (!TOPIC.equals(topic) || id.isBlank() || id.length() > 200 || username.isBlank() || username.length() > 200) {
            throw new DomainException(DomainException.Kind.UNPROCESSABLE, "A signed notification that is not a marketplace account deletion:"
                    + " metadata.topic must be " + TOPIC + ", with notification.notificationId and notification.data.username");
        }
        Instant eventDate = instant(notification.path("eventDate").asText(null));
        int inserted = em.createNativeQuery("""
                INSERT INTO ebay_account_deletion (notification_id, event_date, rows_changed) VALUES (:id, :at, 0)
                ON CONFLICT (notification_id) DO NOTHING""").setParameter("id", id).setParameter("at", eventDate).executeUpdate();
        if (inserted == 0) {
            return new Done(id, true, 0);
        }
        int changed = forget(username);
        em.createNativeQuery("UPDATE ebay_account_deletion SET rows_changed = :n WHERE notification_id = :id")
                .setParameter("n", changed).setParameter("id", id).executeUpdate();
        LOG.infof("eBay account deletion notification %s: the user's name was removed from %d rows", id, changed);
        return new Done(id, false, changed);
    }

    /** Removes an eBay user's name wherever drivecat keeps it for an eBay marketplace; prices and times stay. */
    private int forget(String username) {
        String ebay = "SELECT id FROM marketplace WHERE code LIKE 'ebay-%'";
        int changed = 0;
        changed += em.createNativeQuery("UPDATE listing SET seller_name = NULL WHERE seller_name = :u AND marketplace_id IN (" + ebay + ")")
                .setParameter("u", username).executeUpdate();
        changed += em.createNativeQuery("""
                UPDATE price_observation o SET seller_name = NULL FROM listing l
                 WHERE l.id = o.listing_id AND o.seller_name = :u AND l.marketplace_id IN (""" + ebay + ")")
                .setParameter("u", username).executeUpdate();
        changed += em.createNativeQuery("""
                UPDATE current_offer c SET seller_name = NULL FROM listing l
                 WHERE l.id = c.listing_id AND c.seller_name = :u AND l.marketplace_id IN (""" + ebay + ")")
                .setParameter("u", username).executeUpdate();
        changed += em.createNativeQuery("UPDATE discovery_result SET seller_name = NULL WHERE seller_name = :u AND marketplace_id IN ("
                + ebay + ")").setParameter("u", username).executeUpdate();
        // an operator's note may name the seller: the name goes, the note stays
        changed += em.createNativeQuery("""
                UPDATE discovery_result SET review_note = replace(review_note, :u, :removed)
                 WHERE review_note LIKE '%' || :u || '%' AND marketplace_id IN (""" + ebay + ")")
                .setParameter("u", username).setParameter("removed", REMOVED).executeUpdate();
        if (changed > 0) {
            writes.mark();
        }
        return changed;
    }

    /**
     * Verifies the signature: the header is base64 of JSON {@code {"alg", "kid", "signature", "digest"}}, the signature
     * base64 of a DER ECDSA signature over the body with the digest named (SHA1), by the key of {@code kid}.
     */
    private void verify(byte[] body, String header) throws NotificationKeys.Unavailable {
        if (header == null || header.isBlank() || header.length() > 4096) {
            throw refused("there is no X-EBAY-SIGNATURE header");
        }
        JsonNode signature;
        try {
            signature = json.readTree(Base64.getDecoder().decode(header.strip()));
        } catch (IOException | IllegalArgumentException e) {
            throw refused("X-EBAY-SIGNATURE is not base64 of a JSON object");
        }
        String kid = signature.path("kid").asText("");
        String alg = signature.path("alg").asText("");
        String digest = signature.path("digest").asText("");
        if (!NotificationKeys.isKeyId(kid) || !"ECDSA".equalsIgnoreCase(alg) || !"SHA1".equalsIgnoreCase(digest)) {
            throw refused("X-EBAY-SIGNATURE must name a key (kid), the algorithm ECDSA and the digest SHA1");
        }
        byte[] der;
        try {
            der = Base64.getDecoder().decode(signature.path("signature").asText(""));
        } catch (IllegalArgumentException e) {
            throw refused("the signature is not base64");
        }
        NotificationKeys.Key key = browse.notificationKeys().key(kid);
        boolean valid;
        try {
            Signature ecdsa = Signature.getInstance("SHA1withECDSA");
            ecdsa.initVerify(key.key());
            ecdsa.update(body);
            valid = ecdsa.verify(der);
        } catch (GeneralSecurityException e) {
            valid = false;
        }
        if (!valid) {
            throw refused("the signature does not verify with eBay's key " + kid + " over the body as received");
        }
    }

    private static DomainException refused(String why) {
        return new DomainException(DomainException.Kind.PRECONDITION_FAILED, "Not a notification eBay signed: " + why
                + "; nothing was changed");
    }

    private static Instant instant(String text) {
        try {
            return text == null ? null : Instant.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
