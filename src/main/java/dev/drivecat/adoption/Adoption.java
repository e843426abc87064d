package dev.drivecat.adoption;

import dev.drivecat.catalog.SourceKind;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Text;
import dev.drivecat.discovery.DiscoveryReview.IdentifiedAgain;
import dev.drivecat.discovery.DiscoveryReview;
import dev.drivecat.identity.IdentityMatcher;
import dev.drivecat.identity.IdentityService;
import dev.drivecat.identity.ProposedDrive;
import dev.drivecat.proposals.ProposalStatus;
import dev.drivecat.proposals.ProposalViews.ProposalView;
import dev.drivecat.proposals.Proposals;
import dev.drivecat.scraping.SiteDefinitions;
import dev.drivecat.scraping.VendorSources;
import dev.drivecat.scraping.fetch.FetchRequest;
import dev.drivecat.scraping.fetch.FetchResult;
import dev.drivecat.scraping.fetch.PoliteFetcher;
import dev.drivecat.specs.ImportValidator;
import dev.drivecat.specs.SpecParse;
import dev.drivecat.specs.SpecSourceImportService;
import dev.drivecat.specs.SpecSourceReport;
import dev.drivecat.specs.SpecSources;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Adopts a proposal into the catalog: a vendor's product page or datasheet (sent, or fetched from a
 * vendor host of {@code scrapers/specs/vendors.yaml}) is read by the spec importers, the column that
 * describes the proposed drive is found by identity's own reading of drives, and the drive is
 * created from the page alone, every value cited to it in its words: nothing of the market
 * evidence enters the catalog. Then identity knows the drive, and the proposal's listings are
 * identified again: those that now name it are priced as their source showed them.
 */
@ApplicationScoped
public class Adoption {

    @Inject
    Proposals proposals;

    @Inject
    SpecSourceImportService specs;

    @Inject
    SpecSources sources;

    @Inject
    IdentityService identity;

    @Inject
    DiscoveryReview review;

    @Inject
    PoliteFetcher fetcher;

    @Inject
    SiteDefinitions sites;

    Clock clock = Clock.systemUTC();

    /** A vendor document as sent (or fetched): its bytes and media type (no bytes: fetch it), and the URL it came from when fetched. */
    public record Document(byte[] body, String mediaType, String charset, URI fetchedFrom) {

        public Document(byte[] body, String mediaType, String charset) {
            this(body, mediaType, charset, null);
        }

        boolean sent() {
            return body != null && body.length > 0;
        }
    }

    /** What adopting came to. */
    @Schema(name = "ProposalAdoption")
    public record Adopted(@Schema(description = "Whether the drive was created now (false: the proposal was adopted from this page "
            + "before, and nothing new was stored).") boolean created,
                          ProposalView proposal,
                          @Schema(description = "The catalog drive's slug (GET /drives/{slug}).") String drive,
                          @Schema(nullable = true, description = "What the document said and what was stored, as a spec import reports "
                                  + "it; null when nothing new was stored.") SpecSourceReport source,
                          Relisted identifiedAgain) {
    }

    /** The proposal's listings identified again: how many there were, how many now name a drive, how many were priced. */
    @Schema(name = "ProposalListingsIdentifiedAgain")
    public record Relisted(int results, int matched, int priced, List<IdentifiedAgain> items) {
    }

    /**
     * @param kind what the document is when the caller says so (else a vendor host's path says, or the media type)
     */
    public Adopted adopt(long proposalId, String url, SourceKind kind, Instant retrievedAt, Document document) {
        ProposalView proposal = proposals.one(proposalId);
        URI uri = httpUrl(url);
        if (proposal.status() == ProposalStatus.DISMISSED) {
            throw DomainException.conflict("Proposal " + proposalId + " was dismissed (" + proposal.statusReason() + "); it cannot be adopted")
                    .with("proposalStatus", proposal.status().name());
        }
        if (proposal.status() == ProposalStatus.ADOPTED) {
            if (!("adopted from " + uri).equals(proposal.statusReason())) {
                throw DomainException.conflict("Proposal " + proposalId + " was " + proposal.statusReason() + " as drive " + proposal.drive()
                        + "; import further pages or tables for it with POST /admin/imports/spec-pages or /admin/imports/spec-tables "
                        + "with drive=" + proposal.drive()).with("drive", proposal.drive());
            }
            // the same page again: nothing new is stored; listings not yet named are identified again
            return new Adopted(false, proposal, proposal.drive(), null, identifyAgain(proposalId));
        }
        Document doc = document.sent() ? document : fetch(uri);
        // a fetched page is cited to the address it came from, after redirects
        URI cited = doc.fetchedFrom() != null ? doc.fetchedFrom() : uri;
        SourceKind as = kind != null ? kind : sites.vendors().forUrl(cited).flatMap(v -> v.kindOf(cited)).orElse(null);
        SpecParse parse = sources.read(doc.body(), doc.mediaType(), doc.charset(), cited.toString(), as);
        SpecParse.Variant variant = variantOf(proposal, parse);
        SpecSourceImportService.Request request = new SpecSourceImportService.Request(cited.toString(), retrievedAt == null ? clock.instant()
                : retrievedAt, null, true, null, false, sources.importer(doc.mediaType()), sources.importerVersion(doc.mediaType()));
        SpecSourceImportService.Created created;
        try {
            created = QuarkusTransaction.requiringNew().call(() -> {
                // one adoption of a proposal at a time: the row is held until the drive and the proposal's new state commit together
                proposals.lockOpen(proposalId);
                SpecSourceImportService.Created c = specs.create(parse, variant, request);
                proposals.adopted(proposalId, c.drive().id, uri.toString());
                return c;
            });
        } catch (jakarta.persistence.PersistenceException e) {
            if (String.valueOf(e.getMessage()).contains("drive_slug_uq") || e.getCause() != null
                    && String.valueOf(e.getCause().getMessage()).contains("drive_slug_uq")) {
                throw DomainException.conflict("Another adoption created the same drive at the same moment; nothing was stored. Ask again");
            }
            throw e;
        }
        // proposals of the same drive that stated less of its form (a 2.5" drive of no bus beside the U.2 one) are adopted with it
        List<Long> adopted = new ArrayList<>(List.of(proposalId));
        adopted.addAll(QuarkusTransaction.requiringNew().call(() -> proposals.adoptSiblings(proposalId, created.drive().id,
                created.drive().formFactor, created.drive().iface)));
        Relisted relisted = identifyAgain(adopted);
        return new Adopted(true, proposals.one(proposalId), created.drive().slug, created.report(), relisted);
    }

    /** The proposal's listings, identified again by the matcher as the catalog is now. */
    private Relisted identifyAgain(long proposalId) {
        return identifyAgain(List.of(proposalId));
    }

    /** The listings of these proposals, identified again by the matcher as the catalog is now. */
    private Relisted identifyAgain(List<Long> proposalIds) {
        IdentityMatcher matcher = identity.matcher();
        List<IdentifiedAgain> items = new ArrayList<>();
        for (long proposalId : proposalIds) {
            for (long result : proposals.discoveryResults(proposalId)) {
                items.add(review.identifyAgain(result, matcher));
            }
        }
        return new Relisted(items.size(), (int) items.stream().filter(IdentifiedAgain::matched).count(),
                (int) items.stream().filter(IdentifiedAgain::priced).count(), items);
    }

    /**
     * The one column (or the page) that describes the proposed drive, by identity's reading of the
     * drive it names: the same maker, model and capacity, and a form and bus the proposal allows.
     * None is a 422 saying what the document names instead; a drive the catalog holds already, a 409.
     */
    SpecParse.Variant variantOf(ProposalView proposal, SpecParse parse) {
        IdentityMatcher matcher = identity.matcher();
        List<SpecParse.Variant> fitting = new ArrayList<>();
        List<String> named = new ArrayList<>();
        for (SpecParse.Variant v : parse.variants()) {
            SpecParse.Identity id = v.identity();
            if (id.capacityGb() == null || id.model() == null && parse.pageNames().isEmpty()) {
                named.add((v.name() == null ? "the page" : v.name()) + ": no " + (id.capacityGb() == null ? "capacity" : "model"));
                continue;
            }
            String text = String.join(" ", nonNull(id.vendor(), id.model() == null ? parse.pageNames().get(0) : id.model(),
                    id.capacityGb() + "GB", id.formFactor() == null ? null : id.formFactor().label(),
                    id.iface() == null ? null : id.iface().token(), String.join(" ", id.partNumbers())));
            ProposedDrive.Reading reading = matcher.propose(text);
            if (reading instanceof ProposedDrive.ProposesNothing nothing) {
                if (nothing.catalogDrive() != null && id.capacityGb() == proposal.capacityGb()
                        && (proposal.formFactor() == null || id.formFactor() == null || proposal.formFactor().allows(id.formFactor()))) {
                    throw DomainException.conflict("The document describes " + nothing.catalogDrive() + ", which the catalog holds already: "
                            + "the listings of the proposal name it, or will once an operator reviews them; nothing was stored")
                            .with("drive", nothing.catalogDrive());
                }
                // another column of the document: a capacity or form the catalog holds
                named.add(text + ": " + nothing.why());
                continue;
            }
            ProposedDrive d = ((ProposedDrive.Proposes) reading).drive();
            List<String> differs = new ArrayList<>();
            if (!d.maker().equals(ProposedDrive.makerNamed(proposal.maker()))) {
                differs.add("its maker is " + d.makerName());
            }
            if (!d.modelKey().equals(proposal.modelKey())) {
                differs.add("its model is " + d.model());
            }
            if (d.capacityGb() != proposal.capacityGb()) {
                differs.add("it holds " + d.capacityGb() + " GB");
            }
            if (proposal.formFactor() != null && (id.formFactor() == null || !proposal.formFactor().allows(id.formFactor()))) {
                differs.add(id.formFactor() == null ? "it states no form factor" : "it is " + id.formFactor().label());
            }
            if (proposal.iface() != null && id.iface() != null && proposal.iface() != id.iface()) {
                differs.add("its bus is " + id.iface().token());
            }
            if (differs.isEmpty()) {
                fitting.add(v);
            } else {
                named.add(text + ": " + String.join(", ", differs));
            }
        }
        String wanted = proposal.maker() + " " + proposal.model() + " " + proposal.capacityGb() + " GB"
                + (proposal.formFactor() == null ? "" : " " + proposal.formFactor().label());
        if (fitting.isEmpty()) {
            throw new DomainException(DomainException.Kind.UNPROCESSABLE, "The document does not describe the proposed drive, " + wanted
                    + "; nothing was stored. It names: " + (named.isEmpty() ? "no drive at all" : String.join("; ", named)))
                    .with("proposal", wanted).with("documentNames", named);
        }
        if (fitting.size() > 1) {
            throw new DomainException(DomainException.Kind.UNPROCESSABLE, "Several columns of the document fit the proposed drive, " + wanted
                    + " (" + String.join(", ", fitting.stream().map(v -> v.name() == null ? "the page" : v.name()).toList())
                    + "); nothing was stored. Send the column of the drive alone");
        }
        return fitting.get(0);
    }

    private static List<String> nonNull(String... parts) {
        List<String> out = new ArrayList<>();
        for (String p : parts) {
            if (p != null && !p.isBlank()) {
                out.add(p);
            }
        }
        return out;
    }

    /** Fetches a vendor's page through the polite fetcher; only the vendor hosts of scrapers/specs/vendors.yaml are asked. */
    private Document fetch(URI uri) {
        VendorSources.Vendor vendor = sites.vendors().forUrl(uri).orElseThrow(() -> DomainException.invalidParameter("url",
                "with no document in the body, url must be a page on a vendor host of scrapers/specs/vendors.yaml, which drivecat "
                        + "fetches; " + uri.getHost() + " is none of " + String.join(", ", sites.vendors().hosts())
                        + ". Send the page or datasheet as the body instead").with("allowed", sites.vendors().hosts()));
        if (vendor.kindOf(uri).isEmpty()) {
            throw DomainException.invalidParameter("url", "the path of " + uri + " is neither a product page nor a datasheet of "
                    + vendor.maker() + " (scrapers/specs/vendors.yaml)");
        }
        FetchResult result = fetcher.fetch(FetchRequest.of(uri.toString()));
        if (result instanceof FetchResult.Fetched f) {
            // a redirect may lead to another host the fetcher is allowed (a marketplace): the page must still be a vendor's, of its maker
            VendorSources.Vendor served = sites.vendors().forUrl(f.finalUrl()).orElse(null);
            if (served == null || !served.maker().equals(vendor.maker()) || served.kindOf(f.finalUrl()).isEmpty()) {
                throw new DomainException(DomainException.Kind.UNPROCESSABLE, "The page at " + uri + " redirected to " + f.finalUrl()
                        + ", which is no product page or datasheet of " + vendor.maker() + " (scrapers/specs/vendors.yaml); nothing was stored");
            }
            return new Document(f.body(), f.contentType(), f.charset() == null ? null : f.charset().name(), f.finalUrl());
        }
        String why = result instanceof FetchResult.Refused r ? "not fetched (" + r.reason().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ")"
                : result instanceof FetchResult.Failed f ? "the fetch failed (" + f.reason().name().toLowerCase(Locale.ROOT).replace('_', ' ')
                + (f.status() == null ? "" : ", HTTP " + f.status()) + ")" : "not fetched";
        throw new DomainException(DomainException.Kind.UNPROCESSABLE, "The page at " + uri + " could not be read: " + why
                + "; nothing was stored. Send a saved copy as the body instead");
    }

    private static URI httpUrl(String url) {
        if (url == null || url.isBlank()) {
            throw DomainException.invalidParameter("url", "url is required: the address of the vendor page or datasheet the values are cited to");
        }
        if (!ImportValidator.isHttpUrl(url) || url.strip().length() > 2000 || URI.create(url.strip()).getRawUserInfo() != null) {
            throw DomainException.invalidParameter("url", "url must be the absolute http(s) address of the vendor page or datasheet, not '"
                    + Text.quote(url) + "'");
        }
        return URI.create(url.strip());
    }
}
