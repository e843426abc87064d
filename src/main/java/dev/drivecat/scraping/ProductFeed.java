package dev.drivecat.scraping;

/**
 * An official API that reads a marketplace's watched item pages instead of fetching them (Keepa for Amazon, when a key
 * is set): a scrape run asks it for each watched page of the marketplaces it reads, and stores what it answers as it
 * stores a page read by the fetcher.
 */
public interface ProductFeed {

    /** Whether it reads the watched pages of this drivecat marketplace ({@code amazon-us}) now. */
    boolean reads(String marketplace);

    /**
     * The item as the API shows it: a {@link PageParse.Product} with its offers (and their past prices), a
     * {@link PageParse.NoOffer} when nothing can be bought, or a {@link PageParse.Failed} when the answer names no
     * such item.
     *
     * @throws Unanswered when the API could not be asked or did not answer: the reason is recorded, nothing is stored
     */
    PageParse read(String marketplace, String externalId) throws Unanswered;

    /** No answer from the API: why, in words fit for an attempt's reason (never a secret). */
    final class Unanswered extends Exception {
        public Unanswered(String reason) {
            super(reason);
        }
    }
}
