package dev.drivecat.scraping.fetch;

import java.net.URI;
import java.nio.charset.Charset;

/**
 * What became of one {@link FetchRequest}. Only {@link Fetched} carries a page; a refusal or a
 * failure never looks like one.
 */
public sealed interface FetchResult {

    /**
     * A 2xx answer with its whole body.
     *
     * @param finalUrl the URL the body came from, after redirects
     * @param body the body, decompressed (do not modify it)
     * @param contentType the media type from the Content-Type header, lower case, without
     *     parameters; null when the header is absent or unreadable
     * @param charset the charset named by the Content-Type header; null when it names none (or an
     *     unknown one): let the parser detect it from the document (e.g. {@code <meta charset>})
     * @param etag the ETag header verbatim, for the next conditional GET; null when absent
     * @param lastModified the Last-Modified header verbatim, for the next conditional GET; null when absent
     */
    record Fetched(URI finalUrl, int status, byte[] body, String contentType, Charset charset, String etag,
            String lastModified) implements FetchResult {

        @Override
        public String toString() {
            return "Fetched[" + finalUrl + ", " + status + ", " + body.length + " bytes, " + contentType
                    + (charset == null ? "" : "; charset=" + charset) + "]";
        }
    }

    /**
     * A 304 to our conditional GET: the copy we have is current.
     *
     * @param etag the ETag the server sent with the 304, if any (it may have changed)
     * @param lastModified the Last-Modified the server sent with the 304, if any
     */
    record NotModified(URI finalUrl, String etag, String lastModified) implements FetchResult {
    }

    /** Not fetched, by rule: nothing was sent to the refused URL. {@code detail} says why, for people. */
    record Refused(RefusalReason reason, String detail) implements FetchResult {
    }

    /**
     * Tried and failed. {@code status} is the last HTTP status seen, or null when there was none
     * (e.g. a timeout before the headers).
     */
    record Failed(FailureReason reason, String detail, Integer status) implements FetchResult {
    }

    enum RefusalReason {
        /** The text is not an absolute URL with a host. */
        INVALID_URL,
        /** Only http and https are fetched. */
        SCHEME_NOT_ALLOWED,
        /** No site definition names the host ({@link HostPolicy}). */
        HOST_NOT_ALLOWED,
        /** The URL carries user info ({@code user:password@}); ours never do. */
        USERINFO_NOT_ALLOWED,
        /** A port other than 443 or 80: marketplaces are reached on those only. */
        PORT_NOT_ALLOWED,
        /** A numeric host in a form other than dotted-quad IPv4 or bracketed IPv6 (e.g. 2130706433, 0x7f.1). */
        NON_STANDARD_IP_LITERAL,
        /** The host is, or resolves to, an address that is not public (loopback, private, link-local, ...). */
        ADDRESS_NOT_PUBLIC,
        /** robots.txt disallows the path for drivecat. */
        ROBOTS_DISALLOWED,
        /** robots.txt could not be read (5xx, 429, network error): RFC 9309 says assume all disallowed. */
        ROBOTS_UNREACHABLE
    }

    enum FailureReason {
        /** Connecting, or waiting for the next bytes of the response, took too long. */
        TIMEOUT,
        /** The whole exchange took longer than the request deadline. */
        DEADLINE_EXCEEDED,
        /** The body, as sent or decompressed, was larger than allowed; it was cut. */
        BODY_TOO_LARGE,
        /** More redirects than allowed. */
        TOO_MANY_REDIRECTS,
        /** A redirect without a usable Location. */
        BAD_REDIRECT,
        /** A status that is not a page: 4xx, 5xx (after retries for 429/503), an unexpected 304. */
        HTTP_STATUS,
        /** The connection could not be made or broke (unknown host, refused, reset, TLS). */
        NETWORK_ERROR,
        /** The server broke HTTP (malformed response, unsupported or corrupt Content-Encoding). */
        PROTOCOL_ERROR,
        /** The fetching thread was interrupted. */
        INTERRUPTED
    }
}
