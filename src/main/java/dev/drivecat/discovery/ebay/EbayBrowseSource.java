package dev.drivecat.discovery.ebay;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.drivecat.database.ApiCalls;
import dev.drivecat.discovery.SearchQuery;
import dev.drivecat.discovery.SearchSource;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Searching one eBay marketplace through the Browse API: {@code GET
 * /buy/browse/v1/item_summary/search} with the query's words, one page of
 * {@code resultsPerCall} items at {@code offset = page × limit}, the configured category, and
 * {@code filter=buyingOptions:{FIXED_PRICE|BEST_OFFER}} (what can be bought at a stated price; eBay
 * returns only FIXED_PRICE listings by default, and auctions carry no price to buy at), with the
 * marketplace in {@code X-EBAY-C-MARKETPLACE-ID} and the application token as bearer.
 *
 * <p>Every call takes one call of the daily budget (shared by the application's marketplaces and
 * instances) and waits for the API host's pacing slot; a spent budget fails the search (BUDGET)
 * without asking eBay. A 401 drops the token and the call is made once more with a new one; a
 * second 401, a 403 (the Buy APIs need eBay's approval for production use) or refused keys are
 * AUTH. A 429, a 5xx, a timeout, a redirect or an answer that is not the documented JSON fail the
 * search (FAILED) with a short reason; nothing of a failed page is used.
 */
final class EbayBrowseSource implements SearchSource {

    private static final Logger LOG = Logger.getLogger(EbayBrowseSource.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The layout name of pages read from the API. */
    static final String LAYOUT = "browse-v1";
    /** eBay: offset "Max: 9,999"; "This method can return a maximum of 10,000 items in one results set". */
    static final int MAX_OFFSET = 9_999;
    static final String BUYING_OPTIONS = "buyingOptions:{FIXED_PRICE|BEST_OFFER}";

    private final String name;
    private final String marketplaceId;
    private final String marketplace;
    private final Supplier<Optional<String>> unusable;
    private final Settings settings;
    private final ItemSummaryReader reader;

    /** What every marketplace's source shares. */
    record Settings(URI apiUrl, Optional<String> categoryId, int resultsPerCall, int dailyCallBudget, String budgetSource,
            ApiCalls calls, EbayHttp http, ApplicationToken token, BrowseMetrics metrics, Clock clock) {
    }

    /**
     * @param marketplaceId eBay's id of the marketplace ({@code EBAY_US})
     * @param marketplace drivecat's code of it ({@code ebay-us})
     * @param unusable why the source cannot be searched now, if it cannot
     */
    EbayBrowseSource(String name, String marketplaceId, String marketplace, Supplier<Optional<String>> unusable, Settings settings,
            ItemSummaryReader reader) {
        this.name = name;
        this.marketplaceId = marketplaceId;
        this.marketplace = marketplace;
        this.unusable = unusable;
        this.settings = settings;
        this.reader = reader;
    }

    @Override
    public String name() {
        return name;
    }

    /** eBay's id of the marketplace searched ({@code EBAY_US}). */
    public String marketplaceId() {
        return marketplaceId;
    }

    /** drivecat's code of the marketplace searched ({@code ebay-us}). */
    public String marketplace() {
        return marketplace;
    }

    @Override
    public Optional<String> unusable() {
        return unusable.get();
    }

    @Override
    public Page search(SearchQuery query, int page) throws SearchFailure {
        requireUsable();
        String words = words(query.text());
        if (words.isEmpty()) {
            throw new SearchFailure(SearchFailure.Kind.FAILED, "the query \"" + settings.http().clean(query.text()) + "\" has no words to search for");
        }
        int limit = settings.resultsPerCall();
        long offset = (long) page * limit;
        if (page < 0 || offset > MAX_OFFSET) {
            return new Page(java.util.List.of(), LAYOUT, false, 0);
        }
        try {
            return search(words, (int) offset, query.sort());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SearchFailure(SearchFailure.Kind.FAILED, "interrupted while searching eBay");
        }
    }

    private Page search(String words, int offset, String sort) throws SearchFailure, InterruptedException {
        budgetLeft(0);
        URI uri = searchUri(words, offset, sort);
        String token = settings.token().get();
        int calls = 0;
        while (true) {
            take(calls);
            calls++;
            HttpRequest request = settings.http().request(uri).header("X-EBAY-C-MARKETPLACE-ID", marketplaceId)
                    .header("Authorization", "Bearer " + token).GET().build();
            EbayHttp.Answer answer;
            try {
                answer = settings.http().send(request);
            } catch (EbayHttp.Unanswered e) {
                throw failure("unanswered", SearchFailure.Kind.FAILED, "no answer from eBay: " + e.getMessage(), calls);
            }
            int status = answer.status();
            if (status == 200) {
                return page(answer, offset, calls);
            }
            if (status == 401 && calls == 1) {
                settings.metrics().call(marketplace, "auth");
                LOG.infof("eBay refused the application token (401) on %s; minting a new one", marketplaceId);
                settings.token().refused(token);
                try {
                    token = settings.token().get();
                } catch (SearchFailure failure) {
                    throw new SearchFailure(failure.kind(), failure.getMessage(), calls);
                }
                continue;
            }
            throw failure(answer, uri, calls);
        }
    }

    private Page page(EbayHttp.Answer answer, int offset, int calls) throws SearchFailure {
        JsonNode root;
        try {
            root = JSON.readTree(answer.body());
        } catch (JsonProcessingException e) {
            throw failure("failed", SearchFailure.Kind.FAILED, "eBay's answer (200) is not JSON: " + e.getOriginalMessage(), calls);
        } catch (IOException e) {
            throw failure("failed", SearchFailure.Kind.FAILED, "eBay's answer (200) could not be read: " + e.getMessage(), calls);
        }
        try {
            ItemSummaryReader.Results read = reader.read(root, offset, settings.resultsPerCall(), MAX_OFFSET);
            settings.metrics().call(marketplace, "ok");
            if (read.beyondLimit() > 0) {
                LOG.warnf("%s: eBay answered %d item summaries more than the limit of %d asked for; only the first %d were read", name,
                        read.beyondLimit(), settings.resultsPerCall(), settings.resultsPerCall());
            }
            if (read.unreadable() > 0) {
                LOG.infof("%s: %d item summaries without an item id or title were left out", name, read.unreadable());
            }
            return new Page(read.results(), LAYOUT, read.more(), calls);
        } catch (ItemSummaryReader.Unreadable e) {
            throw failure("failed", SearchFailure.Kind.FAILED, "eBay's answer (200) is not a page of item summaries: " + e.getMessage(), calls);
        }
    }

    private SearchFailure failure(EbayHttp.Answer answer, URI uri, int calls) {
        int status = answer.status();
        String said = settings.http().errorMessage(answer.body());
        String saying = said.isEmpty() ? "" : ": " + said;
        if (status == 401) {
            return failure("auth", SearchFailure.Kind.AUTH, "eBay refused a freshly minted application token (401" + saying + ")", calls);
        }
        if (status == 403) {
            return failure("auth", SearchFailure.Kind.AUTH, "eBay refused this application the Browse API on " + marketplaceId + " (403" + saying
                    + "); production use of eBay's Buy APIs needs its approval: https://developer.ebay.com/api-docs/buy/buy-requirements.html", calls);
        }
        if (status == 429) {
            return failure("throttled", SearchFailure.Kind.FAILED, "eBay asked to slow down (429" + saying + "); " + uri.getHost()
                    + " is not asked again before " + settings.http().holdOff(uri, answer), calls);
        }
        if (status >= 300 && status < 400) {
            String to = answer.location().map(l -> " to " + settings.http().clean(l)).orElse("");
            return failure("failed", SearchFailure.Kind.FAILED, "eBay answered " + status + to + "; redirects are not followed", calls);
        }
        if (status >= 400 && status < 500) {
            return failure("failed", SearchFailure.Kind.FAILED, "eBay rejected the search (" + status + saying + ")", calls);
        }
        return failure("failed", SearchFailure.Kind.FAILED, "eBay answered " + status + saying, calls);
    }

    private SearchFailure failure(String outcome, SearchFailure.Kind kind, String reason, int calls) {
        settings.metrics().call(marketplace, outcome);
        String cleaned = settings.http().clean(reason);
        LOG.warnf("%s: %s", name, cleaned);
        return new SearchFailure(kind, cleaned, calls);
    }

    /** Fails with BUDGET when today's budget is spent, before anything is asked. */
    private void budgetLeft(int calls) throws SearchFailure {
        int made;
        try {
            made = settings.calls().today(settings.budgetSource());
        } catch (RuntimeException e) {
            throw new SearchFailure(SearchFailure.Kind.FAILED, "the Browse API's call budget could not be read: " + e.getMessage(), calls);
        }
        if (made >= settings.dailyCallBudget()) {
            throw spent(made, calls);
        }
    }

    private void take(int calls) throws SearchFailure {
        boolean taken;
        try {
            taken = settings.calls().take(settings.budgetSource(), settings.dailyCallBudget());
        } catch (RuntimeException e) {
            throw new SearchFailure(SearchFailure.Kind.FAILED, "the Browse API's call budget could not be read: " + e.getMessage(), calls);
        }
        if (!taken) {
            throw spent(settings.dailyCallBudget(), calls);
        }
    }

    private SearchFailure spent(int made, int calls) {
        LocalDate day = LocalDate.ofInstant(settings.clock().instant(), ZoneOffset.UTC);
        String reason = "the Browse API's daily call budget is spent: " + made + " of " + settings.dailyCallBudget() + " calls made on " + day
                + " (UTC, all instances; DRIVECAT_EBAY_DAILY_CALL_BUDGET); it renews at 00:00 UTC";
        LOG.warnf("%s: %s", name, reason);
        return new SearchFailure(SearchFailure.Kind.BUDGET, reason, calls);
    }

    URI searchUri(String words, int offset) {
        return searchUri(words, offset, null);
    }

    /** @param sort the order asked for ({@code newlyListed} for a sweep), or null for eBay's best match */
    URI searchUri(String words, int offset, String sort) {
        StringBuilder query = new StringBuilder("q=").append(encode(words))
                .append("&limit=").append(settings.resultsPerCall())
                .append("&offset=").append(offset);
        if (sort != null) {
            query.append("&sort=").append(encode(sort));
        }
        settings.categoryId().ifPresent(category -> query.append("&category_ids=").append(encode(category)));
        query.append("&filter=").append(encode(BUYING_OPTIONS));
        String base = settings.apiUrl().toString().replaceAll("/+$", "");
        return URI.create(base + "/buy/browse/v1/item_summary/search?" + query);
    }

    /**
     * The words eBay is asked for: without {@code *} ("The * wildcard character is not allowed"),
     * parentheses and commas (in {@code q}, "(a, b)" asks for either word), on one line. eBay reads
     * words separated by a space as all of them.
     */
    static String words(String text) {
        return text == null ? "" : text.replaceAll("[*(),\\p{Cntrl}]+", " ").replaceAll("\\s+", " ").strip();
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
