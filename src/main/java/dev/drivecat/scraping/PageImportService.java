package dev.drivecat.scraping;

import dev.drivecat.catalog.Drive;
import dev.drivecat.catalog.PartNumbers;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Text;
import dev.drivecat.identity.Identification;
import dev.drivecat.identity.IdentityService;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.Listing;
import dev.drivecat.pricing.Marketplace;
import dev.drivecat.pricing.SellerType;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reads a product page saved by a browser through the same parser and storage path as a scrape,
 * for users whose marketplace blocks automated fetching.
 */
@ApplicationScoped
public class PageImportService {

    @Inject
    WatchService watch;

    @Inject
    ParsedPageStore store;

    @Inject
    SiteDefinitions sites;

    @Inject
    ScrapeMetrics metrics;

    @Inject
    PartNumbers partNumbers;

    @Inject
    IdentityService identity;

    @Inject
    ItemListings items;

    @Inject
    jakarta.enterprise.inject.Instance<SearchPageImports> searchImports;

    /** What the page held and what was stored. */
    @Schema(name = "PageImportResult")
    public record Result(
            String url,
            String marketplace,
            @Schema(nullable = true) String externalId,
            @Schema(description = "PARSED, NO_OFFER or BLOCKED; SEARCH_RESULTS for a search result page. NO_OFFER with a reason "
                    + "starting FOR_PARTS: the item is for parts or not working, never priced.") String outcome,
            @Schema(nullable = true) String reason,
            @Schema(description = "The layout of the site definition (scrapers/<site>.yaml) that read the page, e.g. "
                    + "classic-priceblock; structured-data when only the page's structured data could be read; none for a "
                    + "robot check.") String layout,
            @Schema(description = "Where the page's structured data (JSON-LD, microdata, meta tags) states another value than "
                    + "its visible offer, and which value the offer carries.") List<DisagreementView> disagreements,
            @Schema(nullable = true, description = "The drive the offers were stored for.") String drive,
            Instant observedAt,
            boolean stored,
            @Schema(nullable = true) String note,
            @Schema(nullable = true, description = "Set when the page's title names a part number of another drive than the one "
                    + "its offers were stored for: check that the page sells that drive.") String partNumberWarning,
            List<OfferView> offers,
            @Schema(nullable = true, description = "For a saved search result page (outcome SEARCH_RESULTS): what each result was "
                    + "identified as, recorded as a discovery run of its own.") SearchPageImports.Imported search) {

        Result(String url, String marketplace, String externalId, String outcome, String reason, String layout,
               List<DisagreementView> disagreements, String drive, Instant observedAt, boolean stored, String note,
               String partNumberWarning, List<OfferView> offers) {
            this(url, marketplace, externalId, outcome, reason, layout, disagreements, drive, observedAt, stored, note,
                    partNumberWarning, offers, null);
        }
    }

    @Schema(name = "StructuredDataDisagreement")
    public record DisagreementView(String offerKey, @Schema(description = "price, currency, inStock or condition.") String field,
                                   @Schema(description = "The value as the page shows it.") String page,
                                   @Schema(description = "The value as structured data states it, and where.") String structuredData,
                                   @Schema(description = "page or structured data: the value the offer carries.") String kept) {

        static List<DisagreementView> of(PageParse parse) {
            return parse instanceof PageParse.Product product ? product.disagreements().stream()
                    .map(d -> new DisagreementView(d.offerKey(), d.field(), d.page(), d.structuredData(), d.kept())).toList()
                    : List.of();
        }
    }

    @Schema(name = "ParsedOffer")
    public record OfferView(String externalId, String offerKey, @Schema(nullable = true) BigDecimal price,
                            @Schema(nullable = true) String currency, @Schema(nullable = true) String priceWording,
                            @Schema(nullable = true) BigDecimal shipping, @Schema(nullable = true) BigDecimal memberPrice,
                            @Schema(nullable = true) Boolean inStock, @Schema(nullable = true) String availability,
                            @Schema(nullable = true) String seller, @Schema(nullable = true) SellerType sellerType,
                            @Schema(nullable = true) Boolean fulfilledByMarketplace, @Schema(nullable = true) Condition condition,
                            @Schema(nullable = true) String conditionWording, boolean businessOnly,
                            @Schema(nullable = true) Boolean bestOfferAccepted, @Schema(nullable = true) Boolean privateSeller,
                            @Schema(description = "A new observation was stored (false: this listing already has one at observedAt).")
                            boolean added,
                            @Schema(description = "Stored, but held as suspect: the price moved too far from the current one.")
                            boolean suspect) {
    }

    /**
     * @param charset the charset the request's Content-Type named, or null; the page's own
     *     declaration wins over it ({@link PageReader#saved})
     */
    public Result importPage(String rawUrl, String driveSlug, Instant observedAt, byte[] body, String charset) {
        Optional<SiteDefinitions.SearchSite> search = searchUrl(rawUrl);
        if (search.isPresent()) {
            return importSearchPage(search.get(), rawUrl.strip(), observedAt, body, charset);
        }
        WatchService.ProductUrl product = watch.productUrl(rawUrl);
        Optional<Drive> givenDrive = Optional.ofNullable(driveSlug).filter(s -> !s.isBlank()).map(s -> Drive.<Drive>findBySlug(s)
                .orElseThrow(() -> DomainException.notFound("No drive with slug '" + Text.quote(s) + "'")));
        PageParse parse = PageParsing.saved(sites, product.url(), body, charset);
        metrics.parse(product.site().definition().site(), parse.layout(), ScrapeMetrics.result(parse), ScrapeMetrics.IMPORT);
        String marketplace = product.site().marketplace();
        if (parse instanceof PageParse.Failed failed) {
            throw new DomainException(DomainException.Kind.UNPROCESSABLE,
                    "The page could not be read as a " + product.site().definition().site() + " product page: " + failed.reason()
                            + ". Nothing was stored.").with("outcome", "PARSE_FAILED");
        }
        Optional<String> shown = PageParsing.externalId(parse);
        if (shown.isPresent() && !PageParsing.sameItem(shown.get(), product.externalId())) {
            throw new DomainException(DomainException.Kind.UNPROCESSABLE, "The page is item " + shown.get() + " on " + marketplace
                            + ", but its URL names item " + product.externalId() + ": the page was saved from another item's URL, or the "
                            + "site showed another item (such as a variation) than the URL names. Post it with the URL of item "
                            + shown.get() + ". Nothing was stored.")
                    .with("outcome", "PARSE_FAILED").with("pageExternalId", shown.get()).with("urlExternalId", product.externalId());
        }
        if (parse instanceof PageParse.Blocked blocked) {
            return new Result(product.url().toString(), marketplace, null, "BLOCKED", blocked.reason(), blocked.layout(), List.of(),
                    null, observedAt, false,
                    "A robot check was saved instead of the product page: nothing was stored.", null, List.of());
        }
        if (parse instanceof PageParse.NoOffer none && none.kind() == PageParse.NoOfferKind.FOR_PARTS) {
            return importForParts(product, none, givenDrive, observedAt);
        }
        if (parse instanceof PageParse.NoOffer none) {
            return new Result(product.url().toString(), marketplace, none.externalId(), "NO_OFFER", none.kind() + ": " + none.reason(),
                    none.layout(), List.of(), givenDrive.map(d -> d.slug).orElse(null), observedAt, false,
                    "The page shows nothing to buy: nothing was stored.", null, List.of());
        }
        PageParse.Product page = (PageParse.Product) parse;
        return QuarkusTransaction.requiringNew().call(() -> {
            Marketplace m = Marketplace.findByCode(marketplace).orElseThrow();
            Optional<Drive> drive = givenDrive.map(d -> Drive.<Drive>findById(d.id)).or(() -> known(m, page.externalId(), product.externalId()));
            String note = null;
            Identification byTitle = null;
            if (drive.isEmpty() && page.title() != null) {
                // the one matcher that names drives from outside: a part number, or model, capacity and form factor
                byTitle = identity.identify(page.title());
                if (byTitle.matched()) {
                    drive = Drive.<Drive>findBySlug(byTitle.drive());
                    note = "Stored for drive " + byTitle.drive() + ", which the title names (" + byTitle.because() + ").";
                }
            }
            if (drive.isEmpty()) {
                String why = byTitle == null ? "the page states no title"
                        : "the title names no one catalog drive (" + byTitle.decision() + ": " + byTitle.because()
                        + (byTitle.candidates().isEmpty() ? "" : "; candidates " + String.join(", ", byTitle.candidateSlugs())) + ")";
                SearchPageImports.Imported kept = byTitle == null || searchImports.isUnsatisfied() ? null
                        : searchImports.get().importItemPage(product.site().definition().site(), marketplace, page, product.url().toString(),
                        observedAt);
                String keptNote = kept == null ? "" : " It is kept for review as discovery run " + kept.runId()
                        + (kept.proposed() > 0 ? ", and it names a drive the catalog lacks: evidence for its proposal "
                        + "(GET /admin/catalog/proposals)" : "") + ".";
                return new Result(product.url().toString(), marketplace, page.externalId(), "PARSED", null, page.layout(),
                        DisagreementView.of(page), null, observedAt, false,
                        "No drive given, no listing or watched page knows this item, and " + why + ": no offer was stored "
                                + "(pass drive=<slug>)." + keptNote, null,
                        page.offers().stream().map(o -> view(page, o, null, false, false)).toList(), kept);
            }
            String warning = partNumbers.otherDriveNamedIn(page.title(), drive.get().id, drive.get().slug).orElse(null);
            List<ParsedPageStore.StoredOffer> stored = store.store(drive.get(), m, product.url(), page, observedAt, "saved page", null);
            Optional<ItemListings.ForParts> forParts = ItemListings.ForParts.of(page);
            String reason = forParts.map(ItemListings.ForParts::why).orElse(null);
            if (forParts.isPresent()) {
                int ended = items.endForParts(m, page.externalId(), forParts.get(), observedAt, product.url().toString());
                note = (note == null ? "" : note + " ") + "Offers for parts or not working were not priced" + ended(ended);
            }
            return new Result(product.url().toString(), marketplace, page.externalId(), "PARSED", reason, page.layout(),
                    DisagreementView.of(page), drive.get().slug, observedAt,
                    true, note, warning, stored.stream().map(s -> view(page, s.offer(), s.condition(), s.added(), s.suspect())).toList());
        });
    }

    /**
     * A saved item page whose offers are all for parts or not working: nothing is priced, and the
     * item's listings end (they no longer have a current offer), as its page leaves the watch list.
     */
    private Result importForParts(WatchService.ProductUrl product, PageParse.NoOffer none, Optional<Drive> givenDrive, Instant observedAt) {
        String marketplace = product.site().marketplace();
        return QuarkusTransaction.requiringNew().call(() -> {
            Marketplace m = Marketplace.findByCode(marketplace).orElseThrow();
            int ended = items.endForParts(m, none.externalId(), ItemListings.ForParts.of(none).orElseThrow(), observedAt,
                    product.url().toString());
            return new Result(product.url().toString(), marketplace, none.externalId(), "NO_OFFER", none.kind() + ": " + none.reason(),
                    none.layout(), List.of(), givenDrive.map(d -> d.slug).orElse(null), observedAt, false,
                    "The item is for parts or not working: nothing was priced" + ended(ended), null, List.of());
        });
    }

    /** What ending listings did, to close a note: "." or ", and its listing ended: …". */
    private static String ended(int ended) {
        return ended == 0 ? "." : ", and " + (ended == 1 ? "its listing ended: it no longer has" : ended + " listings ended: they no longer have")
                + " a current offer.";
    }

    /** The search pages of the site a URL is on, if the URL is one of its search URLs (and discovery is there to read them). */
    private Optional<SiteDefinitions.SearchSite> searchUrl(String rawUrl) {
        if (rawUrl == null || rawUrl.isBlank() || searchImports.isUnsatisfied()) {
            return Optional.empty();
        }
        try {
            return sites.searchPage(URI.create(rawUrl.strip()));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private Result importSearchPage(SiteDefinitions.SearchSite site, String url, Instant observedAt, byte[] body, String charset) {
        URI uri = URI.create(url);
        SearchPageReader.Parse parse = site.reader().read(PageReader.saved(body, charset, url), uri);
        String layout = parse instanceof SearchPageReader.Parse.Results r ? r.layout() : PageParse.NO_LAYOUT;
        metrics.parse(site.site(), layout, parse instanceof SearchPageReader.Parse.Results || parse instanceof SearchPageReader.Parse.NoResults
                ? "parsed" : parse instanceof SearchPageReader.Parse.Blocked ? "blocked" : "failed", ScrapeMetrics.IMPORT);
        if (parse instanceof SearchPageReader.Parse.Failed failed) {
            throw new DomainException(DomainException.Kind.UNPROCESSABLE, "The page could not be read as " + site.site()
                    + " search results: " + failed.reason() + ". Nothing was stored.").with("outcome", "PARSE_FAILED");
        }
        SearchPageImports.Imported imported = searchImports.get().importSearchPage(site, parse, url, observedAt);
        boolean stored = imported.priced() > 0 || imported.matched() > 0;
        String note = switch (imported.outcome()) {
            case "BLOCKED" -> "A robot check was saved instead of the results: nothing was stored.";
            case "NO_RESULTS" -> "The page says the search found nothing.";
            default -> imported.results() + " results: " + imported.matched() + " matched a catalog drive (" + imported.priced()
                    + " priced), " + imported.ambiguous() + " ambiguous (kept for review), " + imported.rejected() + " rejected.";
        };
        return new Result(url, site.marketplace(), null, "SEARCH_RESULTS", imported.reason(), layout, List.of(), null, observedAt, stored,
                note, null, List.of(), imported);
    }

    private static Optional<Drive> known(Marketplace m, String pageId, String urlId) {
        for (String id : new java.util.LinkedHashSet<>(List.of(pageId, urlId))) { // often the same id
            Optional<Listing> listing = Listing.find(m, id);
            if (listing.isPresent()) {
                return Optional.of(listing.get().drive);
            }
            Optional<WatchedPage> watched = WatchedPage.find(m, id);
            if (watched.isPresent()) {
                return Optional.of(watched.get().drive);
            }
        }
        return Optional.empty();
    }

    private static OfferView view(PageParse.Product page, ParsedOffer o, Condition stored, boolean added, boolean suspect) {
        return new OfferView(o.listingId(page.externalId()), o.offerKey(), o.price(), o.currency(), o.priceWording(), o.shipping(), o.memberPrice(),
                o.inStock(), o.availability(), o.sellerName(), o.sellerType(), o.fulfilledByMarketplace(),
                stored != null ? stored : o.condition(), o.conditionWording(), o.businessOnly(), o.bestOfferAccepted(),
                o.privateSeller(), added, suspect);
    }
}
