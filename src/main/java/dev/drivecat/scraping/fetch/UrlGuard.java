package dev.drivecat.scraping.fetch;

import dev.drivecat.scraping.fetch.FetchResult.RefusalReason;
import dev.drivecat.scraping.fetch.FetchResult.Refused;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * The checks every URL (the requested one and each redirect hop) passes before anything is sent:
 * scheme, host spelling, literal addresses, the host policy and user info. Names are resolved
 * later, by {@link CheckingDnsResolver}, which checks the addresses actually connected to.
 */
final class UrlGuard {

    /** A URL that passed: {@code host} is lower case (IPv6 in brackets), {@code uri} ASCII-only. */
    record Target(URI uri, String host, int port) {

        /** scheme://host:port, the scope of a robots.txt. */
        String origin() {
            return uri.getScheme() + "://" + host + ":" + port;
        }
    }

    /** The outcome of a check: exactly one of the two is set. */
    record Checked(Target target, Refused refused) {
    }

    /** The ports an allowed host is reached on. */
    static final java.util.Set<Integer> ALLOWED_PORTS = java.util.Set.of(443, 80);

    private final HostPolicy hostPolicy;
    private final boolean allowLoopback;

    UrlGuard(HostPolicy hostPolicy, boolean allowLoopback) {
        this.hostPolicy = hostPolicy;
        this.allowLoopback = allowLoopback;
    }

    Checked check(String url) {
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            return refused(RefusalReason.INVALID_URL, "not a URL: " + e.getMessage());
        }
        return check(uri);
    }

    Checked check(URI uri) {
        String scheme = uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            return refused(RefusalReason.SCHEME_NOT_ALLOWED,
                    "scheme " + (scheme == null ? "(none)" : scheme) + " in " + uri + "; only http and https are fetched");
        }
        if (uri.isOpaque() || uri.getRawAuthority() == null) {
            return refused(RefusalReason.INVALID_URL, uri + " has no host");
        }
        if (uri.getHost() == null) {
            // java.net.URI leaves the host unset for authorities that are no valid host name,
            // e.g. 2130706433 or 127.1: say which kind it was
            String authority = uri.getRawAuthority();
            String hostPart = authority.substring(authority.lastIndexOf('@') + 1).replaceFirst(":[0-9]*$", "");
            if (AddressRules.looksNumeric(hostPart)) {
                return refused(RefusalReason.NON_STANDARD_IP_LITERAL, nonStandard(hostPart));
            }
            return refused(RefusalReason.INVALID_URL, uri + " has no valid host");
        }
        AddressRules.HostForm form = AddressRules.hostForm(uri.getHost());
        if (form instanceof AddressRules.HostForm.NonStandardNumeric numeric) {
            return refused(RefusalReason.NON_STANDARD_IP_LITERAL, nonStandard(numeric.host()));
        }
        if (form instanceof AddressRules.HostForm.Invalid invalid) {
            return refused(RefusalReason.INVALID_URL, "not a valid host: " + invalid.host());
        }
        if (form instanceof AddressRules.HostForm.Literal literal) {
            Refused notPublic = checkAddress(literal.address(), uri.getHost());
            if (notPublic != null) {
                return new Checked(null, notPublic);
            }
        }
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        if (!hostPolicy.isAllowed(host)) {
            return refused(RefusalReason.HOST_NOT_ALLOWED, "no site definition names the host " + host);
        }
        if (uri.getRawUserInfo() != null) {
            return refused(RefusalReason.USERINFO_NOT_ALLOWED, "URL with user info refused (host " + host + ")");
        }
        int port = uri.getPort() != -1 ? uri.getPort() : ("https".equals(scheme) ? 443 : 80);
        // an allowed host's other services (ssh, an admin console) are never a page to fetch; tests' local servers listen elsewhere
        if (!ALLOWED_PORTS.contains(port) && !allowLoopback) {
            return refused(RefusalReason.PORT_NOT_ALLOWED, "port " + port + " of " + host + " is refused: marketplaces are fetched on "
                    + "ports 443 and 80 only");
        }
        try {
            String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
            // ASCII only, so that what we send is exactly what we checked; the fragment is never sent
            String authority = host + (uri.getPort() == -1 ? "" : ":" + uri.getPort());
            URI normalised = new URI(scheme + "://" + authority + path
                    + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()));
            return new Checked(new Target(URI.create(normalised.toASCIIString()), host, port), null);
        } catch (URISyntaxException | IllegalArgumentException e) {
            return refused(RefusalReason.INVALID_URL, "not a URL: " + e.getMessage());
        }
    }

    /** Why an address may not be contacted, as a refusal; null when it may. */
    Refused checkAddress(InetAddress address, String host) {
        if (allowLoopback && AddressRules.isLoopback(address)) {
            return null;
        }
        String why = AddressRules.whyNotPublic(address);
        if (why == null) {
            return null;
        }
        return new Refused(RefusalReason.ADDRESS_NOT_PUBLIC,
                host + " is " + address.getHostAddress() + ", " + why + ": only public addresses are fetched");
    }

    private static String nonStandard(String host) {
        return "numeric host " + host + " is not a dotted-quad IPv4 or bracketed IPv6 address";
    }

    private static Checked refused(RefusalReason reason, String detail) {
        return new Checked(null, new Refused(reason, detail));
    }
}
