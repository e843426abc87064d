package dev.drivecat.discovery.keepa;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.rest.client.annotation.ClientHeaderParam;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;
import org.jboss.resteasy.reactive.RestQuery;

/**
 * Keepa's API as drivecat calls it (paths and parameters of Keepa's {@code Request}): every answer with its status, since
 * 429, 402 and 400 carry the token bucket and the reason in the same envelope as a success. The key goes in the query
 * string, as Keepa wants it; {@link KeepaClient} keeps it out of everything it reports. Answers come as bytes, gzip as
 * Keepa sends them: {@link KeepaExchange} inflates them up to a limit and reads the JSON (the client's own
 * decompression has no limit on what a small body inflates to).
 */
@RegisterRestClient(configKey = "keepa")
@Produces(MediaType.APPLICATION_JSON)
@ClientHeaderParam(name = "Accept-Encoding", value = "gzip")
public interface KeepaApi {

    /** Products in Amazon's search order: 10 tokens a page of up to 10. {@code history=0}: without their csv. */
    @GET
    @Path("/search")
    Response search(@RestQuery String key, @RestQuery int domain, @RestQuery String type, @RestQuery String term,
                                     @RestQuery int page, @RestQuery int history);

    /** Products by ASIN (at most 20 with offers), with their live offers and their price history. */
    @GET
    @Path("/product")
    Response product(@RestQuery String key, @RestQuery int domain, @RestQuery String asin, @RestQuery int offers,
                                      @RestQuery("only-live-offers") int onlyLiveOffers, @RestQuery int history);
}
