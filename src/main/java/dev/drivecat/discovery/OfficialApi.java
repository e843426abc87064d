package dev.drivecat.discovery;

import java.util.List;

/**
 * An official API that discovery searches through, as a CDI bean: {@link DiscoveryService#sources()} takes the
 * sources of every one (eBay's marketplaces, Keepa's domains), in the order of their
 * {@code @Priority}, so that such an API plugs in without discovery knowing it.
 */
public interface OfficialApi {

    /** Its sources, usable or not, in the order they are listed. */
    List<SearchSource> sources();
}
