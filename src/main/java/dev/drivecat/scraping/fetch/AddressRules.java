package dev.drivecat.scraping.fetch;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Which addresses the fetcher may connect to (public unicast only) and which host spellings it
 * accepts. A pure function of its input: it never resolves names.
 */
final class AddressRules {

    /** How a URL's host is written. */
    sealed interface HostForm {
        /** A DNS name, to be resolved (and its addresses checked) at connect time. */
        record Name(String name) implements HostForm {
        }

        /** A standard IPv4 dotted quad or a bracketed IPv6 literal. */
        record Literal(InetAddress address) implements HostForm {
        }

        /** Something numeric that resolvers read in surprising ways (2130706433, 0177.0.0.1, 127.1). */
        record NonStandardNumeric(String host) implements HostForm {
        }

        record Invalid(String host) implements HostForm {
        }
    }

    private static final String OCTET = "(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])";
    private static final Pattern DOTTED_QUAD = Pattern.compile(OCTET + "(\\." + OCTET + "){3}");
    private static final Pattern HOST_NAME = Pattern.compile(
            "(?=.{1,254}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\\.?");
    // WHATWG URL parsing (and inet_aton) read a host whose last label is a number as an IPv4 address
    // in decimal, octal or hex; we refuse those spellings instead of guessing how a resolver reads them.
    private static final Pattern NUMERIC_LABEL = Pattern.compile("0x[0-9a-f]*|[0-9]+");
    private static final Pattern IPV6_TEXT = Pattern.compile("[0-9a-f:.]+");

    private AddressRules() {
    }

    /** Classifies a URL host as written (IPv6 in brackets); never touches DNS. */
    static HostForm hostForm(String rawHost) {
        String host = rawHost.toLowerCase(Locale.ROOT);
        if (host.startsWith("[") && host.endsWith("]")) {
            String inner = host.substring(1, host.length() - 1);
            // no zone ids (fe80::1%eth0): they name interfaces, and are link-local anyway
            if (!inner.contains(":") || !IPV6_TEXT.matcher(inner).matches()) {
                return new HostForm.Invalid(rawHost);
            }
            try {
                return new HostForm.Literal(InetAddress.getByName(inner));
            } catch (UnknownHostException e) {
                return new HostForm.Invalid(rawHost);
            }
        }
        if (DOTTED_QUAD.matcher(host).matches()) {
            try {
                return new HostForm.Literal(InetAddress.getByName(host));
            } catch (UnknownHostException e) {
                return new HostForm.Invalid(rawHost);
            }
        }
        if (looksNumeric(host)) {
            return new HostForm.NonStandardNumeric(rawHost);
        }
        if (HOST_NAME.matcher(host).matches()) {
            return new HostForm.Name(host);
        }
        return new HostForm.Invalid(rawHost);
    }

    /** Whether a host (or authority without user info and port) is a number in some spelling. */
    static boolean looksNumeric(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.endsWith(".")) {
            h = h.substring(0, h.length() - 1);
        }
        String lastLabel = h.substring(h.lastIndexOf('.') + 1);
        return !lastLabel.isEmpty() && NUMERIC_LABEL.matcher(lastLabel).matches();
    }

    static boolean isLoopback(InetAddress address) {
        return address.isLoopbackAddress();
    }

    /**
     * Why the fetcher must not connect to this address, or null when it is public unicast.
     * Loopback is reported like the rest; the caller decides whether tests may use it.
     */
    static String whyNotPublic(InetAddress address) {
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            return whyNotPublicV4(b);
        }
        if (address instanceof Inet6Address) {
            return whyNotPublicV6(b);
        }
        return "not an IP address";
    }

    private record Block(int[] prefix, int bits, String why) {
        boolean contains(byte[] address) {
            for (int bit = 0; bit < bits; bit++) {
                int byteIndex = bit / 8;
                int mask = 0x80 >>> (bit % 8);
                int expected = byteIndex < prefix.length ? prefix[byteIndex] : 0;
                if (((address[byteIndex] & 0xff) & mask) != (expected & mask)) {
                    return false;
                }
            }
            return true;
        }
    }

    private static Block v4(int a, int b, int c, int d, int bits, String why) {
        return new Block(new int[] {a, b, c, d}, bits, why);
    }

    private static Block v6(int bits, String why, int... prefix) {
        return new Block(prefix, bits, why);
    }

    private static final List<Block> V4_NOT_PUBLIC = List.of(
            v4(0, 0, 0, 0, 8, "unspecified / 'this network' (0.0.0.0/8)"),
            v4(10, 0, 0, 0, 8, "private (10.0.0.0/8)"),
            v4(100, 64, 0, 0, 10, "carrier-grade NAT (100.64.0.0/10)"),
            v4(127, 0, 0, 0, 8, "loopback (127.0.0.0/8)"),
            v4(169, 254, 0, 0, 16, "link-local (169.254.0.0/16)"),
            v4(172, 16, 0, 0, 12, "private (172.16.0.0/12)"),
            v4(192, 0, 0, 0, 24, "IETF protocol assignments (192.0.0.0/24)"),
            v4(192, 0, 2, 0, 24, "documentation (192.0.2.0/24)"),
            v4(192, 88, 99, 0, 24, "6to4 relay anycast (192.88.99.0/24)"),
            v4(192, 168, 0, 0, 16, "private (192.168.0.0/16)"),
            v4(198, 18, 0, 0, 15, "benchmarking (198.18.0.0/15)"),
            v4(198, 51, 100, 0, 24, "documentation (198.51.100.0/24)"),
            v4(203, 0, 113, 0, 24, "documentation (203.0.113.0/24)"),
            v4(224, 0, 0, 0, 4, "multicast (224.0.0.0/4)"),
            v4(255, 255, 255, 255, 32, "broadcast (255.255.255.255)"),
            v4(240, 0, 0, 0, 4, "reserved (240.0.0.0/4)"));

    private static String whyNotPublicV4(byte[] b) {
        for (Block block : V4_NOT_PUBLIC) {
            if (block.contains(b)) {
                return block.why();
            }
        }
        return null;
    }

    private static final Block V6_UNSPECIFIED = v6(128, "unspecified (::)");
    private static final Block V6_LOOPBACK = v6(128, "loopback (::1)", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
    private static final Block V6_MAPPED = v6(96, "IPv4-mapped", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff);
    private static final Block V6_TRANSLATED = v6(96, "IPv4-translated", 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0);
    private static final Block V6_COMPATIBLE = v6(96, "IPv4-compatible (deprecated, ::/96)");
    private static final Block V6_NAT64 = v6(96, "NAT64", 0x00, 0x64, 0xff, 0x9b);
    private static final Block V6_6TO4 = v6(16, "6to4", 0x20, 0x02);
    private static final List<Block> V6_NOT_PUBLIC = List.of(
            v6(48, "local-use NAT64 (64:ff9b:1::/48)", 0x00, 0x64, 0xff, 0x9b, 0x00, 0x01),
            v6(64, "discard-only (100::/64)", 0x01, 0x00),
            v6(32, "Teredo (2001::/32)", 0x20, 0x01, 0x00, 0x00),
            v6(32, "documentation (2001:db8::/32)", 0x20, 0x01, 0x0d, 0xb8),
            v6(7, "unique local (fc00::/7)", 0xfc),
            v6(10, "link-local (fe80::/10)", 0xfe, 0x80),
            v6(10, "site-local (fec0::/10, deprecated)", 0xfe, 0xc0),
            v6(8, "multicast (ff00::/8)", 0xff));

    private static String whyNotPublicV6(byte[] b) {
        if (V6_UNSPECIFIED.contains(b)) {
            return V6_UNSPECIFIED.why();
        }
        if (V6_LOOPBACK.contains(b)) {
            return V6_LOOPBACK.why();
        }
        if (V6_MAPPED.contains(b) || V6_TRANSLATED.contains(b) || V6_NAT64.contains(b)) {
            String embedded = whyNotPublicV4(new byte[] {b[12], b[13], b[14], b[15]});
            return embedded == null ? null : embeddedForm(b) + " form of " + embedded;
        }
        if (V6_COMPATIBLE.contains(b)) {
            String embedded = whyNotPublicV4(new byte[] {b[12], b[13], b[14], b[15]});
            return V6_COMPATIBLE.why() + (embedded == null ? "" : " form of " + embedded);
        }
        if (V6_6TO4.contains(b)) {
            String embedded = whyNotPublicV4(new byte[] {b[2], b[3], b[4], b[5]});
            return embedded == null ? null : "6to4 form of " + embedded;
        }
        for (Block block : V6_NOT_PUBLIC) {
            if (block.contains(b)) {
                return block.why();
            }
        }
        return null;
    }

    private static String embeddedForm(byte[] b) {
        if (V6_MAPPED.contains(b)) {
            return "IPv4-mapped IPv6";
        }
        return V6_TRANSLATED.contains(b) ? "IPv4-translated IPv6" : "NAT64";
    }
}
