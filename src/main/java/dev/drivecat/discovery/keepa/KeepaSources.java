package dev.drivecat.discovery.keepa;

import com.fasterxml.jackson.databind.JsonNode;
import dev.drivecat.discovery.OfficialApi;
import dev.drivecat.discovery.SearchQuery;
import dev.drivecat.discovery.SearchSource;
import dev.drivecat.identity.IdentityService;
import dev.drivecat.scraping.PageParse;
import dev.drivecat.scraping.ProductFeed;
import dev.drivecat.scraping.SiteDefinitions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Keepa in drivecat: a discovery source per configured domain ({@link KeepaSource}), and the reader of the watched
 * Amazon pages of those domains while a key is set, so that a scrape run asks Keepa for them instead of fetching
 * Amazon's pages. A domain is unusable, with the reason, while the key is not set, while Keepa's URL or budget is not
 * right, and when scrapers/amazon.yaml has no marketplace for its host.
 */
@ApplicationScoped
public class KeepaSources implements OfficialApi, ProductFeed {

    @Inject
    KeepaSettings config;

    @Inject
    KeepaClient client;

    @Inject
    KeepaReads reads;

    @Inject
    IdentityService identity;

    @Inject
    SiteDefinitions sites;

    Clock clock = Clock.systemUTC();

    /** The configured domains by drivecat marketplace; a domain without one is kept with why. */
    private Map<String, Optional<KeepaTarget>> targets() {
        Map<String, Optional<KeepaTarget>> out = new LinkedHashMap<>();
        for (int id : config.domains()) {
            Optional<KeepaDomain> domain = KeepaDomain.of(id);
            if (domain.isEmpty()) {
                out.put("domain-" + Math.abs(id), Optional.empty());
                continue;
            }
            Optional<SiteDefinitions.Site> site = sites.forHost(domain.get().host).filter(s -> "amazon".equals(s.definition().site()));
            String marketplace = site.map(SiteDefinitions.Site::marketplace)
                    .orElse("amazon-" + domain.get().host.replaceFirst("^www\\.amazon\\.", "").replace('.', '-'));
            out.put(marketplace, site.map(s -> new KeepaTarget(domain.get(), s.marketplace(), s.host().currency())));
        }
        return out;
    }

    @Override
    public List<SearchSource> sources() {
        List<SearchSource> out = new ArrayList<>();
        targets().forEach((marketplace, target) -> {
            KeepaTarget t = target.orElse(null);
            if (t == null) {
                out.add(new Unusable(KeepaSource.nameOf(marketplace), "drivecat.keepa.domains names " + marketplace + ", which is no Keepa"
                        + " domain with an Amazon marketplace in scrapers/amazon.yaml (" + String.join(", ", knownMarketplaces()) + ")"));
            } else {
                out.add(new KeepaSource(t, client::unusable, client, reads, identity, config, clock));
            }
        });
        return out;
    }

    private List<String> knownMarketplaces() {
        return java.util.Arrays.stream(KeepaDomain.values()).map(d -> sites.marketplaceFor(d.host)).flatMap(Optional::stream)
                .collect(Collectors.toList());
    }

    @Override
    public boolean reads(String marketplace) {
        return client.unusable().isEmpty() && targets().getOrDefault(marketplace, Optional.empty()).isPresent();
    }

    @Override
    public PageParse read(String marketplace, String externalId) throws Unanswered {
        KeepaTarget target = targets().getOrDefault(marketplace, Optional.empty())
                .orElseThrow(() -> new Unanswered("Keepa does not read " + marketplace));
        KeepaAnswer answer;
        try {
            answer = client.products(target, List.of(externalId));
        } catch (SearchSource.SearchFailure f) {
            throw new Unanswered("Keepa: " + f.getMessage());
        }
        Optional<KeepaProducts.Product> product = Optional.empty();
        for (JsonNode node : answer.products()) {
            if (KeepaProducts.text(node, "asin").filter(externalId::equals).isPresent()) {
                product = KeepaProducts.read(node, target.minorDigits(), clock.instant(), config.offerMaxAge());
            }
        }
        if (product.isEmpty()) {
            return new PageParse.Failed("Keepa's answer holds no readable product " + externalId + " (no title, or not among its products)");
        }
        var offers = KeepaOffers.pageOffers(product.get(), target);
        if (offers.isEmpty()) {
            return new PageParse.NoOffer(externalId, PageParse.NoOfferKind.NO_FEATURED_OFFER,
                    "Keepa shows no live offer of " + externalId + " and no price history", KeepaSource.REFRESH_LAYOUT);
        }
        return new PageParse.Product(externalId, product.get().identityText(), KeepaSource.REFRESH_LAYOUT, offers, List.of());
    }

    /** A configured domain that cannot be read, listed so that a run of it says why. */
    private record Unusable(String name, String why) implements SearchSource {
        @Override
        public Optional<String> unusable() {
            return Optional.of(why);
        }

        @Override
        public Page search(SearchQuery query, int page) throws SearchFailure {
            throw new SearchFailure(SearchFailure.Kind.REFUSED, why);
        }
    }
}
