package dev.drivecat.discovery.keepa;

import dev.drivecat.discovery.keepa.KeepaProducts.Offer;
import dev.drivecat.discovery.keepa.KeepaProducts.Product;
import dev.drivecat.pricing.Condition;
import dev.drivecat.pricing.PastPrices;
import dev.drivecat.pricing.SellerType;
import dev.drivecat.scraping.ParsedOffer;
import dev.drivecat.scraping.SearchResult;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * A product's offer kinds as drivecat records them, the same for a discovery run (search results) and a watched page
 * read through Keepa (a page's offers): per kind, its cheapest live offer and the kind's price history. A kind with
 * neither is left out. Pure.
 */
final class KeepaOffers {

    /** What the observations of price history are marked with: {@code keepa-history:<marketplace>}. */
    static String historySource(String marketplace) {
        return "keepa-history:" + marketplace;
    }

    private KeepaOffers() {
    }

    /** One kind of a product: its live offer (null when none is live) and its history (null when Keepa has none). */
    record Kind(OfferKind kind, Offer offer, PastPrices history) {

        SellerType sellerType() {
            return offer != null ? offer.sellerType() : kind.sellerType;
        }

        Boolean fulfilledByMarketplace() {
            return offer != null ? Boolean.valueOf(offer.fulfilledByMarketplace()) : kind.fulfilledByMarketplace;
        }

        /** "289.99 USD + 5.00 shipping (Keepa: seller A2L77EE7U53NWQ, FBA, Prime)". */
        String wording(String currency) {
            if (offer == null) {
                return null;
            }
            StringBuilder s = new StringBuilder(offer.price().toPlainString()).append(' ').append(currency);
            s.append(offer.shipping() == null ? ", shipping unknown" : " + " + offer.shipping().toPlainString() + " shipping");
            s.append(" (Keepa: ").append(offer.amazon() ? "Amazon" : offer.sellerId() == null ? "a third party" : "seller " + offer.sellerId());
            if (offer.fba()) {
                s.append(", FBA");
            }
            if (offer.warehouseDeal()) {
                s.append(", Warehouse Deal");
            }
            if (offer.prime()) {
                s.append(", Prime");
            }
            return s.append(')').toString();
        }
    }

    static List<Kind> kinds(Product product, KeepaTarget target) {
        String url = target.domain().productPage(product.asin());
        List<Kind> out = new ArrayList<>();
        for (OfferKind kind : OfferKind.values()) {
            Offer offer = product.cheapest().get(kind);
            List<PastPrices.Point> points = product.history().get(kind);
            if (offer == null && points == null) {
                continue;
            }
            PastPrices history = points == null ? null : new PastPrices(historySource(target.marketplace()), url, target.currency(),
                    kind.sellerType, kind.fulfilledByMarketplace, points);
            out.add(new Kind(kind, offer, history));
        }
        return out;
    }

    /** The search results of a product: one per kind ({@code ASIN/keepa-…}), or the product alone when it has no kind. */
    static List<SearchResult> results(Product product, KeepaTarget target) {
        String url = target.domain().productPage(product.asin());
        List<Kind> kinds = kinds(product, target);
        if (kinds.isEmpty()) {
            return List.of(bare(product.asin(), product.identityText(), target));
        }
        List<SearchResult> out = new ArrayList<>();
        for (Kind k : kinds) {
            Offer o = k.offer();
            BigDecimal price = o == null ? null : o.price();
            out.add(new SearchResult(target.marketplace(), product.asin() + "/" + k.kind().key, url, product.identityText(), price,
                    price == null ? null : target.currency(), k.wording(target.currency()), o == null ? null : o.shipping(), k.kind().condition,
                    o == null ? null : o.conditionWording(), null, k.sellerType(), null, null, null, null, null, false, false, false,
                    k.fulfilledByMarketplace(), k.history()));
        }
        return out;
    }

    /** A product with no offer nor history to record, or one that is kept for review: its ASIN alone, without a price. */
    static SearchResult bare(String asin, String title, KeepaTarget target) {
        return new SearchResult(target.marketplace(), asin, asin == null ? null : target.domain().productPage(asin), title, null, null,
                null, null, null, null, null, null, null, null, null, null, null, false, false, false);
    }

    /** The offers of a watched page read through Keepa: one per kind, a kind without a live offer as not in stock. */
    static List<ParsedOffer> pageOffers(Product product, KeepaTarget target) {
        List<ParsedOffer> out = new ArrayList<>();
        for (Kind k : kinds(product, target)) {
            Offer o = k.offer();
            Condition condition = k.kind().condition;
            out.add(new ParsedOffer(k.kind().key, o == null ? null : o.price(), o == null ? null : target.currency(), k.wording(target.currency()),
                    o == null ? null : o.shipping(), null, o != null, o == null ? "Keepa shows no live offer of this kind" : null, null,
                    k.sellerType(), k.fulfilledByMarketplace(), condition, o == null ? null : o.conditionWording(), false, null, null,
                    k.history()));
        }
        return out;
    }
}
