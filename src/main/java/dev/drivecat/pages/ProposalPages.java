package dev.drivecat.pages;

import dev.drivecat.common.ApiSettings;
import dev.drivecat.common.Dates;
import dev.drivecat.common.DomainException;
import dev.drivecat.common.Params;
import dev.drivecat.common.QueryParametersOf;
import dev.drivecat.pricing.Money;
import dev.drivecat.proposals.ProposalResource;
import dev.drivecat.proposals.ProposalStatus;
import dev.drivecat.proposals.ProposalViews.ProposalPage;
import dev.drivecat.proposals.ProposalViews.ProposalView;
import dev.drivecat.proposals.Proposals;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * {@code /admin/catalog/proposals} for an operator: the drives the market sells that the catalog
 * lacks, the most listings first, each with its price range and a few of its listings, read with
 * the JSON operation's own parameters (behind the admin token, as every admin address).
 */
@Path("/admin/catalog/proposals")
public class ProposalPages {

    @Inject
    Proposals proposals;

    @Inject
    ApiSettings apiSettings;

    /** The page. */
    public record ProposalsView(String status, List<Row> rows, long total, String curl) {
    }

    /** One proposal: what it proposes, how much of the market shows it, and a few of its listings. */
    public record Row(long id, String name, String form, int listingCount, int sellers, String prices, String seen, List<Listing> listings) {
    }

    /** One listing of a proposal, linked. */
    public record Listing(String title, String url, String price, String condition) {
    }

    @GET
    @Produces(Html.PRODUCES)
    @Operation(hidden = true)
    @QueryParametersOf(type = ProposalResource.class, method = "list")
    public Response list(@Context UriInfo uri) {
        Map<String, List<String>> raw = uri.getQueryParameters();
        ProposalStatus status = ProposalResource.status(Html.first(raw, "status"));
        String maker = Html.first(raw, "maker");
        String q = Html.first(raw, "q");
        ProposalPage page = proposals.list(status, maker == null || maker.isBlank() ? null : maker.strip(),
                q == null || q.isBlank() ? null : q.strip(), Params.limit(Html.first(raw, "limit"), apiSettings), Proposals.Order.MOST_LISTINGS);
        List<Row> rows = page.items().stream().map(ProposalPages::row).toList();
        return Html.ok(PageTemplates.proposals(new ProposalsView(status.name(), rows, page.total(),
                "curl -H \"Authorization: Bearer $DRIVECAT_ADMIN_TOKEN\" 'localhost:8080/admin/catalog/proposals?status=" + status.name() + "'")));
    }

    private static Row row(ProposalView p) {
        String capacity = p.capacityGb() % 1000 == 0 ? p.capacityGb() / 1000 + " TB" : p.capacityGb() < 1000 ? p.capacityGb() + " GB"
                : java.math.BigDecimal.valueOf(p.capacityGb()).movePointLeft(3).stripTrailingZeros().toPlainString() + " TB";
        String prices = p.priceLow() == null ? "no price to buy at" : p.priceLow().compareTo(p.priceHigh()) == 0
                ? Money.format(p.priceLow(), p.currency()) : Money.format(p.priceLow(), p.currency()) + " – " + Money.format(p.priceHigh(), p.currency());
        List<Listing> listings = p.results().stream().limit(3).map(r -> new Listing(r.title(), r.url(),
                r.price() == null ? null : Money.format(r.price(), r.currency()), r.condition())).toList();
        return new Row(p.id(), p.maker() + " " + p.model() + " " + capacity, p.formFactor() == null ? "form not stated"
                : p.formFactor().label() + (p.iface() == null ? "" : ", " + switch (p.iface()) {
                    case SATA -> "SATA";
                    case SAS -> "SAS";
                    case NVME -> "NVMe";
                }),
                p.listings(), p.sellers(), prices, Dates.day(p.firstSeen()) + " to " + Dates.day(p.lastSeen()), listings);
    }

    @ServerExceptionMapper
    public Response problem(DomainException e) {
        return Html.problem(e);
    }
}
