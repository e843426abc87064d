package dev.drivecat.scraping;

import dev.drivecat.pricing.Condition;
import dev.drivecat.scraping.PriceText.Money;
import dev.drivecat.scraping.SiteDefinition.Shipper;
import dev.drivecat.scraping.SiteRules.Found;
import dev.drivecat.scraping.SiteRules.SellerLine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jsoup.nodes.Element;

/**
 * Reads Amazon product pages (every Amazon host in scrapers/amazon.yaml). The buy box is read as
 * offer rows: the rows of the buy-box accordion (new, used, renewed tiers, and a Prime-only price
 * row), or else a used-only buy box, or else the single qualified buy box. The active row is the
 * featured offer. A Prime-only row is never an offer of its own: its price is the featured offer's
 * member price, and the featured offer is the row with the price everyone pays. A page with no
 * offer row is "currently unavailable", undeliverable, or has no featured offer, as its notices
 * say; anything else fails rather than guess.
 */
final class AmazonParser extends AbstractSiteParser {

    static final Set<String> SELECTORS = Set.of("robotCheck", "title", "buyBox", "offerAccordion", "offerRow",
            "activeRow", "usedOnlyOffer", "singleOffer", "price", "excludeFromPrice", "hiddenPrice", "availability",
            "buyButton", "seller", "shipper", "shipperSellerLabel", "merchantInfo", "rowCaption", "conditionWording",
            "shipping", "businessOffer", "memberPriceMessage", "renewedProgram", "unavailableNotice",
            "noFeaturedOffer");

    static final Set<String> PHRASES = Set.of("robotCheck", "undeliverable", "currentlyUnavailable",
            "noFeaturedOffer", "inStock", "outOfStock", "hiddenPrice", "businessOnly",
            "marketplaceShipper", "shipperSellerMerged", "freeShipping", "renewedTitle", "newOldStock", "rowNew",
            "rowUsed", "rowRenewed", "rowMemberPrice", "renewedTier");

    private enum RowKind { NEW, USED, RENEWED, MEMBER_PRICE }

    /** One offer of the buy box: an accordion row, the used-only box or the qualified buy box. */
    private record Row(Element scope, RowKind kind, String name, boolean active) {
    }

    AmazonParser(SiteRules rules) {
        super(rules);
    }

    @Override
    protected PageParse read(Page page) {
        Element buyBox = rules.element(page.document(), "buyBox").orElseThrow(() -> new ParseFailure(
                "no buy box; looked in " + rules.describe("buyBox")));
        List<Row> rows = offerRows(buyBox);
        if (rows.isEmpty()) {
            return withoutOfferRows(page, buyBox);
        }
        boolean renewedPage = rules.element(page.document(), "renewedProgram").isPresent()
                || rules.says("renewedTitle", page.title());

        Optional<Row> memberRow = rows.stream().filter(r -> r.kind() == RowKind.MEMBER_PRICE).findFirst();
        List<Row> offerRows = rows.stream().filter(r -> r.kind() != RowKind.MEMBER_PRICE).toList();
        Row featured = offerRows.stream().filter(Row::active).findFirst()
                .orElse(offerRows.isEmpty() ? null : offerRows.get(0));

        List<OfferDraft> drafts = new ArrayList<>();
        Map<String, Integer> keysUsed = new HashMap<>();
        for (Row row : offerRows) {
            boolean isFeatured = row == featured;
            Optional<OfferDraft> draft = readRow(page, row, renewedPage, isFeatured);
            draft.ifPresent(d -> {
                d.offerKey = isFeatured ? ParsedOffer.FEATURED : uniqueKey(keyFor(row), keysUsed);
                drafts.add(d);
            });
        }
        OfferDraft featuredDraft = drafts.stream().filter(d -> ParsedOffer.FEATURED.equals(d.offerKey)).findFirst()
                .orElse(null);
        if (memberRow.isPresent()) {
            Optional<OfferDraft> member = readRow(page, memberRow.get(), renewedPage, featuredDraft == null);
            if (featuredDraft == null && member.isPresent()) {
                // only a members' price is offered: it is no price for everyone else
                featuredDraft = member.get();
                featuredDraft.memberPrice = featuredDraft.price;
                featuredDraft.price = null;
                featuredDraft.priceWording = null;
                drafts.add(0, featuredDraft);
            } else if (featuredDraft != null && member.isPresent() && member.get().price != null
                    && member.get().currency.equals(featuredDraft.currency)) {
                featuredDraft.memberPrice = member.get().price;
            }
        }
        OfferDraft regular = featuredDraft;
        if (regular != null && regular.memberPrice == null && regular.price != null) {
            rules.value(page.document(), "memberPriceMessage")
                    .flatMap(text -> optionalPrice(text, page))
                    .filter(m -> m.currency().equals(regular.currency) && m.amount().compareTo(regular.price) != 0)
                    .ifPresent(m -> regular.memberPrice = m.amount());
        }
        return product(page, drafts);
    }

    private List<Row> offerRows(Element buyBox) {
        Optional<Element> accordion = rules.element(buyBox, "offerAccordion");
        if (accordion.isPresent()) {
            List<Element> found = rules.elements(accordion.get(), "offerRow");
            List<Row> rows = new ArrayList<>();
            for (Element e : found) {
                boolean nested = found.stream().anyMatch(other -> other != e && e.parents().contains(other));
                if (nested || e == accordion.get()) {
                    continue;
                }
                String name = e.hasAttr("data-a-accordion-row-name") ? e.attr("data-a-accordion-row-name") : e.id();
                rowKind(name).ifPresent(kind -> rows.add(new Row(e, kind, name, rules.is(e, "activeRow"))));
            }
            return rows;
        }
        Optional<Element> usedOnly = rules.element(buyBox, "usedOnlyOffer");
        if (usedOnly.isPresent()) {
            return List.of(new Row(usedOnly.get(), RowKind.USED, usedOnly.get().id(), true));
        }
        return rules.element(buyBox, "singleOffer").map(e -> List.of(new Row(e, RowKind.NEW, e.id(), true)))
                .orElse(List.of());
    }

    private Optional<RowKind> rowKind(String name) {
        if (rules.says("rowMemberPrice", name)) {
            return Optional.of(RowKind.MEMBER_PRICE);
        }
        if (rules.says("rowRenewed", name)) {
            return Optional.of(RowKind.RENEWED);
        }
        if (rules.says("rowUsed", name)) {
            return Optional.of(RowKind.USED);
        }
        if (rules.says("rowNew", name)) {
            return Optional.of(RowKind.NEW);
        }
        return Optional.empty();
    }

    /** No offer row: the notices say why, or the page is not understood. */
    private PageParse withoutOfferRows(Page page, Element buyBox) {
        // the notice may sit beside the buy box (centre column) rather than in it
        String notice = rules.value(page.document(), "unavailableNotice").orElse("");
        Optional<String> undeliverable = rules.phrase("undeliverable", notice);
        if (undeliverable.isPresent()) {
            return noOffer(page, PageParse.NoOfferKind.UNDELIVERABLE, notice);
        }
        if (rules.says("currentlyUnavailable", notice)) {
            OfferDraft draft = new OfferDraft();
            draft.inStock = false;
            draft.availability = notice;
            return product(page, List.of(draft));
        }
        Optional<Element> noFeatured = rules.element(buyBox, "noFeaturedOffer");
        Optional<String> phrase = rules.phrase("noFeaturedOffer", buyBox.text());
        if (noFeatured.isPresent() || phrase.isPresent()) {
            return noOffer(page, PageParse.NoOfferKind.NO_FEATURED_OFFER,
                    "no featured offer: " + phrase.orElse("the buy box only links to other buying options"));
        }
        throw new ParseFailure("the buy box has no offer (looked for " + rules.describe("offerAccordion") + ", "
                + rules.describe("usedOnlyOffer") + ", " + rules.describe("singleOffer")
                + ") and says neither unavailable, undeliverable nor no featured offer");
    }

    private Optional<OfferDraft> readRow(Page page, Row row, boolean renewedPage, boolean featured) {
        Element scope = row.scope();
        OfferDraft draft = new OfferDraft();

        boolean hidden = rules.elements(scope, "hiddenPrice").stream().anyMatch(e -> rules.says("hiddenPrice", e.text()));
        String unpayable = null;
        if (!hidden) {
            Optional<Found> price = rules.found(scope, "price", e -> !rules.within(e, "excludeFromPrice"));
            if (price.isPresent()) {
                Optional<Money> money = money(price.get().value(), page, "price");
                if (money.isPresent()) {
                    draft.price = money.get().amount();
                    draft.currency = money.get().currency();
                    draft.priceWording = price.get().value();
                } else {
                    unpayable = price.get().value();
                }
            }
        }

        draft.availability = rules.value(scope, "availability").orElse(null);
        draft.inStock = inStock(draft.availability, rules.element(scope, "buyButton").isPresent());
        if (draft.price == null && !hidden && !Boolean.FALSE.equals(draft.inStock)) {
            if (featured) {
                throw new ParseFailure("the featured offer (" + row.name() + ") shows no price; "
                        + (unpayable != null ? notAPrice(unpayable) : "looked in " + rules.describe("price")));
            }
            return Optional.empty();
        }

        readSeller(scope, draft);

        String caption = rules.value(scope, "rowCaption").orElse(null);
        draft.conditionWording = rules.value(scope, "conditionWording").orElse(null);
        Condition stated = switch (row.kind()) {
            case USED -> Condition.USED;
            case RENEWED -> Condition.RENEWED;
            case NEW, MEMBER_PRICE -> renewedPage ? Condition.RENEWED : null;
        };
        draft.condition = condition(stated, draft.conditionWording, page.title());
        if (draft.conditionWording == null && row.kind() == RowKind.RENEWED) {
            draft.conditionWording = caption;
        }

        String shippingText = rules.value(scope, "shipping").orElse(null);
        if (draft.price != null || shippingText != null) {
            draft.shipping = shipping(shippingText, page, draft.currency);
            if (draft.currency == null && draft.shipping != null) {
                draft.currency = optionalMoney(shippingText, page).map(Money::currency).orElse(page.host().currency());
            }
        }

        draft.businessOnly = rules.says("businessOnly", scope.text())
                || rules.elements(page.document(), "businessOffer").stream()
                        .anyMatch(e -> rules.says("businessOnly", e.text()));
        return Optional.of(draft);
    }

    /** Seller and shipper: labelled fields first, then a one-sentence seller line. */
    private void readSeller(Element scope, OfferDraft draft) {
        String seller = rules.value(scope, "seller").orElse(null);
        String shipper = rules.value(scope, "shipper").orElse(null);
        if (seller != null && shipper == null && rules.value(scope, "shipperSellerLabel")
                .filter(label -> rules.says("shipperSellerMerged", label)).isPresent()) {
            shipper = seller;
        }
        Optional<SellerLine> sentence = rules.value(scope, "merchantInfo").flatMap(rules::sellerSentence);
        if (seller == null && sentence.isPresent()) {
            seller = sentence.get().seller();
        }
        draft.sellerName = seller;
        draft.sellerType = sellerType(seller);
        if (shipper == null && sentence.isPresent()) {
            draft.fulfilledByMarketplace = sentence.get().shipper() == Shipper.MARKETPLACE
                    || fulfilledByMarketplace(seller, seller);
        } else {
            draft.fulfilledByMarketplace = fulfilledByMarketplace(shipper, seller);
        }
    }

    private String keyFor(Row row) {
        return switch (row.kind()) {
            case NEW, MEMBER_PRICE -> "new";
            case USED -> "used";
            case RENEWED -> "renewed-" + slug(rules.value(row.scope(), "rowCaption")
                    .flatMap(caption -> rules.phrase("renewedTier", caption)).orElse(row.name()));
        };
    }

    private static String uniqueKey(String key, Map<String, Integer> used) {
        int n = used.merge(key, 1, Integer::sum);
        return n == 1 ? key : key + "-" + n;
    }

    private static String slug(String text) {
        String slug = text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", "-").replaceAll("^-+|-+$", "");
        return slug.isEmpty() ? "tier" : slug;
    }
}
