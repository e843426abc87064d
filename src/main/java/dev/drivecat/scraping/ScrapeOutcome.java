package dev.drivecat.scraping;

/** What fetching and reading one page came to. Only {@link #PARSED} ever writes a price. */
public enum ScrapeOutcome {
    /** Offers were read and recorded. */
    PARSED(false),
    /** 304: the page has not changed since the last fetch; no observation is added. */
    NOT_MODIFIED(false),
    /**
     * A product page with nothing to buy from here (no featured offer, cannot be shipped), or an
     * item for parts or not working (the reason starts {@code FOR_PARTS}; its listings end).
     */
    NO_OFFER(false),
    /** A robot check instead of the page: a blocked fetch, never "out of stock". */
    BLOCKED(true),
    /** The page could not be read; the last good observation stays. */
    PARSE_FAILED(true),
    /** Timeout, too large, HTTP error after retries; or an unexpected error on this page (the reason says). */
    FETCH_FAILED(true),
    /** Refused before any connection: host not in scrapers/, private address, robots.txt. */
    REFUSED(true),
    /** Read, but storing its offers failed; nothing of the page was stored. */
    STORE_FAILED(true);

    private final boolean failure;

    ScrapeOutcome(boolean failure) {
        this.failure = failure;
    }

    public boolean failure() {
        return failure;
    }
}
