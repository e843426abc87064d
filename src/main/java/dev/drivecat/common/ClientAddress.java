package dev.drivecat.common;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The key a per-client limit counts a request's address under. An IPv4 address is one client; an
 * IPv6 client is its /64: a network is given a /64 or more, and a host on it chooses the other 64
 * bits itself (temporary addresses change them at will), so that a client cannot pass a limit by
 * taking another address of its own network. An IPv4 address written in IPv6 (::ffff:192.0.2.1)
 * is that IPv4 address.
 */
public final class ClientAddress {

    private ClientAddress() {
    }

    /** The key of an address as Vert.x gives it (an IP literal); text that is none is its own key, unknown when null. */
    public static String key(String host) {
        if (host == null || host.isBlank()) {
            return "unknown";
        }
        String literal = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (!literal.matches("[0-9A-Fa-f:.]+(%[\\w.-]+)?") || literal.indexOf(':') < 0 && !literal.matches("[0-9.]+")) {
            return host;
        }
        try {
            // an IP literal: parsed, never looked up
            InetAddress address = InetAddress.getByName(literal);
            if (address instanceof Inet4Address) {
                return address.getHostAddress();
            }
            byte[] bytes = ((Inet6Address) address).getAddress();
            StringBuilder prefix = new StringBuilder();
            for (int i = 0; i < 8; i += 2) {
                prefix.append(Integer.toHexString(((bytes[i] & 0xff) << 8) | (bytes[i + 1] & 0xff))).append(':');
            }
            return prefix.append(":/64").toString();
        } catch (UnknownHostException e) {
            return host;
        }
    }
}
