package dev.drivecat.pricing;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import java.util.Objects;

/**
 * What names an offer page on a marketplace: the marketplace and its own id for the item (an ASIN,
 * an eBay item number, a Newegg item number). A {@link Listing} and a watched page share it, and
 * the database holds it unique per marketplace in both tables.
 */
@Embeddable
public class ListingIdentity {

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "marketplace_id")
    public Marketplace marketplace;

    @Column(name = "external_id")
    public String externalId;

    protected ListingIdentity() {
        // for JPA
    }

    public ListingIdentity(Marketplace marketplace, String externalId) {
        this.marketplace = Objects.requireNonNull(marketplace, "marketplace");
        this.externalId = Objects.requireNonNull(externalId, "externalId");
    }

    /** The Panache query that finds an entity by its identity; parameters 1 and 2 are the marketplace and the external id. */
    public static final String QUERY = "identity.marketplace = ?1 and identity.externalId = ?2";
}
