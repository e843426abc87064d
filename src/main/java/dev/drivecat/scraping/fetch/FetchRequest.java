package dev.drivecat.scraping.fetch;

import java.util.Objects;

/**
 * One page to fetch.
 *
 * @param url the absolute http(s) URL, as text: a URL that does not parse is refused, not thrown
 * @param previousEtag the ETag of the copy we already have, sent as If-None-Match; null for none
 * @param previousLastModified the Last-Modified of the copy we already have, sent verbatim as
 *     If-Modified-Since; null for none
 */
public record FetchRequest(String url, String previousEtag, String previousLastModified) {

    public FetchRequest {
        Objects.requireNonNull(url, "url");
        requireHeaderSafe(previousEtag, "previousEtag");
        requireHeaderSafe(previousLastModified, "previousLastModified");
    }

    /** An unconditional GET. */
    public static FetchRequest of(String url) {
        return new FetchRequest(url, null, null);
    }

    /** A conditional GET: a 304 answer becomes {@link FetchResult.NotModified}. */
    public static FetchRequest conditional(String url, String previousEtag, String previousLastModified) {
        return new FetchRequest(url, previousEtag, previousLastModified);
    }

    public boolean isConditional() {
        return previousEtag != null || previousLastModified != null;
    }

    /**
     * Whether a validator from a response may be sent back in a request (null may: it is none).
     * Keep only validators that pass, so that a stored one never makes its request impossible.
     */
    public static boolean isSendable(String validator) {
        if (validator == null) {
            return true;
        }
        for (int i = 0; i < validator.length(); i++) {
            char c = validator.charAt(i);
            if ((c < 0x20 && c != '\t') || c >= 0x7f) {
                return false;
            }
        }
        return true;
    }

    // Validators come from earlier responses, i.e. from the internet: a CR or LF would let one
    // smuggle extra request headers into ours.
    private static void requireHeaderSafe(String value, String name) {
        if (!isSendable(value)) {
            throw new IllegalArgumentException(name + " holds a character not allowed in an HTTP header");
        }
    }
}
