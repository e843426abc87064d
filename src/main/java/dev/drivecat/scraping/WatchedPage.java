package dev.drivecat.scraping;

import dev.drivecat.catalog.Drive;
import dev.drivecat.pricing.ListingIdentity;
import dev.drivecat.pricing.Marketplace;
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

/** A product page on the watch list: fetched by every scrape run, its offers recorded for one drive. */
@Entity
@Table(name = "watched_page")
public class WatchedPage extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Embedded
    public ListingIdentity identity;

    public String url;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "drive_id")
    public Drive drive;

    public boolean active;

    public String etag;

    @Column(name = "last_modified")
    public String lastModified;

    @Column(name = "last_attempt_at")
    public Instant lastAttemptAt;

    @Column(name = "last_success_at")
    public Instant lastSuccessAt;

    @Column(name = "last_outcome")
    public String lastOutcome;

    @Column(name = "last_reason")
    public String lastReason;

    @Column(name = "created_at", insertable = false, updatable = false)
    public Instant createdAt;

    public static Optional<WatchedPage> find(Marketplace marketplace, String externalId) {
        return find(ListingIdentity.QUERY, marketplace, externalId).firstResultOptional();
    }
}
