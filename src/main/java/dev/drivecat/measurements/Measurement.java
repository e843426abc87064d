package dev.drivecat.measurements;

import dev.drivecat.catalog.Drive;
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

/** A published sync-write benchmark of one drive, kept with its source and the output it was read from. */
@Entity
@Table(name = "measurement")
public class Measurement extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "drive_id")
    public Drive drive;

    public String tool;
    public String test;

    @Column(name = "block_size_bytes")
    public int blockSizeBytes;

    @Column(name = "queue_depth")
    public int queueDepth;

    @Column(name = "latency_us")
    public BigDecimal latencyUs;

    @Column(name = "device_description")
    public String deviceDescription;

    @Column(name = "raw_line")
    public String rawLine;

    @Column(name = "raw_output")
    public String rawOutput;

    @Column(name = "source_url")
    public String sourceUrl;

    @Column(name = "measured_at")
    public Instant measuredAt;

    @Column(name = "recorded_at", insertable = false, updatable = false)
    public Instant recordedAt;
}
