package dev.drivecat.discovery.keepa;

import com.fasterxml.jackson.databind.JsonNode;
import dev.drivecat.discovery.SearchQuery;
import dev.drivecat.discovery.SearchSource;
import dev.drivecat.identity.IdentityMatcher;
import dev.drivecat.identity.IdentityService;
import dev.drivecat.scraping.SearchResult;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Amazon on one Keepa domain as a discovery source ({@code keepa:amazon-us}). For a query:
 * <ol>
 * <li>When the query's drives already have ASINs on the marketplace (listings, watched pages) and the query was
 *     searched within {@code drivecat.keepa.search-again-after}, those ASINs are refreshed without searching
 *     (layout {@code keepa-product}).</li>
 * <li>Otherwise Keepa's product search is asked for the query's words (10 tokens a page), each product found is
 *     identified by its title, brand, model and part number, and only the products identity matches to a drive (and
 *     the ASINs already known) are asked for with their live offers and price history (6 tokens a product and page of
 *     offers; layout {@code keepa-search}).</li>
 * </ol>
 * A product with offers or history gives one result per offer kind ({@link OfferKind}: {@code ASIN/keepa-amazon},
 * {@code ASIN/keepa-new-fba}, …), each with its cheapest live offer and the kind's history; any other product gives one
 * result, its ASIN, without a price: discovery identifies every result again and only a MATCH is priced. A page's
 * {@code apiCalls} are the tokens it cost.
 */
final class KeepaSource implements SearchSource {

    private static final Logger LOG = Logger.getLogger(KeepaSource.class);
    static final String SEARCH_LAYOUT = "keepa-search";
    static final String REFRESH_LAYOUT = "keepa-product";
    /** Keepa: search pages 0 to 9, of up to 10 products each. */
    static final int LAST_PAGE = 9;
    static final int PAGE_SIZE = 10;

    private final String name;
    private final KeepaTarget target;
    private final Supplier<Optional<String>> unusable;
    private final KeepaClient client;
    private final KeepaReads reads;
    private final IdentityService identity;
    private final KeepaSettings config;
    private final Clock clock;

    KeepaSource(KeepaTarget target, Supplier<Optional<String>> unusable, KeepaClient client, KeepaReads reads, IdentityService identity,
                KeepaSettings config, Clock clock) {
        this.name = nameOf(target.marketplace());
        this.target = target;
        this.unusable = unusable;
        this.client = client;
        this.reads = reads;
        this.identity = identity;
        this.config = config;
        this.clock = clock;
    }

    static String nameOf(String marketplace) {
        return "keepa:" + marketplace;
    }

    @Override
    public String name() {
        return name;
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
            throw new SearchFailure(SearchFailure.Kind.FAILED, "the query \"" + client.clean(query.text()) + "\" has no words to search for");
        }
        if (page < 0 || page > LAST_PAGE) {
            return new Page(List.of(), SEARCH_LAYOUT, false, 0);
        }
        List<String> known = reads.knownAsins(target.marketplace(), query.drives());
        Instant now = clock.instant();
        boolean searchedLately = reads.lastSearched(name, query.text(), SEARCH_LAYOUT)
                .filter(at -> at.isAfter(now.minus(config.searchAgainAfter()))).isPresent();
        Tokens tokens = new Tokens();
        try {
            if (!known.isEmpty() && searchedLately) {
                if (page > 0) {
                    return new Page(List.of(), REFRESH_LAYOUT, false, 0);
                }
                Map<String, Read> detailed = details(known, tokens);
                List<SearchResult> results = new ArrayList<>();
                for (String asin : known) {
                    results.addAll(results(asin, detailed.get(asin)));
                }
                return new Page(results, REFRESH_LAYOUT, false, tokens.spent);
            }
            return searchPage(words, page, known, tokens);
        } catch (SearchFailure f) {
            throw new SearchFailure(f.kind(), f.getMessage(), tokens.spent + f.apiCalls());
        }
    }

    /** The tokens a page has cost so far. */
    private static final class Tokens {
        int spent;

        KeepaAnswer add(KeepaAnswer answer) {
            spent += answer.tokensConsumed() == null ? 0 : Math.max(0, answer.tokensConsumed());
            return answer;
        }
    }

    /** A product as read: empty when Keepa's answer held it malformed (or did not hold it). */
    private record Read(Optional<KeepaProducts.Product> product) {
    }

    private Page searchPage(String words, int page, List<String> known, Tokens tokens) throws SearchFailure {
        KeepaAnswer found = tokens.add(client.search(target, words, page));
        Instant now = clock.instant();
        IdentityMatcher matcher = identity.matcher();
        List<Read> searched = new ArrayList<>();
        Set<String> wanted = new LinkedHashSet<>();
        for (JsonNode node : found.products()) {
            Optional<KeepaProducts.Product> product = KeepaProducts.read(node, target.minorDigits(), now, config.offerMaxAge());
            searched.add(new Read(product));
            product.filter(p -> matcher.identify(p.identityText()).matched()).ifPresent(p -> wanted.add(p.asin()));
        }
        wanted.addAll(known);
        Map<String, Read> detailed = details(List.copyOf(wanted), tokens);
        List<SearchResult> results = new ArrayList<>();
        Set<String> listed = new LinkedHashSet<>();
        for (Read read : searched) {
            if (read.product().isEmpty()) {
                // kept as a result without a title, so that the run counts it as malformed
                results.add(KeepaOffers.bare(null, null, target));
                continue;
            }
            String asin = read.product().get().asin();
            if (!listed.add(asin)) {
                continue;
            }
            results.addAll(wanted.contains(asin) ? results(asin, detailed.get(asin))
                    : List.of(KeepaOffers.bare(asin, read.product().get().identityText(), target)));
        }
        for (String asin : known) {
            if (listed.add(asin)) {
                results.addAll(results(asin, detailed.get(asin)));
            }
        }
        int malformed = (int) searched.stream().filter(r -> r.product().isEmpty()).count();
        if (malformed > 0) {
            LOG.infof("%s: %d of the %d products Keepa found for \"%s\" were malformed and left out", name, malformed, searched.size(),
                    client.clean(words));
        }
        boolean more = found.products().size() >= PAGE_SIZE && page < LAST_PAGE;
        return new Page(results, SEARCH_LAYOUT, more, tokens.spent);
    }

    /** The results of an ASIN asked for in detail: its kinds, or nothing when Keepa's answer lacked it or held it malformed. */
    private List<SearchResult> results(String asin, Read read) {
        if (read == null || read.product().isEmpty()) {
            return List.of(KeepaOffers.bare(asin, null, target));
        }
        return KeepaOffers.results(read.product().get(), target);
    }

    /** The products with their offers and history, asked for in calls of at most 20 ASINs. */
    private Map<String, Read> details(List<String> asins, Tokens tokens) throws SearchFailure {
        Map<String, Read> out = new LinkedHashMap<>();
        Instant now = clock.instant();
        for (int from = 0; from < asins.size(); from += KeepaClient.MAX_ASINS_WITH_OFFERS) {
            List<String> chunk = asins.subList(from, Math.min(asins.size(), from + KeepaClient.MAX_ASINS_WITH_OFFERS));
            KeepaAnswer answer = tokens.add(client.products(target, chunk));
            for (JsonNode node : answer.products()) {
                String asin = KeepaProducts.text(node, "asin").orElse(null);
                if (asin != null && chunk.contains(asin)) {
                    out.put(asin, new Read(KeepaProducts.read(node, target.minorDigits(), now, config.offerMaxAge())));
                }
            }
        }
        return out;
    }

    /** The words Keepa is asked for: on one line, without control characters. */
    static String words(String text) {
        return text == null ? "" : text.replaceAll("\\p{Cntrl}+", " ").replaceAll("\\s+", " ").strip();
    }
}
