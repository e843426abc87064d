package dev.drivecat.discovery;

import java.util.List;

/**
 * One search a discovery run makes: its words, and the catalog drives it is made for (a part
 * number names one; a model and capacity may name several form factors), or a sweep of the market
 * for drives the catalog may lack ({@link Sweeps}), made for none.
 *
 * @param sort the order the source is asked for, where it takes one (eBay: {@code newlyListed}); null for its default
 */
public record SearchQuery(String text, List<String> drives, boolean sweep, String sort) {

    public SearchQuery {
        drives = List.copyOf(drives);
    }

    /** A search for catalog drives, in the source's own order. */
    public SearchQuery(String text, List<String> drives) {
        this(text, drives, false, null);
    }

    /** A sweep of the market by words, in the order given (null: the source's own). */
    public static SearchQuery sweep(String text, String sort) {
        return new SearchQuery(text, List.of(), true, sort);
    }
}
