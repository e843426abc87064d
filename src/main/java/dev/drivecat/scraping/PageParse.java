package dev.drivecat.scraping;

import java.util.List;

/**
 * What a marketplace page turned out to be. Parsers are pure functions from (document, url) to
 * one of these; only {@link Product} carries offers, and only its offers are ever stored.
 */
public sealed interface PageParse {

    /**
     * A product page. {@code offers} may hold a featured offer with no price and
     * {@code inStock=false} ("Currently unavailable"): that records an out-of-stock observation.
     */
    record Product(String externalId, String title, List<ParsedOffer> offers) implements PageParse {
    }

    /**
     * A product page with nothing to buy from where we are: no featured offer ("see all buying
     * options"), or "cannot be shipped to your location". Records no observation.
     */
    record NoOffer(String externalId, NoOfferKind kind, String reason) implements PageParse {
    }

    /** A robot check / CAPTCHA instead of the page: a blocked fetch, never "out of stock". */
    record Blocked(String reason) implements PageParse {
    }

    /** The page could not be read (e.g. the layout changed): a failed scrape, never a price. */
    record Failed(String reason) implements PageParse {
    }

    enum NoOfferKind { NO_FEATURED_OFFER, UNDELIVERABLE }
}
