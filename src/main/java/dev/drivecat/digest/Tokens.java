package dev.drivecat.digest;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Tokens mailed in links: 256 bits from SecureRandom, URL-safe base64. Only their SHA-256 is
 * stored, so a copy of the database gives nobody a working link.
 */
final class Tokens {

    private static final SecureRandom RANDOM = new SecureRandom();
    static final int BYTES = 32;

    private Tokens() {
    }

    static String newToken() {
        byte[] bytes = new byte[BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static String hash(String token) {
        return sha256Hex(token);
    }

    /** A token as it could have come from a link: 43 URL-safe base64 characters. Anything else is not looked up. */
    static boolean wellFormed(String token) {
        return token != null && token.matches("[A-Za-z0-9_-]{43}");
    }

    static String sha256Hex(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
