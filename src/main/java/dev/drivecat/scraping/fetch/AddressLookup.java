package dev.drivecat.scraping.fetch;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Turns a host name into addresses. The fetcher checks every address it returns before connecting
 * to exactly those; tests inject a lookup to point names at chosen addresses.
 */
@FunctionalInterface
public interface AddressLookup {

    InetAddress[] lookup(String host) throws UnknownHostException;

    /** The JVM's resolver (system DNS, /etc/hosts). */
    AddressLookup SYSTEM = InetAddress::getAllByName;

    /** The system resolver is the fetcher's unless a test supplies another. */
    @jakarta.enterprise.context.ApplicationScoped
    class Producer {
        @jakarta.enterprise.inject.Produces
        @io.quarkus.arc.DefaultBean
        @jakarta.inject.Singleton
        AddressLookup system() {
            return SYSTEM;
        }
    }
}
