package dev.drivecat.pricing;

import dev.drivecat.catalog.InterfaceFilter;
import dev.drivecat.common.ApiSettings;
import dev.drivecat.common.InvalidValueException;
import dev.drivecat.common.Params;
import dev.drivecat.pricing.OfferQueries.OfferPage;
import dev.drivecat.pricing.OfferQueries.OfferQuery;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/offers")
@Tag(name = "catalog")
public class OfferResource {

    @Inject
    OfferQueries offers;

    @Inject
    ApiSettings apiSettings;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Current offers",
            description = "Each listing's current offer (its newest observation that is not suspect) in one currency, cheapest "
                    + "first (price plus shipping when the offer states shipping); offers without a price come last.")
    @APIResponse(responseCode = "200", description = "A page of offers.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OfferPage.class)))
    @APIResponse(responseCode = "400", description = "A filter value is not allowed, or limit is over the cap.")
    public OfferPage list(
            @Parameter(description = "MARKETPLACE or THIRD_PARTY.", schema = @Schema(type = SchemaType.ARRAY, implementation = String.class))
            @QueryParam("sellerType") List<String> sellerType,
            @Parameter(description = "NEW, NEW_OLD_STOCK, USED, RENEWED.", schema = @Schema(type = SchemaType.ARRAY, implementation = String.class))
            @QueryParam("condition") List<String> condition,
            @Parameter(description = "Marketplace code, e.g. amazon-us.", schema = @Schema(type = SchemaType.ARRAY, implementation = String.class))
            @QueryParam("marketplace") List<String> marketplace,
            @Parameter(description = "true: in stock only; false: out of stock or unknown only.") @QueryParam("inStock") String inStock,
            @Parameter(description = "A bus (sata, sas, nvme) or a slot (m2, u2, u3, aic, e1s).",
                    schema = @Schema(type = SchemaType.ARRAY, implementation = String.class))
            @QueryParam("interface") List<String> iface,
            @Parameter(description = "Drive slugs.", schema = @Schema(type = SchemaType.ARRAY, implementation = String.class))
            @QueryParam("drive") List<String> drive,
            @Parameter(description = "Page size (default 20; at most drivecat.api.max-limit, 100).") @QueryParam("limit") String limit,
            @Parameter(description = "Items to skip.") @QueryParam("offset") String offset,
            @Parameter(description = "Only offers in this currency (ISO 4217; default drivecat.api.default-currency, USD): prices in "
                    + "different currencies are never sorted together.", example = "USD") @QueryParam("currency") String currency,
            @Parameter(description = "Include offers open only to business accounts (default false).")
            @QueryParam("includeBusinessOnly") String includeBusinessOnly) {
        OfferQuery query = new OfferQuery(
                Params.tokens(SellerType.class, "sellerType", sellerType),
                Params.tokens(Condition.class, "condition", condition),
                marketplaces(marketplace),
                Params.bool("inStock", inStock).orElse(null),
                Params.tokens(InterfaceFilter.class, "interface", iface),
                Params.values(drive),
                Params.limit(limit, apiSettings),
                Params.offset(offset),
                Params.currency(currency, apiSettings),
                Params.bool("includeBusinessOnly", includeBusinessOnly).orElse(false));
        return offers.current(query);
    }

    private static List<String> marketplaces(List<String> raw) {
        List<String> known = Marketplace.<Marketplace>listAll().stream().map(m -> m.code).sorted().toList();
        List<String> given = Params.values(raw);
        for (String code : given) {
            if (!known.contains(code)) {
                throw new InvalidValueException("marketplace", code, known);
            }
        }
        return given;
    }
}
