package dev.drivecat.scraping;

import dev.drivecat.catalog.Drive;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Text;
import dev.drivecat.pricing.ListingIdentity;
import dev.drivecat.pricing.Marketplace;
import dev.drivecat.pricing.PriceSettings;
import dev.drivecat.scraping.fetch.FetchResult;
import dev.drivecat.scraping.fetch.PoliteFetcher;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The watch list: which product pages belong to which drive and are fetched by every scrape run. */
@ApplicationScoped
public class WatchService {

    @Inject
    SiteDefinitions sites;

    @Inject
    PriceSettings priceSettings;

    @Inject
    PoliteFetcher fetcher;

    Clock clock = Clock.systemUTC();

    /** A watched page as the admin API shows it. */
    @Schema(name = "WatchedPage")
    public record WatchView(long id, String url, String marketplace, String externalId, String drive, boolean active,
                            @Schema(nullable = true) Instant lastAttemptAt, @Schema(nullable = true) Instant lastSuccessAt,
                            @Schema(nullable = true) String lastOutcome, @Schema(nullable = true) String lastReason,
                            @Schema(description = "No successful fetch within drivecat.prices.stale-after.") boolean stale) {
    }

    /** The result of adding a page: the page, and whether it was new. */
    public record Added(WatchView page, boolean created) {
    }

    /** A product URL on a marketplace named in scrapers/, with its external id. */
    public record ProductUrl(URI url, SiteDefinitions.Site site, String externalId) {
    }

    /**
     * Checks a URL is a product page of a marketplace in scrapers/ that the fetcher would fetch
     * ({@link PoliteFetcher#refusal}), or fails with a 400 that says what is wrong and what is allowed.
     */
    public ProductUrl productUrl(String raw) {
        if (raw == null || raw.isBlank()) {
            throw DomainException.invalidParameter("url", "url is required: a product page URL on " + String.join(", ", sites.hosts()))
                    .with("allowed", sites.hosts());
        }
        // the fetcher's own rules, so that a watched page is never one that every run refuses
        Optional<FetchResult.Refused> refused = fetcher.refusal(raw);
        if (refused.isPresent() && refused.get().reason() != FetchResult.RefusalReason.HOST_NOT_ALLOWED) {
            // the detail never repeats the user info, which may hold a password
            throw new DomainException(DomainException.Kind.INVALID_PARAMETER,
                    "url is not a page drivecat would fetch: " + refused.get().detail())
                    .with("parameter", "url").with("reason", refused.get().reason().name());
        }
        URI url = URI.create(raw.strip());
        String host = url.getHost().toLowerCase(java.util.Locale.ROOT);
        Optional<SiteDefinitions.Site> known = refused.isPresent() ? Optional.empty() : sites.forHost(host);
        SiteDefinitions.Site site = known.orElseThrow(() -> new DomainException(DomainException.Kind.INVALID_PARAMETER, "drivecat only fetches the marketplaces named in scrapers/; " + host
                        + " is not one of them").with("parameter", "url").with("allowed", sites.hosts()));
        // the page as a browser reads it: /itm/1/../../signin is /signin, no product page
        URI page = sites.productPage(url).orElseThrow(() -> DomainException.invalidParameter("url",
                "'" + Text.quote(raw) + "' is not a product page URL of " + site.definition().site()
                        + " (e.g. /dp/<ASIN>, /itm/<item id>, /p/<item number>), read as a browser reads it, without . and .. segments"));
        return new ProductUrl(page, site, sites.externalIdFromUrl(page).orElseThrow());
    }

    @Transactional
    public Added watch(String rawUrl, String driveSlug) {
        ProductUrl product = productUrl(rawUrl);
        if (driveSlug == null || driveSlug.isBlank()) {
            throw DomainException.badRequest("drive is required: the slug of the drive this page sells");
        }
        Drive drive = Drive.findBySlug(driveSlug).orElseThrow(() -> DomainException.notFound("No drive with slug '" + Text.quote(driveSlug) + "'"));
        Marketplace marketplace = Marketplace.findByCode(product.site().marketplace()).orElseThrow();
        Optional<WatchedPage> existing = WatchedPage.find(marketplace, product.externalId());
        if (existing.isPresent()) {
            WatchedPage page = existing.get();
            if (!page.drive.id.equals(drive.id)) {
                throw new DomainException(DomainException.Kind.CONFLICT, "That page (" + product.externalId() + " on "
                        + marketplace.code + ") is already watched for drive '" + page.drive.slug + "'");
            }
            page.active = true;
            page.url = product.url().toString();
            return new Added(view(page), false);
        }
        WatchedPage page = new WatchedPage();
        page.identity = new ListingIdentity(marketplace, product.externalId());
        page.url = product.url().toString();
        page.drive = drive;
        page.active = true;
        page.persist();
        return new Added(view(page), true);
    }

    /**
     * Puts a discovered listing's item page on the watch list for its drive, in the caller's
     * transaction, when it is a product page the fetcher would fetch and no other drive's page is
     * watched under its id; false (and nothing changed) otherwise. Never throws for a page it cannot
     * take: a listing stands without its page.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean watchDiscovered(String rawUrl, Drive drive) {
        if (rawUrl == null || fetcher.refusal(rawUrl).isPresent()) {
            return false;
        }
        URI url = URI.create(rawUrl.strip());
        Optional<SiteDefinitions.Site> site = sites.forHost(url.getHost());
        Optional<String> externalId = sites.externalIdFromUrl(url);
        if (site.isEmpty() || externalId.isEmpty()) {
            return false;
        }
        Marketplace marketplace = Marketplace.findByCode(site.get().marketplace()).orElse(null);
        if (marketplace == null || WatchedPage.find(marketplace, externalId.get()).isPresent()) {
            return false;
        }
        WatchedPage page = new WatchedPage();
        page.identity = new ListingIdentity(marketplace, externalId.get());
        page.url = url.toString();
        page.drive = drive;
        page.active = true;
        page.persist();
        return true;
    }

    @Transactional
    public List<WatchView> list(String driveSlug) {
        List<WatchedPage> pages = driveSlug == null || driveSlug.isBlank()
                ? WatchedPage.<WatchedPage>list("order by id")
                : WatchedPage.<WatchedPage>list("drive.slug = ?1 order by id", driveSlug);
        return pages.stream().map(this::view).toList();
    }

    @Transactional
    public boolean unwatch(long id) {
        WatchedPage page = WatchedPage.findById(id);
        if (page == null) {
            return false;
        }
        page.active = false;
        return true;
    }

    WatchView view(WatchedPage p) {
        Duration staleAfter = priceSettings.staleAfter();
        boolean stale = p.lastSuccessAt == null || Duration.between(p.lastSuccessAt, clock.instant()).compareTo(staleAfter) > 0;
        return new WatchView(p.id, p.url, p.identity.marketplace.code, p.identity.externalId, p.drive.slug, p.active, p.lastAttemptAt,
                p.lastSuccessAt, p.lastOutcome, p.lastReason, stale);
    }
}
