package dev.drivecat.scraping;

import dev.drivecat.scraping.PriceText.Money;
import dev.drivecat.scraping.SiteRules.Found;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jsoup.nodes.Element;

/**
 * Reads eBay item pages ({@code /itm/<id>}) and product pages ({@code /p/<id>}) that show a
 * featured listing, whose item id is then the external id. The offer is the Buy It Now price
 * ("or Best Offer" sets bestOfferAccepted), the condition as worded, the seller without the
 * feedback count, and whether the seller is private. Structured data (JSON-LD) is never read: it
 * may describe another listing or price in another currency.
 */
final class EbayParser extends AbstractSiteParser {

    static final Set<String> SELECTORS = Set.of("robotCheck", "title", "price", "bestOffer", "conditionWording",
            "seller", "sellerCard", "availability", "statusMessage", "buyButton", "shipping");

    static final Set<String> PHRASES = Set.of("robotCheck", "bestOffer", "privateSeller", "businessSeller",
            "inStock", "outOfStock", "freeShipping", "newOldStock");

    EbayParser(SiteRules rules) {
        super(rules);
    }

    @Override
    protected PageParse read(Page page) {
        OfferDraft draft = new OfferDraft();
        String status = rules.value(page.document(), "statusMessage").orElse(null);
        draft.availability = rules.value(page.document(), "availability").orElse(status);
        boolean ended = status != null && rules.says("outOfStock", status);
        draft.inStock = ended ? Boolean.FALSE
                : inStock(draft.availability, rules.element(page.document(), "buyButton").isPresent());

        Optional<Found> price = rules.found(page.document(), "price", e -> true);
        Optional<Money> money = price.flatMap(p -> money(p.value(), page, "Buy It Now price"));
        if (money.isPresent()) {
            draft.price = money.get().amount();
            draft.currency = money.get().currency();
            draft.priceWording = price.get().value();
        } else if (!Boolean.FALSE.equals(draft.inStock)) {
            throw new ParseFailure("no Buy It Now price; " + price.map(p -> notAPrice(p.value()))
                    .orElse("looked in " + rules.describe("price")));
        }
        draft.bestOfferAccepted = rules.element(page.document(), "bestOffer").isPresent()
                || rules.says("bestOffer", price.map(p -> p.element().parent()).map(Element::text).orElse(""));

        draft.conditionWording = rules.value(page.document(), "conditionWording").orElse(null);
        draft.condition = condition(null, draft.conditionWording, page.title());

        draft.sellerName = rules.value(page.document(), "seller").orElse(null);
        draft.sellerType = sellerType(draft.sellerName);
        draft.fulfilledByMarketplace = fulfilledByMarketplace(null, draft.sellerName);
        String card = String.join(" ", rules.elements(page.document(), "sellerCard").stream().map(Element::text).toList());
        if (rules.says("privateSeller", card)) {
            draft.privateSeller = true;
        } else if (rules.says("businessSeller", card)) {
            draft.privateSeller = false;
        }

        draft.shipping = shipping(rules.value(page.document(), "shipping").orElse(null), page, draft.currency);
        return product(page, List.of(draft));
    }
}
