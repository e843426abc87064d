package dev.drivecat.scraping;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** What happened to one page in one scrape run. */
@Entity
@Table(name = "scrape_attempt")
public class ScrapeAttempt extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "scrape_run_id")
    public Long scrapeRunId;

    @Column(name = "watched_page_id")
    public Long watchedPageId;

    public String url;

    @Column(name = "started_at")
    public Instant startedAt;

    @Column(name = "finished_at")
    public Instant finishedAt;

    public String outcome;

    @Column(name = "http_status")
    public Integer httpStatus;

    @Column(name = "offers_parsed")
    public int offersParsed;

    @Column(name = "observations_added")
    public int observationsAdded;

    public String reason;

    /** The site definition of the page's host, e.g. {@code amazon}. */
    public String site;

    /** The layout of the site definition that read the page ({@code none} when none did); null when nothing was read. */
    public String layout;

    /** Where the page's structured data disagreed with its visible offer, one line each; null when it did not. */
    public String disagreements;
}
