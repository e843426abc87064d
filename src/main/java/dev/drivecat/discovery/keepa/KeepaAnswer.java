package dev.drivecat.discovery.keepa;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The envelope of every Keepa answer (Keepa's {@code Response}): the token bucket's state after the call, what the call
 * cost, the products (read one by one, so that one malformed product does not spoil the rest), and an error.
 *
 * @param refillIn milliseconds until the next refill
 * @param refillRate tokens added per minute
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record KeepaAnswer(Long timestamp, Integer tokensLeft, Long refillIn, Integer refillRate, Integer tokensConsumed, List<JsonNode> products,
                   Error error) {

    KeepaAnswer {
        products = products == null ? List.of() : products;
    }

    /** Keepa's {@code error} object. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Error(String type, String message, String details) {
    }
}
