package dev.drivecat.scraping;

import dev.drivecat.pricing.Condition;
import dev.drivecat.scraping.PageParse.Disagreement;
import dev.drivecat.scraping.SiteDefinition.HostDefinition;
import dev.drivecat.scraping.SiteDefinition.Prefer;
import java.math.BigDecimal;
import java.net.URI;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Reads a site's product pages: checks the host, the robot check, the title and the external id,
 * reads the page's structured data, then tries the site's layouts in the order its definition lists
 * them. The first layout that reads the page gives the parse, named by it; its featured offer is
 * weighed against the structured data (a missing value is filled in, a different one recorded as a
 * {@link Disagreement} and decided by the site's {@code structuredData.prefer}). When no layout
 * reads the page, an offer that structured data alone states for the item is the parse (layout
 * {@code structured-data}); otherwise the parse fails, naming every layout tried and what each
 * missed, so that a layout change shows in the reason as well as in the metrics.
 */
final class SiteReader implements SiteParser {

    /** The layout of a parse read from the page's structured data alone. */
    static final String STRUCTURED_DATA_LAYOUT = "structured-data";

    private final SiteRules rules;
    private final List<LayoutParser> layouts;

    /** One layout and the parser reading it. */
    private record LayoutParser(SiteRules.Layout layout, AbstractSiteParser parser) {
    }

    SiteReader(SiteRules rules, Function<SiteRules, AbstractSiteParser> parser) {
        this.rules = rules;
        this.layouts = rules.layouts().stream().map(l -> new LayoutParser(l, parser.apply(l.rules()))).toList();
    }

    @Override
    public SiteRules rules() {
        return rules;
    }

    /** The layouts in the order they are tried. */
    List<String> layoutNames() {
        return layouts.stream().map(l -> l.layout().name()).toList();
    }

    @Override
    public PageParse parse(Document document, URI url) {
        try {
            HostDefinition host = rules.host(url == null ? null : url.getHost()).orElseThrow(() -> new ParseFailure(
                    "host of " + url + " is not in scrapers/" + rules.definition().site() + ".yaml"));
            Optional<String> robot = robotCheck(document);
            if (robot.isPresent()) {
                return new PageParse.Blocked(robot.get());
            }
            Optional<String> title = rules.value(document, "title");
            if (title.isEmpty()) {
                Optional<String> phrase = rules.phrase("robotCheck", document.title() + " " + document.text());
                if (phrase.isPresent()) {
                    return new PageParse.Blocked("robot check: the page says \"" + phrase.get() + "\"");
                }
                throw new ParseFailure("no product title; looked in " + rules.describe("title")
                        + " (not a product page, or the layout changed)");
            }
            String externalId = rules.externalId(document, url).orElseThrow(() -> new ParseFailure(
                    "no external id on the page or in the URL " + url));
            AbstractSiteParser.Page page = new AbstractSiteParser.Page(document, url, host, title.get(), externalId);
            List<StructuredData.Offer> structured = StructuredData.offers(document).stream()
                    .filter(o -> !o.namesAnotherItemThan(externalId)).toList();
            return read(page, structured);
        } catch (ParseFailure failure) {
            return new PageParse.Failed(failure.getMessage());
        }
    }

    private PageParse read(AbstractSiteParser.Page page, List<StructuredData.Offer> structured) {
        List<String> tried = new ArrayList<>();
        for (LayoutParser layout : layouts) {
            if (!layout.layout().applies(page.document())) {
                tried.add(layout.layout().name() + ": not tried, none of " + layout.layout().describeWhen() + " is on the page");
                continue;
            }
            try {
                PageParse parse = layout.parser().read(page);
                return parse instanceof PageParse.Product product ? sellable(weigh(product, structured), single(structured)) : parse;
            } catch (ParseFailure failure) {
                tried.add(layout.layout().name() + ": " + failure.getMessage());
            }
        }
        Optional<StructuredData.Offer> only = single(structured.stream().filter(StructuredData.Offer::hasPrice).toList());
        if (only.isPresent()) {
            return sellable(fromStructuredData(page, only.get()), only);
        }
        throw new ParseFailure("no layout of scrapers/" + rules.definition().site() + ".yaml found an offer on the page,"
                + " and its structured data states none for item " + page.externalId() + " ("
                + describe(structured) + "); the layouts tried: " + String.join("; ", tried));
    }

    /**
     * The product without the offers that are for parts or not working: those whose condition
     * wording a {@code FOR_PARTS} rule of the site finds, and the featured offer when the page's
     * structured data states it damaged (whichever the site prefers: either saying so is enough).
     * A page left with no offer is a {@link PageParse.NoOffer} of kind {@code FOR_PARTS}.
     *
     * @param stated the one offer the page's structured data states for the item, if it states one
     */
    private PageParse sellable(PageParse.Product product, Optional<StructuredData.Offer> stated) {
        List<ParsedOffer> kept = new ArrayList<>();
        List<PageParse.ForParts> aside = new ArrayList<>();
        for (ParsedOffer offer : product.offers()) {
            Optional<String> why = rules.forParts(offer.conditionWording())
                    .map(words -> "the condition says \"" + offer.conditionWording() + "\"");
            if (why.isEmpty() && offer.offerKey().equals(ParsedOffer.FEATURED)) {
                why = stated.filter(StructuredData.Offer::damaged)
                        .map(o -> "its " + o.source() + " states " + o.conditionWording().replaceAll("^.*[/:#]", ""));
            }
            why.ifPresentOrElse(w -> aside.add(new PageParse.ForParts(offer.offerKey(), w)), () -> kept.add(offer));
        }
        if (aside.isEmpty()) {
            return product;
        }
        if (kept.isEmpty()) {
            return new PageParse.NoOffer(product.externalId(), PageParse.NoOfferKind.FOR_PARTS, "the item is for parts or not working ("
                    + String.join("; ", aside.stream().map(PageParse.ForParts::why).distinct().toList())
                    + "): no drive to buy and use, so it is never priced", product.layout());
        }
        return new PageParse.Product(product.externalId(), product.title(), product.layout(), kept, product.disagreements(), aside);
    }

    /** The one offer, or the first of several that all say the same; empty when they differ or there is none. */
    private static Optional<StructuredData.Offer> single(List<StructuredData.Offer> offers) {
        if (offers.isEmpty()) {
            return Optional.empty();
        }
        StructuredData.Offer first = offers.get(0);
        boolean same = offers.stream().allMatch(o -> Objects.equals(o.currency(), first.currency())
                && (o.price() == null ? first.price() == null : first.price() != null && o.price().compareTo(first.price()) == 0)
                && Objects.equals(o.inStock(), first.inStock()) && Objects.equals(o.condition(), first.condition()));
        return same ? Optional.of(first) : Optional.empty();
    }

    private static String describe(List<StructuredData.Offer> offers) {
        if (offers.isEmpty()) {
            return "no JSON-LD, microdata or meta-tag offer";
        }
        return offers.stream().map(o -> o.source() + (o.hasPrice() ? " " + money(o.price(), o.currency()) : " without a price"))
                .distinct().toList().toString();
    }

    /** An offer from structured data alone: what the page states for machines when no layout could read it for people. */
    private PageParse.Product fromStructuredData(AbstractSiteParser.Page page, StructuredData.Offer offer) {
        OfferDraft draft = new OfferDraft();
        draft.price = scaled(offer.price(), offer.currency());
        draft.currency = offer.currency();
        draft.priceWording = money(draft.price, offer.currency()) + " (" + offer.source() + ")";
        draft.inStock = offer.inStock();
        draft.sellerName = offer.sellerName();
        draft.sellerType = rules.sellerType(offer.sellerName()).orElse(null);
        draft.condition = offer.condition() != null ? offer.condition()
                : rules.definition().defaults().conditionWhenUnstated();
        // "https://schema.org/NewCondition" is worded by no one; its name is what the page states
        draft.conditionWording = offer.conditionWording() == null ? null
                : offer.conditionWording().replaceAll("^.*[/:#]", "");
        return new PageParse.Product(page.externalId(), page.title(), STRUCTURED_DATA_LAYOUT, List.of(draft.build()), List.of());
    }

    /**
     * The featured offer weighed against the page's structured data: a value only structured data
     * states fills the offer's gap (stock, condition, seller; never a price, which an offer without
     * one lacks on purpose: hidden, members only, out of stock); a different value is a
     * disagreement, decided by the site's preference. A structured price in another currency than
     * the page shows is the price converted for the viewer, never the price.
     */
    private PageParse.Product weigh(PageParse.Product product, List<StructuredData.Offer> structured) {
        if (structured.isEmpty()) {
            return product;
        }
        Prefer prefer = rules.definition().structuredData().prefer();
        String kept = prefer == Prefer.STRUCTURED ? Disagreement.STRUCTURED_DATA : Disagreement.PAGE;
        List<Disagreement> disagreements = new ArrayList<>(product.disagreements());
        List<ParsedOffer> offers = new ArrayList<>();
        for (ParsedOffer offer : product.offers()) {
            if (!offer.offerKey().equals(ParsedOffer.FEATURED)) {
                offers.add(offer);
                continue;
            }
            OfferDraft draft = OfferDraft.of(offer);
            weighPrice(draft, structured, prefer, disagreements);
            Optional<StructuredData.Offer> one = single(structured);
            if (one.isPresent()) {
                weighStock(draft, one.get(), prefer, kept, disagreements);
                weighCondition(draft, one.get(), prefer, kept, disagreements);
                if (draft.sellerName == null && one.get().sellerName() != null) {
                    draft.sellerName = one.get().sellerName();
                    draft.sellerType = rules.sellerType(draft.sellerName).orElse(draft.sellerType);
                }
            }
            offers.add(draft.build());
        }
        return new PageParse.Product(product.externalId(), product.title(), product.layout(), offers, disagreements);
    }

    private static void weighPrice(OfferDraft draft, List<StructuredData.Offer> structured, Prefer prefer,
            List<Disagreement> disagreements) {
        List<StructuredData.Offer> priced = structured.stream().filter(StructuredData.Offer::hasPrice).toList();
        if (draft.price == null || priced.isEmpty()) {
            return;
        }
        String shown = money(draft.price, draft.currency);
        List<StructuredData.Offer> sameCurrency = priced.stream().filter(o -> o.currency().equals(draft.currency)).toList();
        if (sameCurrency.isEmpty()) {
            disagreements.add(new Disagreement(draft.offerKey, "currency", shown, statedBy(priced)
                    + " (a price in another currency than the page shows is converted for the viewer)", Disagreement.PAGE));
            return;
        }
        if (sameCurrency.stream().anyMatch(o -> o.price().compareTo(draft.price) == 0)) {
            return;
        }
        Optional<StructuredData.Offer> one = single(sameCurrency);
        boolean takeStructured = prefer == Prefer.STRUCTURED && one.isPresent();
        disagreements.add(new Disagreement(draft.offerKey, "price", shown, statedBy(sameCurrency),
                takeStructured ? Disagreement.STRUCTURED_DATA : Disagreement.PAGE));
        if (takeStructured) {
            draft.price = scaled(one.get().price(), draft.currency);
            draft.priceWording = money(draft.price, draft.currency) + " (" + one.get().source() + ")";
        }
    }

    private static void weighStock(OfferDraft draft, StructuredData.Offer stated, Prefer prefer, String kept,
            List<Disagreement> disagreements) {
        if (stated.inStock() == null) {
            return;
        }
        if (draft.inStock == null) {
            draft.inStock = stated.inStock();
        } else if (!draft.inStock.equals(stated.inStock())) {
            disagreements.add(new Disagreement(draft.offerKey, "inStock", String.valueOf(draft.inStock),
                    stated.source() + " states " + stated.inStock() + " (" + stated.availability() + ")", kept));
            if (prefer == Prefer.STRUCTURED) {
                draft.inStock = stated.inStock();
            }
        }
    }

    private static void weighCondition(OfferDraft draft, StructuredData.Offer stated, Prefer prefer, String kept,
            List<Disagreement> disagreements) {
        if (stated.condition() == null) {
            return;
        }
        if (draft.condition == null) {
            draft.condition = stated.condition();
        } else if (kind(draft.condition) != stated.condition()) {
            disagreements.add(new Disagreement(draft.offerKey, "condition", draft.condition.name(),
                    stated.source() + " states " + stated.condition() + " (" + stated.conditionWording() + ")", kept));
            if (prefer == Prefer.STRUCTURED) {
                draft.condition = stated.condition();
            }
        }
    }

    /** Structured data knows new, used and refurbished; new old stock is new to it. */
    private static Condition kind(Condition condition) {
        return condition == Condition.NEW_OLD_STOCK ? Condition.NEW : condition;
    }

    private static String statedBy(List<StructuredData.Offer> offers) {
        return offers.stream().map(o -> o.source() + " states " + money(o.price(), o.currency())).distinct()
                .reduce((a, b) -> a + ", " + b).orElse("");
    }

    /** A machine-written amount ("229.0") to the currency's usual decimals (229.00), never rounding. */
    private static BigDecimal scaled(BigDecimal amount, String currency) {
        int digits = Math.max(Currency.getInstance(currency).getDefaultFractionDigits(), 0);
        return amount.scale() >= digits ? amount : amount.setScale(digits);
    }

    private static String money(BigDecimal amount, String currency) {
        return amount.toPlainString() + " " + currency;
    }

    private Optional<String> robotCheck(Document document) {
        return rules.element(document, "robotCheck")
                .map(e -> "robot check: the page has " + describe(e) + " instead of a product");
    }

    private static String describe(Element e) {
        StringBuilder s = new StringBuilder("<").append(e.tagName());
        if (!e.id().isEmpty()) {
            s.append(" id=\"").append(e.id()).append('"');
        }
        if (e.hasAttr("action")) {
            s.append(" action=\"").append(e.attr("action")).append('"');
        }
        return s.append('>').toString();
    }
}
