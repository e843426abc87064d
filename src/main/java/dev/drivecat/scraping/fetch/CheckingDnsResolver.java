package dev.drivecat.scraping.fetch;

import dev.drivecat.scraping.fetch.FetchResult.Refused;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hc.client5.http.DnsResolver;

/**
 * The only resolver the HTTP client uses: it resolves a name once and hands back only addresses
 * that passed the public-address check, so the connection goes to exactly what was checked (no
 * gap for DNS rebinding between a check and the connect). One non-public address refuses the host.
 */
final class CheckingDnsResolver implements DnsResolver {

    /** Thrown (as the resolver's exception type) when a host resolves to a non-public address. */
    static final class AddressRefusedException extends UnknownHostException {
        private final transient Refused refused;

        AddressRefusedException(Refused refused) {
            super(refused.detail());
            this.refused = refused;
        }

        Refused refused() {
            return refused;
        }
    }

    private final AddressLookup lookup;
    private final UrlGuard guard;

    CheckingDnsResolver(AddressLookup lookup, UrlGuard guard) {
        this.lookup = lookup;
        this.guard = guard;
    }

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        String name = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (!name.contains(":") && AddressRules.looksNumeric(name)
                && !(AddressRules.hostForm(name) instanceof AddressRules.HostForm.Literal)) {
            // UrlGuard refuses these first; this keeps odd spellings away from the system resolver
            throw new UnknownHostException("non-standard numeric host " + host);
        }
        InetAddress[] addresses = lookup.lookup(name);
        if (addresses == null || addresses.length == 0) {
            throw new UnknownHostException(host);
        }
        for (InetAddress address : addresses) {
            Refused refused = guard.checkAddress(address, host);
            if (refused != null) {
                throw new AddressRefusedException(refused);
            }
        }
        return addresses.clone();
    }

    @Override
    public List<InetSocketAddress> resolve(String host, int port) throws UnknownHostException {
        // overridden so that no unresolved address (which the socket would resolve on its own) slips through
        List<InetSocketAddress> result = new ArrayList<>();
        for (InetAddress address : resolve(host)) {
            result.add(new InetSocketAddress(address, port));
        }
        return result;
    }

    @Override
    public String resolveCanonicalHostname(String host) {
        // only used for SPNEGO, which we never do; no reverse lookups
        return host;
    }
}
