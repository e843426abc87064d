package dev.drivecat.pricing;

import dev.drivecat.catalog.Drive;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;

/** One offer on a marketplace for one drive. */
@Entity
@Table(name = "listing")
public class Listing extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Embedded
    public ListingIdentity identity;

    public String url;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "drive_id")
    public Drive drive;

    @Column(name = "seller_name")
    public String sellerName;

    @Column(name = "seller_type")
    public SellerType sellerType;

    @Column(name = "fulfilled_by_marketplace")
    public Boolean fulfilledByMarketplace;

    public Condition condition;

    @Column(name = "business_only")
    public boolean businessOnly;

    @Column(name = "created_at", insertable = false, updatable = false)
    public Instant createdAt;

    /** The discovery source that found the listing, or null for a listing an import or the watch list made. */
    @Column(name = "found_by")
    public String foundBy;

    /** When a discovery source last showed the listing. */
    @Column(name = "last_seen_at")
    public Instant lastSeenAt;

    /** Complete runs of {@link #foundBy} since it last showed the listing. */
    @Column(name = "missed_runs")
    public int missedRuns;

    /** When the marketplace says the listing ends (an eBay item's end date). */
    @Column(name = "ends_at")
    public Instant endsAt;

    /** When the listing ended; null while it is offered. An ended listing has no current offer and is not fetched. */
    @Column(name = "ended_at")
    public Instant endedAt;

    @Column(name = "ended_reason")
    public String endedReason;

    public boolean ended() {
        return endedAt != null;
    }

    public static Optional<Listing> find(Marketplace marketplace, String externalId) {
        return find(ListingIdentity.QUERY, marketplace, externalId).firstResultOptional();
    }
}
