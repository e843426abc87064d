package dev.drivecat.scraping;

import java.util.List;

/**
 * What a marketplace page turned out to be. Parsers are pure functions from (document, url) to
 * one of these; only {@link Product} carries offers, and only its offers are ever stored.
 */
public sealed interface PageParse {

    /** The layout of a parse that no layout read (a robot check, a page nothing understood). */
    String NO_LAYOUT = "none";

    /** The layout of the site definition the page was read with ({@code structured-data} when only its structured data was). */
    default String layout() {
        return NO_LAYOUT;
    }

    /**
     * A product page. {@code offers} may hold a featured offer with no price and
     * {@code inStock=false} ("Currently unavailable"): that records an out-of-stock observation.
     *
     * @param layout the layout of the site definition that read the page
     * @param disagreements where the page's structured data states another value than its visible
     *     offer, and which was kept
     * @param forParts the page's other offers, whose condition says they are for parts or not
     *     working: never stored, and their listings end (a page whose every offer is for parts is
     *     a {@link NoOffer} of kind {@link NoOfferKind#FOR_PARTS})
     */
    record Product(String externalId, String title, String layout, List<ParsedOffer> offers,
            List<Disagreement> disagreements, List<ForParts> forParts) implements PageParse {

        public Product {
            offers = List.copyOf(offers);
            disagreements = List.copyOf(disagreements);
            forParts = List.copyOf(forParts);
        }

        public Product(String externalId, String title, String layout, List<ParsedOffer> offers, List<Disagreement> disagreements) {
            this(externalId, title, layout, offers, disagreements, List.of());
        }

        /** The offers set aside as for parts, in words ({@code offer used (the condition says "…")}); null when none is. */
        public String forPartsReason() {
            return forParts.isEmpty() ? null : "not priced, for parts or not working: "
                    + String.join("; ", forParts.stream().map(f -> "offer " + f.offerKey() + " (" + f.why() + ")").toList());
        }
    }

    /**
     * An offer of the page that is for parts or not working.
     *
     * @param offerKey the offer, e.g. {@code used}
     * @param why what says so, e.g. {@code the condition says "For parts or not working"}
     */
    record ForParts(String offerKey, String why) {
    }

    /**
     * A product page with nothing to buy from where we are: no featured offer ("see all buying
     * options"), "cannot be shipped to your location", or an item for parts or not working (no
     * drive to buy and use). Records no observation.
     */
    record NoOffer(String externalId, NoOfferKind kind, String reason, String layout) implements PageParse {
    }

    /** A robot check / CAPTCHA instead of the page: a blocked fetch, never "out of stock". */
    record Blocked(String reason) implements PageParse {
    }

    /**
     * The page could not be read (e.g. the layout changed): a failed scrape, never a price. The
     * reason names every layout tried and what each missed.
     */
    record Failed(String reason) implements PageParse {
    }

    /**
     * Why a product page has nothing to buy: {@code FOR_PARTS}, its offers are for parts or not
     * working (their listings end, and the page leaves the watch list).
     */
    enum NoOfferKind { NO_FEATURED_OFFER, UNDELIVERABLE, FOR_PARTS }

    /**
     * A value the page's structured data (JSON-LD, microdata, meta tags) states otherwise than the
     * visible offer does.
     *
     * @param offerKey the offer, e.g. {@code featured}
     * @param field {@code price}, {@code currency}, {@code inStock} or {@code condition}
     * @param page the value as the page shows it
     * @param structuredData the value as structured data states it, with where it was read
     * @param kept {@code page} or {@code structured data}: the value the offer carries
     */
    record Disagreement(String offerKey, String field, String page, String structuredData, String kept) {

        @Override
        public String toString() {
            return offerKey + " " + field + ": the page shows " + page + ", " + structuredData + "; kept the "
                    + (kept.equals(PAGE) ? "page's" : "structured data's");
        }

        public static final String PAGE = "page";
        public static final String STRUCTURED_DATA = "structured data";
    }
}
