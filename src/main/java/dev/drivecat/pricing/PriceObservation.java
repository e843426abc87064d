package dev.drivecat.pricing;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.time.Instant;
import org.hibernate.annotations.Immutable;

/** What one listing showed at one moment. Append-only: the database refuses updates and deletes. */
@Entity
@Immutable
@Table(name = "price_observation")
public class PriceObservation extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "listing_id")
    public Listing listing;

    @Column(name = "observed_at")
    public Instant observedAt;

    public BigDecimal price;

    @Column(name = "price_high")
    public BigDecimal priceHigh;

    public String currency;

    public BigDecimal shipping;

    @Column(name = "member_price")
    public BigDecimal memberPrice;

    @Column(name = "in_stock")
    public Boolean inStock;

    public String availability;

    @Column(name = "seller_name")
    public String sellerName;

    @Column(name = "seller_type")
    public SellerType sellerType;

    @Column(name = "fulfilled_by_marketplace")
    public Boolean fulfilledByMarketplace;

    public String wording;

    public String source;

    @Column(name = "source_url")
    public String sourceUrl;

    @Column(name = "scrape_run_id")
    public Long scrapeRunId;

    public boolean suspect;

    @Column(name = "recorded_at", insertable = false, updatable = false)
    public Instant recordedAt;
}
