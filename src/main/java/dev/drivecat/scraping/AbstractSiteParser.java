package dev.drivecat.scraping;

import dev.drivecat.common.Text;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.SellerType;
import dev.drivecat.scraping.PriceText.Money;
import dev.drivecat.scraping.SiteDefinition.HostDefinition;
import java.math.BigDecimal;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import org.jsoup.nodes.Document;

/**
 * Reads the offers of one layout of a site: what the marketplace parsers share are the decisions
 * every site makes the same way from its own phrases and rules (seller type, fulfilment,
 * condition, stock, shipping). {@link SiteReader} has already checked the host, the robot check,
 * the title and the external id, and tries each layout's parser in turn; a parser that cannot
 * read its layout throws {@link ParseFailure} saying what it missed.
 */
abstract class AbstractSiteParser {

    protected final SiteRules rules;

    AbstractSiteParser(SiteRules rules) {
        this.rules = rules;
    }

    /** A product page being read. */
    record Page(Document document, URI url, HostDefinition host, String title, String externalId) {
    }

    /**
     * Reads a page that is a product page (has a title) and not a robot check, with this layout's
     * rules: a {@link PageParse.Product} or a {@link PageParse.NoOffer}.
     *
     * @throws ParseFailure when the page is not of this layout, or its offer cannot be read
     */
    protected abstract PageParse read(Page page);

    /** A product as this layout read it. */
    protected PageParse.Product product(Page page, List<OfferDraft> offers) {
        return new PageParse.Product(page.externalId(), page.title(), rules.layout(),
                offers.stream().map(OfferDraft::build).toList(), List.of());
    }

    /** No offer, as this layout read it. */
    protected PageParse.NoOffer noOffer(Page page, PageParse.NoOfferKind kind, String reason) {
        return new PageParse.NoOffer(page.externalId(), kind, reason, rules.layout());
    }

    /**
     * Reads a price the page shows; a price that is there but cannot be read fails the layout. An
     * amount that is not above zero (a "$0.00" placeholder) is no price anyone pays: it is empty,
     * so the offer has no price, and the parser decides as for any offer without one.
     */
    protected Optional<Money> money(String text, Page page, String what) {
        Money money = PriceText.parse(text, page.host().currency(), page.host().numbers()).orElseThrow(() -> new ParseFailure(
                what + " '" + Text.quote(text) + "' is not a price drivecat can read for " + page.host().host()));
        return payable(money);
    }

    /** A price that may be read (member prices); empty when it cannot be, or is not above zero. */
    protected Optional<Money> optionalPrice(String text, Page page) {
        return optionalMoney(text, page).flatMap(AbstractSiteParser::payable);
    }

    /** An amount that may be read, zero included (shipping); empty when it cannot be. */
    protected Optional<Money> optionalMoney(String text, Page page) {
        return PriceText.parse(text, page.host().currency(), page.host().numbers());
    }

    private static Optional<Money> payable(Money money) {
        return money.amount().signum() > 0 ? Optional.of(money) : Optional.empty();
    }

    /** Why an offer whose price place was found has no price, for a failure message. */
    protected static String notAPrice(String wording) {
        return "'" + Text.quote(wording) + "' is not a price above zero";
    }

    /** The seller's kind by the site's seller-type rules (scrapers/*.yaml sellerTypes); null when none holds. */
    protected SellerType sellerType(String sellerName) {
        return rules.sellerType(sellerName).orElse(null);
    }

    /**
     * Whether the marketplace ships: from the shipper's name when shown; otherwise, where the site
     * says an unnamed shipper is the seller, whether the seller is the marketplace.
     */
    protected Boolean fulfilledByMarketplace(String shipperName, String sellerName) {
        if (shipperName != null) {
            return rules.says("marketplaceShipper", shipperName);
        }
        if (sellerName != null && rules.definition().defaults().unstatedShipperIsSeller()) {
            return sellerType(sellerName) == SellerType.MARKETPLACE;
        }
        return null;
    }

    /**
     * The condition: {@code stated} when the page's structure says it (e.g. a used offer row),
     * else what the wording names, else the site's default. New becomes new old stock only when
     * the listing itself says so (title or condition wording). Wording that says the item is for
     * parts or not working names no condition, and no default applies: {@link SiteReader} sets
     * such an offer aside, unpriced.
     */
    protected Condition condition(Condition stated, String wording, String title) {
        if (rules.forParts(wording).isPresent()) {
            return null;
        }
        Condition condition = stated != null ? stated
                : rules.condition(wording).orElse(rules.definition().defaults().conditionWhenUnstated());
        if (condition == Condition.NEW && (rules.says("newOldStock", title) || rules.says("newOldStock", wording))) {
            return Condition.NEW_OLD_STOCK;
        }
        return condition;
    }

    /** In stock as the availability text says; failing that, a buy button says it can be bought. */
    protected Boolean inStock(String availability, boolean buyButton) {
        if (availability != null) {
            if (rules.says("outOfStock", availability)) {
                return false;
            }
            if (rules.says("inStock", availability)) {
                return true;
            }
        }
        return buyButton ? Boolean.TRUE : null;
    }

    /** Shipping as shown: "free" phrases are zero; a cost in another currency than the price is dropped. */
    protected BigDecimal shipping(String text, Page page, String priceCurrency) {
        if (text == null) {
            return null;
        }
        if (rules.says("freeShipping", text)) {
            return BigDecimal.ZERO.setScale(2);
        }
        return optionalMoney(text, page)
                .filter(m -> priceCurrency == null || priceCurrency.equals(m.currency()))
                .map(Money::amount).orElse(null);
    }
}
