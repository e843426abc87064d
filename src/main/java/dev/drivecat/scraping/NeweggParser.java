package dev.drivecat.scraping;

import dev.drivecat.scraping.PriceText.Money;
import dev.drivecat.scraping.SiteRules.Found;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jsoup.nodes.Element;

/**
 * Reads Newegg product pages: the price in the product's own buy box (never a price elsewhere on
 * the page, which belongs to other items), who sells and who ships, and whether it can be added to
 * the cart.
 */
final class NeweggParser extends AbstractSiteParser {

    static final Set<String> SELECTORS = Set.of("robotCheck", "title", "buyBox", "price", "seller", "shipper",
            "availability", "buyButton", "conditionWording");

    static final Set<String> PHRASES = Set.of("robotCheck", "inStock", "outOfStock",
            "marketplaceShipper", "newOldStock", "freeShipping");

    NeweggParser(SiteRules rules) {
        super(rules);
    }

    @Override
    protected PageParse read(Page page) {
        Element buyBox = rules.element(page.document(), "buyBox").orElseThrow(() -> new ParseFailure(
                "no buy box; looked in " + rules.describe("buyBox")));
        OfferDraft draft = new OfferDraft();
        Optional<Element> buyButton = rules.element(buyBox, "buyButton");
        draft.availability = rules.value(buyBox, "availability")
                .or(() -> buyButton.map(Element::text).map(SiteRules::normalise).filter(t -> !t.isEmpty()))
                .orElse(null);
        draft.inStock = inStock(draft.availability, buyButton.isPresent());

        Optional<Found> price = rules.found(buyBox, "price", e -> true);
        Optional<Money> money = price.flatMap(p -> money(p.value(), page, "price"));
        if (money.isPresent()) {
            draft.price = money.get().amount();
            draft.currency = money.get().currency();
            draft.priceWording = price.get().value();
        } else if (!Boolean.FALSE.equals(draft.inStock)) {
            throw new ParseFailure("no price in the buy box; " + price.map(p -> notAPrice(p.value()))
                    .orElse("looked in " + rules.describe("price")));
        }

        draft.sellerName = rules.value(buyBox, "seller").orElse(null);
        draft.sellerType = sellerType(draft.sellerName);
        draft.fulfilledByMarketplace = fulfilledByMarketplace(rules.value(buyBox, "shipper").orElse(null),
                draft.sellerName);
        draft.conditionWording = rules.value(page.document(), "conditionWording").orElse(null);
        draft.condition = condition(null, draft.conditionWording, page.title());
        draft.shipping = shipping(rules.value(buyBox, "shipping").orElse(null), page, draft.currency);
        return product(page, List.of(draft));
    }
}
