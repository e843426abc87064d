package dev.drivecat.discovery;

import dev.drivecat.scraping.SearchResult;
import java.util.List;
import java.util.Optional;

/**
 * A place discovery searches: a marketplace's official API, or its search pages read as the site
 * definition in scrapers/ describes them.
 */
public interface SearchSource {

    /** The source's name in runs, metrics and health ({@code ebay-browse}, {@code search-page:newegg}). */
    String name();

    /** Why the source cannot be searched now (no API keys, off by configuration, robots.txt forbids it); empty when it can. */
    Optional<String> unusable();

    /** Refuses a search while the source is {@link #unusable()}, with its reason. */
    default void requireUsable() throws SearchFailure {
        Optional<String> why = unusable();
        if (why.isPresent()) {
            throw new SearchFailure(SearchFailure.Kind.REFUSED, why.get());
        }
    }

    /**
     * One page of results for a query.
     *
     * @param page 0 for the first page
     * @throws SearchFailure when the page could not be had or read: nothing of it is used
     */
    Page search(SearchQuery query, int page) throws SearchFailure;

    /**
     * One page of results.
     *
     * @param layout how the page was read (the site definition's search layout, or the API's name)
     * @param more whether a further page exists
     * @param apiCalls the calls to a metered API this page cost
     */
    record Page(List<SearchResult> results, String layout, boolean more, int apiCalls) {
        public Page {
            results = List.copyOf(results);
        }
    }

    /** Why a page of results could not be had: the run records it, and nothing of the page is stored. */
    final class SearchFailure extends Exception {

        /** What went wrong, for counts and metrics. */
        public enum Kind {
            /** A robot check or CAPTCHA came back instead of results. */
            BLOCKED,
            /** The fetcher refused to ask (robots.txt, a host not in scrapers/). */
            REFUSED,
            /** The API refused the application's credentials or token. */
            AUTH,
            /** The daily call budget of the API is spent. */
            BUDGET,
            /** The page or answer could not be read (a changed layout, broken JSON, an error status). */
            FAILED
        }

        private final Kind kind;
        private final int apiCalls;

        public SearchFailure(Kind kind, String reason) {
            this(kind, reason, 0);
        }

        public SearchFailure(Kind kind, String reason, int apiCalls) {
            super(reason);
            this.kind = kind;
            this.apiCalls = apiCalls;
        }

        public Kind kind() {
            return kind;
        }

        /** The calls to a metered API spent before it failed. */
        public int apiCalls() {
            return apiCalls;
        }

        /**
         * Whether no further query of the run can succeed, or should be tried: credentials refused, the
         * budget spent, the source forbidden, or a robot check (asking again would be impolite).
         */
        public boolean endsTheRun() {
            return kind == Kind.AUTH || kind == Kind.BUDGET || kind == Kind.REFUSED || kind == Kind.BLOCKED;
        }
    }
}
